import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../core/context';
import { badRequest } from '../core/errors';

export const UNSTORABLE_TEXT_MESSAGE =
  'Text cannot contain the NUL character or unpaired UTF-16 surrogates';
export const BAD_QUERY_MESSAGE = 'The query string is not valid percent-encoded UTF-8';

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A \u escape of NUL or of a UTF-16 surrogate, as JSON text may spell one. */
const MAY_ESCAPE_UNSTORABLE = /\\u(?:0000|[dD][89a-fA-F])/;

/** NUL, or a UTF-16 surrogate without its partner: PostgreSQL stores neither in text or jsonb. */
export function isUnstorable(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** Walks a parsed JSON value without recursion: a deeply nested body must not overflow the stack. */
function holdsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (isUnstorable(next)) return true;
    } else if (Array.isArray(next)) {
      pending.push(...next);
    } else if (next && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (isUnstorable(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** Every name and value of the raw query string, decoded; null when one is not valid UTF-8. */
function decodedQueryParts(url: string): string[] | null {
  const start = url.indexOf('?');
  if (start < 0) return [];
  const parts: string[] = [];
  for (const pair of url.slice(start + 1).split('&')) {
    for (const part of pair.split('=')) {
      try {
        parts.push(decodeURIComponent(part.replace(/\+/g, ' ')));
      } catch {
        return null;
      }
    }
  }
  return parts;
}

/**
 * Refuses, before any validation or audit record, input no column can hold:
 * otherwise the database would reject it mid-request and the caller would get
 * a 500 (or, where a refusal is audited, the audit write itself would fail).
 * Also refuses query strings that are not UTF-8, which the router would
 * otherwise pass on undecoded, so a filter would mean something other than
 * what the client sent. Malformed JSON is left to the route's validator.
 */
export function rejectUnstorableText(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const query = decodedQueryParts(c.req.url);
    if (!query) throw badRequest(BAD_QUERY_MESSAGE);
    if (query.some(isUnstorable)) throw badRequest(UNSTORABLE_TEXT_MESSAGE);
    if (c.req.raw.body && /json/i.test(c.req.header('content-type') ?? '')) {
      const text = await c.req.text();
      // Parsed only when the text could hold one: JSON can carry NUL or a surrogate in a
      // string only as a \u escape (raw control characters are invalid JSON, and the body was
      // decoded from UTF-8, which has no surrogates). The route's validator parses it anyway.
      if (MAY_ESCAPE_UNSTORABLE.test(text) || isUnstorable(text)) {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        if (holdsUnstorableText(body)) throw badRequest(UNSTORABLE_TEXT_MESSAGE);
      }
    }
    await next();
  };
}
