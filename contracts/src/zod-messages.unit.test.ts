import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { isMissingIssue, useZod3Messages } from './zod-messages.ts';

const first = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues[0]!;
};

describe('zod 3 texts for zod 4 issues', () => {
  beforeAll(() => useZod3Messages());

  it.each([
    ['a missing member', z.object({ a: z.string() }), {}, 'Required'],
    ['a missing enum member', z.object({ e: z.enum(['a', 'b']) }), {}, 'Required'],
    ['another type', z.string(), 1, 'Expected string, received number'],
    ['null', z.string(), null, 'Expected string, received null'],
    ['NaN', z.number(), NaN, 'Expected number, received nan'],
    ['a float for an integer', z.number().int(), 1.5, 'Expected integer, received float'],
    ['a short text', z.string().min(3), 'a', 'String must contain at least 3 character(s)'],
    ['a long text', z.string().max(3), 'abcd', 'String must contain at most 3 character(s)'],
    ['a text of another length', z.string().length(3), 'ab', 'String must contain exactly 3 character(s)'],
    ['an empty list', z.array(z.string()).min(1), [], 'Array must contain at least 1 element(s)'],
    ['a long list', z.array(z.string()).max(1), ['a', 'b'], 'Array must contain at most 1 element(s)'],
    ['a small number', z.number().min(1), 0, 'Number must be greater than or equal to 1'],
    ['a large number', z.number().max(1), 2, 'Number must be less than or equal to 1'],
    ['zero for a positive number', z.number().positive(), 0, 'Number must be greater than 0'],
    ['a bad e-mail address', z.string().email(), 'x', 'Invalid email'],
    ['a bad url', z.string().url(), 'x', 'Invalid url'],
    ['a bad uuid', z.string().uuid(), 'x', 'Invalid uuid'],
    ['a bad datetime', z.string().datetime(), 'x', 'Invalid datetime'],
    ['a text off its pattern', z.string().regex(/^a$/), 'b', 'Invalid'],
    ['another enum value', z.enum(['a', 'b']), 'c', "Invalid enum value. Expected 'a' | 'b', received 'c'"],
    ['another literal', z.literal('a'), 'b', 'Invalid literal value, expected "a"'],
    ['no union member', z.union([z.string(), z.number()]), true, 'Invalid input'],
    [
      'an unknown discriminator',
      z.discriminatedUnion('t', [z.object({ t: z.literal('a') }), z.object({ t: z.literal('b') })]),
      { t: 'c' },
      "Invalid discriminator value. Expected 'a' | 'b'",
    ],
    [
      'unknown keys',
      z.object({ a: z.string() }).strict(),
      { a: 'x', b: 1, c: 2 },
      "Unrecognized key(s) in object: 'b', 'c'",
    ],
    ['a refinement', z.string().refine((s) => s === 'a'), 'b', 'Invalid input'],
  ])('%s', (_, schema, input, message) => {
    expect(first(schema, input).message).toBe(message);
  });

  it("keeps a schema's own message", () => {
    expect(first(z.string().min(1, 'name is required'), '').message).toBe('name is required');
    expect(
      first(
        z.string().refine(() => false, 'no'),
        'x',
      ).message,
    ).toBe('no');
  });

  it('tells a missing member from one of the wrong shape', () => {
    const schema = z.object({ a: z.string(), e: z.enum(['x']), n: z.number() });
    const issues = schema.safeParse({ n: 'one' }).error!.issues;
    expect(issues.map((i) => [i.path.join('.'), isMissingIssue(i)])).toEqual([
      ['a', true],
      ['e', true],
      ['n', false],
    ]);
  });
});
