import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeCron, joinList, ordinal } from './cron';

const text = (expression: string) => {
  const result = describeCron(expression);
  if (!result.valid) throw new Error(`expected "${expression}" to be valid: ${result.error}`);
  return result.text;
};

const error = (expression: string) => {
  const result = describeCron(expression);
  if (result.valid) throw new Error(`expected "${expression}" to be invalid: ${result.text}`);
  return result.error;
};

describe('describeCron: the time of day', () => {
  it.each([
    ['0 */6 * * *', 'Every 6 hours, at minute 0'],
    ['30 */4 * * *', 'Every 4 hours, at minute 30'],
    ['* * * * *', 'Every minute'],
    ['*/1 * * * *', 'Every minute'],
    ['*/15 * * * *', 'Every 15 minutes'],
    ['0 * * * *', 'Every hour, at minute 0'],
    ['45 * * * *', 'Every hour, at minute 45'],
    ['30 2 * * *', 'At 02:30, every day'],
    ['0 0 * * *', 'At 00:00, every day'],
    ['0 9,17 * * *', 'At 09:00 and 17:00, every day'],
    ['0,30 9 * * *', 'At 09:00 and 09:30, every day'],
    ['15 8,12,18 * * *', 'At 08:15, 12:15 and 18:15, every day'],
    ['0 9-17 * * *', 'Every hour from 09:00 through 17:00'],
    ['30 9-17 * * *', 'Every hour from 09:30 through 17:30'],
    ['0 9-17/4 * * *', 'At 09:00, 13:00 and 17:00, every day'],
    ['0 2/6 * * *', 'At 02:00, 08:00, 14:00 and 20:00, every day'],
    ['0,15,30,45 * * * *', 'At minutes 0, 15, 30 and 45 past the hour'],
    ['0-30 * * * *', 'Every minute from minute 0 through 30 past the hour'],
    ['0-30/10 * * * *', 'Every 10 minutes from minute 0 through 30 past the hour'],
    ['5/10 * * * *', 'Every 10 minutes from minute 5 through 59 past the hour'],
    ['* 9 * * *', 'Every minute, between 09:00 and 09:59'],
    ['*/5 9-17 * * *', 'Every 5 minutes, between 09:00 and 17:59'],
    ['*/15 */2 * * *', 'Every 15 minutes, during every 2nd hour'],
    ['*/15 9,13,17 * * *', 'Every 15 minutes, during the 09:00, 13:00 and 17:00 hours'],
  ])('%s → %s', (expression, expected) => {
    expect(text(expression)).toBe(expected);
  });

  it('lists many fixed times as minutes and hours rather than every combination', () => {
    expect(text('0,10,20,30,40,50 9,13,17 * * *')).toBe(
      'At minutes 0, 10, 20, 30, 40 and 50 past the hour, during the 09:00, 13:00 and 17:00 hours',
    );
  });
});

describe('describeCron: days and months', () => {
  it.each([
    ['0 9 * * 1-5', 'At 09:00, on Monday through Friday'],
    ['0 9 * * MON-FRI', 'At 09:00, on Monday through Friday'],
    ['0 0 * * 0', 'At 00:00, on Sunday'],
    ['0 0 * * 7', 'At 00:00, on Sunday'],
    ['0 0 * * sun', 'At 00:00, on Sunday'],
    ['0 3 * * 1,3,5', 'At 03:00, on Monday, Wednesday and Friday'],
    ['0 3 * * */2', 'At 03:00, on Sunday, Tuesday, Thursday and Saturday'],
    ['0 3 * * 0-7', 'At 03:00, on every day of the week'],
    ['0 0 1 * *', 'At 00:00, on day 1 of the month'],
    ['0 0 1,15 * *', 'At 00:00, on days 1 and 15 of the month'],
    ['0 0 1-7 * *', 'At 00:00, on days 1 through 7 of the month'],
    ['0 0 */2 * *', 'At 00:00, on every 2nd day of the month'],
    ['0 0 1/10 * *', 'At 00:00, on days 1, 11, 21 and 31 of the month'],
    ['0 0 1 1 *', 'At 00:00, on January 1'],
    ['0 12 25 DEC *', 'At 12:00, on December 25'],
    ['0 0 * 1,7 *', 'At 00:00, in January and July'],
    ['0 0 * JAN-MAR *', 'At 00:00, from January through March'],
    ['0 0 1 */3 *', 'At 00:00, on day 1 of the month, in January, April, July and October'],
    ['*/30 * * 6 *', 'Every 30 minutes, in June'],
  ])('%s → %s', (expression, expected) => {
    expect(text(expression)).toBe(expected);
  });

  it('says that both kinds of day run when day-of-month and day-of-week are both set', () => {
    expect(text('0 0 1 * 1')).toBe('At 00:00, on day 1 of the month and on Monday');
  });

  it('says that a stepped day-of-month must also fall on the weekday', () => {
    expect(text('0 0 */2 * 1')).toBe(
      'At 00:00, on every 2nd day of the month, if it falls on Monday',
    );
  });
});

describe('describeCron: input forms', () => {
  it('ignores surrounding and repeated whitespace', () => {
    expect(text('  0   */6 *  * *  ')).toBe('Every 6 hours, at minute 0');
  });

  it('accepts leading zeros', () => {
    expect(text('05 08 * * *')).toBe('At 08:05, every day');
  });

  it.each([
    ['@hourly', 'Every hour, at minute 0'],
    ['@daily', 'At 00:00, every day'],
    ['@midnight', 'At 00:00, every day'],
    ['@weekly', 'At 00:00, on Sunday'],
    ['@monthly', 'At 00:00, on day 1 of the month'],
    ['@yearly', 'At 00:00, on January 1'],
    ['@ANNUALLY', 'At 00:00, on January 1'],
  ])('reads the shorthand %s', (expression, expected) => {
    expect(text(expression)).toBe(expected);
  });
});

describe('describeCron: invalid expressions', () => {
  it.each([
    ['', '5 fields'],
    ['0 */6 * *', 'this one has 4'],
    ['0 */6 * * * *', 'this one has 6'],
    ['60 * * * *', 'The minute field has 60, which is outside 0–59.'],
    ['0 24 * * *', 'The hour field has 24, which is outside 0–23.'],
    ['0 0 0 * *', 'The day-of-month field has 0, which is outside 1–31.'],
    ['0 0 32 * *', 'outside 1–31'],
    ['0 0 * 13 *', 'The month field has 13, which is outside 1–12.'],
    ['0 0 * * 8', 'The day-of-week field has 8, which is outside 0–7.'],
    ['x * * * *', 'The minute field has "x", which is not a number or a name.'],
    ['0 0 * * JAN', 'The day-of-week field has "JAN"'],
    ['0 0 * MON *', 'The month field has "MON"'],
    ['0 0 L * *', 'The day-of-month field has "L"'],
    ['0 0 ? * *', 'The day-of-month field has "?"'],
    ['*/0 * * * *', 'steps run from 1 to 59'],
    ['*/60 * * * *', 'steps run from 1 to 59'],
    ['0 */x * * *', 'The hour field has the step "/x"'],
    ['*/2/3 * * * *', 'with two steps'],
    ['30-10 * * * *', 'The minute field has the range "30-10", which runs backwards.'],
    ['1-2-3 * * * *', 'is not a range'],
    ['1,,2 * * * *', 'The minute field has an empty entry.'],
    ['-5 * * * *', 'The minute field has "", which is not a number or a name.'],
    ['@reboot', '"@reboot" is not a shorthand this scheduler knows.'],
  ])('refuses %j', (expression, message) => {
    expect(error(expression)).toContain(message);
  });
});

describe('English helpers', () => {
  it('joins lists with commas and a final "and"', () => {
    expect(joinList([])).toBe('');
    expect(joinList(['a'])).toBe('a');
    expect(joinList(['a', 'b'])).toBe('a and b');
    expect(joinList(['a', 'b', 'c'])).toBe('a, b and c');
  });

  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [30, '30th'],
  ])('writes %i as %s', (n, expected) => {
    expect(ordinal(n)).toBe(expected);
  });
});

describe('describeCron: any input', () => {
  const field = (min: number, max: number) =>
    fc.oneof(
      fc.constant('*'),
      fc.integer({ min, max }).map(String),
      fc
        .tuple(fc.integer({ min, max }), fc.integer({ min, max }))
        .map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`),
      fc.integer({ min: 1, max: Math.max(1, max - min - 1) }).map((n) => `*/${n}`),
    );
  const list = (min: number, max: number) =>
    fc.array(field(min, max), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(','));

  it('describes every well-formed expression', () => {
    fc.assert(
      fc.property(
        fc.tuple(list(0, 59), list(0, 23), list(1, 31), list(1, 12), list(0, 7)),
        (fields) => {
          const result = describeCron(fields.join(' '));
          expect(result.valid).toBe(true);
          if (result.valid) expect(result.text.length).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('treats names of object properties as plain text', () => {
    for (const input of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(describeCron(input).valid).toBe(false);
    }
  });

  it('never throws, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        expect(() => describeCron(input)).not.toThrow();
      }),
    );
  });
});
