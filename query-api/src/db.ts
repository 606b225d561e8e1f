import {
  createPool,
  SchemaValidationError,
  sql as slonikSql,
  type DatabasePool,
  type Interceptor,
  type QueryResultRow,
} from 'slonik';
import type { z } from 'zod/v4';

/** The parser slonik's typed queries take: declared against zod 3's types, which it reads only `_output` of. */
type SlonikParser = Parameters<typeof slonikSql.type>[0];
type ParserOf<T extends z.ZodType> = Omit<SlonikParser, '_output' | '_type' | '_input'> & {
  _output: z.output<T>;
  _type: z.output<T>;
  _input: z.input<T>;
};

/**
 * Slonik's `sql` tag with `sql.type(schema)` taking a zod 4 schema. At run time slonik only keeps the schema for
 * the interceptor below (which calls its `safeParse`, the same in zod 3 and 4); the types give each query its
 * rows' zod 4 output type.
 */
export const sql: Omit<typeof slonikSql, 'type'> & {
  type: <T extends z.ZodType>(schema: T) => ReturnType<typeof slonikSql.type<ParserOf<T>>>;
} = {
  ...slonikSql,
  type: <T extends z.ZodType>(schema: T) => slonikSql.type(schema as unknown as ParserOf<T>),
};

/**
 * Slonik checks a row against the zod schema of `sql.type(schema)` only through an interceptor: this one
 * parses every row of a typed query, so a read model that drifted from its schema fails loudly (a 500 with
 * the query logged) instead of leaking an unexpected shape to clients. Parsed values (transforms,
 * defaults) replace the raw row.
 */
/**
 * The row schemas the parser lets through as they are: a resource's own table read by `r.*` (and its includes as
 * jsonb), whose shape is the definition's and which the reader turns into a document field by field. Parsing each
 * of its columns against `unknown` checked nothing and cost a few percent of a list's CPU (issue 15's profile).
 */
const unparsed = new WeakSet<object>();

/** Marks a row schema that accepts any row, so that its rows skip the parse (see `unparsed`). */
export function anyRow<T extends z.ZodType>(schema: T): T {
  unparsed.add(schema);
  return schema;
}

const resultParser: Interceptor = {
  name: 'zod-result-parser',
  transformRow(context, query, row) {
    const { resultParser: schema } = context;
    if (!schema || unparsed.has(schema)) return row;
    const parsed = (schema as unknown as z.ZodType).safeParse(row);
    if (!parsed.success)
      throw new SchemaValidationError(
        query,
        row,
        parsed.error.issues as unknown as ConstructorParameters<typeof SchemaValidationError>[2],
      );
    return parsed.data as QueryResultRow;
  },
};

export interface ReadPoolOptions {
  maximumPoolSize?: number;
  /** a read that runs longer is cancelled (a runaway query must not hold the pool) */
  statementTimeoutMs?: number;
}

/**
 * The query side's pool (slonik). Every read goes through `sql.type(zodSchema)` typed queries against the
 * `read.<table>` views; int8 columns arrive as bigint and timestamptz as epoch milliseconds (slonik's
 * default type parsers).
 */
export function createReadPool(url: string, options: ReadPoolOptions = {}): Promise<DatabasePool> {
  return createPool(url, {
    interceptors: [resultParser],
    // slonik's default sends `DISCARD ALL` every time a pooled connection is released, that is after every
    // `pool.one/any/...` read: a second round trip per query (about a third of the CPU of a page read in the
    // profile of issue 10). The read pool never leaves session state behind (no SET, no temporary tables, no
    // prepared statements, no advisory locks; transactions end before release), so there is nothing to reset.
    resetConnection: async () => {},
    maximumPoolSize: options.maximumPoolSize ?? 10,
    statementTimeout: options.statementTimeoutMs ?? 10_000,
  });
}
