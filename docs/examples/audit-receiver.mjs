// Receives audit events from a sink (docs/operations.md#audit-delivery-to-sinks) and checks
// their signature. Run: AUDIT_SINK_SECRET=whsec_... PORT=8787 node audit-receiver.mjs
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

/** True when `header` (X-Audit-Signature) signs `body` with `secret`, at most `tolerance` s old. */
export function verifyAuditDelivery(secret, header, body, now = Date.now(), tolerance = 300) {
  const parts = Object.fromEntries(
    String(header)
      .split(',')
      .map((p) => p.split('=', 2)),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > tolerance || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function startReceiver(secret, onEvent, port = 0) {
  let seen = 0; // Events arrive in seq order, at least once: skip what was seen.
  return createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (!verifyAuditDelivery(secret, req.headers['x-audit-signature'], body)) {
        return res.writeHead(401).end('bad signature');
      }
      for (const e of JSON.parse(body).events) {
        if (e.seq > seen) {
          seen = e.seq;
          onEvent(e);
        }
      }
      res.writeHead(204).end();
    });
  }).listen(port, '127.0.0.1');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startReceiver(
    process.env.AUDIT_SINK_SECRET,
    (e) => console.log(e.seq, e.event_type),
    Number(process.env.PORT ?? 8787),
  );
}
