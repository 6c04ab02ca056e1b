import { afterEach, describe, expect, it } from 'vitest';
import { startSinkReceiver, type SinkReceiver } from '../../testing/sink-receiver';
import { postBatch } from './post-batch';
import { checkedAddress, type ResolveHost } from './sink-address';

/**
 * A sink's host is resolved and every address checked before each delivery, and the connection
 * goes to the address checked (docs/operations.md#sinks-and-private-addresses): a name that
 * resolves to a private, link-local or (unless the URL names it) loopback address is refused,
 * and a name that changes its answer after the check (DNS rebinding) is not asked again.
 */
const receivers: SinkReceiver[] = [];
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.close();
});

/** A resolver that answers from a table, and counts what it was asked. */
function resolver(table: Record<string, string[] | (() => string[])>) {
  const asked: string[] = [];
  const resolve: ResolveHost = (host) => {
    asked.push(host);
    const entry = table[host];
    const list = typeof entry === 'function' ? entry() : entry;
    if (!list) return Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
    return Promise.resolve(list.map((a) => ({ address: a, family: a.includes(':') ? 6 : 4 })));
  };
  return { resolve, asked };
}

const refused = (url: string, resolve: ResolveHost) =>
  checkedAddress(new URL(url), resolve).then(
    () => null,
    (err: Error) => err.message,
  );

describe("a sink's address", () => {
  it('refuses a name that resolves to a private, link-local or metadata address', async () => {
    const { resolve } = resolver({
      'internal.example': ['10.1.2.3'],
      'metadata.example': ['169.254.169.254'],
      'cgnat.example': ['100.64.0.1'],
      'v6.example': ['fd00::1'],
      'linklocal6.example': ['fe80::1'],
      'mapped.example': ['::ffff:192.168.1.1'],
      'mappedhex.example': ['::ffff:a9fe:a9fe'],
      'mixed.example': ['203.0.113.7', '172.16.0.9'],
      'zero.example': ['0.0.0.0'],
    });
    for (const host of [
      'internal.example',
      'metadata.example',
      'cgnat.example',
      'v6.example',
      'linklocal6.example',
      'mapped.example',
      'mappedhex.example',
      'mixed.example',
      'zero.example',
    ]) {
      expect(await refused(`https://${host}/audit`, resolve), host).toMatch(/refused/);
    }
  });

  it('refuses loopback unless the URL itself names it', async () => {
    const { resolve } = resolver({
      'sneaky.example': ['127.0.0.1'],
      'sneaky6.example': ['::1'],
      localhost: ['127.0.0.1', '::1'],
      'public.example': ['203.0.113.7', '2001:db8::7'],
    });
    expect(await refused('https://sneaky.example/', resolve)).toMatch(/loopback address: refused/);
    expect(await refused('https://sneaky6.example/', resolve)).toMatch(/loopback/);
    expect(await refused('http://localhost:9/', resolve)).toBeNull();
    expect(await refused('http://127.0.0.1:9/', resolve)).toBeNull();
    expect(await refused('http://[::1]:9/', resolve)).toBeNull();
    expect(await refused('https://public.example/', resolve)).toBeNull();
    expect(await refused('https://[fe80::1]/', resolve)).toMatch(/refused/);
  });

  it('is never delivered to once refused: no connection is made, the error says why', async () => {
    const r = await startSinkReceiver();
    receivers.push(r);
    // The receiver is on the loopback; the URL names something else that resolves to it.
    const { resolve } = resolver({ 'sink.example': ['127.0.0.1'] });
    const outcome = await postBatch({
      url: `http://sink.example:${r.port}/audit`,
      sinkId: 's1',
      secret: 'whsec_x',
      body: '{"events":[]}',
      now: new Date(),
      timeoutMs: 2_000,
      resolve,
    });
    expect(outcome).toMatchObject({ delivered: false, status: null });
    expect(outcome.error).toMatch(/sink\.example resolves to 127\.0\.0\.1.*refused/);
    expect(r.received).toHaveLength(0);
  });

  it('connects to the address it checked, and does not ask again (no rebinding)', async () => {
    // Only 127.0.0.2 answers: a connection that resolved "localhost" by itself would miss it.
    const r = await startSinkReceiver({ host: '127.0.0.2' });
    receivers.push(r);
    let calls = 0;
    const { resolve, asked } = resolver({
      // Checked once as loopback; any later answer would be the metadata service.
      localhost: () => (calls++ === 0 ? ['127.0.0.2'] : ['169.254.169.254']),
    });
    const outcome = await postBatch({
      url: `http://localhost:${r.port}/audit`,
      sinkId: 's1',
      secret: 'whsec_x',
      body: '{"events":[]}',
      now: new Date(),
      timeoutMs: 2_000,
      resolve,
    });
    expect(outcome).toEqual({ delivered: true, status: 204, error: null });
    expect(r.received).toHaveLength(1);
    expect(asked).toEqual(['localhost']);
  });
});
