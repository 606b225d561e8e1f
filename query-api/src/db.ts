import {
  createPool,
  SchemaValidationError,
  type DatabasePool,
  type Interceptor,
  type QueryResultRow,
} from 'slonik';

/**
 * Slonik checks a row against the zod schema of `sql.type(schema)` only through an interceptor: this one
 * parses every row of a typed query, so a read model that drifted from its schema fails loudly (a 500 with
 * the query logged) instead of leaking an unexpected shape to clients. Parsed values (transforms,
 * defaults) replace the raw row.
 */
const resultParser: Interceptor = {
  name: 'zod-result-parser',
  transformRow(context, query, row) {
    const { resultParser: schema } = context;
    if (!schema) return row;
    const parsed = schema.safeParse(row);
    if (!parsed.success) throw new SchemaValidationError(query, row, parsed.error.issues);
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
    maximumPoolSize: options.maximumPoolSize ?? 10,
    statementTimeout: options.statementTimeoutMs ?? 10_000,
  });
}
