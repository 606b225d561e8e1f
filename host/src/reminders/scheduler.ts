import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Sql } from 'postgres';
import type { EventContractRegistry } from '@platform/contracts/event-contracts';
import { systemActor } from '@platform/contracts/metadata';
import { notificationResource } from '@platform/contracts/notifications/notification';
import {
  REMINDER_NOTIFICATION,
  reminderResource,
  remindablePath,
} from '@platform/contracts/reminders/records';
import { deriveId, handleCommand } from '@platform/command-api/handler';
import type { Clock } from '@platform/command-api/http/metadata';
import { resourceDecider } from '@platform/command-api/resources/decide';
import type { EventStore } from '@platform/infra/event-store';
import { resourceColumn, resourceTable } from '@platform/infra/resources/table';
import { timedJob } from '../timed-job.ts';

/** At most this long between two looks at the reminders (sooner when one is nearer). */
export const REMINDERS_EVERY_MS = 15_000;
/** Reminders sent per pass (the next pass takes the rest at once). */
const BATCH = 100;

export interface ReminderSchedulerDeps {
  sql: Sql;
  eventStore: EventStore;
  contracts: EventContractRegistry;
  clock: Clock;
  logger: Logger;
  everyMs?: number;
}

export interface ReminderScheduler {
  name: string;
  start(): void;
  stop(): Promise<void>;
  /** one pass: sends the reminders whose time has come; answers how many it sent */
  run(): Promise<number>;
}

interface DueRow {
  id: string;
  title: string;
  message: string | null;
  remind_at: Date;
  created_by: string | null;
  remindable_type: string;
  remindable_id: string;
}

const NOTIFICATION_MESSAGE_MAX = 500;

/**
 * The reminders' job (ADR 0063): a reminder whose time has come tells its author (a notification leading to the
 * project or appointment it is about), then is marked sent, both by the platform (system actor). The due reminders
 * are read from the reminders' read model, so nothing lives in memory and a restart loses nothing: one whose time
 * passed while the platform was down is sent by the first pass. The notification's id is drawn from the reminder and
 * its time, and the mark is decided under the Idempotency-Key `remind:<id>:<time>`, so a second process or a retry
 * tells nobody twice; a reminder moved to another time is sent again at that time.
 */
export function reminderScheduler(deps: ReminderSchedulerDeps): ReminderScheduler {
  const { sql, eventStore, contracts, clock, logger } = deps;
  const everyMs = deps.everyMs ?? REMINDERS_EVERY_MS;
  const table = resourceTable(reminderResource).table;
  const column = (name: string) => resourceColumn(reminderResource, name);
  const remindable = resourceTable(reminderResource).relationships.find((r) => r.name === 'remindable')!;
  async function send(row: DueRow): Promise<boolean> {
    const at = row.remind_at.toISOString();
    // caused by the clock alone: the pass's own id names both
    const pass = randomUUID();
    const metadata = () => ({ now: clock(), actor: systemActor, correlationId: pass, causationId: pass });
    if (row.created_by) {
      const id = deriveId(`remind:${row.id}:${at}`, 'notify');
      const text = row.message ? `${row.title}: ${row.message}` : row.title;
      await handleCommand(
        { eventStore, contracts },
        {
          streamId: notificationResource.streamId(id),
          decider: resourceDecider(notificationResource, id),
          command: {
            type: 'CreateResource',
            data: {
              id,
              attributes: notificationResource.attributes.parse({
                notificationType: REMINDER_NOTIFICATION,
                message:
                  text.length > NOTIFICATION_MESSAGE_MAX
                    ? `${text.slice(0, NOTIFICATION_MESSAGE_MAX - 1)}…`
                    : text,
                actionUrl: remindablePath(row.remindable_type, row.remindable_id),
              }),
              relationships: { user: row.created_by },
            },
            metadata: metadata(),
          },
          idempotencyKey: `remind:${row.id}:${at}:notify`,
        },
      );
    }
    const result = await handleCommand(
      { eventStore, contracts },
      {
        streamId: reminderResource.streamId(row.id),
        decider: resourceDecider(reminderResource, row.id),
        command: {
          type: 'UpdateResource',
          data: { id: row.id, attributes: { sentAt: clock().toISOString() }, relationships: {} },
          metadata: metadata(),
        },
        idempotencyKey: `remind:${row.id}:${at}`,
      },
    );
    return result.events.length > 0;
  }

  async function run(): Promise<number> {
    const now = clock();
    const due = await sql<DueRow[]>`
      select id::text, ${sql(column('title'))} as title, ${sql(column('message'))} as message,
             ${sql(column('remindAt'))} as remind_at, created_by::text as created_by,
             ${sql(remindable.typeColumn!)} as remindable_type, ${sql(remindable.column)}::text as remindable_id
        from ${sql('read')}.${sql(table)}
       where ${sql(column('sentAt'))} is null and deleted_at is null and ${sql(column('remindAt'))} <= ${now}
       order by ${sql(column('remindAt'))}, id
       limit ${BATCH}`;
    let sent = 0;
    for (const row of due) {
      try {
        if (await send(row)) sent++;
      } catch (error) {
        logger.error({ err: error, reminderId: row.id }, 'reminder not sent');
      }
    }
    return sent;
  }

  async function nextDelay(): Promise<number> {
    const [row] = await sql<{ next: Date | null }[]>`
      select min(${sql(column('remindAt'))}) as next from ${sql('read')}.${sql(table)}
       where ${sql(column('sentAt'))} is null and deleted_at is null and ${sql(column('remindAt'))} > ${clock()}`;
    if (!row?.next) return everyMs;
    return Math.min(everyMs, Math.max(0, row.next.getTime() - clock().getTime()));
  }

  return timedJob({
    name: 'reminders.send',
    logger,
    failure: 'the reminders could not be read',
    run,
    batch: BATCH,
    nextDelay,
    everyMs,
  });
}
