import fc from 'fast-check';
import {
  branchesOf,
  flawed,
  malformedValue,
  PLACEHOLDER_UUID,
  UUID,
  validExample,
  type Fixtures,
  type Flawed,
} from './malformed-values';
import { nastyString, percentEncode, UNSTORABLE } from './nasty-text';
import { fillPath, type JsonSchema, type Operation } from './openapi-operations';

export type { Fixtures } from './malformed-values';

/**
 * Requests that break an operation's contract by construction, generated from
 * its OpenAPI description: each one carries at least one definite flaw (a
 * wrong type, a missing or unknown field, a value out of its bounds, text the
 * database cannot store, a body that is not JSON or too large, an id that is
 * not one), so the API must refuse it with a 4xx and change nothing.
 */
export type FuzzRequest = {
  method: string;
  /** Path and query string, percent-encoded. */
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** What is wrong with it, for the failure message. */
  flaw: string;
};

const NOT_JSON = ['{', '{"a":', "{'a': 1}", 'undefined', 'NaN', '[1,]', '\u0000', '{"a":1}}', ''];
const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
];

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

type BodyFlaw = { body?: string; contentType?: string; flaw: string };

type Spot = (string | number)[];

/**
 * Where free text goes in a valid example: strings that are neither ids nor
 * enums, and free-form records (as a new field). That is where text reaches
 * the database; elsewhere validation refuses it anyway.
 */
function freeTextSpots(schema: JsonSchema, value: unknown, at: Spot = []): Spot[] {
  const branches = branchesOf(schema);
  if (branches) return freeTextSpots(branches[0]!, value, at);
  if (typeof value === 'string') return schema.enum || schema.format ? [] : [at];
  if (Array.isArray(value) && schema.items) {
    return value.flatMap((v, i) => freeTextSpots(schema.items!, v, [...at, i]));
  }
  if (value && typeof value === 'object') {
    const record = typeof schema.additionalProperties === 'object' ? [at] : [];
    return [
      ...record,
      ...Object.entries(value).flatMap(([k, v]) =>
        schema.properties?.[k] ? freeTextSpots(schema.properties[k], v, [...at, k]) : [],
      ),
    ];
  }
  return [];
}

/** The example with NUL or an unpaired surrogate put into one of its strings, or as a new field. */
function withUnstorableText(schema: JsonSchema, example: unknown): fc.Arbitrary<unknown> {
  const spots = freeTextSpots(schema, example);
  if (!spots.length) return fc.constantFrom(...UNSTORABLE);
  return fc.tuple(fc.constantFrom(...spots), fc.constantFrom(...UNSTORABLE)).map(([spot, bad]) => {
    const copy = structuredClone(example) as Record<string | number, unknown>;
    let parent: Record<string | number, unknown> | null = null;
    let node: unknown = copy;
    for (const key of spot) {
      parent = node as Record<string | number, unknown>;
      node = parent[key];
    }
    if (typeof node === 'string') {
      const half = Math.floor(node.length / 2);
      const text = node.slice(0, half) + bad + node.slice(half);
      if (parent) parent[spot[spot.length - 1]!] = text;
      else return text;
    } else {
      (node as Record<string, unknown>).note = `before ${bad} after`;
    }
    return copy;
  });
}

function malformedBody(schema: JsonSchema, fx: Fixtures): fc.Arbitrary<BodyFlaw> {
  const example = validExample(schema, '', fx);
  const json = fc
    .tuple(malformedValue(schema, '', fx), fc.constantFrom(...CONTENT_TYPES))
    .map(([{ value, flaw }, contentType]) => ({
      body: JSON.stringify(value),
      contentType,
      flaw: flaw.replace(/^: /, 'body: '),
    }));
  const notJson = fc
    .oneof(
      fc.constantFrom(...NOT_JSON),
      nastyString.filter((s) => !isJson(s)),
    )
    .map((body) => ({ body, contentType: 'application/json', flaw: 'body: not JSON' }));
  const wrongMedia = fc
    .constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded')
    .map((contentType) => ({
      body: 'a=1&b=2',
      contentType,
      flaw: 'body: not JSON, and not labelled JSON',
    }));
  const unstorable = withUnstorableText(schema, example).map((value) => ({
    body: JSON.stringify(value),
    contentType: 'application/json',
    flaw: 'body: text the database cannot store',
  }));
  const missing = fc.constant({ flaw: 'body: missing' });
  const oversized = fc.integer({ min: 65 * 1024, max: 200 * 1024 }).map((n) => ({
    body: JSON.stringify({ ...(example as object), padding: 'z'.repeat(n) }),
    contentType: 'application/json',
    flaw: 'body: larger than the API accepts',
  }));
  const deep = fc.integer({ min: 1_000, max: 20_000 }).map((n) => ({
    body: '['.repeat(n) + ']'.repeat(n),
    contentType: 'application/json',
    flaw: 'body: deeply nested array',
  }));
  return fc.oneof(
    { arbitrary: json, weight: 8 },
    { arbitrary: unstorable, weight: 3 },
    { arbitrary: notJson, weight: 2 },
    { arbitrary: wrongMedia, weight: 1 },
    { arbitrary: missing, weight: 1 },
    { arbitrary: oversized, weight: 1 },
    { arbitrary: deep, weight: 1 },
  );
}

function isValidInteger(text: string, schema: JsonSchema): boolean {
  const n = Number(text);
  return (
    text.trim() !== '' &&
    Number.isSafeInteger(n) &&
    n >= (schema.minimum ?? -Infinity) &&
    n <= (schema.maximum ?? Infinity)
  );
}

/** A query value (already percent-encoded) the parameter refuses. */
function malformedQueryValue(schema: JsonSchema, name: string): fc.Arbitrary<Flawed> {
  const options: fc.Arbitrary<Flawed>[] = [];
  const encoded = (arb: fc.Arbitrary<string>, flaw: string) =>
    flawed(arb.map(percentEncode), `${name}: ${flaw}`);
  if (schema.type === 'integer' || schema.type === 'number') {
    const bad = ['', ' ', 'abc', '1.5', '1e400', 'NaN', 'Infinity', '9007199254740993', '١٢'];
    if (schema.minimum !== undefined) bad.push(String(schema.minimum - 1));
    if (schema.maximum !== undefined) bad.push(String(schema.maximum + 1));
    options.push(
      encoded(
        fc.oneof(fc.constantFrom(...bad), nastyString).filter((s) => !isValidInteger(s, schema)),
        'not a whole number in range',
      ),
    );
  } else if (schema.enum) {
    const known = new Set(schema.enum);
    options.push(
      encoded(
        nastyString.filter((s) => !known.has(s)),
        'not one of its values',
      ),
    );
  } else {
    if (schema.maxLength !== undefined) {
      const max = schema.maxLength;
      options.push(
        encoded(
          fc.integer({ min: max + 1, max: max + 5_000 }).map((n) => 'q'.repeat(n)),
          `longer than ${max}`,
        ),
      );
    }
    if ((schema.minLength ?? 0) > 0) options.push(encoded(fc.constant(''), 'empty'));
    if (schema.pattern) {
      options.push(encoded(fc.constantFrom('a\u0007b', 'a\nb', '\u0000'), 'does not match'));
    }
    options.push(encoded(fc.constantFrom(...UNSTORABLE), 'text the database cannot store'));
    // Raw bytes that are not UTF-8 at all (an overlong NUL, a lone 0xFF).
    options.push(flawed(fc.constantFrom('%C0%80', '%FF', 'a%00b'), `${name}: not UTF-8 text`));
  }
  return fc.oneof(...options);
}

const JUNK_QUERY = ['%', '%ZZ', '&&&', '=', 'a=%E0%A4%A', 'x[]=1', 'x[y]=2', 'debug=1'];

function malformedQuery(op: Operation): fc.Arbitrary<{ query: string; flaw: string }> {
  const declared = new Set(op.queryParams.map((p) => p.name));
  const options: fc.Arbitrary<{ query: string; flaw: string }>[] = op.queryParams.map((p) =>
    malformedQueryValue(p.schema, p.name).map(({ value, flaw }) => ({
      query: `${p.name}=${value as string}`,
      flaw,
    })),
  );
  options.push(
    fc
      .tuple(
        nastyString.filter((k) => k !== '' && !declared.has(k) && k.length < 300),
        nastyString,
      )
      .map(([k, v]) => ({
        query: `${percentEncode(k)}=${percentEncode(v.slice(0, 300))}`,
        flaw: 'query: unknown parameter',
      })),
  );
  options.push(
    fc.constantFrom(...op.queryParams).map(({ name, schema }) =>
      // A parameter that may repeat (`org`) still refuses the same value twice.
      allowsArray(schema)
        ? { query: `${name}=1&${name}=1`, flaw: `${name}: the same value twice` }
        : { query: `${name}=1&${name}=2`, flaw: `${name}: given twice` },
    ),
  );
  return fc
    .tuple(fc.oneof(...options), fc.option(fc.constantFrom(...JUNK_QUERY), { nil: undefined }))
    .map(([q, junk]) => ({ query: junk ? `${q.query}&${junk}` : q.query, flaw: q.flaw }));
}

/** An id for each path parameter: real ones where fixtures have them (bodies must then be flawed). */
function realPath(op: Operation, fx: Fixtures): fc.Arbitrary<string> {
  const real = op.body ? (fx.pathIds[op.path] ?? []) : [];
  return fc
    .oneof(real.length ? fc.constantFrom(...real) : fc.uuid(), fc.uuid())
    .map((id) => fillPath(op.path, Object.fromEntries(op.pathParams.map((p) => [p.name, id]))));
}

/** Ids that name nothing: not UUIDs at all, broken UUIDs, or UUIDs of no row. */
function invalidPath(op: Operation, fx: Fixtures): fc.Arbitrary<{ path: string; flaw: string }> {
  const real = fx.pathIds[op.path]?.[0] ?? PLACEHOLDER_UUID;
  const notUuid = fc.oneof(
    nastyString.filter((s) => !UUID.test(s)),
    fc.constantFrom(`${real}x`, real.slice(1), real.replace(/-/g, ''), `${real}/..`, ` ${real}`),
  );
  const id = fc.oneof(
    notUuid.map((v) => ({ v, flaw: 'path: not an id' })),
    fc.uuid().map((v) => ({ v, flaw: 'path: the id names nothing' })),
  );
  return id.map(({ v, flaw }) => ({
    path: op.path.replace(/\{(\w+)\}/g, () => percentEncode(v)),
    flaw,
  }));
}

function request(
  op: Operation,
  url: string,
  flaw: string,
  body?: { body?: string; contentType?: string },
): FuzzRequest {
  const headers: Record<string, string> = {};
  if (body?.contentType && body.body !== undefined) headers['content-type'] = body.contentType;
  const req: FuzzRequest = { method: op.method, url, headers, body: body?.body, flaw };
  // fast-check prints the shrunk counterexample with this.
  Object.defineProperty(req, fc.toStringMethod, { value: () => describeRequest(req) });
  return req;
}

/** Malformed requests for one operation. */
export function malformedRequests(op: Operation, fx: Fixtures): fc.Arbitrary<FuzzRequest> {
  const kinds: fc.Arbitrary<FuzzRequest>[] = [];
  const canHaveBody = op.method !== 'GET' && op.method !== 'HEAD';
  if (op.pathParams.length) {
    const body: fc.Arbitrary<BodyFlaw | undefined> = op.body
      ? fc.oneof(
          fc.constant({
            body: JSON.stringify(validExample(op.body, '', fx)),
            contentType: 'application/json',
            flaw: '',
          }),
          malformedBody(op.body, fx),
        )
      : canHaveBody
        ? fc.option(
            fc.integer({ min: 65 * 1024, max: 100 * 1024 }).map((n) => ({
              body: 'x'.repeat(n),
              contentType: 'application/json',
              flaw: 'body: larger than the API accepts',
            })),
            { nil: undefined },
          )
        : fc.constant(undefined);
    kinds.push(
      fc
        .tuple(invalidPath(op, fx), body)
        .map(([p, b]) =>
          request(op, p.path, [p.flaw, b?.flaw].filter(Boolean).join('; '), b ?? undefined),
        ),
    );
  }
  if (op.queryParams.length) {
    kinds.push(
      fc
        .tuple(realPath(op, fx), malformedQuery(op))
        .map(([path, q]) => request(op, `${path}?${q.query}`, q.flaw)),
    );
  }
  if (op.body) {
    kinds.push(
      fc
        .tuple(realPath(op, fx), malformedBody(op.body, fx))
        .map(([path, b]) => request(op, path, b.flaw, b)),
    );
  }
  if (!op.queryParams.length) {
    // An operation that declares no query parameters refuses any query string, even on an
    // otherwise valid request (a valid body, real ids): the query string is its only flaw.
    const body = op.body
      ? { body: JSON.stringify(validExample(op.body, '', fx)), contentType: 'application/json' }
      : undefined;
    kinds.push(
      fc
        .tuple(
          realPath(op, fx),
          fc.oneof(fc.constantFrom(...JUNK_QUERY), nastyString.map(percentEncode)),
          fc.constantFrom('', '&', '?'),
        )
        // A bare "?" is no query string at all: that request would be a valid one.
        .filter(([, q, sep]) => sep + q !== '')
        .map(([path, q, sep]) =>
          request(op, `${path}?${sep}${q}`, 'query: parameters it does not take', body),
        ),
    );
  }
  return fc.oneof(...kinds);
}

/** How a request prints in a failure: every character visible. */
export function describeRequest(req: FuzzRequest): string {
  const cut = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s);
  const body = req.body === undefined ? '(no body)' : JSON.stringify(cut(req.body));
  return `${req.method} ${cut(req.url)} ${JSON.stringify(req.headers)} ${body} [${req.flaw}]`;
}

/** Whether a parameter's schema takes a list (the parameter may be given more than once). */
function allowsArray(schema: JsonSchema): boolean {
  const options = [schema, ...((schema.anyOf ?? schema.oneOf ?? []) as JsonSchema[])];
  return options.some((s) => s.type === 'array');
}
