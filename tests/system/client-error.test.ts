import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../src/server/testing/server-process';

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
function rawRequest(origin: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', (err) => (answer ? resolve(answer) : reject(err)));
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in time')));
    socket.write(bytes);
  });
}

function parse(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const i = line.indexOf(':');
      return [line.slice(0, i).toLowerCase(), line.slice(i + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/**
 * Refusals of Node's HTTP parser (docs/reliability.md, "Malformed requests") carry the API's
 * JSON error body like every other refusal, on a real socket.
 */
describe('requests the HTTP parser refuses', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'client-error-'));
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess({ entry: 'source', env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a 20 KB header: 431 with the JSON error body', async () => {
    const answer = parse(
      await rawRequest(
        server.url,
        `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
      ),
    );
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['connection']).toBe('close');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'headers_too_large', message: expect.any(String) },
    });
  });

  it.each([
    ['a bad request line', 'NOT HTTP AT ALL\r\n\r\n'],
    ['an invalid header', 'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n'],
  ])('%s: 400 with the JSON error body', async (_name, bytes) => {
    const answer = parse(await rawRequest(server.url, bytes));
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'bad_request', message: expect.any(String) },
    });
  });

  it('still answers ordinary requests afterwards', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
  });
});
