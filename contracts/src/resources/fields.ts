import { z } from 'zod/v4';
import type { ResourceDefinition } from './definition.ts';

/** What an attribute holds, read from its zod schema: the projection's column type and the form's widget. */
export type FieldKind =
  'text' | 'longText' | 'richText' | 'integer' | 'number' | 'boolean' | 'datetime' | 'enum' | 'json';

export interface FieldInfo {
  name: string;
  kind: FieldKind;
  nullable: boolean;
  /** the create form may leave it out (it has a default or may be absent) */
  optional: boolean;
  enumValues?: readonly string[];
  maxLength?: number;
  min?: number;
  max?: number;
  /** how screens show the value when not as itself: a count of bytes as a size (`2.4 MB`) */
  display?: 'bytes';
  /** a secret the command side makes when the value is empty (generatedSecret): the forms say so */
  generated?: 'secret';
}

/** Longer limits than this get a multi-line field, unless the attribute is marked single-line. */
const SHORT_TEXT = 255;

const SINGLE_LINE = 'resource-field:single-line';
const BYTES = 'resource-field:bytes';
const RICH_TEXT = 'resource-field:rich-text';
const GENERATED_SECRET = 'resource-field:generated-secret';

/**
 * Marks a text attribute as one line whatever its length (a path, a URL): the forms give it a one-line field. A
 * zod description, so the schema validates exactly as before.
 */
export function singleLine<T extends z.ZodTypeAny>(schema: T): T {
  return schema.describe(SINGLE_LINE);
}

/**
 * Marks an integer attribute as a count of bytes (a file's size): screens show it as a size in the reader's
 * language. A zod description, so the schema validates (and the projection stores it) exactly as before.
 */
export function byteSize<T extends z.ZodTypeAny>(schema: T): T {
  return schema.describe(BYTES);
}

/**
 * Marks a text attribute as rich HTML written by members (an article's section, a forum message): the command
 * side sanitises it before deciding (MEMBER_RICH_HTML_POLICY, content/rich-text.ts), wherever it is in the
 * attribute (at the top level or inside objects and arrays), and the forms give it the rich text field. A zod
 * description, so the schema validates exactly as before.
 */
export function richText<T extends z.ZodTypeAny>(schema: T): T {
  return schema.describe(RICH_TEXT);
}

/**
 * Marks a nullable text attribute as a secret the platform makes (a form's link token): the command side fills it
 * with a random URL-safe value of 32 characters when a create leaves it empty, and again when an update empties it
 * (the old value then stops working). Mark the outermost schema (its `.default(null)`), so that a marker inside it
 * (singleLine) stays. A zod description: the schema validates exactly as before.
 */
export function generatedSecret<T extends z.ZodTypeAny>(schema: T): T {
  return schema.describe(GENERATED_SECRET);
}

/** The attributes of a schema marked by generatedSecret, by name. */
export function generatedSecrets(attributes: z.ZodObject): string[] {
  return Object.entries(attributes.shape)
    .filter(([, schema]) => (schema as z.ZodType).description === GENERATED_SECRET)
    .map(([name]) => name);
}

/**
 * The schema a transform or a preprocess wraps, or null when `schema` is neither: zod 4 writes both as a pipe
 * with a transform at one end (refinements stay on the schema itself). A pipe between two schemas is a type of
 * its own, not a wrapper.
 */
export function transformed(schema: z.ZodType): z.ZodType | null {
  if (!(schema instanceof z.ZodPipe)) return null;
  if (schema.out instanceof z.ZodTransform) return schema.in as z.ZodType;
  if (schema.in instanceof z.ZodTransform) return schema.out as z.ZodType;
  return null;
}

/** Whether a schema (or one of its wrappers: nullable, optional, default) is marked as rich text. */
export function isRichText(schema: z.ZodType): boolean {
  let inner: z.ZodType | null = schema;
  while (inner) {
    if (inner.description === RICH_TEXT) return true;
    if (inner instanceof z.ZodNullable || inner instanceof z.ZodOptional || inner instanceof z.ZodDefault)
      inner = inner.unwrap() as z.ZodType;
    else inner = transformed(inner);
  }
  return false;
}

/** A number schema's own bounds (its min/max/positive... checks; not the safe-integer range `int()` implies). */
export function numberBounds(schema: z.ZodNumber): { min?: number; max?: number } {
  let min: number | undefined;
  let max: number | undefined;
  for (const check of schema._zod.def.checks ?? []) {
    const def = check._zod.def as { check: string; value?: unknown };
    if (def.check === 'greater_than' && typeof def.value === 'number')
      min = Math.max(min ?? -Infinity, def.value);
    if (def.check === 'less_than' && typeof def.value === 'number')
      max = Math.min(max ?? Infinity, def.value);
  }
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

export function fieldInfo(name: string, schema: z.ZodType): FieldInfo {
  const flags = {
    nullable: false,
    optional: false,
    singleLine: false,
    bytes: false,
    richText: false,
    secret: false,
  };
  let inner = schema;
  // each wrapper may add a flag; unwrap until a plain type
  for (;;) {
    if (inner.description === SINGLE_LINE) flags.singleLine = true;
    if (inner.description === BYTES) flags.bytes = true;
    if (inner.description === RICH_TEXT) flags.richText = true;
    if (inner.description === GENERATED_SECRET) flags.secret = true;
    if (inner instanceof z.ZodNullable) {
      flags.nullable = true;
      inner = inner.unwrap() as z.ZodType;
    } else if (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) {
      flags.optional = true;
      inner = inner.unwrap() as z.ZodType;
    } else {
      const wrapped = transformed(inner);
      if (!wrapped) break;
      inner = wrapped;
    }
  }
  const base = {
    name,
    nullable: flags.nullable,
    optional: flags.optional || flags.nullable,
    ...(flags.secret ? { generated: 'secret' as const } : {}),
  };
  if (inner instanceof z.ZodString) {
    if (inner.format === 'datetime') return { ...base, kind: 'datetime' };
    const maxLength = inner.maxLength ?? undefined;
    if (flags.richText)
      return { ...base, kind: 'richText', ...(maxLength !== undefined ? { maxLength } : {}) };
    return {
      ...base,
      kind: flags.singleLine || (maxLength !== undefined && maxLength <= SHORT_TEXT) ? 'text' : 'longText',
      ...(maxLength !== undefined ? { maxLength } : {}),
    };
  }
  if (inner instanceof z.ZodNumber) {
    return {
      ...base,
      kind: inner.isInt ? 'integer' : 'number',
      ...numberBounds(inner),
      ...(flags.bytes ? { display: 'bytes' as const } : {}),
    };
  }
  if (inner instanceof z.ZodBoolean) return { ...base, kind: 'boolean' };
  if (inner instanceof z.ZodEnum) return { ...base, kind: 'enum', enumValues: inner.options as string[] };
  return { ...base, kind: 'json' };
}

/** Every attribute of a resource, in the order the definition declares them. */
export function resourceFields(definition: ResourceDefinition): FieldInfo[] {
  return Object.entries(definition.attributes.shape).map(([name, schema]) =>
    fieldInfo(name, schema as z.ZodType),
  );
}
