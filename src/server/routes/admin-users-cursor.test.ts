import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writableState } from '../testing/admin-helpers';
import { createTestContext, type TestContext } from '../testing/harness';

/**
 * Crafted page cursors: a cursor is opaque base64url, but its decoded fields are the caller's
 * text all the same, so each is refused as the request's own text would be, with 400 and
 * before any of it reaches the database.
 */
let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestContext();
  token = t.demoToken();
});
afterAll(() => t.close());

const ID = '3f2a2b8e-4f0e-4a57-9a52-1b7f1f0f2a11';
const TIME = '2026-06-01 12:00:00+00';
const INVALID = 'The page cursor is not valid; start again from the first page';
const encode = (fields: unknown) => Buffer.from(JSON.stringify(fields)).toString('base64url');

/** Sends the request with the error log watched: a refusal here is the caller's, never logged. */
async function expectInvalidCursor(path: string, code: string, message: string) {
  const logged: unknown[] = [];
  const error = t.deps.log.error;
  t.deps.log.error = (msg, fields) => void logged.push({ msg, fields });
  try {
    const before = await writableState(t);
    const res = await t.call('GET', path, { token });
    expect(res.status, `${path}: ${res.text}`).toBe(400);
    expect(res.json.error.code).toBe(code);
    expect(res.json.error.message).toBe(message);
    expect(await writableState(t)).toBe(before);
  } finally {
    t.deps.log.error = error;
  }
  expect(logged).toEqual([]);
}

describe('GET /api/admin/users with a crafted cursor', () => {
  // Each with the order the cursor claims, so that only the text itself is wrong.
  it.each([
    ['a NUL in a name', 'sort=name&dir=asc', ['name', 'asc', 'Eve\u0000', ID]],
    ['a NUL in an email', 'sort=email&dir=desc', ['email', 'desc', 'eve\u0000@x.example', ID]],
    [
      'a NUL in an organization',
      'sort=organization&dir=desc',
      ['organization', 'desc', '\u0000', ID],
    ],
    ['a lone high surrogate in a name', 'sort=name&dir=desc', ['name', 'desc', 'Eve\ud800', ID]],
    ['a lone low surrogate', 'sort=email&dir=asc', ['email', 'asc', '\udc00eve@x.example', ID]],
    [
      'a reversed surrogate pair',
      'sort=organization&dir=desc',
      ['organization', 'desc', '\udc00\ud800', ID],
    ],
    ['a name of 1,001 characters', 'sort=name&dir=asc', ['name', 'asc', 'a'.repeat(1_001), ID]],
    ['a NUL in the id', 'sort=name&dir=asc', ['name', 'asc', 'Eve', `${ID}\u0000`]],
    ['a NUL in a time', 'sort=newest&dir=desc', ['newest', 'desc', `${TIME}\u0000`, ID]],
    ['a NUL in the sort', 'sort=name&dir=asc', ['name\u0000', 'asc', 'Eve', ID]],
    ['a NUL in the direction', 'sort=name&dir=asc', ['name', 'asc\u0000', 'Eve', ID]],
    ['a NUL in a legacy cursor', '', [`${TIME}\u0000`, ID]],
  ])('refuses %s with 400', async (_name, order, fields) => {
    await expectInvalidCursor(
      `/api/admin/users?${order}&cursor=${encode(fields)}`,
      'bad_request',
      INVALID,
    );
  });

  it.each([
    ['the sort as a number', [1, 'asc', 'Eve', ID]],
    ['the sort as null', [null, 'asc', 'Eve', ID]],
    ['an unknown sort', ['salary', 'asc', 'Eve', ID]],
    ['the direction as a boolean', ['name', true, 'Eve', ID]],
    ['the direction as a list', ['name', ['asc'], 'Eve', ID]],
    ['the value as a number', ['name', 'asc', 42, ID]],
    ['the value as an object', ['name', 'asc', { toString: 'Eve' }, ID]],
    ['the value as a list', ['email', 'asc', ['eve@x.example'], ID]],
    ['the value as a boolean', ['organization', 'asc', false, ID]],
    ['no value where the column has one', ['email', 'asc', null, ID]],
    ['a time that is text', ['newest', 'desc', 'yesterday', ID]],
    ['the id as a number', ['name', 'asc', 'Eve', 7]],
    ['the id as null', ['name', 'asc', 'Eve', null]],
    ['an id that is not a UUID', ['name', 'asc', 'Eve', 'abc']],
    ['three fields', ['name', 'asc', 'Eve']],
    ['five fields', ['name', 'asc', 'Eve', ID, 'more']],
    ['an object', { sort: 'name', dir: 'asc', value: 'Eve', id: ID }],
    ['a string', 'name'],
    ['a legacy cursor with a numeric time', [1_700_000_000, ID]],
  ])('refuses %s with 400', async (_name, fields) => {
    await expectInvalidCursor(
      `/api/admin/users?sort=name&dir=asc&cursor=${encode(fields)}`,
      'bad_request',
      INVALID,
    );
  });

  it('still takes a cursor that holds a surrogate pair and text of 1,000 characters', async () => {
    for (const value of ['Ève 😀', 'a'.repeat(1_000)]) {
      const res = await t.call(
        'GET',
        `/api/admin/users?sort=name&dir=asc&cursor=${encode(['name', 'asc', value, ID])}`,
        { token },
      );
      expect(res.status, res.text).toBe(200);
    }
  });
});

describe('GET /api/admin/audit with a crafted cursor', () => {
  it.each([
    [
      'a NUL',
      '%00',
      'bad_request',
      'Text cannot contain the NUL character or unpaired UTF-16 surrogates',
    ],
    [
      'a lone surrogate',
      '%ED%A0%80',
      'bad_request',
      'The query string is not valid percent-encoded UTF-8',
    ],
    [
      'a NUL after digits',
      '5%00',
      'bad_request',
      'Text cannot contain the NUL character or unpaired UTF-16 surrogates',
    ],
    ['negative', '-1', 'validation_failed', `cursor: ${INVALID}`],
    ['empty', '', 'validation_failed', `cursor: ${INVALID}`],
    ['a word', 'true', 'validation_failed', `cursor: ${INVALID}`],
    ['over-long digits', '9'.repeat(400), 'validation_failed', `cursor: ${INVALID}`],
  ])('refuses a cursor that is %s with 400', async (_name, cursor, code, message) => {
    await expectInvalidCursor(`/api/admin/audit?cursor=${cursor}`, code, message);
  });

  it('refuses a cursor given twice with 400', async () => {
    await expectInvalidCursor(
      '/api/admin/audit?cursor=5&cursor=6',
      'validation_failed',
      `cursor: ${INVALID}`,
    );
  });
});
