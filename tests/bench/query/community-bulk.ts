/**
 * The large sizes of the community section (100,000 repository items, a million forum messages) in minutes: the
 * `<Type>Created` events go into `es_events` as the store writes a new stream's first event (validated by their
 * contracts, multi-row INSERTs of 5,000), and in the same transaction the read model is written from those stored
 * events by set-based SQL, as the resource projections would write it one event at a time: the record's row, the
 * related counts of the types that count it (their side tables, counts and latest records) and the files' uses;
 * then every live checkpoint moves to the new head. One transaction: the log and the read model agree, or
 * nothing is written.
 *
 * The platform must be stopped meanwhile (its runner would apply the same events again), and every live
 * projection must have reached the head before. A projection this file does not write in set-based SQL that reads
 * the seeded event type (the global search's index) is handed the stored events through its own `apply`, in its
 * schema, in the same transaction, rather than left behind. `checkKeptCounts`
 * then recounts every kept count from the records' rows (those the real projections wrote at the small size
 * and those written here) and fails on any difference.
 */
import type { Sql, TransactionSql } from 'postgres';
import { EventContractRegistry } from '@platform/contracts/event-contracts';
import { newEventId } from '@platform/contracts/metadata';
import { allEventContracts } from '@platform/contracts/registry';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { FILES_TYPE } from '@platform/contracts/resources/files';
import { categoryOf, type RecordedEvent } from '@platform/infra/event-store';
import { resourceTable, snake } from '@platform/infra/resources/table';
import { platformModules, projectionsOf } from '@platform/host/modules';
import type { SeedEvent } from './community-seed.ts';

const CHUNK = 5_000;
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A count another type keeps of `child` (RelatedCount), with where its projection keeps it. */
export interface KeptCount {
  parent: ResourceDefinition;
  name: string;
  kind: 'count' | 'latest';
  /** the child's relationship naming the parent */
  via: string;
  /** only published children count */
  published: boolean;
  /** the projection's side table, `<parent table>__<name>` */
  side: string;
  /** the parent's column: the integer, or the latest child's id */
  column: string;
}

/** The counts of `catalogue` kept from `child`'s records (as projectors/src/resources/projection.ts keeps them). */
export function keptCountsOf(
  catalogue: readonly ResourceDefinition[],
  child: ResourceDefinition,
): KeptCount[] {
  return catalogue.flatMap((parent) => {
    const shape = resourceTable(parent);
    // the bulk path keeps counts and latest ones: no type the bench seeds is averaged (a training review is)
    return Object.entries(parent.counts)
      .filter(([, spec]) => spec.type === child.type && spec.kind !== 'average')
      .map(([name, spec]) => ({
        parent,
        name,
        kind: spec.kind as KeptCount['kind'],
        via: spec.via,
        published: Boolean(spec.published && child.traits.publishable),
        side: `${shape.table}__${snake(name)}`,
        column:
          spec.kind === 'count'
            ? shape.computed.find((c) => c.name === name)!.column
            : shape.relationships.find((r) => r.name === name)!.column,
      }));
  });
}

/**
 * The projections a created record of `definition` moves, as the bulk path writes them: its own, those of the
 * types that count it, and the files' (its file fields).
 */
export function projectionsMovedBy(
  catalogue: readonly ResourceDefinition[],
  definition: ResourceDefinition,
): string[] {
  const files = Object.values(definition.relationships).some((r) => r.file)
    ? [resourceTable(catalogue.find((d) => d.type === FILES_TYPE)!).projection]
    : [];
  return [
    ...new Set([
      resourceTable(definition).projection,
      ...keptCountsOf(catalogue, definition).map((c) => resourceTable(c.parent).projection),
      ...files,
    ]),
  ].sort();
}

/** A column of a created record's row, read from its stored event `e` (what the projection writes from it). */
function rowColumns(definition: ResourceDefinition): Array<[column: string, expression: string]> {
  const shape = resourceTable(definition);
  const attribute = (name: string) => `e.data->'attributes'->${literal(name)}`;
  const text = (name: string) => `e.data->'attributes'->>${literal(name)}`;
  const relationship = (name: string) => `e.data->'relationships'->${literal(name)}`;
  const columns: Array<[string, string]> = [
    ['id', `(e.data->>'id')::${definition.fixedRows.rows.length ? 'text' : 'uuid'}`],
  ];
  for (const a of shape.attributes)
    columns.push([
      a.column,
      a.kind === 'json' ? `nullif(${attribute(a.name)}, 'null'::jsonb)` : `(${text(a.name)})::${a.sqlType}`,
    ]);
  for (const r of shape.relationships) {
    if (r.through) continue;
    const value = relationship(r.name);
    if (r.typeColumn) {
      columns.push([r.typeColumn, `${value}->>'type'`]);
      columns.push([r.column, `${value}->>'id'`]);
    } else if (r.many)
      columns.push([
        r.column,
        `case when jsonb_typeof(${value}) = 'array' then array(select jsonb_array_elements_text(${value}))::${r.sqlType} end`,
      ]);
    else columns.push([r.column, `(${value}#>>'{}')::${r.sqlType}`]);
  }
  const at = `(e.metadata->>'recordedAt')::timestamptz`;
  const by = `e.metadata->'actor'->>'userId'`;
  columns.push(
    ['created_at', at],
    ['updated_at', at],
    ['created_by', by],
    ['updated_by', by],
    ['version', 'e.stream_version'],
  );
  return columns;
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The live schema of each projection (`proj_<name>_v<version>`). */
async function liveSchemas(sql: Sql | TransactionSql): Promise<Map<string, string>> {
  const rows = await sql<{ name: string; version: number }[]>`
    select name, version from projection_checkpoints where status = 'live'`;
  return new Map(rows.map((r) => [r.name, `proj_${r.name}_v${r.version}`]));
}

/**
 * Appends the created events `from` .. `to` - 1 made by `make` (all of `definition`'s type) and writes what the
 * live projections would make of them, in one transaction (see the file's comment). The platform is stopped.
 */
export async function bulkCreate(
  sql: Sql,
  options: {
    catalogue: readonly ResourceDefinition[];
    definition: ResourceDefinition;
    from: number;
    to: number;
    make: (n: number) => SeedEvent;
    log?: (line: string) => void;
  },
): Promise<{ seconds: number }> {
  const { catalogue, definition, from, to, make } = options;
  const log = options.log ?? (() => {});
  const started = performance.now();
  if (to <= from) return { seconds: 0 };
  const type = definition.events.created;
  const moved = projectionsMovedBy(catalogue, definition);
  const readers = projectionsOf(platformModules([...catalogue]))
    .filter((p) => p.eventTypes.includes(type))
    .map((p) => p.name)
    .sort();
  // the others read the stored events through their own apply (slower: one statement or more per event)
  const applied = projectionsOf(platformModules([...catalogue])).filter(
    (p) => p.eventTypes.includes(type) && !moved.includes(p.name),
  );
  const registry = new EventContractRegistry([...allEventContracts]);
  const schemaVersion = registry.get(type)?.version ?? 1;

  await sql.begin(async (tx) => {
    const [before] = await tx<{ last: string }[]>`
      select coalesce(max(global_position), 0)::text as last from es_events`;
    const after = before!.last;
    // every live projection is at the head (in `$all` order): the checkpoints may then move past the events
    // written here
    const behind = await tx<{ name: string }[]>`
      with head as (select transaction_id, global_position from es_events
                     order by transaction_id desc, global_position desc limit 1)
      select c.name from projection_checkpoints c, head h
       where c.status = 'live' and not exists (select 1 from es_events e where e.global_position = c.position
         and (e.transaction_id, e.global_position) >= (h.transaction_id, h.global_position))`;
    if (behind.length)
      throw new Error(
        `projections behind the head before the bulk seed: ${behind.map((r) => r.name).join(', ')}`,
      );

    const schemas = await liveSchemas(tx);
    const [{ search_path: searchPath }] = (await tx`show search_path`) as unknown as [
      { search_path: string },
    ];
    for (let start = from; start < to; start += CHUNK) {
      const rows = [];
      for (let n = start; n < Math.min(to, start + CHUNK); n++) {
        const event = make(n);
        if (event.type !== type) throw new Error(`bulkCreate takes ${type} events only, not ${event.type}`);
        const eventId = newEventId();
        rows.push({
          stream_id: event.streamId,
          category: categoryOf(event.streamId),
          event_id: eventId,
          event_type: type,
          schema_version: schemaVersion,
          data: registry.validate(type, event.data),
          metadata: {
            eventId,
            correlationId: eventId,
            causationId: eventId,
            actor: { userId: event.actorId, actingAsOrganizationId: null, impersonatorId: null },
            recordedAt: event.recordedAt,
            schemaVersion,
          },
        });
      }
      const stored = await tx<{ event_id: string; global_position: string }[]>`
        insert into es_events (stream_id, stream_version, category, event_id, event_type, schema_version, data, metadata)
        select x.stream_id, 0, x.category, x.event_id, x.event_type, x.schema_version, x.data, x.metadata
          from jsonb_to_recordset(${tx.json(rows as never)}) as x(stream_id text, category text, event_id uuid,
            event_type text, schema_version int, data jsonb, metadata jsonb)
        returning event_id, global_position::text`;
      if (applied.length) {
        const positions = new Map(stored.map((s) => [s.event_id, BigInt(s.global_position)]));
        const events: RecordedEvent[] = rows.map((r) => ({
          eventId: r.event_id,
          type: r.event_type,
          data: r.data,
          metadata: r.metadata as RecordedEvent['metadata'],
          streamId: r.stream_id,
          streamVersion: 0n,
          globalPosition: positions.get(r.event_id)!,
          recordedAt: new Date(r.metadata.recordedAt),
        }));
        for (const projection of applied) {
          await tx.unsafe(`set local search_path to ${ident(schemas.get(projection.name)!)}, public`);
          // each event is a new record's first: their order does not matter, so their statements are pipelined
          await Promise.all(events.map((event) => projection.apply(tx, event)));
        }
        await tx.unsafe(`set local search_path to ${searchPath}`);
      }
      if ((start - from) % 100_000 === 0 && start > from)
        log(`    ${(start - from).toLocaleString('en-US')} events written`);
    }
    if (applied.length)
      log(`    ${applied.map((p) => p.name).join(', ')} applied event by event (${seconds(started)} s)`);
    const shape = resourceTable(definition);
    const own = `${ident(schemas.get(shape.projection)!)}.${ident(shape.table)}`;

    // the record's rows
    const columns = rowColumns(definition);
    await tx.unsafe(`insert into ${own} (${columns.map(([c]) => ident(c)).join(', ')})
      select ${columns.map(([, x]) => x).join(', ')} from ${seededSql(after, type)} e`);
    log(`    ${shape.table} rows written (${seconds(started)} s)`);

    // the counts other types keep of it: the side table rows, then the parents' counts or latest records
    for (const kept of keptCountsOf(catalogue, definition)) {
      const parentShape = resourceTable(kept.parent);
      const schema = ident(schemas.get(parentShape.projection)!);
      const side = `${schema}.${ident(kept.side)}`;
      const parent = `${schema}.${ident(parentShape.table)}`;
      const via = `e.data->'relationships'->${literal(kept.via)}`;
      const parents = `case jsonb_typeof(${via}) when 'array' then array(select jsonb_array_elements_text(${via}))
        when 'string' then array[${via}#>>'{}'] when 'object' then array[${via}->>'id'] else '{}'::text[] end`;
      const published = kept.published ? `(e.data->'attributes'->>'publishedAt') is not null` : 'true';
      await tx.unsafe(`insert into ${side} (child_id, parent_ids, live, published, created_at)
        select (e.data->>'id')::${definition.fixedRows.rows.length ? 'text' : 'uuid'}, ${parents}, true, ${published},
          (e.metadata->>'recordedAt')::timestamptz from ${seededSql(after, type)} e`);
      const fresh = `(select s.* from ${side} s join ${seededSql(after, type)} e
        on s.child_id = (e.data->>'id')::${definition.fixedRows.rows.length ? 'text' : 'uuid'})`;
      if (kept.kind === 'count')
        await tx.unsafe(`update ${parent} p set ${ident(kept.column)} = coalesce(p.${ident(kept.column)}, 0) + c.n
          from (select unnest(f.parent_ids) as parent_id, count(*) as n from ${fresh} f
                 where f.live and f.published group by 1) c
         where p.id::text = c.parent_id`);
      else
        await tx.unsafe(`update ${parent} p set ${ident(kept.column)} = l.child_id
          from (select distinct on (parent_id) parent_id, child_id from (
                  select unnest(s.parent_ids) as parent_id, s.child_id, s.created_at from ${side} s
                   where s.live and s.published and s.parent_ids && array(
                     select distinct unnest(f.parent_ids) from ${fresh} f)) x
                order by parent_id, created_at desc, child_id desc) l
         where p.id::text = l.parent_id`);
      log(`    ${parentShape.table}.${kept.column} kept (${seconds(started)} s)`);
    }

    // the files' uses (ADR 0027): one row per file a file field names, then each touched file's count
    const fileFields = Object.entries(definition.relationships).filter(([, r]) => r.file);
    if (fileFields.length) {
      const filesShape = resourceTable(catalogue.find((d) => d.type === FILES_TYPE)!);
      const schema = ident(schemas.get(filesShape.projection)!);
      for (const [field] of fileFields) {
        const value = `e.data->'relationships'->${literal(field)}`;
        await tx.unsafe(`insert into ${schema}.files_uses (file_id, record_type, record_id, field)
          select f.id::uuid, ${literal(definition.type)}, e.data->>'id', ${literal(field)}
            from ${seededSql(after, type)} e,
                 lateral (select jsonb_array_elements_text(case jsonb_typeof(${value}) when 'array' then ${value}
                   when 'string' then jsonb_build_array(${value}) else '[]'::jsonb end) as id) f
          on conflict do nothing`);
      }
      await tx.unsafe(`update ${schema}.${ident(filesShape.table)} f set records_count = u.n
        from (select file_id, count(distinct (record_type, record_id)) as n from ${schema}.files_uses
               group by file_id) u
       where f.id = u.file_id`);
      log(`    files' uses kept (${seconds(started)} s)`);
    }

    // every live projection has now applied everything up to the new head
    const [head] = await tx<{ last: string; n: string }[]>`
      select max(global_position)::text as last, count(*)::text as n from es_events
       where global_position > ${after}::bigint`;
    await tx`update projection_checkpoints set position = ${head!.last}::bigint, updated_at = now(),
        events_applied = events_applied + case when name = any(${readers}) then ${head!.n}::bigint else 0 end
      where status = 'live'`;
  });
  return { seconds: (performance.now() - started) / 1000 };
}

const seededSql = (after: string, type: string) =>
  `(select e.* from es_events e where e.global_position > ${BigInt(after)} and e.event_type = ${literal(type)})`;
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);

/**
 * Recounts every count the catalogue keeps of `children` from the records' own rows (live, and published when
 * the count asks) and answers the differences, as `<parent>.<count>: n rows differ`; empty when all agree.
 */
export async function checkKeptCounts(
  sql: Sql,
  catalogue: readonly ResourceDefinition[],
  children: readonly ResourceDefinition[],
): Promise<string[]> {
  const differences: string[] = [];
  for (const child of children) {
    const childShape = resourceTable(child);
    const childTable = `read.${ident(childShape.table)}`;
    for (const kept of keptCountsOf(catalogue, child)) {
      const parentTable = `read.${ident(resourceTable(kept.parent).table)}`;
      const r = childShape.relationships.find((x) => x.name === kept.via)!;
      const counted = `c.deleted_at is null${kept.published ? ' and c.published_at is not null' : ''}`;
      const parentsOf = r.many ? `unnest(c.${ident(r.column)})::text` : `c.${ident(r.column)}::text`;
      const query =
        kept.kind === 'count'
          ? `with c as (select ${parentsOf} as parent_id, count(*) as n from ${childTable} c where ${counted} group by 1)
             select count(*)::int as n from ${parentTable} p left join c on c.parent_id = p.id::text
              where coalesce(p.${ident(kept.column)}, 0) <> coalesce(c.n, 0)`
          : `with l as (select distinct on (parent_id) parent_id, id from (
               select ${parentsOf} as parent_id, c.id, c.created_at from ${childTable} c where ${counted}) x
               order by parent_id, created_at desc, id desc)
             select count(*)::int as n from ${parentTable} p left join l on l.parent_id = p.id::text
              where p.${ident(kept.column)} is distinct from l.id`;
      const [row] = await sql.unsafe<{ n: number }[]>(query);
      if (row && row.n > 0)
        differences.push(`${resourceTable(kept.parent).table}.${kept.column}: ${row.n} rows differ`);
    }
  }
  return differences;
}
