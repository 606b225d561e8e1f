import fc from 'fast-check';
import { z } from 'zod/v4';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { transformed } from '@platform/contracts/resources/fields';
import type { ApiRoute } from './routes.ts';
import { bodyOf, type RouteBody } from './bodies.ts';

/**
 * Bad input a user can type, generated with fast-check: path segments, query parameters, bodies and headers for
 * one route, from the resource definitions' own zod schemas where the route is a resource's and generic shapes
 * otherwise. Everything is produced as the text that goes on the wire (URL-encoded where a client would encode,
 * verbatim where a client could send it raw), so nothing is normalised on the way out.
 */
export interface FuzzRequest {
  method: string;
  /** the request target, as sent: '/api/v1/admin-tags/%2e%2e?sort=-' */
  path: string;
  headers: Record<string, string>;
  /** the body's text, as sent */
  body?: string;
}

/** A piece of JSON text put as is into a generated body: 1e400, deep nesting, duplicate keys. */
class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a generated value; RawJson pieces go in verbatim, own `__proto__` keys are kept. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .map((key) => `${JSON.stringify(key)}:${toJsonText((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  if (value === undefined || (typeof value === 'number' && !Number.isFinite(value))) return 'null';
  return JSON.stringify(value);
}

/** An object with the given own keys (`__proto__` included, which an object literal would turn into a prototype). */
function objectOf(entries: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return object;
}

const LONG = 'x'.repeat(10_000);

/** URL-encodes text as a client does; a lone surrogate, which UTF-8 cannot carry, goes as U+FFFD. */
export const enc = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));
/** characters of many scripts and planes, combining marks, right-to-left, emoji, a lone surrogate */
const UNICODE = [
  'é',
  'ß',
  'İ',
  'ﬀ',
  'Ω',
  '日本語',
  'עברית',
  '🦽',
  'a\u0301',
  '\u202e',
  '\ud800',
  '\uffff',
  'ǅ',
];
const unicodeText = fc.string({ unit: fc.constantFrom(...UNICODE, 'a', ' ', '/', '?', '#', '&', '=') });

/** Text in any form, from plain to hostile (encoded by whoever puts it on the wire). */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  unicodeText,
  fc.string({ unit: 'binary', maxLength: 30 }).map((s) => s.replaceAll('\0', '')),
  fc.constantFrom(
    '',
    ' ',
    LONG,
    'é'.repeat(5000),
    '..',
    '.',
    '-1',
    '0',
    '1e400',
    '1e9',
    'NaN',
    'Infinity',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    "'; drop table events; --",
    '%',
    '\\',
    '<script>',
    '9223372036854775808',
    '-9223372036854775809',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
  ),
);

/** One path segment as URL text: encoded text, or raw escapes a client can type ('%', '%zz', '..', '%2e%2e'). */
export const segment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.uuid().map(String) },
  { weight: 4, arbitrary: anyText.map(enc) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '%',
      '%zz',
      '%E0%A4%A',
      '%ED%A0%80',
      '%ff',
      '%C0%AF',
      '..',
      '%2e%2e',
      '%2F',
      '.%2e',
      'a%2Fb',
      '%25',
      '%20',
      '+',
      '~',
      ';x=1',
      'a,b',
      '*',
      enc(LONG),
    ),
  },
);

/** Query values as URL text. */
const queryValue: fc.Arbitrary<string> = fc.oneof(
  anyText.map(enc),
  fc.constantFrom('%', '%zz', '%ff', '+', '=', '&', 'a%26b'),
);

interface QueryNames {
  types: readonly string[];
  attributes: readonly string[];
}

/** The query parameters of JSON:API reads, each family given what it least expects. */
function queryParameters(names: QueryNames): fc.Arbitrary<string[]> {
  const known = fc.constantFrom(...names.attributes, 'search', 'id', 'createdAt', 'type', 'x');
  const field = fc.oneof(known, anyText);
  const pair = (name: string, value: string) => `${name}=${value}`;
  const filter = fc.oneof(
    fc.tuple(field, queryValue).map(([n, v]) => pair(`filter[${enc(n)}]`, v)),
    fc
      .tuple(field, queryValue, queryValue)
      .map(([n, a, b]) => `filter[${enc(n)}][]=${a}&filter[${enc(n)}][]=${b}`),
    fc.tuple(field, field, queryValue).map(([n, m, v]) => pair(`filter[${enc(n)}][${enc(m)}]`, v)),
    fc.tuple(field, queryValue).map(([n, v]) => `filter[${enc(n)}]=${v}&filter[${enc(n)}]=${v}`),
    queryValue.map((v) => pair('filter', v)),
    fc.constantFrom(
      'filter[__proto__][x]=1',
      'filter[constructor][prototype][x]=1',
      `filter${'[a]'.repeat(40)}=1`,
    ),
  );
  const sortName = fc.oneof(known, anyText.map(enc), fc.constantFrom('-', '', ',', '--name', '-createdAt'));
  const sort = fc.oneof(
    fc.array(sortName, { maxLength: 5 }).map((s) => pair('sort', s.join(','))),
    fc.constant(pair('sort', Array.from({ length: 1000 }, (_, i) => `f${i}`).join(','))),
    fc.tuple(sortName, sortName).map(([a, b]) => `sort=${a}&sort=${b}`),
    sortName.map((s) => pair('sort[]', s)),
  );
  const pageValue = fc.oneof(
    fc.constantFrom('-1', '0', '1e9', '1000000000', 'abc', '', '1.5', '99999999999999999999', ' 1', '0x10'),
    fc.integer().map(String),
    queryValue,
  );
  const page = fc.oneof(
    fc
      .tuple(fc.constantFrom('size', 'number', 'offset', 'limit', 'cursor', '', 'x'), pageValue)
      .map(([n, v]) => pair(`page[${n}]`, v)),
    pageValue.map((v) => `page[size][]=${v}&page[size][]=1`),
    pageValue.map((v) => pair('page', v)),
    fc.constant('page[size][x]=1'),
  );
  const includeName = fc.oneof(
    known,
    fc.constantFrom('a.b.c.d', 'organization.users.organization', '.', '..'),
  );
  const include = fc.oneof(
    fc.array(includeName, { maxLength: 6 }).map((names) => pair('include', names.map(enc).join(','))),
    fc.constant(pair('include', Array.from({ length: 1000 }, (_, i) => `r${i}`).join(','))),
    includeName.map((n) => `include=${enc(n)}&include=${enc(n)}`),
    includeName.map((n) => pair('include[]', enc(n))),
  );
  const fields = fc.oneof(
    fc
      .tuple(fc.oneof(fc.constantFrom(...names.types), anyText), fc.array(field, { maxLength: 5 }))
      .map(([t, f]) => pair(`fields[${enc(t)}]`, f.map(enc).join(','))),
    fc.constant('fields=name'),
    fc.constant('fields[tags][]=name'),
  );
  const position = fc.oneof(
    fc.constantFrom('-1', '99999999999999999999999', '9223372036854775808', 'abc', '', '1e3', '0'),
    queryValue,
  );
  const minPosition = position.map((v) => pair('minPosition', v));
  const other = fc.oneof(
    fc.tuple(anyText, queryValue).map(([n, v]) => pair(enc(n), v)),
    fc.constantFrom(
      '__proto__[x]=1',
      'a[b][c][d][e][f][g]=1',
      '&&&',
      '=',
      '?',
      'q',
      'path=%2F..%2F',
      'locale=xx',
    ),
    fc
      .tuple(fc.constantFrom('path', 'q', 'locale', 'type', 'search', 'email', 'token'), queryValue)
      .map(([n, v]) => pair(n, v)),
  );
  return fc.array(fc.oneof(filter, sort, page, include, fields, minPosition, other), { maxLength: 4 });
}

/** Values that do not fit `schema`: another type, out of range, a huge or hostile value. */
export function wrongValue(schema: z.ZodTypeAny, depth = 0): fc.Arbitrary<unknown> {
  const inner = unwrap(schema);
  const anything = fc.oneof(
    fc.constantFrom(
      null,
      true,
      false,
      0,
      -1,
      1.5,
      '',
      LONG,
      [],
      {},
      new RawJson('1e400'),
      new RawJson('-1e400'),
    ),
    fc.constantFrom(
      new RawJson('1e-400'),
      new RawJson('-0'),
      new RawJson('9007199254740993'),
      new RawJson('1E+2'),
    ),
    anyText,
    fc.jsonValue({ maxDepth: 2 }),
  );
  if (depth > 2) return anything;
  if (inner instanceof z.ZodObject) {
    const shape = inner.shape as Record<string, z.ZodTypeAny>;
    const keys = Object.keys(shape);
    const entry = keys.length
      ? fc
          .constantFrom(...keys)
          .chain((key) => wrongValue(shape[key]!, depth + 1).map((v) => [key, v] as const))
      : fc.tuple(anyText, anything);
    return fc.oneof(anything, fc.array(entry, { minLength: 1, maxLength: 4 }).map(objectOf));
  }
  if (inner instanceof z.ZodArray) {
    return fc.oneof(
      anything,
      fc.array(wrongValue(inner.element as z.ZodTypeAny, depth + 1), { maxLength: 4 }),
    );
  }
  if (inner instanceof z.ZodRecord) {
    return fc.oneof(
      anything,
      fc
        .array(fc.tuple(anyText, wrongValue(inner.valueType as z.ZodTypeAny, depth + 1)), { maxLength: 3 })
        .map(objectOf),
    );
  }
  return anything;
}

function unwrap(schema: z.ZodTypeAny): z.ZodTypeAny {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return unwrap(schema.unwrap() as z.ZodTypeAny);
  const inner = transformed(schema);
  return inner ? unwrap(inner) : schema;
}

const deepArray = (levels: number) => new RawJson(`${'['.repeat(levels)}${']'.repeat(levels)}`);
const deepObject = (levels: number) => new RawJson(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);

/** Values in odd places of any JSON document. */
const oddJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    deepArray(5000),
    deepObject(5000),
    deepArray(200_000),
    new RawJson('1e400'),
    new RawJson('{"a":1,"a":2}'),
    'y'.repeat(900_000),
    objectOf([['__proto__', { isAdmin: true }]]),
    objectOf([['constructor', { prototype: { isAdmin: true } }]]),
  ),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.tuple(anyText, fc.jsonValue({ maxDepth: 2 })), { maxLength: 4 }).map(objectOf),
);

/** Whole bodies as text: JSON:API documents with wrong attributes, wrong shapes, broken JSON. */
function bodyText(definition: ResourceDefinition | undefined, names: QueryNames): fc.Arbitrary<string> {
  const attributes = definition
    ? fc.oneof(wrongValue(definition.attributes), wrongValue(definition.patch))
    : fc.oneof(
        fc
          .array(fc.tuple(fc.constantFrom(...names.attributes), oddJson), { minLength: 1, maxLength: 4 })
          .map(objectOf),
        oddJson,
      );
  const type = fc.oneof(
    fc.constantFrom(...(definition ? [definition.type] : []), ...names.types),
    anything(),
  );
  const relationships = fc.oneof(
    oddJson,
    fc
      .array(
        fc.tuple(
          fc.constantFrom('owner', 'organization', 'tags', 'users', 'category', 'accessLevel', 'page', 'x'),
          fc.oneof(
            oddJson,
            fc.record({ data: fc.oneof(oddJson, fc.record({ type: anything(), id: anything() })) }),
            fc.record({ data: fc.array(fc.record({ type: anything(), id: anything() }), { maxLength: 3 }) }),
          ),
        ),
        { maxLength: 3 },
      )
      .map(objectOf),
  );
  const resource = fc
    .record(
      { type, id: anything(), attributes, relationships, meta: oddJson, lid: anything() },
      { requiredKeys: [] },
    )
    .map((r) => objectOf(Object.entries(r)));
  const document = fc.oneof(
    { weight: 5, arbitrary: resource.map((data) => ({ data })) },
    { weight: 1, arbitrary: fc.array(resource, { maxLength: 3 }).map((data) => ({ data })) },
    { weight: 1, arbitrary: oddJson.map((data) => ({ data })) },
    { weight: 1, arbitrary: oddJson },
    // the plain JSON bodies of /auth and of services: flat objects of the names they read, wrong values
    {
      weight: 2,
      arbitrary: fc
        .array(
          fc.tuple(
            fc.constantFrom(
              'email',
              'password',
              'passwordConfirmation',
              'currentPassword',
              'token',
              'code',
              'recoveryCode',
              'firstName',
              'lastName',
              'remember',
              'id',
              'signature',
              'expires',
            ),
            fc.oneof(anything(), oddJson),
          ),
          { maxLength: 5 },
        )
        .map(objectOf),
    },
  );
  return fc.oneof(
    { weight: 8, arbitrary: document.map(toJsonText) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"data":',
        'null',
        '"text"',
        '1',
        '[]',
        'nul\u0000l',
        '\ufeff{}',
        '{}{}',
      ),
    },
  );
}

function anything(): fc.Arbitrary<unknown> {
  return fc.oneof(anyText, fc.constantFrom(null, 1, -1, true, [], {}, new RawJson('1e400')));
}

/** A header value a client can put on the wire: printable Latin-1, nothing that ends the line. */
const headerText = fc.oneof(
  fc.string({
    unit: fc
      .integer({ min: 0x21, max: 0xff })
      .filter((c) => c !== 0x7f)
      .map((c) => String.fromCharCode(c)),
    maxLength: 60,
  }),
  fc.constantFrom(
    'x'.repeat(10_000),
    '*',
    '""',
    '"-1"',
    'W/"1"',
    '"99999999999999999999999"',
    '"abc", "def"',
    '0',
  ),
);

/** Now and then: the header left out more often than not. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

const headers: fc.Arbitrary<Record<string, string>> = fc
  .record({
    'If-Match': sometimes(headerText),
    'If-None-Match': sometimes(headerText),
    'Idempotency-Key': sometimes(headerText),
    'Accept-Language': sometimes(
      fc.oneof(headerText, fc.constantFrom('xx', 'fr-CH;q=abc', '*;q=0', 'en;q=2, de')),
    ),
    'Accept-Edition-Language': sometimes(fc.oneof(headerText, fc.constantFrom('xx', 'fr', 'en,fr', '*'))),
    'X-Min-Position': sometimes(fc.oneof(headerText, fc.constantFrom('-1', '99999999999999999999999'))),
    'Content-Type': sometimes(
      fc.constantFrom(
        'text/plain',
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        'application/json; charset=bogus',
        'application/vnd.api+json; ext="x"',
        'application/vnd.api+json; profile=x',
        'multipart/form-data; boundary=x',
        'application/x-www-form-urlencoded',
        'application/json;',
        '*/*',
        'garbage',
      ),
    ),
    Accept: sometimes(
      fc.constantFrom('text/html', 'application/xml', 'application/vnd.api+json; ext=x', '*/*', 'x'),
    ),
  })
  .map(
    (h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>,
  );

/** The path of a route with every parameter filled: a real type where it names one, a generated segment else. */
function fillPath(route: ApiRoute, types: readonly string[]): fc.Arbitrary<string> {
  const parts = route.path.split(/(:[A-Za-z0-9_]+|\*[A-Za-z0-9_]+)/);
  return fc
    .tuple(
      ...parts.map((part) => {
        if (part === ':type') return fc.oneof(fc.constantFrom(...types), segment);
        if (part.startsWith(':')) return segment;
        if (part.startsWith('*'))
          return fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join('/'));
        return fc.constant(part);
      }),
    )
    .map((filled) => filled.join(''));
}

/** The resource definition a route belongs to: `/api/v1/{type}...` of a catalogue type. */
function definitionOf(
  route: ApiRoute,
  resources: readonly ResourceDefinition[],
): ResourceDefinition | undefined {
  const first = route.path.split('/')[3];
  return resources.find((definition) => definition.type === first);
}

/** A value of a form field as text: strings as they are, anything else as its JSON text. */
const formText = (value: unknown) => (typeof value === 'string' ? value : toJsonText(value));

const BOUNDARY = 'fuzz-boundary-7c1d';

/** A multipart form: the fields of a generated value, then `files` small file parts under `fileField`. */
function multipartText(fields: unknown, fileField: string, files: number): string {
  const parts: string[] = [];
  const entries =
    fields !== null && typeof fields === 'object' && !Array.isArray(fields) && !(fields instanceof RawJson)
      ? Object.entries(fields)
      : [['field', fields] as const];
  for (const [name, value] of entries)
    parts.push(
      `Content-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"\r\n\r\n${formText(value)}`,
    );
  for (let i = 0; i < files; i++)
    parts.push(
      `Content-Disposition: form-data; name="${fileField}"; filename="note-${i}.txt"\r\n` +
        `Content-Type: text/plain\r\n\r\na short note ${i}`,
    );
  return `${parts.map((part) => `--${BOUNDARY}\r\n${part}\r\n`).join('')}--${BOUNDARY}--\r\n`;
}

/** A generated body, and the media type it must go with (a multipart form's boundary) when it has one. */
interface GeneratedBody {
  text: string;
  contentType?: string;
}

/**
 * The body of a hand-written route from its own schema (bodies.ts): near-valid values (one or two fields wrong),
 * as JSON or as a multipart form.
 */
function routeBodyText(body: RouteBody, fileField: string): fc.Arbitrary<GeneratedBody> {
  if (body.form === 'json') return nearValid(body.schema).map((value) => ({ text: toJsonText(value) }));
  return fc.tuple(nearValid(body.schema), fc.nat(2)).map(([fields, files]) => ({
    text: multipartText(fields, fileField, files),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  }));
}

/** Generated requests to one route; the method is the route's, everything else is generated. */
export function requestsFor(
  route: ApiRoute,
  resources: readonly ResourceDefinition[],
): fc.Arbitrary<FuzzRequest> {
  const names: QueryNames = {
    types: resources.map((d) => d.type),
    attributes: [...new Set(resources.flatMap((d) => Object.keys(d.attributes.shape as object)))],
  };
  const takesBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
  const own = bodyOf(route);
  const generic: fc.Arbitrary<GeneratedBody | undefined> = takesBody
    ? fc.option(
        bodyText(definitionOf(route, resources), names).map((text) => ({ text })),
        { freq: 8, nil: undefined },
      )
    : fc.option(
        fc.constantFrom('{}', '{"data":null}', 'x').map((text) => ({ text })),
        { freq: 8, nil: undefined },
      );
  // a route with a schema of its own: mostly near-valid bodies from it, the generic shapes the rest of the time
  const body = own
    ? fc.oneof(
        {
          weight: 3,
          arbitrary: routeBodyText(own, route.path.endsWith('secured-files') ? 'files[]' : 'file'),
        },
        { weight: 2, arbitrary: generic },
      )
    : generic;
  return fc
    .record({
      path: fillPath(route, names.types),
      query: queryParameters(names),
      headers,
      body,
    })
    .map(({ path, query, headers: generated, body: sent }) => ({
      method: route.method,
      // a space or a control character cannot be typed into a request line: a client escapes it
      path: (query.length ? `${path}?${query.join('&')}` : path).replace(/[^\x21-\x7e]/g, (c) => enc(c)),
      // a multipart form goes with its boundary, whatever media type was generated
      headers: sent?.contentType ? { ...generated, 'Content-Type': sent.contentType } : generated,
      ...(sent !== undefined ? { body: sent.text } : {}),
    }));
}

/** The schema that decides a value's shape: through optional, nullable, default, effects, pipes, brands. */
function core(schema: z.ZodTypeAny): z.ZodTypeAny {
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    transformed(schema)
  )
    return core(unwrap(schema));
  if (schema instanceof z.ZodPipe) return core(schema.in as z.ZodTypeAny);
  if (schema instanceof z.ZodPrefault) return core(schema.unwrap() as z.ZodTypeAny);
  if (schema instanceof z.ZodCatch) return core(schema.unwrap() as z.ZodTypeAny);
  if (schema instanceof z.ZodReadonly) return core(schema._zod.def.innerType as z.ZodTypeAny);
  if (schema instanceof z.ZodLazy) return core(schema.unwrap() as z.ZodTypeAny);
  return schema;
}

/** How long a generated valid text or list may get: enough to pass a minimum, short enough to stay cheap. */
const SOME = 40;

function validString(schema: z.ZodString): fc.Arbitrary<string> {
  let min = 0;
  let max = SOME;
  for (const { _zod } of schema._zod.def.checks ?? []) {
    const check = _zod.def as { check: string; format?: string; pattern?: RegExp } & Record<string, unknown>;
    switch (check.check === 'string_format' ? check.format : check.check) {
      case 'uuid':
      case 'guid':
        return fc.uuid().map(String);
      case 'email':
        return fc.emailAddress();
      case 'url':
        return fc.webUrl();
      case 'datetime':
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      case 'date':
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      case 'regex':
        return fc.stringMatching(check.pattern!).filter((s) => s.length <= 2000);
      case 'length_equals':
        return fc.string({ minLength: check.length as number, maxLength: check.length as number });
      case 'min_length':
        min = check.minimum as number;
        break;
      case 'max_length':
        max = Math.min(max, check.maximum as number);
        break;
      default:
        break;
    }
  }
  // text that passes a trim: no blank ends
  return fc
    .string({ minLength: Math.max(min, 0), maxLength: Math.max(max, min) })
    .map((s) => s.replace(/^\s|\s$/g, 'a'));
}

function validNumber(schema: z.ZodNumber): fc.Arbitrary<number> {
  let min = -1_000_000;
  let max = 1_000_000;
  const integer = schema.isInt;
  for (const { _zod } of schema._zod.def.checks ?? []) {
    const check = _zod.def as { check: string; value?: number; inclusive?: boolean };
    if (check.check === 'greater_than') min = check.inclusive ? check.value! : check.value! + 1;
    if (check.check === 'less_than') max = check.inclusive ? check.value! : check.value! - 1;
  }
  if (max < min) max = min;
  return integer || min === max
    ? fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/**
 * A value that fits `schema` as far as its shape goes (types, enums, literals, lengths, formats): refinements
 * across fields are not known, so a generated "valid" value may still be refused deeper in the route, which is
 * where the fuzz wants to get.
 */
export function validValue(schema: z.ZodTypeAny, depth = 0, name = ''): fc.Arbitrary<unknown> {
  const optional = schema.isOptional() || schema instanceof z.ZodDefault;
  const nullable = schema.isNullable();
  const inner = core(schema);
  const value = (inner instanceof z.ZodString && byName(name)) || validCore(inner, depth);
  if (optional) return fc.option(value, { nil: undefined, freq: 3 });
  if (nullable) return fc.option(value, { nil: null, freq: 3 });
  return value;
}

/**
 * Text a refinement asks for, by the field's name (a refinement's rule cannot be read from the schema): e-mail
 * addresses, time zones, links.
 */
function byName(name: string): fc.Arbitrary<string> | undefined {
  if (/email$/i.test(name)) return fc.emailAddress();
  if (/timezone$/i.test(name)) return fc.constantFrom('Europe/Paris', 'UTC', 'America/New_York');
  if (/url$/i.test(name))
    return fc.oneof(fc.webUrl(), fc.constantFrom('/about', '/', 'mailto:a@example.org'));
  return undefined;
}

/** A password's confirmation repeats the password, unless one of them is the field made wrong. */
function confirmPassword(entries: Array<readonly [string, unknown]>, wrong: readonly string[] = []) {
  const password = entries.find(([k]) => k === 'password');
  if (!password || wrong.includes('password') || wrong.includes('passwordConfirmation')) return entries;
  return entries.map(([k, v]) =>
    k === 'passwordConfirmation' ? ([k, password[1]] as const) : ([k, v] as const),
  );
}

function validCore(inner: z.ZodTypeAny, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (inner instanceof z.ZodString) return validString(inner);
  if (inner instanceof z.ZodNumber) return validNumber(inner);
  if (inner instanceof z.ZodBoolean) return fc.boolean();
  if (inner instanceof z.ZodLiteral) return fc.constantFrom(...[...inner.values]);
  if (inner instanceof z.ZodEnum) return fc.constantFrom(...(inner.options as Array<string | number>));
  if (inner instanceof z.ZodNull) return fc.constant(null);
  if (inner instanceof z.ZodUndefined) return fc.constant(undefined);
  if (inner instanceof z.ZodDate) return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (inner instanceof z.ZodObject) {
    const shape = inner.shape as Record<string, z.ZodTypeAny>;
    return fc
      .record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, validValue(v, depth + 1, k)])))
      .map((record) => objectOf(confirmPassword(Object.entries(record).filter(([, v]) => v !== undefined))));
  }
  if (inner instanceof z.ZodArray) {
    const bounds: { length?: number; minimum?: number; maximum?: number } = {};
    for (const { _zod } of inner._zod.def.checks ?? []) Object.assign(bounds, _zod.def);
    const minLength = bounds.length ?? bounds.minimum ?? 0;
    const maxLength = bounds.length ?? Math.min(bounds.maximum ?? 3, Math.max(minLength, 3));
    return fc.array(validValue(inner.element as z.ZodTypeAny, depth + 1), { minLength, maxLength });
  }
  if (inner instanceof z.ZodTuple)
    return fc.tuple(...(inner._zod.def.items as z.ZodTypeAny[]).map((item) => validValue(item, depth + 1)));
  if (inner instanceof z.ZodRecord)
    return fc
      .array(
        fc.tuple(
          validValue(inner.keyType as z.ZodTypeAny, depth + 1).map(String),
          validValue(inner.valueType as z.ZodTypeAny, depth + 1),
        ),
        { maxLength: 3 },
      )
      .map(objectOf);
  if (inner instanceof z.ZodUnion || inner instanceof z.ZodDiscriminatedUnion) {
    const options = [...(inner.options as Iterable<z.ZodTypeAny>)];
    return fc.oneof(...options.map((option) => validValue(option, depth + 1)));
  }
  if (inner instanceof z.ZodIntersection)
    return fc
      .tuple(
        validValue(inner._def.left as z.ZodTypeAny, depth + 1),
        validValue(inner._def.right as z.ZodTypeAny, depth + 1),
      )
      .map(([a, b]) =>
        a !== null && b !== null && typeof a === 'object' && typeof b === 'object' ? { ...a, ...b } : b,
      );
  return fc.jsonValue({ maxDepth: 1 });
}

/**
 * A value of `schema` with one part made wrong, now and then two: the schema's own value everywhere else, and one
 * field (at any depth: an attribute of a document's data) given a wrong value or left out.
 */
function oneWrong(schema: z.ZodTypeAny, depth: number): fc.Arbitrary<unknown> {
  const inner = core(schema);
  if (depth < 6 && inner instanceof z.ZodObject) {
    const shape = inner.shape as Record<string, z.ZodTypeAny>;
    const keys = Object.keys(shape);
    if (keys.length === 0) return wrongValue(schema);
    // built once per schema, not per generated value: the chain below only picks among them
    const valid = Object.fromEntries(keys.map((key) => [key, validValue(shape[key]!, depth + 1, key)]));
    const broken = Object.fromEntries(
      keys.map((key) => {
        const field = shape[key]!;
        return [
          key,
          fc.oneof(
            { weight: 3, arbitrary: oneWrong(field, depth + 1) },
            // left out: only wrong when the field is required
            { weight: field.isOptional() ? 0 : 1, arbitrary: fc.constant(undefined) },
          ),
        ];
      }),
    );
    const chosen = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...keys).map((key) => [key]) },
      { weight: 1, arbitrary: fc.uniqueArray(fc.constantFrom(...keys), { minLength: 1, maxLength: 2 }) },
    );
    return chosen.chain((wrong) =>
      fc
        .record(Object.fromEntries(keys.map((key) => [key, (wrong.includes(key) ? broken : valid)[key]!])))
        .map((record) =>
          objectOf(
            confirmPassword(
              keys.filter((k) => record[k] !== undefined).map((k) => [k, record[k]] as const),
              wrong,
            ),
          ),
        ),
    );
  }
  if (depth < 6 && inner instanceof z.ZodArray) {
    const element = inner.element as z.ZodTypeAny;
    return fc.oneof(
      fc
        .tuple(
          fc.array(validValue(element, depth + 1), { maxLength: 2 }),
          oneWrong(element, depth + 1),
          fc.nat(2),
        )
        .map(([valid, wrong, at]) => [...valid.slice(0, at), wrong, ...valid.slice(at)]),
      wrongValue(schema, depth),
    );
  }
  if (depth < 6 && (inner instanceof z.ZodUnion || inner instanceof z.ZodDiscriminatedUnion)) {
    const options = [...(inner.options as Iterable<z.ZodTypeAny>)];
    return fc.oneof(...options.map((option) => oneWrong(option, depth + 1)));
  }
  return wrongValue(schema, depth);
}

/**
 * Near-valid input for `schema`: mostly a valid value with one or two fields made wrong, now and then the valid
 * value itself (which a route may still refuse past its shape: an unknown id, a rule across fields).
 */
export function nearValid(schema: z.ZodTypeAny): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: oneWrong(schema, 0) },
    { weight: 1, arbitrary: validValue(schema) },
  );
}
