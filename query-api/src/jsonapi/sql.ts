import type { FragmentSqlToken } from 'slonik';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import type { SortField } from './query.ts';

/**
 * What every read does the same way with SQL: a timestamp of a read model as a document shows it, and the
 * `order by` of a list from its `sort` parameter.
 */

/** A timestamptz as the read pool hands it over (epoch milliseconds, db.ts) as ISO 8601; null stays null. */
export function isoTimestamp(ms: number): string;
export function isoTimestamp(ms: number | null): string | null;
export function isoTimestamp(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

/**
 * A timestamp as ISO 8601: a column read by the pool arrives as epoch milliseconds, one read through json (an
 * included record) as text; null stays null.
 */
export const isoOfValue = (value: unknown) =>
  typeof value === 'number' ? isoTimestamp(value) : typeof value === 'string' ? isoOfText(value) : null;

/** PostgreSQL's text of a timestamptz in UTC (`2026-11-26T09:30:00.123456+00:00`, the fraction optional). */
const UTC_TEXT = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00:00$/;

/**
 * A timestamptz read as text (json) as ISO 8601 with milliseconds, as `Date` writes it: a UTC text is rewritten
 * (the fraction cut to milliseconds, as `Date` cuts it), any other is parsed. Parsing a date per included
 * timestamp was a visible part of a list's CPU in issue 15's profile.
 */
export function isoOfText(text: string): string {
  const utc = UTC_TEXT.exec(text);
  if (!utc) return new Date(text).toISOString();
  return `${utc[1]}.${(utc[2] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}

/** A timestamptz column of a row schema, read as ISO 8601. */
export const timestamp = z.number().transform((ms) => isoTimestamp(ms));

export interface OrderByOptions {
  /** the table alias the columns belong to (none: bare column names) */
  alias?: string;
  /** sort field -> column; a field missing here is its own column name */
  columns?: Readonly<Record<string, string>>;
  /** columns always ordered by after the requested ones (ascending), so that pages never overlap; default `id` */
  then?: readonly string[];
  /** where nulls of a requested column go; PostgreSQL's default (last ascending, first descending) when absent */
  nulls?: 'first' | 'last';
  /** the order when the list asks for none and has no default sort */
  unsorted?: FragmentSqlToken;
}

const column = (alias: string | undefined, name: string) => sql.identifier(alias ? [alias, name] : [name]);

/** The terms of a list's `order by` (without the keywords): the requested sort, then the tie-breaking columns. */
export function orderBy(sort: readonly SortField[], options: OrderByOptions = {}): FragmentSqlToken {
  const { alias, columns = {}, then = ['id'], nulls, unsorted } = options;
  if (sort.length === 0 && unsorted) return unsorted;
  const nullsTerm =
    nulls === 'first'
      ? sql.fragment` nulls first`
      : nulls === 'last'
        ? sql.fragment` nulls last`
        : sql.fragment``;
  const terms = sort.map(
    (s) =>
      sql.fragment`${column(alias, columns[s.field] ?? s.field)} ${s.direction === 'desc' ? sql.fragment`desc` : sql.fragment`asc`}${nullsTerm}`,
  );
  const all = [...terms, ...then.map((name) => sql.fragment`${column(alias, name)}`)];
  if (all.length === 0) throw new Error('orderBy: no sort and no tie-breaking column');
  return sql.fragment`${sql.join(all, sql.fragment`, `)}`;
}
