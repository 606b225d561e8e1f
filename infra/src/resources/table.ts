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
