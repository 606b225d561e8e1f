import type { FragmentSqlToken } from 'slonik';
import { sql } from '../db.ts';
import { ACCESS_LEVEL_WEIGHTS } from '@platform/contracts/enums';
import {
  allows,
  isRowRule,
  type AccessRule,
  type ResourceAction,
} from '@platform/contracts/resources/access';
import { polymorphicTypes, type ResourceDefinition } from '@platform/contracts/resources/definition';
import type { Viewer } from '@platform/infra/http/viewer';
import { resourceTable } from '@platform/infra/resources/table';

type Shape = ReturnType<typeof resourceTable>;

/** The columns the row rules read in a resource's table (contracts/resources/access.ts RecordFacts). */
export interface RuleColumns {
  owner: string | null;
  organization: string | null;
  /** to-many users relationships: their id array column, or the join table they are read through */
  members: Record<string, string | { table: string; from: string; to: string }>;
  /** boolean attributes: their columns */
  flags: Record<string, string>;
}

const ruleColumnsOf = new WeakMap<Shape, RuleColumns>();

/** The columns the row rules read (worked out once per table shape: every read's visibility asks for them). */
export function ruleColumns(definition: ResourceDefinition, shape: Shape): RuleColumns {
  let columns = ruleColumnsOf.get(shape);
  if (!columns) {
    columns = ruleColumnsFor(definition, shape);
    ruleColumnsOf.set(shape, columns);
  }
  return columns;
}

function ruleColumnsFor(definition: ResourceDefinition, shape: Shape): RuleColumns {
  const column = (name: string | null) =>
    name ? (shape.relationships.find((r) => r.name === name)?.column ?? null) : null;
  return {
    owner: column(definition.ownedBy),
    organization:
      definition.relationships.organization?.type === 'organizations' ? column('organization') : null,
    members: Object.fromEntries(
      shape.relationships
        .filter((r) => r.type === 'users' && r.many)
        .map((r) => [r.name, r.through ?? r.column]),
    ),
    flags: Object.fromEntries(
      shape.attributes.filter((a) => a.kind === 'boolean').map((a) => [a.name, a.column]),
    ),
  };
}

const TRUE = sql.fragment`true`;
const FALSE = sql.fragment`false`;

/**
 * An access rule as a condition on the rows of `alias`: the same rule contracts' `allows` evaluates on one
 * record, so that a list, a find and an include filter in SQL exactly what a write would allow.
 */
export function ruleSql(
  rule: AccessRule,
  viewer: Viewer,
  columns: RuleColumns,
  alias = 'r',
): FragmentSqlToken {
  if (!isRowRule(rule)) return allows(rule, viewer) ? TRUE : FALSE;
  const col = (name: string) => sql.identifier([alias, name]);
  if (typeof rule === 'object' && 'flag' in rule) {
    const column = columns.flags[rule.flag];
    return column ? sql.fragment`${col(column)} is true` : FALSE;
  }
  if (typeof rule === 'object' && ('anyOf' in rule || 'allOf' in rule))
    return combined(rule, viewer, columns, alias);
  if (viewer.userId === null) return FALSE;
  if (rule === 'owner') return columns.owner ? sql.fragment`${col(columns.owner)} = ${viewer.userId}` : FALSE;
  if (rule === 'author') {
    const organization = viewer.actingAsOrganizationId ?? null;
    const byOrganization =
      organization && columns.organization
        ? sql.fragment` or ${col(columns.organization)} = ${organization}`
        : sql.fragment``;
    return sql.fragment`(${col('created_by')} = ${viewer.userId}${byOrganization})`;
  }
  if (rule === 'organization') {
    const organization = viewer.actingAsOrganizationId ?? null;
    return organization && columns.organization
      ? sql.fragment`${col(columns.organization)} = ${organization}`
      : FALSE;
  }
  if (typeof rule === 'object' && 'member' in rule) {
    const members = columns.members[rule.member];
    if (members === undefined) return FALSE;
    return typeof members === 'string'
      ? sql.fragment`${viewer.userId}::uuid = any(${col(members)})`
      : throughContains(members, col('id'), sql.fragment`${viewer.userId}::uuid`);
  }
  return FALSE;
}

function combined(
  rule: { anyOf: readonly AccessRule[] } | { allOf: readonly AccessRule[] },
  viewer: Viewer,
  columns: RuleColumns,
  alias: string,
): FragmentSqlToken {
  if ('anyOf' in rule) {
    if (rule.anyOf.some((r) => !isRowRule(r) && allows(r, viewer))) return TRUE;
    const parts = rule.anyOf.filter(isRowRule).map((r) => ruleSql(r, viewer, columns, alias));
    return parts.length ? sql.fragment`(${sql.join(parts, sql.fragment` or `)})` : FALSE;
  }
  if (rule.allOf.some((r) => !isRowRule(r) && !allows(r, viewer))) return FALSE;
  const parts = rule.allOf.filter(isRowRule).map((r) => ruleSql(r, viewer, columns, alias));
  return sql.fragment`(${sql.join(parts, sql.fragment` and `)})`;
}

/**
 * Whether a relationship read through another projection's join table (`through`) names `value` for the record
 * whose id is `id`: one indexed lookup in that table, never the whole list.
 */
export function throughContains(
  through: { table: string; from: string; to: string },
  id: FragmentSqlToken | ReturnType<typeof sql.identifier>,
  value: FragmentSqlToken,
): FragmentSqlToken {
  return sql.fragment`exists (select 1 from ${sql.identifier(['read', through.table])} j
    where ${sql.identifier(['j', through.from])} = ${id} and ${sql.identifier(['j', through.to])} = ${value})`;
}

/**
 * A resource's rows as the read side selects them (`from <source> r`): its table, with each relationship read
 * through a join table added as an id array column (`<name>_ids`, ordered), as an own to-many one would be.
 */
export function rowSource(shape: Shape): FragmentSqlToken {
  const table = sql.identifier(['read', shape.table]);
  const through = shape.relationships.filter((r) => r.through);
  if (!through.length) return sql.fragment`${table}`;
  const arrays = through.map((r) => {
    const t = r.through!;
    const to = sql.identifier(['j', t.to]);
    return sql.fragment`(select coalesce(array_agg(${to} order by ${to}), '{}')
      from ${sql.identifier(['read', t.table])} j where ${sql.identifier(['j', t.from])} = t.id)
      as ${sql.identifier([r.column])}`;
  });
  return sql.fragment`(select t.*, ${sql.join(arrays, sql.fragment`, `)} from ${table} t)`;
}

/** The access levels a viewer reaches: those whose weight is at most theirs (ADR 0003). */
function reachedLevels(viewer: Viewer): string[] {
  return Object.entries(ACCESS_LEVEL_WEIGHTS)
    .filter(([, weight]) => weight <= viewer.accessWeight)
    .map(([level]) => level);
}

/** Whether the viewer sees soft-deleted records of the type: those who may restore them (seed 001 §6). */
export const seesTrashed = (definition: ResourceDefinition, viewer: Viewer) =>
  definition.softDeletable && allows(definition.access.restore, viewer);

/**
 * The rows of a resource a viewer reads through an action (index for lists, show for finds and includes), as one
 * SQL condition: the action's rule (row rules included), soft deletion (the trashed view for those who may
 * restore), and the publishable trait (published, at the viewer's access level, unless the viewer may update
 * the record). `trashed`: 'with' or 'only' from the list's filter, for those who may see them.
 */
export function readableSql(
  definition: ResourceDefinition,
  shape: Shape,
  viewer: Viewer,
  action: Extract<ResourceAction, 'index' | 'show'>,
  options: { trashed?: 'with' | 'only' | 'any'; alias?: string } = {},
): FragmentSqlToken {
  const alias = options.alias ?? 'r';
  const col = (name: string) => sql.identifier([alias, name]);
  const columns = ruleColumns(definition, shape);
  const parts: FragmentSqlToken[] = [ruleSql(definition.access[action], viewer, columns, alias)];
  if (definition.softDeletable) {
    const trashed = options.trashed;
    if (trashed === 'only') parts.push(sql.fragment`${col('deleted_at')} is not null`);
    else if (trashed === 'any' && seesTrashed(definition, viewer)) {
      // a find: soft-deleted records are found by those who may restore them
    } else if (trashed !== 'with') parts.push(sql.fragment`${col('deleted_at')} is null`);
  }
  if (definition.traits.publishable) {
    const levels = reachedLevels(viewer);
    const level = shape.relationships.find((r) => r.name === 'accessLevel')!.column;
    const published = sql.fragment`(${col('published_at')} is not null and ${col('published_at')} <= now()
      and (${col(level)} is null or ${col(level)} = any(${sql.array(levels, 'text')})))`;
    const editor = ruleSql(definition.access.update, viewer, columns, alias);
    parts.push(sql.fragment`(${published} or ${editor})`);
  }
  return sql.fragment`(${sql.join(parts, sql.fragment` and `)})`;
}

/**
 * The `readGate` relationships of a resource as one SQL condition (ADR 0025): a row is read only by those who may
 * read (`show`) the record it points at, each target type through its own rule, soft deletion and publishing. A
 * polymorphic relationship is one branch per type, the type column chosen first so that an id is compared only
 * with the table of its own type (one indexed lookup per row).
 */
export function gateSql(
  definition: ResourceDefinition,
  shape: Shape,
  viewer: Viewer,
  catalogue: readonly ResourceDefinition[],
  alias = 'r',
): FragmentSqlToken | null {
  const byType = new Map(catalogue.map((d) => [d.type, d]));
  const parts: FragmentSqlToken[] = [];
  for (const r of shape.relationships) {
    if (!r.readGate || r.many) continue;
    const types = polymorphicTypes(r, catalogue).flatMap((t) => {
      const target = byType.get(t);
      return target ? [target] : [];
    });
    const branches = types.map((target) => {
      const targetShape = resourceTable(target);
      const typed = target.fixedRows.rows.length ? 'text' : 'uuid';
      const id = sql.identifier([alias, r.column]);
      // the id compared only once the type is the target's (a text id cast to uuid on its own type alone)
      const ref = r.typeColumn
        ? sql.fragment`(case when ${sql.identifier([alias, r.typeColumn])} = ${target.type}
            then ${id} end)::${sql.identifier([typed])}`
        : sql.fragment`${id}`;
      return sql.fragment`exists (select 1 from ${sql.identifier(['read', targetShape.table])} g
        where g.id = ${ref} and ${readableSql(target, targetShape, viewer, 'show', { alias: 'g' })})`;
    });
    parts.push(branches.length ? sql.fragment`(${sql.join(branches, sql.fragment` or `)})` : FALSE);
  }
  return parts.length ? sql.fragment`(${sql.join(parts, sql.fragment` and `)})` : null;
}
