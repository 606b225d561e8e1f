import type { FragmentSqlToken } from 'slonik';
import { sql } from './db.ts';
import { isAdministrator } from '@platform/contracts/accounts/rules';
import type { Viewer } from '@platform/infra/http/viewer';

export interface VisibilityOptions {
  /** table alias when the query joins several tables */
  alias?: string;
  /**
   * 'include' lets administrators see soft-deleted rows (a find by id, an admin list); everyone else
   * never sees them, whatever this says.
   */
  deleted?: 'exclude' | 'include';
}

/**
 * The SQL condition for "this viewer may see this row", for read tables with the columns requires_auth
 * (boolean), access_level_weight (int, null = open to every access level), roles (text[], empty or null =
 * no role needed) and deleted_at (timestamptz, null = not deleted). Filtering happens in SQL, so totals
 * and pages count only what the viewer may see (ARCHITECTURE.md §5).
 */
export function visibilityClause(viewer: Viewer, options: VisibilityOptions = {}): FragmentSqlToken {
  const column = (name: string) =>
    options.alias ? sql.identifier([options.alias, name]) : sql.identifier([name]);
  const notDeleted = sql.fragment`${column('deleted_at')} is null`;
  if (isAdministrator(viewer)) return options.deleted === 'include' ? sql.fragment`true` : notDeleted;

  const conditions = [notDeleted];
  if (viewer.userId === null) conditions.push(sql.fragment`${column('requires_auth')} = false`);
  conditions.push(
    sql.fragment`(${column('access_level_weight')} is null or ${column('access_level_weight')} <= ${viewer.accessWeight})`,
  );
  conditions.push(
    viewer.roles.length === 0
      ? sql.fragment`coalesce(cardinality(${column('roles')}), 0) = 0`
      : sql.fragment`(coalesce(cardinality(${column('roles')}), 0) = 0 or ${column('roles')} && ${sql.array(viewer.roles, 'text')})`,
  );
  return sql.fragment`(${sql.join(conditions, sql.fragment` and `)})`;
}
