import { resourceDefinition } from '@platform/contracts/resources/catalogue';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { resourceFields, type FieldKind } from '@platform/contracts/resources/fields';

const COLUMN_TYPES: Record<FieldKind, string> = {
  text: 'text',
  longText: 'text',
  richText: 'text',
  integer: 'bigint',
  number: 'double precision',
  boolean: 'boolean',
  datetime: 'timestamptz',
  enum: 'text',
  json: 'jsonb',
};

export const snake = (name: string) =>
  name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace(/-/g, '_');

/**
 * The columns every record's row has (its id, its stream version, who and when): an attribute of the same name
 * (an open badge's `version`) gets its column under another name, `<name>_attribute`.
 */
const RECORD_COLUMNS = new Set([
  'id',
  'version',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
  'deleted_at',
]);
const attributeColumn = (name: string) =>
  RECORD_COLUMNS.has(snake(name)) ? `${snake(name)}_attribute` : snake(name);

/** The shapes worked out so far: a definition never changes once made, and every read asks for its shape. */
const shapes = new WeakMap<ResourceDefinition, ReturnType<typeof shapeOf>>();

/**
 * Where a resource's rows live and what its columns are called: the projection writes them, the query side
 * reads them. Worked out once per definition (the read side asks for it on every request: the read gates of a
 * forum message list its subject's table; issue 21's bench found it a few percent of a list's CPU); the answer
 * is shared, so it is read, never changed.
 */
export function resourceTable(definition: ResourceDefinition): ReturnType<typeof shapeOf> {
  let shape = shapes.get(definition);
  if (!shape) {
    shape = shapeOf(definition);
    shapes.set(definition, shape);
  }
  return shape;
}

function shapeOf(definition: ResourceDefinition) {
  const table = snake(definition.type);
  const attributes = resourceFields(definition).map((field) => ({
    ...field,
    column: attributeColumn(field.name),
    sqlType: COLUMN_TYPES[field.kind],
  }));
  const computed = Object.entries(definition.computed).map(([name, kind]) => ({
    name,
    kind,
    column: attributeColumn(name),
    sqlType: COLUMN_TYPES[kind],
  }));
  const relationships = Object.entries(definition.relationships).map(([name, spec]) => {
    // ids of a type with fixed rows are keys ('other') as well as uuids; a polymorphic target's id is either
    const id = spec.polymorphic || resourceDefinition(spec.type)?.fixedRows.rows.length ? 'text' : 'uuid';
    return {
      name,
      ...spec,
      column: spec.many ? `${snake(name)}_ids` : `${snake(name)}_id`,
      sqlType: spec.many ? `${id}[]` : id,
      /** a polymorphic relationship's second column: the target's type */
      typeColumn: spec.polymorphic ? `${snake(name)}_type` : null,
    };
  });
  return { projection: `resource_${table}`.slice(0, 40), table, attributes, computed, relationships };
}

/** The column of an attribute, a computed attribute or a to-one or to-many relationship of a resource, by name. */
export function resourceColumn(definition: ResourceDefinition, name: string): string {
  const shape = resourceTable(definition);
  const column =
    shape.attributes.find((a) => a.name === name)?.column ??
    shape.computed.find((a) => a.name === name)?.column ??
    shape.relationships.find((r) => r.name === name)?.column;
  if (!column) throw new Error(`${definition.type} has no column for ${name}`);
  return column;
}

/** A column of a resource's table, by name and SQL type. */
export interface TableColumn {
  column: string;
  sqlType: string;
}

const visibilityColumnsOf = new WeakMap<ResourceDefinition, TableColumn[]>();

/**
 * Every column of a resource's table that its visibility to a viewer can read (query-api's readableSql, ruleSql
 * and gateSql): its authors, soft deletion, publication date and access level, the owner, organization and users
 * relationships, its boolean attributes (the rules' flags) and its read gates. A list index's membership table
 * (ADR 0050) copies them, so that a list's visibility is the same condition on it as on the record's table.
 */
export function visibilityColumns(definition: ResourceDefinition): TableColumn[] {
  let columns = visibilityColumnsOf.get(definition);
  if (columns) return columns;
  const shape = resourceTable(definition);
  const found = new Map<string, string>([
    ['created_by', 'text'],
    ['deleted_at', 'timestamptz'],
  ]);
  for (const a of shape.attributes)
    if (a.kind === 'boolean' || (definition.traits.publishable && a.name === 'publishedAt'))
      found.set(a.column, a.sqlType);
  for (const r of shape.relationships) {
    if (r.through) continue;
    const read =
      (definition.traits.publishable && r.name === 'accessLevel') ||
      r.name === definition.ownedBy ||
      (r.name === 'organization' && r.type === 'organizations' && !r.many) ||
      (r.type === 'users' && r.many) ||
      (r.readGate && !r.many);
    if (!read) continue;
    if (r.typeColumn) found.set(r.typeColumn, 'text');
    found.set(r.column, r.sqlType);
  }
  columns = [...found].map(([column, sqlType]) => ({ column, sqlType }));
  visibilityColumnsOf.set(definition, columns);
  return columns;
}

/** The membership table of a to-many relationship with a list index (ADR 0050): `<table>_by_<relationship>`. */
export const listIndexTable = (table: string, relationship: string) => `${table}_by_${snake(relationship)}`;
