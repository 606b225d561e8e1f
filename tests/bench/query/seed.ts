/**
 * Seeding for the query bench: the demo site through the real command API (home, about, contact, legal pages,
 * the nested menu, a redirection), then filler pages appended straight to the event store, each page stream
 * with the events the command side writes (AppPageCreated, then its components), and a wait until the
 * projections have applied them. 10,000 pages take seconds this way instead of 30,000 HTTP commands.
 *
 * Filler paths are `/bench/page-NNNNN`: they sort after `/`, `/about` and before `/contact`, so the first
 * page of a list sorted by path is the same documents at every size that has them.
 */
import pino from 'pino';
import { newEventId, SYSTEM_USER_ID, type EventMetadata } from '@platform/contracts/metadata';
import { createEventContractRegistry } from '@platform/contracts/registry';
import { seedDemoSite } from '@platform/host/seed/demo-site';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore, type EventToAppend } from '@platform/infra/event-store';
import { waitForProjections } from '@platform/infra/projections/checkpoints';

export interface SeededSite {
  /** the id of the home page (path `/`) */
  homeId: string;
  /** pages in the read model (live, published) after seeding */
  pages: number;
}

const fillerPath = (n: number) => `/bench/page-${String(n).padStart(5, '0')}`;

/** The metadata of an event the bench appends straight to the store, as the system user. */
export function metadata(at: string): EventMetadata {
  const eventId = newEventId();
  return {
    eventId,
    correlationId: eventId,
    causationId: eventId,
    actor: { userId: SYSTEM_USER_ID, actingAsOrganizationId: null, impersonatorId: null },
    recordedAt: at,
    schemaVersion: 1,
  };
}

function fillerPageEvents(n: number, at: string): { streamId: string; events: EventToAppend[] } {
  const pageId = crypto.randomUUID();
  const event = (type: string, data: Record<string, unknown>): EventToAppend => {
    const meta = metadata(at);
    return { eventId: meta.eventId, type, data, metadata: meta };
  };
  return {
    streamId: `page-${pageId}`,
    events: [
      event('AppPageCreated', {
        pageId,
        path: fillerPath(n),
        title: `Bench page ${n}`,
        description: `A page the query bench adds to grow the read model (${n}).`,
        styles: '',
        requiresAuth: false,
        accessLevel: null,
        roles: [],
        isDefault: false,
      }),
      event('AppPageComponentAdded', {
        pageId,
        componentId: crypto.randomUUID(),
        name: 'title',
        viewId: null,
        position: 0,
        props: { title: `Bench page ${n}`, level: 1 },
      }),
      event('AppPageComponentAdded', {
        pageId,
        componentId: crypto.randomUUID(),
        name: 'custom',
        viewId: null,
        position: 1,
        props: { html: `<p>${'Filler text of a bench page. '.repeat(8)}</p>` },
      }),
    ],
  };
}

/** How many pages the read model holds (live and published, as an anonymous list counts them). */
async function countPages(databaseUrl: string): Promise<number> {
  const sql = createSql(databaseUrl, { max: 1 });
  try {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from read.app_pages where deleted_at is null and not is_draft`;
    return row?.n ?? 0;
  } finally {
    await sql.end();
  }
}

/** The demo site, through the platform's command API (as `npm start` seeds it). Returns the home page's id. */
export async function seedDemo(platformUrl: string, adminToken: string): Promise<string> {
  await seedDemoSite({ baseUrl: platformUrl, adminToken, logger: pino({ level: 'silent' }) });
  const res = await fetch(`${platformUrl}/api/v1/app-pages?filter[path]=/`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const doc = (await res.json()) as { data: { id: string }[] };
  const id = doc.data[0]?.id;
  if (!id) throw new Error('the demo home page was not seeded');
  return id;
}

/**
 * Adds filler pages until the read model holds `total` live pages (numbered after the ones already there), by
 * appending to the event store with `concurrency` appends in flight, then waits for every live projection to
 * reach the head.
 */
export async function growPages(databaseUrl: string, total: number, concurrency = 16): Promise<number> {
  const present = await countPages(databaseUrl);
  const missing = total - present;
  if (missing > 0) {
    const sql = createSql(databaseUrl, { max: concurrency });
    const store = new PostgresEventStore({ sql, contracts: createEventContractRegistry() });
    try {
      const at = new Date().toISOString();
      // filler numbers continue from those already seeded, so a second growth never repeats a path
      const [row] = await sql<{ n: number }[]>`
        select count(*)::int as n from read.app_pages where path like '/bench/page-%'`;
      let next = row?.n ?? 0;
      const end = next + missing;
      const worker = async () => {
        while (next < end) {
          const { streamId, events } = fillerPageEvents(next++, at);
          await store.appendToStream(streamId, events, { expectedVersion: 'no_stream' });
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      const head = await store.headPosition();
      // every projection, not only those the reads use: one still catching up (home stats count every event)
      // would work in the served process during the measurement
      const live = await sql<{ name: string }[]>`
        select distinct name from projection_checkpoints where status = 'live'`;
      const { reached } = await waitForProjections(
        { sql, eventStore: store },
        live.map((r) => r.name),
        head,
        120_000,
      );
      if (!reached) throw new Error('the projections did not reach the seeded events within 120 s');
      // and the rows are there (bounded)
      const deadline = Date.now() + 120_000;
      while ((await countPages(databaseUrl)) < total) {
        if (Date.now() > deadline) throw new Error(`the pages projection did not reach ${total} pages`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // a settled database has statistics (autovacuum would analyze at some random moment during the run)
      await sql`analyze`;
    } finally {
      await sql.end();
    }
  }
  return countPages(databaseUrl);
}
