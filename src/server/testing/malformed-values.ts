import fc from 'fast-check';
import { nastyString, UNSTORABLE } from './nasty-text';
import type { JsonSchema } from './openapi-operations';

/**
 * Values from an operation's JSON Schema: a valid example, and values the
 * schema refuses, each with its flaw named (wrong type, missing or unknown
 * field, out of bounds, text the database cannot store).
 */

/** Real ids to aim at, so that flawed bodies reach the code behind the validation. */
export type Fixtures = {
  /** By operation path: ids of rows that exist. */
  pathIds: Record<string, string[]>;
  /** By body property name (e.g. target_app_id): ids of rows that exist. */
  bodyIds: Record<string, string[]>;
};

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const PLACEHOLDER_UUID = '00000000-0000-4000-8000-000000000000';

type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

const valuesOfType: Record<JsonType, fc.Arbitrary<unknown>> = {
  null: fc.constant(null),
  boolean: fc.boolean(),
  integer: fc.oneof(fc.integer(), fc.constantFrom(0, -1, 2 ** 53 + 2, -(2 ** 63))),
  number: fc
    .double({ noNaN: true, noDefaultInfinity: true })
    .filter((n) => !Number.isInteger(n) && Number.isFinite(n)),
  string: nastyString,
  array: fc.array(fc.jsonValue(), { maxLength: 3 }),
  object: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 3 }),
};

export const branchesOf = (s: JsonSchema) => s.oneOf ?? s.anyOf;

/** The JSON types a schema admits; null when it admits anything. */
function allowedTypes(schema: JsonSchema): Set<JsonType> | null {
  const branches = branchesOf(schema);
  if (branches) {
    const union = new Set<JsonType>();
    for (const b of branches) {
      const types = allowedTypes(b);
      if (!types) return null;
      types.forEach((t) => union.add(t));
    }
    return union;
  }
  if (schema.type === undefined) {
    if (!schema.enum) return null;
    return new Set(schema.enum.map((v) => (v === null ? 'null' : (typeof v as JsonType))));
  }
  const types = new Set((Array.isArray(schema.type) ? schema.type : [schema.type]) as JsonType[]);
  // A whole number is a valid "number".
  if (types.has('number')) types.add('integer');
  return types;
}

function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> | null {
  const allowed = allowedTypes(schema);
  if (!allowed) return null;
  const others = (Object.keys(valuesOfType) as JsonType[]).filter((t) => !allowed.has(t));
  return others.length ? fc.oneof(...others.map((t) => valuesOfType[t])) : null;
}

const firstType = (schema: JsonSchema): string | undefined =>
  (Array.isArray(schema.type) ? schema.type : [schema.type]).find((t) => t && t !== 'null');

/** A value the schema accepts, using real ids where the fixtures have them. */
export function validExample(schema: JsonSchema, name: string, fx: Fixtures): unknown {
  const branches = branchesOf(schema);
  if (branches) return validExample(branches[0]!, name, fx);
  if (schema.enum) return schema.enum[0];
  switch (firstType(schema)) {
    case 'string': {
      if (schema.format === 'uuid') return fx.bodyIds[name]?.[0] ?? PLACEHOLDER_UUID;
      if (schema.format === 'date-time') return '2026-06-01T12:00:00.000Z';
      if (name === 'email') return 'fuzz.example@hirehub.example';
      const text = 'Example text for this field, long enough for its minimum';
      return text.padEnd(schema.minLength ?? 0, '.').slice(0, schema.maxLength ?? text.length);
    }
    case 'integer':
    case 'number':
      return (schema.default as number | undefined) ?? schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return schema.items ? [validExample(schema.items, name, fx)] : [];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, s]) => [key, validExample(s, key, fx)]),
      );
    default:
      return null;
  }
}

export type Flawed = { value: unknown; flaw: string };

export const flawed = (arb: fc.Arbitrary<unknown>, flaw: string): fc.Arbitrary<Flawed> =>
  arb.map((value) => ({ value, flaw }));

/** Text that is valid in every other way but holds NUL or an unpaired surrogate. */
function unstorableText(schema: JsonSchema, name: string, fx: Fixtures): fc.Arbitrary<string> {
  const base = String(validExample({ ...schema, format: undefined }, name, fx));
  return fc.constantFrom(...UNSTORABLE).map((bad) => {
    const room = (schema.maxLength ?? base.length + bad.length) - bad.length;
    const keep = base.slice(0, Math.max(0, Math.min(base.length, room)));
    const half = Math.floor(keep.length / 2);
    return keep.slice(0, half) + bad + keep.slice(half);
  });
}

/** Values the schema refuses, each labelled with its flaw. */
export function malformedValue(
  schema: JsonSchema,
  name: string,
  fx: Fixtures,
): fc.Arbitrary<Flawed> {
  const options: fc.Arbitrary<Flawed>[] = [];
  const wrong = wrongType(schema);
  if (wrong) options.push(flawed(wrong, `${name}: wrong type`));

  const branches = branchesOf(schema);
  if (branches) {
    options.push(...branches.map((b) => malformedValue(b, name, fx)));
    return fc.oneof(...options);
  }
  const type = firstType(schema);
  if (schema.enum) {
    const known = new Set(schema.enum);
    options.push(
      flawed(
        nastyString.filter((s) => !known.has(s)),
        `${name}: not one of its values`,
      ),
    );
  } else if (type === 'string') {
    if (schema.maxLength !== undefined) {
      const max = schema.maxLength;
      options.push(
        flawed(
          fc.integer({ min: max + 1, max: max + 70_000 }).map((n) => 'y'.repeat(n)),
          `${name}: longer than ${max}`,
        ),
      );
    }
    if ((schema.minLength ?? 0) > 0) options.push(flawed(fc.constant(''), `${name}: empty`));
    if (schema.format === 'uuid' || schema.format === 'date-time') {
      options.push(
        flawed(
          nastyString.filter((s) => !UUID.test(s)),
          `${name}: not a ${schema.format}`,
        ),
      );
    }
    if (schema.pattern) {
      // Only the values the pattern refuses: a name's pattern (no control characters) takes
      // "a x b", a slug's does not.
      const pattern = new RegExp(schema.pattern, 'u');
      const refused = ['\u0007', '\n', ' x ', '\u0000']
        .map((c) => `a${c}b`)
        .filter((v) => !pattern.test(v));
      if (refused.length) {
        options.push(flawed(fc.constantFrom(...refused), `${name}: does not match its pattern`));
      }
    }
    options.push(
      flawed(unstorableText(schema, name, fx), `${name}: text the database cannot store`),
    );
  } else if (type === 'integer' || type === 'number') {
    const bad: number[] = [];
    if (schema.minimum !== undefined) bad.push(schema.minimum - 1, -(2 ** 53));
    if (schema.maximum !== undefined) bad.push(schema.maximum + 1, 1e300);
    if (type === 'integer') bad.push(2.5, (schema.minimum ?? 0) + 0.5);
    if (bad.length) options.push(flawed(fc.constantFrom(...bad), `${name}: out of range`));
  } else if (type === 'array') {
    const example = validExample(schema, name, fx) as unknown[];
    if (schema.maxItems !== undefined) {
      const item = example[0] ?? null;
      options.push(
        flawed(
          fc.constant(Array.from({ length: schema.maxItems + 1 }, () => item)),
          `${name}: more than ${schema.maxItems} items`,
        ),
      );
    }
    if (schema.items) {
      const item = malformedValue(schema.items, `${name}[0]`, fx).map(({ value, flaw }) => ({
        value: [value, ...example.slice(1)],
        flaw,
      }));
      // Flaws deep inside items are where validation is thinnest: aim there more often.
      options.push(item, item, item);
    }
  } else if (type === 'object') {
    options.push(...malformedObject(schema, name, fx));
  }
  return fc.oneof(...options);
}

function malformedObject(schema: JsonSchema, name: string, fx: Fixtures): fc.Arbitrary<Flawed>[] {
  const base = validExample(schema, name, fx) as Record<string, unknown>;
  const props = schema.properties ?? {};
  const names = Object.keys(props);
  const at = (key: string) => (name ? `${name}.${key}` : key);
  const options: fc.Arbitrary<Flawed>[] = [];
  const required = schema.required ?? [];
  if (required.length) {
    options.push(
      fc.constantFrom(...required).map((key) => {
        const rest = { ...base };
        delete rest[key];
        return { value: rest, flaw: `${at(key)}: missing` };
      }),
    );
  }
  if (names.length) {
    const inner = fc.constantFrom(...names).chain((key) =>
      malformedValue(props[key]!, at(key), fx).map(({ value, flaw }) => ({
        value: { ...base, [key]: value },
        flaw,
      })),
    );
    options.push(inner, inner, inner);
  }
  if (schema.additionalProperties === false) {
    options.push(
      fc
        .tuple(
          nastyString.filter((k) => !(k in props) && k.length < 200),
          fc.jsonValue({ maxDepth: 2 }),
        )
        .map(([key, value]) => ({
          value: { ...base, [key]: value },
          flaw: `${name || 'body'}: unknown field`,
        })),
    );
  } else if (typeof schema.additionalProperties === 'object' && !names.length) {
    // A free-form record (audit details): text the database cannot store, as a value or a key.
    options.push(
      fc.tuple(fc.constantFrom(...UNSTORABLE), fc.boolean()).map(([bad, asKey]) => ({
        value: asKey ? { [bad]: 1 } : { note: `before ${bad} after` },
        flaw: `${name}: text the database cannot store`,
      })),
    );
  }
  return options;
}
