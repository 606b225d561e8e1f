import { randomUUID } from 'node:crypto';
import type { Sql, TransactionSql } from 'postgres';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Actor } from '@platform/contracts/metadata';
import { createSql } from '@platform/infra/db/postgres';
import type { RecordedEvent } from '@platform/infra/event-store';
import type { Projection } from '@platform/projectors/projection';
import { ident, useSchema, versionTarget } from '@platform/projectors/target';
import { createTestDatabase } from './database.ts';

/** An event as a decider produced it. */
export interface DecidedEvent {
  type: string;
  data: unknown;
}

/** What the store would have recorded around an event, when the spec cares. */
export interface Recording {
  /** the stream it was appended to (default: the spec's stream) */
  streamId?: string;
  /** when it was recorded (default: the spec's start, one second later for each next event) */
  recordedAt?: string;
  /** who caused it (default: the spec's actor) */
  actor?: Partial<Actor>;
  schemaVersion?: number;
}

export interface ProjectionSpecOptions {
  /** the stream of events that name none (default `<projection name>-spec`) */
  streamId?: string;
  /** the actor of events that name none (default: a member, `spec-user`) */
  actor?: Partial<Actor>;
  /** when the first event was recorded (default 2025-05-14T10:00:00.000Z) */
  start?: string;
}

/** A query on the projection's tables (unqualified names: the search path is its schema), or SQL text. */
export type SpecQuery<T> = string | ((tx: TransactionSql) => Promise<T>);

/**
 * Given/then specs for a projection (CONVENTIONS.md habit 4), on a real PostgreSQL database of the test file's
 * own (created before its tests, dropped after them):
 *
 *   const spec = projectionSpec<MenuEvent>(menuProjection, { streamId: 'menu-main' });
 *   await spec.given([created]).thenRows('select id, name from app_menu_items', [{ id: A, name: 'Home' }]);
 *   const rows = await spec.given(history).rows('select id, parent_id, position from app_menu_items');
 *
 * Each `given` builds the projection from nothing as the runner does: a schema of its own on the search path,
 * `setup`, then the events as one batch (`applyBatch` when the projection has one, else `apply` per event), with
 * stream versions counted per stream and global positions from 1. The query reads inside the same transaction,
 * which is then rolled back, so every `given` starts from empty tables. Call it at the top of a test file or of a
 * `describe`: it registers the hooks that create and drop the database.
 */
export function projectionSpec<E extends DecidedEvent = DecidedEvent>(
  projection: Projection,
  options: ProjectionSpecOptions = {},
) {
  const target = versionTarget(projection);
  let sql: Sql | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const db = await createTestDatabase();
    sql = createSql(db.url, { max: 2 });
    drop = db.drop;
  });
  afterAll(async () => {
    await sql?.end();
    await drop?.();
  });

  const start = Date.parse(options.start ?? '2025-05-14T10:00:00.000Z');
  const record = (events: Array<E & Recording>): RecordedEvent[] => {
    const versions = new Map<string, bigint>();
    return events.map((event, i) => {
      const streamId = event.streamId ?? options.streamId ?? `${projection.name}-spec`;
      const streamVersion = versions.get(streamId) ?? 0n;
      versions.set(streamId, streamVersion + 1n);
      const recordedAt = event.recordedAt ?? new Date(start + i * 1000).toISOString();
      const eventId = randomUUID();
      return {
        eventId,
        type: event.type,
        data: event.data,
        streamId,
        streamVersion,
        globalPosition: BigInt(i + 1),
        recordedAt: new Date(recordedAt),
        metadata: {
          eventId,
          correlationId: eventId,
          causationId: eventId,
          actor: {
            userId: 'spec-user',
            actingAsOrganizationId: null,
            impersonatorId: null,
            ...options.actor,
            ...event.actor,
          },
          recordedAt,
          schemaVersion: event.schemaVersion ?? 1,
        },
      };
    });
  };

  const rolledBack = Symbol('rolled back');
  async function project<T>(events: Array<E & Recording>, query: SpecQuery<T>): Promise<T> {
    if (!sql)
      throw new Error('projectionSpec: call it at the top of a test file or describe, not inside a test');
    const recorded = record(events);
    let result: T | undefined;
    try {
      await sql.begin(async (tx) => {
        await tx.unsafe(`create schema ${ident(target.schema)}`);
        await useSchema(tx, target.schema);
        await projection.setup(tx);
        if (projection.applyBatch) await projection.applyBatch(tx, recorded);
        else for (const event of recorded) await projection.apply(tx, event);
        const answer = typeof query === 'string' ? await tx.unsafe(query) : await query(tx);
        // a plain array: postgres.js row lists carry the command and columns beside the rows
        result = (Array.isArray(answer) ? [...answer] : answer) as T;
        throw rolledBack;
      });
    } catch (error) {
      if (error !== rolledBack) throw error;
    }
    return result as T;
  }

  return {
    /** the events, in the order they were recorded; each may say how it was recorded (`Recording`) */
    given(events: Array<E & Recording>) {
      return {
        /** what `query` answers after the events (rows, or whatever a query function returns) */
        rows<T = Record<string, unknown>[]>(query: SpecQuery<T>): Promise<T> {
          return project(events, query);
        },
        /** the rows `query` answers after the events equal `expected` (asymmetric matchers welcome) */
        async thenRows<T = Record<string, unknown>[]>(query: SpecQuery<T>, expected: unknown): Promise<T> {
          const actual = await project(events, query);
          expect(actual).toEqual(expected);
          return actual;
        },
      };
    },
  };
}
