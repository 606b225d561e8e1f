import { allows, type AccessRule, type ViewerFacts } from '@platform/contracts/resources/access';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { resourceFields, type FieldKind } from '@platform/contracts/resources/fields';
import type { MediaFamily } from '@platform/contracts/resources/files';
import type { ZodTypeAny } from 'zod/v4';
import { browserTimeZone, instantOfLocalInput, localInputOf } from '../../time/zone.ts';

/**
 * The create and update forms of a resource, made from its definition: one field per attribute (its widget
 * chosen by the attribute's kind, resourceFields) and one per relationship (a picker of the related records),
 * the values the widgets hold,
 * and the JSON:API attributes and relationships a save sends.
 */
export type Widget =
  'text' | 'multiline' | 'number' | 'switch' | 'select' | 'datetime' | 'json' | 'relationship';

export interface FormField {
  name: string;
  widget: Widget;
  kind: FieldKind | 'relationship';
  /** the server refuses an empty value: the label says so */
  required: boolean;
  nullable: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  integer?: boolean;
  enumValues?: readonly string[];
  /**
   * a secret the platform makes (generatedSecret: a form's link token): never asked on a create, shown on an
   * update as one line of text whose emptying asks the platform for a new one
   */
  generated?: 'secret';
  /**
   * for a relationship: the target type and whether it holds several ids; a file field (ADR 0027) names the media
   * families it takes, and is edited by uploading a file rather than picking a record
   */
  relationship?: {
    type: string;
    many: boolean;
    families?: readonly MediaFamily[];
    /** a private file field: its files are uploaded not public (an account's invoice) */
    private?: boolean;
  };
}

/**
 * A widget's value: text for most, a number (null: empty) for numbers, a flag for switches; a relationship's
 * chosen id, or ids one a line.
 */
export type FormValue = string | number | boolean | null;
export type FormValues = Record<string, FormValue>;

/** Problems found before sending: the field's value cannot be turned into what the server expects. */
export type ClientProblem = 'required' | 'json' | 'datetime';

const WIDGETS: Record<FieldKind, Widget> = {
  text: 'text',
  longText: 'multiline',
  // the rich text field replaces it (issue 21, WP6)
  richText: 'multiline',
  integer: 'number',
  number: 'number',
  boolean: 'switch',
  datetime: 'datetime',
  enum: 'select',
  json: 'json',
};

/**
 * The form's fields: every attribute and relationship the viewer may write (field-level access, when `viewer` is
 * given), so that a form does not send what the server would refuse (a contributor's new item without the
 * publishers' access level and publication date). A create form (`mode`) leaves out the secrets the platform
 * makes (a form's link token): there is nothing to ask, the platform makes one.
 */
export function formFields(
  definition: ResourceDefinition,
  viewer?: ViewerFacts,
  mode?: 'create' | 'update',
): FormField[] {
  // what the platform alone writes (a file's hash, an admin file's path) is shown by the record, never edited
  const platformOnly = (name: string) => definition.fieldAccess[name]?.write === 'nobody';
  const writable = (rule: { write: AccessRule } | undefined) =>
    !rule || !viewer || allows(rule.write, viewer);
  const attributes = resourceFields(definition)
    .filter((f) => !platformOnly(f.name) && writable(definition.fieldAccess[f.name]))
    .filter((f) => !(mode === 'create' && f.generated === 'secret'))
    .map((f): FormField => ({
      name: f.name,
      // a secret is one line of text, whatever its length
      widget: f.generated === 'secret' ? 'text' : WIDGETS[f.kind],
      kind: f.kind,
      required: !f.optional && !f.nullable && f.kind !== 'boolean',
      nullable: f.nullable,
      ...(f.maxLength !== undefined ? { maxLength: f.maxLength } : {}),
      ...(f.min !== undefined ? { min: f.min } : {}),
      ...(f.max !== undefined ? { max: f.max } : {}),
      ...(f.kind === 'integer' ? { integer: true } : {}),
      ...(f.enumValues ? { enumValues: f.enumValues } : {}),
      ...(f.generated ? { generated: f.generated } : {}),
    }));
  // a read-only relationship is another workflow's (an organization's members): shown, never edited here; a
  // polymorphic one (a comment's record) is set where the record is shown, not picked here
  const editable = Object.entries(definition.relationships).filter(
    ([name, spec]) => !spec.readOnly && !spec.polymorphic && writable(definition.relationshipAccess[name]),
  );
  const relationships = editable.map(([name, spec]): FormField => ({
    name,
    widget: 'relationship',
    kind: 'relationship',
    // a create must name it (the label says so; the server's 422 names it on the field when it is left empty)
    required: spec.required ?? false,
    nullable: !spec.required,
    relationship: {
      type: spec.type,
      many: spec.many ?? false,
      ...(spec.file ? { families: spec.file.families } : {}),
      ...(spec.file?.private ? { private: true } : {}),
    },
  }));
  return [...attributes, ...relationships];
}

type Relationship = { data: { id: string } | null | Array<{ id: string }> } | undefined;

/** The widgets' values for a record (update), or for a new one (create: the schema's defaults). */
export function initialValues(
  fields: readonly FormField[],
  record: { attributes: Record<string, unknown>; relationships?: Record<string, unknown> } | null,
  defaults: Record<string, unknown> = {},
  /** the zone a date and time field shows its instant in: the viewer's (session/time-zone.ts) */
  zone: string = browserTimeZone(),
): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    if (field.relationship) {
      const data = (record?.relationships?.[field.name] as Relationship)?.data;
      values[field.name] = Array.isArray(data) ? data.map((r) => r.id).join('\n') : (data?.id ?? '');
      continue;
    }
    const value = record ? record.attributes[field.name] : defaults[field.name];
    switch (field.widget) {
      case 'switch':
        values[field.name] = value === true;
        break;
      case 'number':
        values[field.name] = typeof value === 'number' ? value : null;
        break;
      case 'datetime':
        values[field.name] = localInputOf(value, zone);
        break;
      case 'json':
        values[field.name] = value === undefined || value === null ? '' : JSON.stringify(value, null, 2);
        break;
      default:
        values[field.name] = typeof value === 'string' ? value : '';
    }
  }
  return values;
}

/** The schema's defaults, for a new record's form (a field without one starts empty). */
/** What an id in an address may look like: a uuid, or a fixed row's key (`pending`, `other`). */
const PRESET_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A create form's relationships chosen by its address (`/admin/resources/eqlaat-project-steps/create?project=<id>`,
 * from the project's screen): each to-one relationship field the form has, named by a well-formed id. Anything else
 * in the address is left out, so an address can only preselect what the reader could pick themselves.
 */
export function presetRelationships(fields: readonly FormField[], search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const preset: Record<string, string> = {};
  for (const field of fields) {
    if (!field.relationship || field.relationship.many || field.relationship.families) continue;
    const id = params.get(field.name);
    if (id && PRESET_ID.test(id)) preset[field.name] = id;
  }
  return preset;
}

export function defaultsOf(definition: ResourceDefinition): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(definition.attributes.shape)) {
    const parsed = (schema as ZodTypeAny).safeParse(undefined);
    if (parsed.success && parsed.data !== undefined) defaults[name] = parsed.data;
  }
  return defaults;
}

const OMIT = Symbol('omit');
type Converted = unknown | typeof OMIT;

/**
 * One widget's value as the API takes it. An empty value is null where the attribute may be null, left out on a
 * create where the schema has a default, and otherwise sent as it is (an empty text) or refused here (a number,
 * a date) so that the reader learns at once what is missing.
 */
function convert(
  field: FormField,
  value: FormValue,
  mode: 'create' | 'update',
  zone: string,
): Converted | ClientProblem {
  const empty = value === null || value === '';
  const whenEmpty = (): Converted | ClientProblem =>
    field.nullable ? null : mode === 'create' && !field.required ? OMIT : 'required';
  // an emptied secret asks the platform for a new one (null); a create leaves it to the platform
  if (field.generated === 'secret' && empty) return mode === 'create' ? OMIT : null;
  switch (field.widget) {
    case 'switch':
      return value === true;
    case 'number':
      return typeof value === 'number' && !Number.isNaN(value) ? value : whenEmpty();
    case 'datetime': {
      if (empty) return whenEmpty();
      return instantOfLocalInput(String(value), zone) ?? 'datetime';
    }
    case 'select':
      return empty ? whenEmpty() : value;
    case 'json': {
      if (empty) return whenEmpty();
      try {
        return JSON.parse(String(value)) as unknown;
      } catch {
        return 'json';
      }
    }
    default:
      // an empty required text goes to the server, whose 422 names the rule on the field
      return empty && (field.nullable || (mode === 'create' && !field.required))
        ? whenEmpty()
        : (value ?? '');
  }
}

/** A relationship widget's ids (its value holds them one a line). */
export function relationshipIds(value: FormValue): string[] {
  return typeof value === 'string'
    ? value
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}

/** The picker holds only ids the server offered (uuids, or a reference list's fixed keys): no check here. */
function convertRelationship(field: FormField, value: FormValue): unknown {
  const { type, many } = field.relationship!;
  const ids = relationshipIds(value);
  if (many) return { data: ids.map((id) => ({ type, id })) };
  return { data: ids[0] ? { type, id: ids[0] } : null };
}

export interface SaveDocument {
  attributes: Record<string, unknown>;
  relationships: Record<string, unknown>;
  /** fields whose value cannot be sent, with the reason */
  problems: Record<string, ClientProblem>;
}

const isProblem = (v: unknown): v is ClientProblem => v === 'required' || v === 'json' || v === 'datetime';

/**
 * What a save sends: every value on a create; on an update only what differs from the loaded record (an update
 * that changes nothing appends nothing, and the history then shows exactly what the editor changed).
 */
export function toSaveDocument(
  fields: readonly FormField[],
  values: FormValues,
  mode: 'create' | 'update',
  initial?: FormValues,
  /** the zone a date and time field's wall-clock value is read in, as initialValues showed it */
  zone: string = browserTimeZone(),
): SaveDocument {
  const out: SaveDocument = { attributes: {}, relationships: {}, problems: {} };
  for (const field of fields) {
    const value = values[field.name] ?? null;
    if (mode === 'update' && initial && sameValue(value, initial[field.name] ?? null)) continue;
    if (field.relationship) {
      const rel = convertRelationship(field, value);
      if (isProblem(rel)) out.problems[field.name] = rel;
      else out.relationships[field.name] = rel;
      continue;
    }
    const converted = convert(field, value, mode, zone);
    if (converted === OMIT) continue;
    if (isProblem(converted)) out.problems[field.name] = converted;
    else out.attributes[field.name] = converted;
  }
  return out;
}

function sameValue(a: FormValue, b: FormValue): boolean {
  const norm = (v: FormValue) => (v === '' || (typeof v === 'number' && Number.isNaN(v)) ? null : v);
  return norm(a) === norm(b);
}

/**
 * Which form field a server error names: an attribute (`/data/attributes/name`), a relationship
 * (`/data/relationships/user/data/id` → user, `/data/relationships/tags/data/2/id` → tags) or the id; '_form'
 * when none of the form's fields.
 */
export function fieldOfServerPointer(pointer: string | undefined, fields: readonly FormField[]): string {
  if (!pointer) return '_form';
  const tokens = pointer.split('/').slice(1);
  if (tokens[0] !== 'data') return '_form';
  if (tokens[1] === 'id' && tokens.length === 2) return 'id';
  const name = tokens[2];
  if ((tokens[1] === 'attributes' || tokens[1] === 'relationships') && name) {
    return fields.some((f) => f.name === name) ? name : '_form';
  }
  return '_form';
}
