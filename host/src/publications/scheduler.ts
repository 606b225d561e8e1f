import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Sql } from 'postgres';
import type { EventContractRegistry } from '@platform/contracts/event-contracts';
import { systemActor } from '@platform/contracts/metadata';
import type { PublicationRequestType } from '@platform/contracts/publications/requests';
import {
  isServed,
  type ResourceDefinition,
  type ResourceFeatures,
} from '@platform/contracts/resources/definition';
import { handleCommand } from '@platform/command-api/handler';
import type { Clock } from '@platform/command-api/http/metadata';
import { publicationDecider } from '@platform/command-api/publications/requests';
import type { EventStore } from '@platform/infra/event-store';
import { timedJob } from '../timed-job.ts';

/** At most this long between two looks at the schedule (plan §3.1: every 15 s, sooner when a date is nearer). */
export const SCHEDULE_EVERY_MS = 15_000;
/** Due publications handled per pass (the next pass takes the rest at once). */
const BATCH = 100;

export interface PublicationSchedulerDeps {
  sql: Sql;
  eventStore: EventStore;
  contracts: EventContractRegistry;
  clock: Clock;
  logger: Logger;
  /** the publication items served (their definitions fold the items' streams) */
  items: readonly ResourceDefinition[];
  /** the resource features on: the items of a type whose feature is off are left waiting, never published */
  features?: Partial<ResourceFeatures>;
  everyMs?: number;
}

export interface PublicationScheduler {
  name: string;
  /** runs a first pass, then looks again at the next date (at most every `everyMs`) until stopped */
  start(): void;
  /** stops the timer; waits for the pass in flight */
  stop(): Promise<void>;
  /**
   * one pass: publishes what is due now; answers how many publications it appended (or found appended already
   * under their Idempotency-Key, while the read model had not caught up)
   */
  run(): Promise<number>;
}

interface DueRow {
  request_id: string;
  item_type: string;
  item_id: string;
  accepted_event_id: string;
}

/**
 * The scheduled publications (plan §3.1): an accepted request whose date has come becomes the item's publication,
 * appended by the platform (system actor, caused by the acceptance). The due requests are read from the
 * `publication_schedule` read model, so nothing lives in memory and a restart loses nothing: a request whose date
 * passed while the platform was down is published by the first pass. Each is decided on the item's stream under
 * the Idempotency-Key `publish:<requestId>`, so a second process or a retry appends nothing more.
 */
export function publicationScheduler(deps: PublicationSchedulerDeps): PublicationScheduler {
  const { sql, eventStore, contracts, clock, logger } = deps;
  const everyMs = deps.everyMs ?? SCHEDULE_EVERY_MS;
  const served = deps.items.filter((d) => isServed(d, deps.features ?? {}));
  const byType = new Map(served.map((d) => [d.type, d]));
  // a type switched off keeps its rows: they are published once the feature is on again and their date has come
  const types = served.map((d) => d.type);
  async function publish(row: DueRow): Promise<boolean> {
    const definition = byType.get(row.item_type);
    if (!definition) return false;
    const result = await handleCommand(
      { eventStore, contracts },
      {
        streamId: definition.streamId(row.item_id),
        decider: publicationDecider(definition),
        command: {
          type: 'PublishScheduledPublication',
          data: {
            itemType: row.item_type as PublicationRequestType,
            itemId: row.item_id,
            requestId: row.request_id,
          },
          metadata: {
            now: clock(),
            actor: systemActor,
            correlationId: randomUUID(),
            causationId: row.accepted_event_id,
          },
        },
        idempotencyKey: `publish:${row.request_id}`,
      },
    );
    return result.events.length > 0;
  }

  async function run(): Promise<number> {
    if (types.length === 0) return 0;
    const now = clock();
    const due = await sql<DueRow[]>`
      select request_id::text, item_type, item_id::text, accepted_event_id::text
        from read.publication_schedule
       where published_at is null and publish_at <= ${now} and item_type in ${sql(types)}
       order by publish_at, request_id
       limit ${BATCH}`;
    let published = 0;
    for (const row of due) {
      try {
        if (await publish(row)) published++;
      } catch (error) {
        logger.error({ err: error, requestId: row.request_id }, 'scheduled publication failed');
      }
    }
    return published;
  }

  /** How long until the next date, capped at `everyMs`. */
  async function nextDelay(): Promise<number> {
    // the due ones the decider settled with nothing wait for the next regular pass
    if (types.length === 0) return everyMs;
    const [row] = await sql<{ next: Date | null }[]>`
      select min(publish_at) as next from read.publication_schedule
       where published_at is null and publish_at > ${clock()} and item_type in ${sql(types)}`;
    if (!row?.next) return everyMs;
    return Math.min(everyMs, Math.max(0, row.next.getTime() - clock().getTime()));
  }

  return timedJob({
    name: 'publications.schedule',
    logger,
    failure: 'the publication schedule could not be read',
    run,
    batch: BATCH,
    nextDelay,
    everyMs,
  });
}
