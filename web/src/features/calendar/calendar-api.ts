import { CalendarDate } from '@internationalized/date';
import { recordEndpoints } from '@platform/contracts/resources/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';
import type { FileView } from '../../kit/api/files.ts';
import { dayIn, startOfDay } from '../../kit/time/zone.ts';
import {
  authorOf,
  engagementOf,
  imagesOf,
  Included,
  present,
  tagsOf,
  ToMany,
  ToOne,
  type AuthorView,
  type Engagement,
  type TagView,
} from '../community/index.ts';

const EventSchema = z.object({
  type: z.literal('calendar-events'),
  id: z.string(),
  attributes: z
    .object({
      title: z.string(),
      description: z.string().nullable().optional(),
      creator: z.string().nullable().optional(),
      externalUrl: z.string().nullable().optional(),
      isRealLocation: z.boolean().optional(),
      location: z.string().nullable().optional(),
      startAt: z.string(),
      endAt: z.string(),
    })
    .passthrough(),
  relationships: z.object({ image: ToOne, tags: ToMany }).passthrough().optional(),
});
const ListSchema = z.object({ data: z.array(EventSchema), included: Included });
const DocumentSchema = z.object({ data: EventSchema, included: Included });

/** A calendar event as the readers' screens show it; an online event's location is its https link (R4). */
export interface CalendarEvent {
  id: string;
  title: string;
  description: string;
  organiser: string | null;
  /** its author: its member, or the organization they acted for (seed 001 §3) */
  author: AuthorView | null;
  externalUrl: string | null;
  online: boolean;
  location: string | null;
  startAt: string;
  endAt: string;
  image: FileView | null;
  tags: TagView[];
  /** its likes and comments as the reader sees them (community/engagement.tsx) */
  engagement: Engagement;
}

function toEvent(data: z.infer<typeof EventSchema>, included: z.infer<typeof Included>): CalendarEvent {
  const a = data.attributes;
  return {
    id: data.id,
    title: a.title,
    description: a.description ?? '',
    organiser: present(a.creator),
    author: authorOf(a.author),
    externalUrl: present(a.externalUrl),
    online: a.isRealLocation === false,
    location: present(a.location),
    startAt: a.startAt,
    endAt: a.endAt,
    image:
      imagesOf(data.relationships?.image?.data ? [data.relationships.image.data] : [], included)[0] ?? null,
    tags: tagsOf(data.relationships?.tags?.data, included),
    engagement: engagementOf(a),
  };
}

/** A month (`YYYY-MM`) as its first day. */
export function firstDayOf(month: string): CalendarDate {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new CalendarDate(year, index, 1);
}

/**
 * A month (`YYYY-MM`) in the viewer's zone: the instant its first day begins and the next month's, for
 * `filter[between]`.
 */
export function monthRange(month: string, zone: string): { from: Date; to: Date } {
  const first = firstDayOf(month);
  return { from: startOfDay(first, zone), to: startOfDay(first.add({ months: 1 }), zone) };
}

/** The month (`YYYY-MM`) of a day, or of an instant in the viewer's zone. */
export function monthOf(date: Date | CalendarDate, zone: string): string {
  const day = date instanceof Date ? dayIn(date, zone) : date;
  return `${String(day.year).padStart(4, '0')}-${String(day.month).padStart(2, '0')}`;
}

/** The published events the reader may see that overlap the month, by start. */
export async function readMonthEvents(
  api: ApiClient,
  month: string,
  tag: string | null,
  zone: string,
  signal?: AbortSignal,
): Promise<CalendarEvent[]> {
  const { from, to } = monthRange(month, zone);
  const query: Record<string, string> = {
    'filter[between]': `${from.toISOString()},${to.toISOString()}`,
    sort: 'startAt',
    include: 'image,tags',
    'page[size]': '100',
  };
  if (tag) query['filter[tags]'] = tag;
  const doc = await api.call(recordEndpoints('calendar-events').list, {
    schema: ListSchema,
    query,
    signal,
  });
  return doc.data.map((d) => toEvent(d, doc.included));
}

/** One event by id; a 404 is an ApiError of kind 'not-found'. */
export async function readCalendarEvent(
  api: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<CalendarEvent> {
  const doc = await api.call(recordEndpoints('calendar-events').find, {
    params: { id },
    schema: DocumentSchema,
    query: { include: 'image,tags' },
    signal,
  });
  return toEvent(doc.data, doc.included);
}
