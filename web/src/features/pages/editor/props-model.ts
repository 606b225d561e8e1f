import { RECORD_REFERENCE_PREFIX } from '@platform/contracts/pages/components';
import { numberBounds, transformed } from '@platform/contracts/resources/fields';
import { z } from 'zod/v4';

/**
 * The form of a page component's props, read from its zod schema (contracts/src/pages/components.ts): one node
 * per value the schema holds, so that a new component type or a new prop gets its fields without a line here.
 * The form edits the props as the JSON value the API takes; `toProps` tidies it before a save (an empty text
 * where null is allowed becomes null, an empty number is left out for the server to name).
 */

interface Flags {
  /** null is a value: a switch turns a nested object on and off; an empty text is sent as null */
  nullable: boolean;
  /** the schema fills the value in when it is absent */
  hasDefault: boolean;
  defaultValue?: unknown;
  /** the key may be left out */
  optional: boolean;
}

export type PropNode = Flags &
  (
    | { kind: 'text'; multiline: boolean; minLength?: number; maxLength?: number }
    | { kind: 'number'; integer: boolean; min?: number; max?: number }
    | { kind: 'boolean' }
    | { kind: 'enum'; values: readonly string[] }
    | { kind: 'object'; fields: readonly PropField[] }
    | { kind: 'array'; item: PropNode; min?: number; max?: number }
    /**
     * ids of records of `type` (a string array whose items are described `record:<type>`): a picker; `single`, one
     * record's id or null (a string described so)
     */
    | { kind: 'records'; type: string; max?: number; single?: boolean }
    | { kind: 'union'; discriminator: string; options: ReadonlyArray<{ value: string; node: ObjectNode }> }
    | { kind: 'literal'; value: unknown }
    | { kind: 'json' }
  );
export type ObjectNode = Extract<PropNode, { kind: 'object' }>;
export type ArrayNode = Extract<PropNode, { kind: 'array' }>;
export type UnionNode = Extract<PropNode, { kind: 'union' }>;
export type RecordsNode = Extract<PropNode, { kind: 'records' }>;

export interface PropField {
  name: string;
  node: PropNode;
}

/** Texts allowed to be longer than this get a multi-line field (subtitles, descriptions, HTML)... */
const SHORT_TEXT = 500;
/** ...but for URLs (the contracts' limit for them and for site paths): a URL stays on one line. */
const URL_MAX_LENGTH = 2048;

/** An array's own bounds (min, max). */
function lengthBounds(schema: z.ZodArray): { min?: number; max?: number } {
  const bounds: { min?: number; max?: number } = {};
  for (const check of schema._zod.def.checks ?? []) {
    const def = check._zod.def as { check: string; minimum?: number; maximum?: number };
    if (def.check === 'min_length') bounds.min = def.minimum;
    if (def.check === 'max_length') bounds.max = def.maximum;
  }
  return bounds;
}

export function describeSchema(schema: z.ZodTypeAny): PropNode {
  const flags: Flags = { nullable: false, hasDefault: false, optional: false };
  let inner = schema;
  for (;;) {
    if (inner instanceof z.ZodNullable) {
      flags.nullable = true;
      inner = inner.unwrap() as z.ZodTypeAny;
    } else if (inner instanceof z.ZodOptional) {
      flags.optional = true;
      inner = inner.unwrap() as z.ZodTypeAny;
    } else if (inner instanceof z.ZodDefault) {
      if (!flags.hasDefault) {
        flags.hasDefault = true;
        flags.defaultValue = inner._zod.def.defaultValue;
      }
      inner = inner.unwrap() as z.ZodTypeAny;
    } else {
      const wrapped = transformed(inner);
      if (!wrapped) break;
      inner = wrapped;
    }
  }
  if (inner instanceof z.ZodString && inner.description?.startsWith(RECORD_REFERENCE_PREFIX))
    return {
      ...flags,
      kind: 'records',
      type: inner.description.slice(RECORD_REFERENCE_PREFIX.length),
      max: 1,
      single: true,
    };
  if (inner instanceof z.ZodString) {
    const maxLength = inner.maxLength ?? undefined;
    const minLength = inner.minLength ?? undefined;
    return {
      ...flags,
      kind: 'text',
      multiline: maxLength !== undefined && maxLength > SHORT_TEXT && maxLength !== URL_MAX_LENGTH,
      ...(maxLength !== undefined ? { maxLength } : {}),
      ...(minLength !== undefined && minLength > 0 ? { minLength } : {}),
    };
  }
  if (inner instanceof z.ZodNumber) {
    return {
      ...flags,
      kind: 'number',
      integer: inner.isInt,
      ...numberBounds(inner),
    };
  }
  if (inner instanceof z.ZodBoolean) return { ...flags, kind: 'boolean' };
  if (inner instanceof z.ZodEnum) return { ...flags, kind: 'enum', values: inner.options as string[] };
  if (inner instanceof z.ZodLiteral) return { ...flags, kind: 'literal', value: inner.value };
  if (inner instanceof z.ZodObject) {
    const shape = inner.shape as Record<string, z.ZodTypeAny>;
    return {
      ...flags,
      kind: 'object',
      fields: Object.entries(shape).map(([name, s]) => ({ name, node: describeSchema(s) })),
    };
  }
  if (inner instanceof z.ZodArray) {
    const { min, max } = lengthBounds(inner);
    const described = (inner.element as z.ZodTypeAny).description;
    if (described?.startsWith(RECORD_REFERENCE_PREFIX))
      return {
        ...flags,
        kind: 'records',
        type: described.slice(RECORD_REFERENCE_PREFIX.length),
        ...(max !== undefined ? { max } : {}),
      };
    return {
      ...flags,
      kind: 'array',
      item: describeSchema(inner.element as z.ZodTypeAny),
      ...(min !== undefined ? { min } : {}),
      ...(max !== undefined ? { max } : {}),
    };
  }
  if (inner instanceof z.ZodDiscriminatedUnion) {
    const discriminator = inner._zod.def.discriminator;
    const options = inner.options.flatMap((option) => {
      const node = describeSchema(option as z.ZodTypeAny);
      const tag = node.kind === 'object' ? node.fields.find((f) => f.name === discriminator) : undefined;
      if (node.kind !== 'object' || tag?.node.kind !== 'literal') return [];
      return [{ value: String(tag.node.value), node }];
    });
    return { ...flags, kind: 'union', discriminator, options };
  }
  return { ...flags, kind: 'json' };
}

/** A value a new field starts with: the schema's default, else null where allowed, else an empty value. */
export function initialValue(node: PropNode): unknown {
  if (node.hasDefault) return structuredClone(node.defaultValue);
  if (node.nullable) return null;
  return emptyValue(node);
}

/** The value of a field switched on (a nullable object) or of a new list item: never null. */
export function emptyValue(node: PropNode): unknown {
  switch (node.kind) {
    case 'text':
      return '';
    case 'number':
      return node.min !== undefined && node.min > 0 ? node.min : null;
    case 'boolean':
      return false;
    case 'enum':
      return node.values[0] ?? '';
    case 'literal':
      return node.value;
    case 'object':
      return Object.fromEntries(node.fields.map((f) => [f.name, initialValue(f.node)]));
    case 'array':
      return Array.from({ length: node.min ?? 0 }, () => emptyValue(node.item));
    case 'records':
      return node.single ? null : [];
    case 'union': {
      const first = node.options[0];
      return first ? emptyValue(first.node) : {};
    }
    case 'json':
      return null;
  }
}

/** The props a new component of a type starts with. */
export function initialProps(node: PropNode): Record<string, unknown> {
  const value = emptyValue(node);
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The option of a union the value stands for (its discriminator), else the first one. */
export function unionOption(node: UnionNode, value: unknown) {
  const tag = isRecord(value) ? value[node.discriminator] : undefined;
  return node.options.find((o) => o.value === tag) ?? node.options[0];
}

/**
 * A union switched to another option: the fields both options share keep their values (a link's label), the
 * others start empty.
 */
export function switchUnion(node: UnionNode, value: unknown, to: string): Record<string, unknown> {
  const option = node.options.find((o) => o.value === to);
  if (!option) return isRecord(value) ? value : {};
  const next = emptyValue(option.node) as Record<string, unknown>;
  if (isRecord(value)) {
    for (const field of option.node.fields) {
      if (field.name !== node.discriminator && field.name in value) next[field.name] = value[field.name];
    }
  }
  return next;
}

export type PropPath = ReadonlyArray<string | number>;

/** 'buttons.0.label': the key of a field's errors, as api/field-errors.ts names a pointer under props. */
export const pathKey = (path: PropPath) => path.join('.');

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy of `root` with the value at `path` replaced (objects and arrays on the way are copied). */
export function setAt(root: unknown, path: PropPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  if (typeof head === 'number') {
    const list = Array.isArray(root) ? [...(root as unknown[])] : [];
    list[head] = setAt(list[head], rest, value);
    return list;
  }
  const record = isRecord(root) ? { ...root } : {};
  record[head] = setAt(record[head], rest, value);
  return record;
}

/**
 * The props a save sends: an empty text is null where null is allowed, and left out where the key is optional;
 * an empty number is left out (the server's 422 then names it, or its default applies).
 */
export function toProps(node: PropNode, value: unknown): unknown {
  if (value === null || value === undefined) return value === null && node.nullable ? null : undefined;
  switch (node.kind) {
    case 'text':
      if (value === '' && node.nullable) return null;
      if (value === '' && node.optional) return undefined;
      return value;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'object': {
      if (!isRecord(value)) return value;
      return tidyObject(node.fields, value);
    }
    case 'union': {
      if (!isRecord(value)) return value;
      const option = unionOption(node, value);
      if (!option) return value;
      // another kind's fields (left from a switch of kind) go; keys no kind knows stay for the server to name
      const others = node.options.flatMap((o) => o.node.fields.map((f) => f.name));
      return tidyObject(option.node.fields, value, new Set(others));
    }
    case 'array':
      return Array.isArray(value) ? value.map((item) => toProps(node.item, item) ?? null) : value;
    default:
      return value;
  }
}

function tidyObject(
  fields: readonly PropField[],
  value: Record<string, unknown>,
  dropped: ReadonlySet<string> = new Set(),
) {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const tidied = toProps(field.node, value[field.name]);
    if (tidied !== undefined) out[field.name] = tidied;
  }
  // keys the schema does not know are kept: the server's strict schema names them rather than the form hiding them
  for (const [name, v] of Object.entries(value))
    if (!fields.some((f) => f.name === name) && !dropped.has(name)) out[name] = v;
  return out;
}

/** Every field's key in the form as it stands (list items, the chosen union option, switched-on objects). */
export function fieldKeys(node: PropNode, value: unknown, path: PropPath = []): string[] {
  const own = path.length ? [pathKey(path)] : [];
  switch (node.kind) {
    case 'object':
      if (!isRecord(value)) return own;
      return [...own, ...node.fields.flatMap((f) => fieldKeys(f.node, value[f.name], [...path, f.name]))];
    case 'union': {
      const option = isRecord(value) ? unionOption(node, value) : undefined;
      return option
        ? [...own, ...fieldKeys(option.node, value, path).filter((k) => k !== pathKey(path))]
        : own;
    }
    case 'array':
      if (!Array.isArray(value)) return own;
      return [...own, ...value.flatMap((item, i) => fieldKeys(node.item, item, [...path, i]))];
    default:
      return own;
  }
}
