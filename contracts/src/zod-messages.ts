import { z } from 'zod/v4';

/**
 * The texts of zod 3's English error map, for zod 4's issues. The APIs send a zod issue's message as the
 * `detail` of a 422 and the web shows it beside the field: moving to zod 4 must not reword what members
 * read ("Required", "String must contain at most 255 character(s)", "Invalid email", ...). The server
 * installs them as zod's locale (useZod3Messages, called by infra's HTTP errors and config); messages a schema
 * gives itself win over them, as they did.
 */
export const zod3Messages: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Required';
      if (issue.expected === 'date' && issue.input instanceof Date) return 'Invalid date';
      if (issue.expected === 'int')
        return `Expected integer, received ${typeof issue.input === 'number' ? 'float' : parsedType(issue.input)}`;
      return `Expected ${issue.expected}, received ${parsedType(issue.input)}`;
    case 'invalid_value':
      if (issue.inst instanceof z.ZodLiteral && issue.values.length === 1)
        return `Invalid literal value, expected ${JSON.stringify(issue.values[0], jsonReplacer)}`;
      // zod 3 checked an enum's type first: a missing member was "Required", a number of the wrong type
      if (issue.input === undefined) return 'Required';
      if (typeof issue.input !== 'string')
        return `Expected ${joinValues(issue.values)}, received ${parsedType(issue.input)}`;
      return `Invalid enum value. Expected ${joinValues(issue.values)}, received '${issue.input}'`;
    case 'invalid_format':
      switch (issue.format) {
        case 'regex':
          return 'Invalid';
        case 'starts_with':
          return `Invalid input: must start with "${(issue as { prefix?: string }).prefix}"`;
        case 'ends_with':
          return `Invalid input: must end with "${(issue as { suffix?: string }).suffix}"`;
        case 'includes':
          return `Invalid input: must include "${(issue as { includes?: string }).includes}"`;
        case 'guid':
          return 'Invalid uuid';
        case 'ipv4':
        case 'ipv6':
          return 'Invalid ip';
        default:
          return `Invalid ${issue.format}`;
      }
    case 'too_small':
      return tooSmall(issue.origin, issue.minimum, issue.inclusive ?? false, issue.exact ?? false);
    case 'too_big':
      return tooBig(issue.origin, issue.maximum, issue.inclusive ?? false, issue.exact ?? false);
    case 'not_multiple_of':
      return `Number must be a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `Unrecognized key(s) in object: ${joinValues(issue.keys, ', ')}`;
    case 'invalid_union':
      if (issue.note === 'No matching discriminator') return discriminatorMessage(issue);
      return 'Invalid input';
    default:
      return 'Invalid input';
  }
};

/** Makes zod 3's texts the messages of every issue that has none of its own, in this process. */
export function useZod3Messages(): void {
  z.config({ localeError: zod3Messages });
}

/**
 * Whether an issue is a member that is missing (JSON:API's validation.required) rather than one of the wrong
 * shape: zod 3's `invalid_type` received `undefined` (an enum's too: zod 4 reports it as `invalid_value`). Zod 4
 * drops an issue's input once it is finalized, so the message tells: "Required" (the messages above), or zod 4's
 * own text when they are not installed.
 */
export function isMissingIssue(issue: { code: string; message: string }): boolean {
  if (issue.code === 'invalid_value') return issue.message === 'Required';
  return (
    issue.code === 'invalid_type' &&
    (issue.message === 'Required' || issue.message.endsWith(', received undefined'))
  );
}

function tooSmall(origin: string, minimum: number | bigint, inclusive: boolean, exact: boolean): string {
  const bound = String(minimum);
  switch (origin) {
    case 'array':
    case 'set':
      return `Array must contain ${exact ? 'exactly' : inclusive ? 'at least' : 'more than'} ${bound} element(s)`;
    case 'string':
      return `String must contain ${exact ? 'exactly' : inclusive ? 'at least' : 'over'} ${bound} character(s)`;
    case 'number':
    case 'int':
    case 'bigint':
      return `Number must be ${exact ? 'exactly equal to ' : inclusive ? 'greater than or equal to ' : 'greater than '}${bound}`;
    case 'date':
      return `Date must be ${exact ? 'exactly equal to ' : inclusive ? 'greater than or equal to ' : 'greater than '}${String(new Date(Number(minimum)))}`;
    default:
      return 'Invalid input';
  }
}

function tooBig(origin: string, maximum: number | bigint, inclusive: boolean, exact: boolean): string {
  const bound = String(maximum);
  switch (origin) {
    case 'array':
    case 'set':
      return `Array must contain ${exact ? 'exactly' : inclusive ? 'at most' : 'less than'} ${bound} element(s)`;
    case 'string':
      return `String must contain ${exact ? 'exactly' : inclusive ? 'at most' : 'under'} ${bound} character(s)`;
    case 'number':
    case 'int':
      return `Number must be ${exact ? 'exactly' : inclusive ? 'less than or equal to' : 'less than'} ${bound}`;
    case 'bigint':
      return `BigInt must be ${exact ? 'exactly' : inclusive ? 'less than or equal to' : 'less than'} ${bound}`;
    case 'date':
      return `Date must be ${exact ? 'exactly' : inclusive ? 'smaller than or equal to' : 'smaller than'} ${String(new Date(Number(maximum)))}`;
    default:
      return 'Invalid input';
  }
}

/** zod 3's "Invalid discriminator value. Expected 'a' | 'b'" from the union's discriminator values. */
function discriminatorMessage(issue: { inst?: unknown; path?: PropertyKey[] }): string {
  const union = issue.inst as
    { _zod?: { def?: { discriminator?: string }; propValues?: Record<string, Set<unknown>> } } | undefined;
  const key = union?._zod?.def?.discriminator;
  const values = key ? union?._zod?.propValues?.[key] : undefined;
  return values ? `Invalid discriminator value. Expected ${joinValues([...values])}` : 'Invalid input';
}

/** zod 3's parsed type names ('nan', 'date', 'map', ...) where zod 4 has its own. */
function parsedType(data: unknown): string {
  switch (typeof data) {
    case 'number':
      return Number.isNaN(data) ? 'nan' : 'number';
    case 'object':
      if (data === null) return 'null';
      if (Array.isArray(data)) return 'array';
      if (data instanceof Date) return 'date';
      if (data instanceof Map) return 'map';
      if (data instanceof Set) return 'set';
      if (typeof (data as { then?: unknown }).then === 'function') return 'promise';
      return 'object';
    default:
      return typeof data;
  }
}

function joinValues(values: readonly unknown[], separator = ' | '): string {
  return values.map((v) => (typeof v === 'string' ? `'${v}'` : String(v))).join(separator);
}

function jsonReplacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}
