import { z } from 'zod';
import { defineEvent, type EventContract, type EventOf } from '../event-contracts.ts';
import { AccessLevelSchema, RoleSchema } from './attributes.ts';

/**
 * Events of the `page-<uuid>` streams: a page, its components, and its draft links. Update events carry
 * the attributes after the change (not a diff), so that a projection or a replaying analyst never needs
 * the previous event to know the page.
 */

const timestamp = z.string().datetime({ offset: true });
const userId = z.string().nullable();

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
  props: z.record(z.unknown()),
});
export type PageComponent = z.infer<typeof PageComponentSchema>;

const pageId = z.string().uuid();

export const AppPageCreated = defineEvent(
  'AppPageCreated',
  PageFieldsSchema.extend({ pageId, createdAt: timestamp, createdBy: userId }),
);
export const AppPageUpdated = defineEvent(
  'AppPageUpdated',
  PageFieldsSchema.extend({ pageId, updatedAt: timestamp, updatedBy: userId }),
);
export const AppPageDeleted = defineEvent(
  'AppPageDeleted',
  z.object({ pageId, deletedAt: timestamp, deletedBy: userId }),
);

export const AppPageComponentAdded = defineEvent(
  'AppPageComponentAdded',
  PageComponentSchema.extend({ pageId, at: timestamp, by: userId }),
);
export const AppPageComponentUpdated = defineEvent(
  'AppPageComponentUpdated',
  PageComponentSchema.omit({ position: true }).extend({ pageId, at: timestamp, by: userId }),
);
/** Components between the two positions shift by one towards the vacated place. */
export const AppPageComponentMoved = defineEvent(
  'AppPageComponentMoved',
  z.object({
    pageId,
    componentId: z.string().uuid(),
    fromPosition: z.number().int().min(0),
    toPosition: z.number().int().min(0),
    at: timestamp,
    by: userId,
  }),
);
/** Components after the removed one shift back by one. */
export const AppPageComponentRemoved = defineEvent(
  'AppPageComponentRemoved',
  z.object({
    pageId,
    componentId: z.string().uuid(),
    position: z.number().int().min(0),
    at: timestamp,
    by: userId,
  }),
);

/** On the original page: it now has a draft. */
export const AppPageDraftCreated = defineEvent(
  'AppPageDraftCreated',
  z.object({ pageId, draftPageId: pageId, at: timestamp, by: userId }),
);
/** First event of a draft's own stream: a copy of the page and its components when the draft was made. */
export const AppPageDraftStarted = defineEvent(
  'AppPageDraftStarted',
  PageFieldsSchema.extend({
    pageId,
    draftOfPageId: pageId,
    components: z.array(PageComponentSchema),
    createdAt: timestamp,
    createdBy: userId,
  }),
);
/** On the draft: it was published into its page and is removed. */
export const AppPageDraftPublished = defineEvent(
  'AppPageDraftPublished',
  z.object({ pageId, draftOfPageId: pageId, publishedAt: timestamp, publishedBy: userId }),
);
/** On the original page: the draft's attributes and components replace the page's; the draft link clears. */
export const AppPageDraftApplied = defineEvent(
  'AppPageDraftApplied',
  PageFieldsSchema.extend({
    pageId,
    draftPageId: pageId,
    components: z.array(PageComponentSchema),
    updatedAt: timestamp,
    updatedBy: userId,
  }),
);
/** On the original page: its draft was deleted without being published; the draft link clears. */
export const AppPageDraftDiscarded = defineEvent(
  'AppPageDraftDiscarded',
  z.object({ pageId, draftPageId: pageId, at: timestamp, by: userId }),
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
