import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody, type ErrorCode } from '../core/errors';

type Refusal = { status: number; reason: string; code: ErrorCode; message: string };

/** What Node's HTTP parser refuses before the app sees a request, and how we say it. */
function refusalFor(err: NodeJS.ErrnoException): Refusal {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        reason: 'Request Header Fields Too Large',
        code: 'headers_too_large',
        message: 'The request headers are too large',
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return {
        status: 413,
        reason: 'Payload Too Large',
        code: 'payload_too_large',
        message: 'The chunk extensions are too large',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        reason: 'Request Timeout',
        code: 'request_timeout',
        message: 'The request did not arrive in time',
      };
    default:
      return {
        status: 400,
        reason: 'Bad Request',
        code: 'bad_request',
        message: 'The request is not valid HTTP',
      };
  }
}

/** A complete HTTP/1.1 answer carrying the API's JSON error body; the connection then closes. */
function clientErrorResponse(err: NodeJS.ErrnoException): string {
  const refusal = refusalFor(err);
  const body = JSON.stringify(errorBody(refusal.code, refusal.message));
  return [
    `HTTP/1.1 ${refusal.status} ${refusal.reason}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Requests Node's HTTP parser refuses (headers over its 16 KB limit, a bad
 * request line, an invalid header) get the API's JSON error body instead of
 * Node's bare status line, as every other refusal does. As Node does, nothing
 * is written once a response has begun on the connection or when it is gone.
 */
export function answerClientErrorsWithJson(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorResponse(err));
    // A peer that never reads must not keep the socket open.
    setTimeout(() => socket.destroy(), 5_000).unref();
  });
}
