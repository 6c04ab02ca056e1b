/** Types of audit-receiver.mjs, for the test that runs it. */
import type { Server } from 'node:http';

export function verifyAuditDelivery(
  secret: string,
  header: string | undefined,
  body: string,
  now?: number,
  tolerance?: number,
): boolean;
export function startReceiver(
  secret: string,
  onEvent: (event: { seq: number; event_type: string }) => void,
  port?: number,
): Server;
