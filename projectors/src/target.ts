import type { Sql, TransactionSql } from 'postgres';
import type { GlobalPosition } from '@platform/infra/event-store';
import type { Projection } from './projection.ts';

/**
 * Where one build of a projection writes: its checkpoint row and its schema. The ordinary target of a projection
 * is its own version (`proj_<name>_v<version>`, checkpoint row (name, version)). A by-hand rebuild of the live
 * version writes beside it into `proj_<name>_v<version>_rebuild` under the checkpoint name `<name>:rebuild`, so
 * the live tables keep answering until the swap.
 */
export interface BuildTarget {
  projection: Projection;
  checkpointName: string;
  version: number;
  schema: string;
  kind: 'version' | 'rebuild';
}

import type { CheckpointStatus } from '@platform/infra/projections/checkpoints';

export type { CheckpointStatus };

export interface CheckpointRow {
  position: GlobalPosition;
  status: CheckpointStatus;
  eventsApplied: bigint;
}

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;
// schema names are cut at 63 bytes by PostgreSQL; keep room for the "_v<version>_rebuild" suffix
const MAX_NAME_LENGTH = 40;

export function assertValidProjection(projection: Projection): void {
  const { name, version, tables } = projection;
  if (!IDENTIFIER.test(name) || name.length > MAX_NAME_LENGTH)
    throw new Error(
      `Projection name "${name}" must match ${IDENTIFIER} and have at most ${MAX_NAME_LENGTH} characters`,
    );
  if (!Number.isInteger(version) || version < 1)
    throw new Error(`Projection ${name}: version must be a positive integer`);
  for (const table of tables)
    if (!IDENTIFIER.test(table) || table.length > 63)
      throw new Error(`Projection ${name}: table name "${table}" must match ${IDENTIFIER}`);
}

export function schemaOf(name: string, version: number): string {
  return `proj_${name}_v${version}`;
}

export function versionTarget(projection: Projection): BuildTarget {
  assertValidProjection(projection);
  return {
    projection,
    checkpointName: projection.name,
    version: projection.version,
    schema: schemaOf(projection.name, projection.version),
    kind: 'version',
  };
}

export function rebuildTarget(projection: Projection): BuildTarget {
  assertValidProjection(projection);
  return {
    projection,
    checkpointName: `${projection.name}:rebuild`,
    version: projection.version,
    schema: `${schemaOf(projection.name, projection.version)}_rebuild`,
    kind: 'rebuild',
  };
}

/** Identifiers are validated above; quoting keeps them exact anyway. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function useSchema(tx: TransactionSql, schema: string): Promise<void> {
  // `public` stays on the path so projections can use extensions and functions installed there
  await tx.unsafe(`set local search_path to ${ident(schema)}, public`);
}

/** Serialises setup and swaps of one projection across processes (the runner, the replay command). */
export async function lockProjection(tx: TransactionSql, name: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtext(${'projection:' + name}))`;
}

export async function readCheckpoint(
  sql: Sql | TransactionSql,
  checkpointName: string,
  version: number,
  forUpdate = false,
): Promise<CheckpointRow | undefined> {
  const rows = await sql<{ position: string; status: CheckpointStatus; events_applied: string }[]>`
    select position::text, status, events_applied::text from projection_checkpoints
     where name = ${checkpointName} and version = ${version} ${forUpdate ? sql`for update` : sql``}`;
  const row = rows[0];
  return row
    ? { position: BigInt(row.position), status: row.status, eventsApplied: BigInt(row.events_applied) }
    : undefined;
}

export async function liveVersion(sql: Sql | TransactionSql, name: string): Promise<number | undefined> {
  const [row] = await sql<{ version: number }[]>`
    select version from projection_checkpoints where name = ${name} and status = 'live'`;
  return row?.version;
}

/**
 * Makes sure the target's schema, tables and checkpoint row exist, in one transaction, so a crash leaves either
 * nothing or a complete empty build. With `reset` (or when the row was retired) any previous build is dropped and
 * the target starts again from position 0.
 */
export async function prepareTarget(
  sql: Sql,
  target: BuildTarget,
  options: { reset?: boolean } = {},
): Promise<CheckpointRow> {
  return sql.begin(async (tx) => {
    await lockProjection(tx, target.projection.name);
    const existing = await readCheckpoint(tx, target.checkpointName, target.version, true);
    if (existing?.status === 'live') {
      if (options.reset) throw new Error(`${target.schema} is live: rebuild it beside the live one instead`);
      return existing;
    }
    if (existing?.status === 'building' && !options.reset) return existing;
    await tx.unsafe(`drop schema if exists ${ident(target.schema)} cascade`);
    await tx.unsafe(`create schema ${ident(target.schema)}`);
    await useSchema(tx, target.schema);
    await target.projection.setup(tx);
    await tx`
      insert into projection_checkpoints (name, version, position, status, events_applied, updated_at)
      values (${target.checkpointName}, ${target.version}, 0, 'building', 0, now())
      on conflict (name, version) do update
        set position = 0, status = 'building', events_applied = 0, updated_at = now()`;
    return { position: 0n, status: 'building' as const, eventsApplied: 0n };
  });
}
