import postgres, { type Sql } from 'postgres';

/** The postgres.js pool used by the event store and the projectors. */
export function createSql(url: string, options: { max?: number } = {}): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    idle_timeout: 30,
    connection: { application_name: 'platform' },
  });
}
