import { z } from 'zod/v4';
import { APP_ADMINS, APP_ADMINS_ONLY, either } from '../resources/access.ts';
import {
  defineResource,
  type RecordOf,
  type RelatedCount,
  type ResourceDefinition,
} from '../resources/definition.ts';
import { richText } from '../resources/fields.ts';
import { file } from '../resources/files.ts';
import type { ResourceState } from '../resources/state.ts';
import { KEEPERS, PUBLICATION_ACCESS, PUBLISHERS } from '../publications/access.ts';

/**
 * Trainings (issue 23; seed 001 §3 "### Training") on the resource layer: training resources members share and
 * review, the requests for resources that do not exist yet, the reference lists that file them, and trainings
 * with their sessions and addresses. Every type depends on the trainings feature (FEATURE_TRAININGS).
 */

const title = z.string().trim().min(1).max(255);
const name = z.string().trim().min(1).max(255);
const shortText = z.string().trim().max(255).nullable().default(null);
const instant = z.string().datetime({ offset: true });
const url = z.string().trim().url().max(2048);

/** Seed 001 §5: "Training review objectives: personal, project, integration, other." */
export const TRAINING_REVIEW_OBJECTIVES = ['personal', 'project', 'integration', 'other'] as const;
export type TrainingReviewObjective = (typeof TRAINING_REVIEW_OBJECTIVES)[number];
/** Seed 001 §5: "recipientsCount applies only to project, integration and other." */
export const OBJECTIVES_WITH_RECIPIENTS: readonly TrainingReviewObjective[] = [
  'project',
  'integration',
  'other',
];
/** A review's rating: a whole number of stars, from 1 to 5 (the seed leaves the range to the platform). */
export const REVIEW_RATING = { min: 1, max: 5 } as const;

/** Reference lists: administrators write, everyone reads. */
const REFERENCE_ACCESS = { ...APP_ADMINS_ONLY, index: 'everyone', show: 'everyone' } as const;

/** A reference list of the trainings: a translatable name, unique, and the counts it keeps (a theme's resources). */
function referenceList(input: {
  type: string;
  singular: string;
  category: string;
  eventPrefix: string;
  group: 'trainingResources' | 'trainings';
  icon: string;
  counts?: Record<string, RelatedCount>;
}) {
  return defineResource({
    type: input.type,
    singular: input.singular,
    category: input.category,
    eventPrefix: input.eventPrefix,
    module: 'trainings',
    feature: 'trainings',
    menu: { group: input.group, icon: input.icon },
    attributes: z.object({ name }),
    traits: { translatable: ['name'] },
    ...(input.counts ? { counts: input.counts } : {}),
    unique: ['name'],
    access: REFERENCE_ACCESS,
    search: ['name'],
    sorts: ['name'],
    defaultSort: { field: 'name', direction: 'asc' },
    title: 'name',
  });
}

/** A theme of the training resources, with the number of its published resources. */
export const trainingResourceThemeResource = referenceList({
  type: 'training-resource-themes',
  singular: 'training-resource-theme',
  category: 'trainingresourcetheme',
  eventPrefix: 'TrainingResourceTheme',
  group: 'trainingResources',
  icon: 'category',
  counts: {
    resourcesCount: { type: 'training-resources', via: 'themes', kind: 'count', published: true },
  },
});

export const trainingResourceTypeResource = referenceList({
  type: 'training-resource-types',
  singular: 'training-resource-type',
  category: 'trainingresourcetype',
  eventPrefix: 'TrainingResourceType',
  group: 'trainingResources',
  icon: 'perm_media',
});
export const trainingCategoryResource = referenceList({
  type: 'training-categories',
  singular: 'training-category',
  category: 'trainingcategory',
  eventPrefix: 'TrainingCategory',
  group: 'trainings',
  icon: 'category',
});
export const trainingLevelResource = referenceList({
  type: 'training-levels',
  singular: 'training-level',
  category: 'traininglevel',
  eventPrefix: 'TrainingLevel',
  group: 'trainings',
  icon: 'signal_cellular_alt',
});
export const trainingTypeResource = referenceList({
  type: 'training-types',
  singular: 'training-type',
  category: 'trainingtype',
  eventPrefix: 'TrainingType',
  group: 'trainings',
  icon: 'style',
});

/**
 * A training resource members share (seed 001 §3 training-resource): its files, licence and original authors, the
 * resources and requests it answers or extends, and the reviews it received (their count and average rating kept
 * by its projection from the reviews' events).
 */
export const trainingResourceResource = defineResource({
  type: 'training-resources',
  singular: 'training-resource',
  category: 'trainingresource',
  eventPrefix: 'TrainingResource',
  module: 'trainings',
  feature: 'trainings',
  menu: { group: 'trainingResources', icon: 'school' },
  attributes: z.object({
    title,
    description: richText(z.string().max(100_000)).default(''),
    externalUrl: url.nullable().default(null),
    source: shortText,
    usageNotes: richText(z.string().max(20_000)).nullable().default(null),
    updates: richText(z.string().max(20_000)).nullable().default(null),
    originalAuthors: z.string().trim().max(1000).nullable().default(null),
    otherResourceType: shortText,
    otherTheme: shortText,
    // a licence's SPDX identifier (CC-BY-4.0, CC-BY-SA-4.0, ...)
    licenseId: z.string().trim().max(64).nullable().default(null),
  }),
  relationships: {
    image: file({ family: 'image' }),
    resourceType: { type: 'training-resource-types' },
    themes: { type: 'training-resource-themes', many: true },
    files: file({ family: ['doc', 'image', 'video', 'audio', 'svg', '3d', 'lcc'], many: true }),
    originalResources: { type: 'training-resources', many: true },
    originalRequests: { type: 'training-resource-requests', many: true },
  },
  traits: {
    publishable: { publishedBy: PUBLISHERS },
    publicationItem: { requests: true },
    taggable: true,
    likable: true,
    translatable: ['title', 'description', 'usageNotes', 'updates'],
  },
  counts: {
    reviewsCount: { type: 'training-resource-reviews', via: 'resource', kind: 'count' },
    reviewsAverageRating: {
      type: 'training-resource-reviews',
      via: 'resource',
      kind: 'average',
      of: 'reviewRating',
    },
  },
  softDeletable: true,
  access: PUBLICATION_ACCESS,
  filters: ['licenseId'],
  search: ['title', 'description'],
  searchMode: 'fullText',
  sorts: ['title'],
  // version 2: its tags' list index (ADR 0050)
  version: 2,
  defaultSort: { field: 'publishedAt', direction: 'desc' },
  globalSearch: {
    title: 'title',
    description: 'description',
    path: { component: 'training-resources', key: 'id' },
  },
  title: 'title',
});

/** Records members write and their authors and the publishers keep (the requests, the reviews). */
const MEMBERS_ACCESS = {
  see: APP_ADMINS,
  index: 'everyone',
  show: 'everyone',
  create: 'signedIn',
  update: KEEPERS,
  softDelete: KEEPERS,
  restore: PUBLISHERS,
  delete: PUBLISHERS,
} as const;

/**
 * A member's request for a training resource that does not exist yet (seed 001 §3 training-resource-request): an
 * inspiration, the themes and type it would have (or the member's own "other"), the resources it would extend.
 */
export const trainingResourceRequestResource = defineResource({
  type: 'training-resource-requests',
  singular: 'training-resource-request',
  category: 'trainingresourcerequest',
  eventPrefix: 'TrainingResourceRequest',
  module: 'trainings',
  feature: 'trainings',
  menu: { group: 'trainingResources', icon: 'live_help' },
  attributes: z.object({
    title,
    description: richText(z.string().max(20_000)).default(''),
    inspirationUrl: url.nullable().default(null),
    otherResourceType: shortText,
    otherTheme: shortText,
  }),
  relationships: {
    image: file({ family: 'image' }),
    resourceType: { type: 'training-resource-types' },
    themes: { type: 'training-resource-themes', many: true },
    extendedResources: { type: 'training-resources', many: true },
  },
  traits: {
    publishable: true,
    publicationItem: {},
    taggable: true,
    likable: true,
    translatable: ['title', 'description'],
  },
  softDeletable: true,
  access: MEMBERS_ACCESS,
  search: ['title', 'description'],
  sorts: ['title'],
  // version 2: its tags' list index (ADR 0050)
  version: 2,
  defaultSort: { field: 'publishedAt', direction: 'desc' },
  globalSearch: {
    title: 'title',
    description: 'description',
    path: { component: 'training-resource-requests', key: 'id' },
  },
  title: 'title',
});

/** Why a review's objective and recipients do not hold together, as 422s on recipientsCount (seed 001 §5). */
export function reviewProblems(attributes: Record<string, unknown>) {
  const objective = attributes.objective as TrainingReviewObjective | undefined;
  const recipients = attributes.recipientsCount;
  const set = recipients !== null && recipients !== undefined;
  if (objective === 'personal' && set)
    return [{ attribute: 'recipientsCount', detail: 'A personal review has no recipients' }];
  if (objective !== undefined && OBJECTIVES_WITH_RECIPIENTS.includes(objective) && !set)
    return [
      {
        attribute: 'recipientsCount',
        detail: `A review with the ${objective} objective says its recipients`,
      },
    ];
  return [];
}

/**
 * The target rule of a review's resource: only a published training resource (its publication date is past) is
 * reviewed; a draft, a later publication or a soft-deleted one is a 422 on /data/relationships/resource.
 */
export function publishedResource(_target: ResourceDefinition, state: ResourceState, now: Date) {
  if (state.status === 'none' || state.status === 'deleted') return null; // the existence check answers
  const at =
    typeof state.attributes.publishedAt === 'string' ? new Date(state.attributes.publishedAt).getTime() : NaN;
  if (state.status === 'active' && at <= now.getTime()) return null;
  return { code: 'validation.invalid' as const, detail: 'Only a published training resource is reviewed' };
}

/** A member's review of a training resource they used (seed 001 §3 training-resource-review). */
export const trainingResourceReviewResource = defineResource({
  type: 'training-resource-reviews',
  singular: 'training-resource-review',
  category: 'trainingresourcereview',
  eventPrefix: 'TrainingResourceReview',
  module: 'trainings',
  feature: 'trainings',
  menu: { group: 'trainingResources', icon: 'reviews' },
  attributes: z.object({
    objective: z.enum(TRAINING_REVIEW_OBJECTIVES),
    objectiveComment: z.string().trim().max(5000).nullable().default(null),
    recipientsCount: z.number().int().min(1).max(1_000_000).nullable().default(null),
    reviewRating: z.number().int().min(REVIEW_RATING.min).max(REVIEW_RATING.max),
    reviewComment: z.string().trim().max(20_000).nullable().default(null),
    reviewedAt: instant.nullable().default(null),
    reviewSentAt: instant.nullable().default(null),
  }),
  relationships: {
    resource: {
      type: 'training-resources',
      required: true,
      immutable: true,
      readGate: true,
      targetRule: publishedResource,
    },
    file: file({ family: ['doc', 'image', 'video', 'audio'] }),
  },
  traits: { authored: true },
  invariants: reviewProblems,
  softDeletable: true,
  access: MEMBERS_ACCESS,
  filters: ['objective', 'reviewRating'],
  search: ['reviewComment'],
  sorts: ['reviewRating', 'reviewedAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  title: 'objective',
});

/** A training: its category, level and type; its sessions are listed by filter[training]=<id>. */
export const trainingResource = defineResource({
  type: 'trainings',
  singular: 'training',
  category: 'training',
  eventPrefix: 'Training',
  module: 'trainings',
  feature: 'trainings',
  menu: { group: 'trainings', icon: 'cast_for_education' },
  attributes: z.object({
    title,
    description: richText(z.string().max(100_000)).default(''),
  }),
  relationships: {
    image: file({ family: 'image' }),
    trainingCategory: { type: 'training-categories' },
    trainingLevel: { type: 'training-levels' },
    trainingType: { type: 'training-types' },
  },
  traits: { publishable: { publishedBy: PUBLISHERS }, translatable: ['title', 'description'] },
  counts: { sessionsCount: { type: 'training-sessions', via: 'training', kind: 'count' } },
  softDeletable: true,
  access: REFERENCE_ACCESS,
  search: ['title', 'description'],
  sorts: ['title'],
  defaultSort: { field: 'publishedAt', direction: 'desc' },
  globalSearch: { title: 'title', description: 'description', path: { component: 'trainings', key: 'id' } },
  title: 'title',
});

/** Where a session takes place (seed 001 §3 address): read by administrators and by its organization's members. */
export const addressResource = defineResource({
  type: 'addresses',
  singular: 'address',
  category: 'address',
  eventPrefix: 'Address',
  module: 'trainings',
  feature: 'trainings',
  menu: { group: 'trainings', icon: 'location_on' },
  attributes: z.object({
    fullName: name,
    // a French establishment's number: 14 digits
    siret: z
      .string()
      .trim()
      .regex(/^\d{14}$/)
      .nullable()
      .default(null),
    vatNumber: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}[0-9A-Z+*]{2,13}$/)
      .nullable()
      .default(null),
    line1: z.string().trim().min(1).max(255),
    line2: shortText,
    postalCode: z.string().trim().min(1).max(16),
    city: z.string().trim().min(1).max(255),
  }),
  relationships: { organization: { type: 'organizations' } },
  softDeletable: true,
  access: {
    ...APP_ADMINS_ONLY,
    index: either(APP_ADMINS, 'organization'),
    show: either(APP_ADMINS, 'organization'),
  },
  search: ['fullName', 'city'],
  sorts: ['fullName', 'city'],
  defaultSort: { field: 'fullName', direction: 'asc' },
  title: 'fullName',
});

/** A session of a training, between two instants, at an address. */
export const trainingSessionResource = defineResource({
  type: 'training-sessions',
  singular: 'training-session',
  category: 'trainingsession',
  eventPrefix: 'TrainingSession',
  module: 'trainings',
  feature: 'trainings',
  menu: { group: 'trainings', icon: 'event' },
  attributes: z.object({ startAt: instant, endAt: instant }),
  relationships: {
    training: { type: 'trainings', required: true, readGate: true },
    address: { type: 'addresses' },
  },
  invariants: (attributes) =>
    typeof attributes.startAt === 'string' &&
    typeof attributes.endAt === 'string' &&
    !(new Date(attributes.startAt).getTime() < new Date(attributes.endAt).getTime())
      ? [{ attribute: 'endAt', detail: 'A session ends after it starts' }]
      : [],
  softDeletable: true,
  access: REFERENCE_ACCESS,
  listFilters: { between: { kind: 'overlaps', start: 'startAt', end: 'endAt' } },
  sorts: ['startAt', 'endAt'],
  defaultSort: { field: 'startAt', direction: 'asc' },
  title: 'startAt',
});

export type TrainingResourceRecord = RecordOf<typeof trainingResourceResource>;

/** The training resources' records, in their admin menu order. */
export const trainingResourceResources = [
  trainingResourceResource,
  trainingResourceRequestResource,
  trainingResourceReviewResource,
  trainingResourceThemeResource,
  trainingResourceTypeResource,
] as const;

/** The trainings' records, in their admin menu order. */
export const trainingsResources = [
  trainingResource,
  trainingSessionResource,
  addressResource,
  trainingCategoryResource,
  trainingLevelResource,
  trainingTypeResource,
] as const;
