import { z } from 'zod/v4';
import { defineEvent, withoutFields, type EventContract, type EventOf } from '../event-contracts.ts';
import { AccessLevelSchema } from '../access-level.ts';
import { RoleSchema } from './attributes.ts';

/**
 * Events of the `page-<uuid>` streams: a page, its components, and its draft links. Update events carry
 * the attributes after the change (not a diff), so that a projection or a replaying analyst never needs
 * the previous event to know the page. Who recorded an event and when is its metadata's (`actor`, `recordedAt`),
 * as for every other event: readers take it from there.
 */

export const PageFieldsSchema = z.object({
  path: z.string(),
  title: z.string(),
  description: z.string(),
  styles: z.string(),
  requiresAuth: z.boolean(),
  accessLevel: AccessLevelSchema.nullable(),
  roles: z.array(RoleSchema),
  isDefault: z.boolean(),
});
export type PageFields = z.infer<typeof PageFieldsSchema>;

export const PageComponentSchema = z.object({
  componentId: z.string().uuid(),
  name: z.string(),
  viewId: z.string().nullable(),
  /** 0-based, dense: a page's components sit at 0..n-1 */
  position: z.number().int().min(0),
  props: z.record(z.string(), z.unknown()),
});
export type PageComponent = z.infer<typeof PageComponentSchema>;

const pageId = z.string().uuid();

/**
 * Version 1 of every page event also carried who recorded it and when (`createdAt`/`createdBy`, `at`/`by`, ...),
 * which every event already holds in its metadata (`actor`, `recordedAt`). Version 2 carries the page's facts
 * only; the stored version-1 payloads lose those fields when read.
 */
const v2 = (...recordedWhoAndWhen: string[]) => ({
  version: 2,
  upcasters: { 1: withoutFields(...recordedWhoAndWhen) },
});

export const AppPageCreated = defineEvent(
  'AppPageCreated',
  PageFieldsSchema.extend({ pageId }),
  v2('createdAt', 'createdBy'),
);
export const AppPageUpdated = defineEvent(
  'AppPageUpdated',
  PageFieldsSchema.extend({ pageId }),
  v2('updatedAt', 'updatedBy'),
);
export const AppPageDeleted = defineEvent(
  'AppPageDeleted',
  z.object({ pageId }),
  v2('deletedAt', 'deletedBy'),
);

export const AppPageComponentAdded = defineEvent(
  'AppPageComponentAdded',
  PageComponentSchema.extend({ pageId }),
  v2('at', 'by'),
);
export const AppPageComponentUpdated = defineEvent(
  'AppPageComponentUpdated',
  PageComponentSchema.omit({ position: true }).extend({ pageId }),
  v2('at', 'by'),
);
/** Components between the two positions shift by one towards the vacated place. */
export const AppPageComponentMoved = defineEvent(
  'AppPageComponentMoved',
  z.object({
    pageId,
    componentId: z.string().uuid(),
    fromPosition: z.number().int().min(0),
    toPosition: z.number().int().min(0),
  }),
  v2('at', 'by'),
);
/** Components after the removed one shift back by one. */
export const AppPageComponentRemoved = defineEvent(
  'AppPageComponentRemoved',
  z.object({
    pageId,
    componentId: z.string().uuid(),
    position: z.number().int().min(0),
  }),
  v2('at', 'by'),
);

/** On the original page: it now has a draft. */
export const AppPageDraftCreated = defineEvent(
  'AppPageDraftCreated',
  z.object({ pageId, draftPageId: pageId }),
  v2('at', 'by'),
);
/** First event of a draft's own stream: a copy of the page and its components when the draft was made. */
export const AppPageDraftStarted = defineEvent(
  'AppPageDraftStarted',
  PageFieldsSchema.extend({
    pageId,
    draftOfPageId: pageId,
    components: z.array(PageComponentSchema),
  }),
  v2('createdAt', 'createdBy'),
);
/** On the draft: it was published into its page and is removed. */
export const AppPageDraftPublished = defineEvent(
  'AppPageDraftPublished',
  z.object({ pageId, draftOfPageId: pageId }),
  v2('publishedAt', 'publishedBy'),
);
/** On the original page: the draft's attributes and components replace the page's; the draft link clears. */
export const AppPageDraftApplied = defineEvent(
  'AppPageDraftApplied',
  PageFieldsSchema.extend({
    pageId,
    draftPageId: pageId,
    components: z.array(PageComponentSchema),
  }),
  v2('updatedAt', 'updatedBy'),
);
/** On the original page: its draft was deleted without being published; the draft link clears. */
export const AppPageDraftDiscarded = defineEvent(
  'AppPageDraftDiscarded',
  z.object({ pageId, draftPageId: pageId }),
  v2('at', 'by'),
);

const contracts = [
  AppPageCreated,
  AppPageUpdated,
  AppPageDeleted,
  AppPageComponentAdded,
  AppPageComponentUpdated,
  AppPageComponentMoved,
  AppPageComponentRemoved,
  AppPageDraftCreated,
  AppPageDraftStarted,
  AppPageDraftPublished,
  AppPageDraftApplied,
  AppPageDraftDiscarded,
] as const;

export const pagesEventContracts: EventContract[] = [...contracts];

type Distribute<C> = C extends EventContract ? EventOf<C> : never;
/** A page stream event as deciders and projections see it: a union discriminated on `type`. */
export type PageEvent = Distribute<(typeof contracts)[number]>;
export type PageEventType = PageEvent['type'];
export const PAGE_EVENT_TYPES: readonly PageEventType[] = contracts.map((c) => c.type);
