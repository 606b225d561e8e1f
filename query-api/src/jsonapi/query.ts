import { z, type ZodType } from 'zod/v4';
import { ValidationError } from '@platform/contracts/errors';

/** A filter's value arrives as a string; its schema may transform it (to a boolean, a number, an enum ...). */
export type FilterSchema = ZodType<unknown, string>;

/** What one resource's routes accept; anything outside it is a 400 naming the parameter. */
export interface QuerySpec<F extends Record<string, FilterSchema> = Record<string, FilterSchema>> {
  /** relationship paths a client may include (dotted paths listed in full: 'page.components') */
  include?: readonly string[];
  /** per resource type, the attribute and relationship names a sparse fieldset may name */
  fields?: Readonly<Record<string, readonly string[]>>;
  /** filter names and how their values parse */
  filters?: F;
  /** attributes a list may be sorted by */
  sort?: readonly string[];
  defaultSort?: readonly SortField[];
  defaultPageSize?: number;
  maxPageSize?: number;
}

export interface SortField {
  field: string;
  direction: 'asc' | 'desc';
}

export interface ResourceQuery {
  include: string[];
  /** sparse fieldsets: type -> names to keep (types absent: everything) */
  fields: Record<string, string[]>;
}

export interface ListQuery<
  F extends Record<string, FilterSchema> = Record<string, FilterSchema>,
> extends ResourceQuery {
  page: { number: number; size: number; offset: number };
  filter: { [K in keyof F]?: z.output<F[K]> };
  sort: SortField[];
}

export function badParameter(parameter: string, detail: string): ValidationError {
  return new ValidationError([{ code: 'validation.invalid_parameter', parameter, detail }]);
}

const FAMILY = /^(page|filter|fields)\[([^\]]*)\]$/;
const POSITIVE_INT = z
  .string()
  .regex(/^\d{1,9}$/, { abort: true })
  .transform(Number);

function toParams(input: URLSearchParams | string): URLSearchParams {
  if (typeof input !== 'string') return input;
  const query = input.includes('?') ? input.slice(input.indexOf('?') + 1) : input;
  return new URLSearchParams(query);
}

/** Each parameter once: a repeated one is ambiguous, so it is refused rather than guessed. */
function singleValues(params: URLSearchParams): Map<string, string> {
  const values = new Map<string, string>();
  for (const [name, value] of params) {
    if (values.has(name)) throw badParameter(name, `${name} is given more than once`);
    values.set(name, value);
  }
  return values;
}

function commaList(value: string): string[] {
  return value === '' ? [] : value.split(',').map((s) => s.trim());
}

function parseInclude(values: Map<string, string>, allowed: readonly string[]): string[] {
  const raw = values.get('include');
  if (raw === undefined) return [];
  const paths = commaList(raw);
  for (const path of paths) {
    if (!allowed.includes(path)) {
      const choices = allowed.length ? `one of ${allowed.join(', ')}` : 'not supported here';
      throw badParameter('include', `Cannot include "${path}": include is ${choices}`);
    }
  }
  return [...new Set(paths)];
}

function parseFields(
  values: Map<string, string>,
  allowed: QuerySpec['fields'] = {},
): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const [name, value] of values) {
    const match = FAMILY.exec(name);
    if (match?.[1] !== 'fields') continue;
    const type = match[2] ?? '';
    const known = Object.hasOwn(allowed, type) ? allowed[type] : undefined;
    if (!known) throw badParameter(name, `Unknown resource type "${type}" in ${name}`);
    const names = commaList(value);
    const unknown = names.filter((n) => !known.includes(n));
    if (unknown.length) throw badParameter(name, `Unknown field(s) ${unknown.join(', ')} for ${type}`);
    fields[type] = names;
  }
  return fields;
}

function parsePage(values: Map<string, string>, spec: QuerySpec) {
  const maxSize = spec.maxPageSize ?? 100;
  const read = (member: 'number' | 'size', fallback: number, max: number) => {
    const name = `page[${member}]`;
    const raw = values.get(name);
    if (raw === undefined) return fallback;
    const parsed = POSITIVE_INT.safeParse(raw);
    if (!parsed.success || parsed.data < 1 || parsed.data > max) {
      throw badParameter(name, `${name} must be an integer from 1 to ${max}`);
    }
    return parsed.data;
  };
  const number = read('number', 1, 1_000_000);
  const size = read('size', Math.min(spec.defaultPageSize ?? 25, maxSize), maxSize);
  return { number, size, offset: (number - 1) * size };
}

function parseFilter<F extends Record<string, FilterSchema>>(
  values: Map<string, string>,
  filters: F | undefined,
) {
  const filter: Record<string, unknown> = {};
  for (const [name, value] of values) {
    const match = FAMILY.exec(name);
    if (match?.[1] !== 'filter') continue;
    const key = match[2] ?? '';
    const schema = filters && Object.hasOwn(filters, key) ? filters[key] : undefined;
    if (!schema) {
      const known = Object.keys(filters ?? {});
      throw badParameter(
        name,
        `Unknown filter "${key}"${known.length ? `; filters: ${known.join(', ')}` : ''}`,
      );
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw badParameter(name, `${name}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    filter[key] = parsed.data;
  }
  return filter as ListQuery<F>['filter'];
}

function parseSort(values: Map<string, string>, spec: QuerySpec): SortField[] {
  const raw = values.get('sort');
  if (raw === undefined) return [...(spec.defaultSort ?? [])];
  const allowed = spec.sort ?? [];
  return commaList(raw).map((term) => {
    const field = term.startsWith('-') ? term.slice(1) : term;
    if (!allowed.includes(field)) {
      throw badParameter(
        'sort',
        `Cannot sort by "${field}"${allowed.length ? `; sort by ${allowed.join(', ')}` : ''}`,
      );
    }
    return { field, direction: term.startsWith('-') ? 'desc' : 'asc' };
  });
}

function rejectUnknownFamilies(values: Map<string, string>, allowedFamilies: ReadonlySet<string>): void {
  for (const name of values.keys()) {
    const family = /^([A-Za-z]+)\[/.exec(name)?.[1];
    if (family === undefined) {
      if (['page', 'filter', 'fields'].includes(name))
        throw badParameter(name, `${name} needs a member: ${name}[...]`);
      continue; // plain parameters (minPosition ...) belong to other layers
    }
    if (!allowedFamilies.has(family)) throw badParameter(name, `${name} is not supported here`);
    const member = FAMILY.exec(name)?.[2];
    if (member === undefined || member === '') throw badParameter(name, `${name} is malformed`);
    if (family === 'page' && member !== 'number' && member !== 'size') {
      throw badParameter(name, `${name} is not supported: use page[number] and page[size]`);
    }
  }
}

/**
 * The query of a list (JSON:API: page[number], page[size], filter[...], include, fields[type], sort).
 * Takes the raw query string (or its URLSearchParams), so it does not depend on Express's query parser.
 * Every violation is a 400 with `source.parameter`.
 */
export function parseListQuery<F extends Record<string, FilterSchema>>(
  input: URLSearchParams | string,
  spec: QuerySpec<F> = {},
): ListQuery<F> {
  const values = singleValues(toParams(input));
  rejectUnknownFamilies(values, new Set(['page', 'filter', 'fields']));
  return {
    page: parsePage(values, spec),
    filter: parseFilter(values, spec.filters),
    include: parseInclude(values, spec.include ?? []),
    fields: parseFields(values, spec.fields),
    sort: parseSort(values, spec),
  };
}

/** The query of a single resource: only include and fields[type]; list parameters are refused. */
export function parseResourceQuery(input: URLSearchParams | string, spec: QuerySpec = {}): ResourceQuery {
  const values = singleValues(toParams(input));
  rejectUnknownFamilies(values, new Set(['fields']));
  for (const name of ['sort'])
    if (values.has(name)) throw badParameter(name, `${name} applies to lists only`);
  return { include: parseInclude(values, spec.include ?? []), fields: parseFields(values, spec.fields) };
}
