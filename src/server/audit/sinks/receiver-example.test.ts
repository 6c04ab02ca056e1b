import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, verifyAuditDelivery } from '../../../../docs/examples/audit-receiver.mjs';
import { signDelivery } from './sink-secret';

/**
 * The receiver of docs/examples/audit-receiver.mjs, which docs/operations.md shows: it takes what
 * the server signs, refuses a tampered body or signature and an old delivery, and skips events it
 * has seen (at-least-once delivery may repeat a batch).
 */
const SECRET = 'whsec_receiver-example-secret';
const events: number[] = [];
const server = startReceiver(SECRET, (e) => events.push(e.seq));
let url: string;

beforeAll(async () => {
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const now = () => Math.floor(Date.now() / 1000);
const body = (seqs: number[]) =>
  JSON.stringify({ sink_id: 'sink', events: seqs.map((seq) => ({ seq, event_type: 'x' })) });
const post = (text: string, signature: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-audit-signature': signature },
    body: text,
  });

describe('the example receiver', () => {
  it('takes a delivery the server signed, and each event once', async () => {
    const a = body([1, 2, 3]);
    expect((await post(a, signDelivery(SECRET, now(), a))).status).toBe(204);
    const again = body([2, 3, 4]);
    expect((await post(again, signDelivery(SECRET, now(), again))).status).toBe(204);
    expect(events).toEqual([1, 2, 3, 4]);
  });

  it('refuses a body changed after signing', async () => {
    const signed = signDelivery(SECRET, now(), body([10]));
    expect((await post(body([11]), signed)).status).toBe(401);
  });

  it('refuses a signature changed by one digit, or made with another secret', async () => {
    const text = body([12]);
    const signed = signDelivery(SECRET, now(), text);
    const last = signed.at(-1) === '0' ? '1' : '0';
    expect((await post(text, signed.slice(0, -1) + last)).status).toBe(401);
    expect((await post(text, signDelivery('whsec_other', now(), text))).status).toBe(401);
  });

  it('refuses an old delivery replayed, and one with its time changed', async () => {
    const text = body([13]);
    const old = now() - 301;
    expect((await post(text, signDelivery(SECRET, old, text))).status).toBe(401);
    const moved = signDelivery(SECRET, old, text).replace(`t=${old}`, `t=${now()}`);
    expect((await post(text, moved)).status).toBe(401);
    expect(events).not.toContain(13);
  });

  it('refuses a missing or malformed header', async () => {
    const text = body([14]);
    expect(verifyAuditDelivery(SECRET, undefined, text)).toBe(false);
    expect(verifyAuditDelivery(SECRET, 'v1=abc', text)).toBe(false);
    expect(verifyAuditDelivery(SECRET, `t=${now()},v1=zz`, text)).toBe(false);
  });
});
