/**
 * Seeding for the community section (issue 21): the repository and the forum, through the event store as the
 * command side writes them (one stream per record, its `<Type>Created` event validated by its contract), then a
 * wait until every live projection has applied them (so the read model, its related counts included, is the
 * platform's own) and ANALYZE. The records are made by the pure functions below from their number, so that the
 * same number always makes the same record and a larger size only appends.
 *
 * Single-event appends to new streams share one INSERT (the group append, ADR 0012) when many are in flight:
 * the bench keeps 128 in flight, so a million messages are appended in minutes rather than one round trip each.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { userStreamId } from '@platform/contracts/accounts/events';
import { tagResource } from '@platform/contracts/content/tag';
import { EventContractRegistry } from '@platform/contracts/event-contracts';
import { fileResource } from '@platform/contracts/files/file';
import {
  forumCategoryResource,
  forumSubjectMessageResource,
  forumSubjectResource,
} from '@platform/contracts/forum/records';
import { newEventId, type EventMetadata } from '@platform/contracts/metadata';
import { organizationResource } from '@platform/contracts/organizations/organization';
import { allEventContracts } from '@platform/contracts/registry';
import { repositoryCategoryResource, repositoryItemResource } from '@platform/contracts/repository/records';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore } from '@platform/infra/event-store';
import { waitForProjections } from '@platform/infra/projections/checkpoints';

/** The records everything else points at: fixed counts, whatever the size. */
export const COMMUNITY_FIXED = {
  users: 200,
  organizations: 20,
  images: 100,
  tags: 100,
  repositoryCategories: 20,
  forumCategories: 10,
  /** subjects are fixed too: only their messages grow, so the subject list must not move between sizes */
  subjects: 500,
} as const;

/** Ids of the fixed records, made once so that both sizes point at the same ones. */
export interface CommunityIds {
  users: string[];
  organizations: string[];
  images: string[];
  tags: string[];
  repositoryCategories: string[];
  forumCategories: string[];
  subjects: string[];
  /** each subject's first message, which every third message answers (threads) */
  firstMessages: string[];
}

export function communityIds(): CommunityIds {
  const make = (n: number) => Array.from({ length: n }, () => randomUUID());
  return {
    users: make(COMMUNITY_FIXED.users),
    organizations: make(COMMUNITY_FIXED.organizations),
    images: make(COMMUNITY_FIXED.images),
    tags: make(COMMUNITY_FIXED.tags),
    repositoryCategories: make(COMMUNITY_FIXED.repositoryCategories),
    forumCategories: make(COMMUNITY_FIXED.forumCategories),
    subjects: make(COMMUNITY_FIXED.subjects),
    firstMessages: make(COMMUNITY_FIXED.subjects),
  };
}

/** One event to append as the first of a new stream, by one actor at one time. */
export interface SeedEvent {
  streamId: string;
  type: string;
  data: Record<string, unknown>;
  actorId: string;
  recordedAt: string;
}

/** Every item is published this long before the bench's start, or later: a minute apart each. */
const BASE = Date.UTC(2026, 0, 1);
const minutesBefore = (n: number) => new Date(BASE - n * 60_000).toISOString();

/**
 * The words of the repository's text: what an item is (one of 50, in its title) and what it is for (one of 40,
 * in its description), so that a one-word search matches 2% or 2.5% of the items and a two-word search 0.05%.
 * The French words carry accents, which the search finds without them (unaccent).
 */
export const AIDS = [
  'switch',
  'joystick',
  'keyboard',
  'mouse',
  'trackball',
  'headset',
  'tablet',
  'stand',
  'mount',
  'holder',
  'grip',
  'splint',
  'pointer',
  'stylus',
  'button',
  'lever',
  'pedal',
  'ramp',
  'rail',
  'handle',
  'cushion',
  'strap',
  'clip',
  'hook',
  'case',
  'cover',
  'guard',
  'shield',
  'bracket',
  'arm',
  'plate',
  'board',
  'frame',
  'box',
  'tray',
  'cup',
  'spoon',
  'fork',
  'knife',
  'brush',
  'comb',
  'key',
  'lock',
  'latch',
  'knob',
  'dial',
  'wheel',
  'bell',
  'light',
  'sensor',
] as const;
export const USES = [
  'wheelchair',
  'bed',
  'table',
  'door',
  'window',
  'phone',
  'computer',
  'television',
  'radio',
  'oven',
  'kitchen',
  'bathroom',
  'garden',
  'car',
  'bus',
  'school',
  'office',
  'workshop',
  'game',
  'music',
  'painting',
  'reading',
  'writing',
  'eating',
  'drinking',
  'dressing',
  'walking',
  'standing',
  'sitting',
  'sleeping',
  'speaking',
  'listening',
  'seeing',
  'typing',
  'gaming',
  'cooking',
  'cleaning',
  'washing',
  'shaving',
  'printing',
] as const;
/** French titles of a tenth of the items (their translation), with accents. */
export const FRENCH_AIDS = [
  'contacteur électrique',
  'manette adaptée',
  'clavier élargi',
  'souris à défilement',
  'support orienté',
] as const;

/** Which fixed records item n points at, and whether a visitor reads it. */
export function repositoryItemShape(n: number) {
  const categories = COMMUNITY_FIXED.repositoryCategories;
  const tags = COMMUNITY_FIXED.tags;
  return {
    // one or two categories: n mod 20, and every other item (n mod 7) + 3 mod 20 too
    categories: n % 2 === 0 ? [n % categories] : [...new Set([n % categories, ((n % 7) + 3) % categories])],
    // two tags
    tags: [n % tags, (n * 7 + 13) % tags === n % tags ? (n + 1) % tags : (n * 7 + 13) % tags],
    organization: n % 3 === 0 ? null : n % COMMUNITY_FIXED.organizations,
    image: n % COMMUNITY_FIXED.images,
    aid: AIDS[n % AIDS.length]!,
    use: USES[Math.floor(n / AIDS.length) % USES.length]!,
    /** every twentieth item is not published yet, every tenth one (not those) is for members of level 1 */
    published: n % 20 !== 19,
    membersOnly: n % 10 === 4,
    french: n % 10 === 7 ? FRENCH_AIDS[Math.floor(n / 10) % FRENCH_AIDS.length]! : null,
  };
}

export function repositoryItemEvent(n: number, ids: CommunityIds): SeedEvent {
  const id = randomUUID();
  const s = repositoryItemShape(n);
  const title = `Adapted ${s.aid} for the ${s.use}, model ${n}`;
  return {
    streamId: repositoryItemResource.streamId(id),
    type: repositoryItemResource.events.created,
    actorId: ids.users[n % ids.users.length]!,
    recordedAt: minutesBefore(n),
    data: {
      id,
      attributes: {
        title,
        description:
          `<p>A ${s.aid} members made for the ${s.use}: printed in two parts, assembled with four screws. ` +
          `It fits most models and can be adjusted to the hand of its user (${n}).</p>`,
        printerSettingsDescription: n % 4 === 0 ? '<p>PLA, 0.2 mm layers, 20% infill.</p>' : null,
        publishedAt: s.published ? minutesBefore(n) : null,
        hasComments: true,
        translations: s.french
          ? { fr: { title: `${s.french} pour ${s.use}, modèle ${n}`, description: `<p>Un ${s.french}.</p>` } }
          : {},
      },
      relationships: {
        image: ids.images[s.image]!,
        additionalImages: [],
        attachments: [],
        categories: s.categories.map((c) => ids.repositoryCategories[c]!),
        tags: s.tags.map((t) => ids.tags[t]!),
        organization: s.organization === null ? null : ids.organizations[s.organization]!,
        accessLevel: s.membersOnly ? 'member_level_1' : null,
      },
    },
  };
}

/** Which subject message n is in, and whether it answers the subject's first message. */
export function forumMessageShape(n: number) {
  const subjects = COMMUNITY_FIXED.subjects;
  const subject = n % subjects;
  const first = n < subjects;
  return { subject, first, reply: !first && n % 3 === 0 };
}

export function forumMessageEvent(n: number, ids: CommunityIds): SeedEvent {
  const s = forumMessageShape(n);
  const id = s.first ? ids.firstMessages[s.subject]! : randomUUID();
  return {
    streamId: forumSubjectMessageResource.streamId(id),
    type: forumSubjectMessageResource.events.created,
    actorId: ids.users[(n * 13) % ids.users.length]!,
    // after their subject, in the order of their numbers
    recordedAt: new Date(BASE + 60_000 + n * 10).toISOString(),
    data: {
      id,
      attributes: {
        content: `<p>Message ${n}: I tried it with my ${USES[n % USES.length]} and it works well.</p>`,
      },
      relationships: {
        subject: ids.subjects[s.subject]!,
        ...(s.reply ? { parentMessage: ids.firstMessages[s.subject]! } : {}),
      },
    },
  };
}

/** The fixed records: members, organizations, images, tags, categories of both, and the forum's subjects. */
export function fixedEvents(ids: CommunityIds): SeedEvent[] {
  const at = (n: number) => new Date(BASE - 365 * 86_400_000 + n * 1000).toISOString();
  const admin = ids.users[0]!;
  const events: SeedEvent[] = [];
  ids.users.forEach((id, n) =>
    events.push({
      streamId: userStreamId(id),
      type: 'UserRegistered',
      actorId: id,
      recordedAt: at(n),
      data: {
        id,
        email: `member-${n}@bench.invalid`,
        firstName: 'Member',
        lastName: `Number ${n}`,
        locale: 'en',
        timezone: 'Europe/Paris',
        passwordHash: null,
        origin: 'admin',
      },
    }),
  );
  const record = (
    resource: { streamId(id: string): string; events: { created: string } },
    id: string,
    n: number,
    attributes: Record<string, unknown>,
    relationships: Record<string, unknown> = {},
  ) =>
    events.push({
      streamId: resource.streamId(id),
      type: resource.events.created,
      actorId: admin,
      recordedAt: at(n),
      data: { id, attributes, relationships },
    });
  ids.organizations.forEach((id, n) =>
    record(organizationResource, id, n, { name: `Fab lab ${n}`, slug: `fab-lab-${n}` }),
  );
  ids.images.forEach((id, n) =>
    record(fileResource, id, n, {
      name: `Photo ${n}`,
      slug: `photo-${n}`,
      originalName: `photo-${n}.jpg`,
      mimeType: 'image/jpeg',
      extension: 'jpg',
      family: 'image',
      hash: (n.toString(16).padStart(8, '0') + 'a'.repeat(56)).slice(0, 64),
      size: 120_000 + n,
      metadata: { width: 1200, height: 900 },
    }),
  );
  ids.tags.forEach((id, n) => record(tagResource, id, n, { name: `Tag ${String(n).padStart(3, '0')}` }));
  ids.repositoryCategories.forEach((id, n) =>
    record(repositoryCategoryResource, id, n, { name: `Category ${String(n).padStart(2, '0')}` }),
  );
  ids.forumCategories.forEach((id, n) =>
    record(forumCategoryResource, id, n, { name: `Forum ${n}`, position: n }),
  );
  ids.subjects.forEach((id, n) => {
    const pinned = n < 20 && n % 10 === 0;
    events.push({
      streamId: forumSubjectResource.streamId(id),
      type: forumSubjectResource.events.created,
      actorId: ids.users[n % ids.users.length]!,
      recordedAt: at(1000 + n),
      data: {
        id,
        attributes: {
          title: `How do I adapt a ${AIDS[n % AIDS.length]} to a ${USES[n % USES.length]}? (${n})`,
          pinnedOnCategoryAt: pinned ? at(5000 + n) : null,
        },
        relationships: {
          category: ids.forumCategories[n % ids.forumCategories.length]!,
          tags: [ids.tags[n % ids.tags.length]!],
        },
      },
    });
  });
  return events;
}

const metadataOf = (event: SeedEvent): EventMetadata => {
  const eventId = newEventId();
  return {
    eventId,
    correlationId: eventId,
    causationId: eventId,
    actor: { userId: event.actorId, actingAsOrganizationId: null, impersonatorId: null },
    recordedAt: event.recordedAt,
    schemaVersion: 1,
  };
};

/**
 * Appends events `from` .. `to` - 1 made by `make` (each the first of its stream), `inFlight` at a time, then
 * waits until every live projection has applied them (`timeoutMs`) and ANALYZEs. Logs its progress every 10 s.
 */
export async function appendSeed(
  databaseUrl: string,
  from: number,
  to: number,
  make: (n: number) => SeedEvent,
  options: { inFlight?: number; timeoutMs?: number; log?: (line: string) => void } = {},
): Promise<{ appendSeconds: number; projectSeconds: number }> {
  const sql = createSql(databaseUrl, { max: 16 });
  const store = new PostgresEventStore({ sql, contracts: new EventContractRegistry([...allEventContracts]) });
  const log = options.log ?? (() => {});
  const started = performance.now();
  let next = from;
  const progress = setInterval(
    () =>
      log(
        `    appended ${(next - from).toLocaleString('en-US')} of ${(to - from).toLocaleString('en-US')} (load ${loadavg()[0]!.toFixed(1)})`,
      ),
    10_000,
  );
  try {
    const worker = async () => {
      while (next < to) {
        const event = make(next++);
        const metadata = metadataOf(event);
        await store.appendToStream(
          event.streamId,
          [{ eventId: metadata.eventId, type: event.type, data: event.data, metadata }],
          { expectedVersion: 'no_stream' },
        );
      }
    };
    await Promise.all(Array.from({ length: options.inFlight ?? 128 }, worker));
    clearInterval(progress);
    const appended = performance.now();
    // the last event committed, not headPosition(): that one stops below the oldest transaction still running
    // (a projection's, say), so it may name an earlier event than the seed's last one
    const head = await store.lastCommittedPosition();
    const live = await sql<{ name: string }[]>`
      select distinct name from projection_checkpoints where status = 'live'`;
    const waiting = setInterval(() => {
      void sql<{ name: string; events_applied: string }[]>`
        select name, events_applied::text from projection_checkpoints
        where status = 'live' and position < ${head.toString()}::bigint order by name`.then(
        (rows) =>
          log(
            `    projections behind: ${rows.map((r) => r.name).join(', ') || 'none'} (load ${loadavg()[0]!.toFixed(1)})`,
          ),
        () => {},
      );
    }, 30_000);
    try {
      const { reached } = await waitForProjections(
        { sql, eventStore: store },
        live.map((r) => r.name),
        head,
        options.timeoutMs ?? 3_600_000,
      );
      if (!reached) throw new Error('the projections did not reach the seeded events in time');
    } finally {
      clearInterval(waiting);
    }
    await sql`analyze`;
    return {
      appendSeconds: (appended - started) / 1000,
      projectSeconds: (performance.now() - appended) / 1000,
    };
  } finally {
    clearInterval(progress);
    await sql.end();
  }
}
