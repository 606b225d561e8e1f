import { recordEndpoints } from '@platform/contracts/resources/endpoints';
import {
  trainingResourceRequestResource,
  trainingResourceReviewResource,
  type TrainingReviewObjective,
} from '@platform/contracts/trainings/records';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';
import { ApiError } from '../../kit/api/errors.ts';
import type { FileView } from '../../kit/api/files.ts';
import {
  attachmentsOf,
  authorOf,
  engagementOf,
  findIncluded,
  imagesOf,
  Included,
  ListMeta,
  listCountOf,
  present,
  tagsOf,
  textAsHtml,
  ToMany,
  ToOne,
  type AttachmentView,
  type AuthorView,
  type Engagement,
  type IncludedRecords,
  type TagView,
} from '../community/index.ts';

/**
 * The readers' reads and the members' writes of the trainings (contracts/src/trainings/records.ts): training
 * resources with their themes, type, files and reviews; the requests for resources that do not exist yet; trainings
 * with their sessions. Every read is the layer's JSON:API list or find, filtered in SQL by what the reader may see.
 */

const RecordSchema = z.object({
  id: z.string(),
  attributes: z.record(z.string(), z.unknown()),
  relationships: z.record(z.string(), z.object({ data: z.unknown() }).passthrough()).optional(),
});
type RawRecord = z.infer<typeof RecordSchema>;
const ListSchema = z.object({ data: z.array(RecordSchema), included: Included, meta: ListMeta });
const DocumentSchema = z.object({ data: RecordSchema, included: Included });
const CommandAnswerSchema = z.object({
  data: z.object({ type: z.string(), id: z.string() }),
  meta: z.object({ position: z.string().optional() }).passthrough().optional(),
});

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const count = (value: unknown): number => (typeof value === 'number' ? value : 0);
const one = (r: RawRecord, name: string) => ToOne.safeParse(r.relationships?.[name]).data?.data ?? null;
const many = (r: RawRecord, name: string) => ToMany.safeParse(r.relationships?.[name]).data?.data ?? [];
const consistency = (minPosition?: string) => (minPosition ? { minPosition } : {});

/** A named record another points at (a theme, a type, a resource a request extends), as its document includes it. */
export interface NamedRef {
  id: string;
  name: string;
}

function namesOf(refs: ReadonlyArray<{ type: string; id: string }>, included: IncludedRecords): NamedRef[] {
  return refs.flatMap((ref) => {
    const found = findIncluded(ref, included);
    const name = present(found?.attributes.name) ?? present(found?.attributes.title);
    return name ? [{ id: ref.id, name }] : [];
  });
}

export interface TrainingTheme {
  id: string;
  name: string;
  /** its published resources, as the read model counts them */
  count: number | null;
}

export interface TrainingResourceView {
  id: string;
  title: string;
  description: string;
  externalUrl: string | null;
  source: string | null;
  usageNotes: string | null;
  updates: string | null;
  originalAuthors: string | null;
  licenseId: string | null;
  otherTheme: string | null;
  otherResourceType: string | null;
  publishedAt: string | null;
  image: FileView | null;
  files: AttachmentView[];
  themes: NamedRef[];
  resourceType: NamedRef | null;
  tags: TagView[];
  originalResources: NamedRef[];
  originalRequests: NamedRef[];
  reviewsCount: number;
  /** the mean of its reviews' ratings, null while it has none */
  reviewsAverageRating: number | null;
  author: AuthorView | null;
  engagement: Engagement;
}

function toResource(r: RawRecord, included: IncludedRecords): TrainingResourceView {
  const a = r.attributes;
  const type = one(r, 'resourceType');
  const image = one(r, 'image');
  return {
    id: r.id,
    title: text(a.title),
    description: text(a.description),
    externalUrl: present(a.externalUrl),
    source: present(a.source),
    usageNotes: present(a.usageNotes),
    updates: present(a.updates),
    originalAuthors: present(a.originalAuthors),
    licenseId: present(a.licenseId),
    otherTheme: present(a.otherTheme),
    otherResourceType: present(a.otherResourceType),
    publishedAt: present(a.publishedAt),
    image: image ? (imagesOf([image], included)[0] ?? null) : null,
    files: attachmentsOf(many(r, 'files'), included),
    themes: namesOf(many(r, 'themes'), included),
    resourceType: type ? (namesOf([type], included)[0] ?? null) : null,
    tags: tagsOf(many(r, 'tags'), included),
    originalResources: namesOf(many(r, 'originalResources'), included),
    originalRequests: namesOf(many(r, 'originalRequests'), included),
    reviewsCount: count(a.reviewsCount),
    reviewsAverageRating: typeof a.reviewsAverageRating === 'number' ? a.reviewsAverageRating : null,
    author: authorOf(a.author),
    engagement: engagementOf(a),
  };
}

/** What the list of resources is filtered by: the URL's query parameters. */
export interface ResourceQuery {
  search: string;
  theme: string | null;
  type: string | null;
  tag: string | null;
  page: number;
}

export const TRAININGS_PAGE_SIZE = 12;
const CARD_INCLUDES = 'image,themes,resourceType,tags';

/** One page of the published resources the reader may see, newest first, or by relevance when searching. */
export async function readTrainingResources(
  api: ApiClient,
  query: ResourceQuery,
  signal?: AbortSignal,
): Promise<{ items: TrainingResourceView[]; total: number; capped: boolean }> {
  const params: Record<string, string> = {
    include: CARD_INCLUDES,
    'page[number]': String(query.page),
    'page[size]': String(TRAININGS_PAGE_SIZE),
  };
  if (query.search) params['filter[search]'] = query.search;
  if (query.theme) params['filter[themes]'] = query.theme;
  if (query.type) params['filter[resourceType]'] = query.type;
  if (query.tag) params['filter[tags]'] = query.tag;
  const doc = await api.call(recordEndpoints('training-resources').list, {
    schema: ListSchema,
    query: params,
    signal,
  });
  return {
    items: doc.data.map((d) => toResource(d, doc.included)),
    ...listCountOf(doc),
  };
}

/** The resources that answer a request (they name it among their original requests). */
export async function readAnsweringResources(
  api: ApiClient,
  requestId: string,
  signal?: AbortSignal,
): Promise<NamedRef[]> {
  const doc = await api.call(recordEndpoints('training-resources').list, {
    schema: ListSchema,
    query: {
      'filter[originalRequests]': requestId,
      'page[size]': '50',
      'fields[training-resources]': 'title',
    },
    signal,
  });
  return doc.data.map((d) => ({ id: d.id, name: text(d.attributes.title) }));
}

/** One resource, with everything its page shows, at least at `minPosition` (a review just written). */
export async function readTrainingResource(
  api: ApiClient,
  id: string,
  options: { minPosition?: string; signal?: AbortSignal } = {},
): Promise<TrainingResourceView> {
  const doc = await api.call(recordEndpoints('training-resources').find, {
    params: { id },
    schema: DocumentSchema,
    query: {
      include: `${CARD_INCLUDES},files,originalResources,originalRequests`,
      ...consistency(options.minPosition),
    },
    signal: options.signal,
  });
  return toResource(doc.data, doc.included);
}

/**
 * The records an editor picked, in the editor's order; those the reader may not see (or that are gone) are left
 * out. Each is read by its id (a picked list holds at most 24).
 */
async function readPicked<T>(
  ids: readonly string[],
  read: (id: string) => Promise<T>,
): Promise<{ items: T[]; total: number; capped: boolean }> {
  const found = await Promise.all(
    ids.map((id) =>
      read(id).catch((error: unknown) => {
        if (error instanceof ApiError && (error.kind === 'not-found' || error.kind === 'forbidden'))
          return null;
        throw error;
      }),
    ),
  );
  const items = found.filter((item): item is Awaited<T> => item !== null) as T[];
  return { items, total: items.length, capped: false };
}

export const readPickedResources = (api: ApiClient, ids: readonly string[], signal?: AbortSignal) =>
  readPicked(ids, (id) => readTrainingResource(api, id, { signal }));

/** The themes, by name, with their counts of published resources. */
export async function readThemes(api: ApiClient, signal?: AbortSignal): Promise<TrainingTheme[]> {
  const doc = await api.call(recordEndpoints('training-resource-themes').list, {
    schema: ListSchema,
    query: { 'page[size]': '100', sort: 'name' },
    signal,
  });
  return doc.data.map((d) => ({
    id: d.id,
    name: text(d.attributes.name),
    count: typeof d.attributes.resourcesCount === 'number' ? d.attributes.resourcesCount : null,
  }));
}

/** The resource types, by name. */
export async function readResourceTypes(api: ApiClient, signal?: AbortSignal): Promise<NamedRef[]> {
  const doc = await api.call(recordEndpoints('training-resource-types').list, {
    schema: ListSchema,
    query: { 'page[size]': '100', sort: 'name' },
    signal,
  });
  return doc.data.map((d) => ({ id: d.id, name: text(d.attributes.name) }));
}

export interface ReviewView {
  id: string;
  objective: TrainingReviewObjective;
  objectiveComment: string | null;
  recipientsCount: number | null;
  rating: number;
  comment: string | null;
  /** when its member used the resource, else when the review was written */
  reviewedAt: string | null;
  authorName: string | null;
  resource: string | null;
  /** the file its member sent with it, to download */
  file: AttachmentView | null;
}

function toReview(r: RawRecord, included: IncludedRecords): ReviewView {
  const a = r.attributes;
  const file = one(r, 'file');
  return {
    id: r.id,
    objective: text(a.objective) as TrainingReviewObjective,
    objectiveComment: present(a.objectiveComment),
    recipientsCount: typeof a.recipientsCount === 'number' ? a.recipientsCount : null,
    rating: count(a.reviewRating),
    comment: present(a.reviewComment),
    reviewedAt: present(a.reviewedAt) ?? present(a.createdAt),
    authorName: present(a.authorName),
    resource: one(r, 'resource')?.id ?? null,
    file: file ? (attachmentsOf([file], included)[0] ?? null) : null,
  };
}

export const REVIEWS_SHOWN = 50;

/** The newest reviews of a resource, at least at `minPosition`. */
export async function readReviews(
  api: ApiClient,
  resourceId: string,
  options: { minPosition?: string; signal?: AbortSignal } = {},
): Promise<ReviewView[]> {
  const doc = await api.call(recordEndpoints('training-resource-reviews').list, {
    schema: ListSchema,
    query: {
      'filter[resource]': resourceId,
      'page[size]': String(REVIEWS_SHOWN),
      sort: '-createdAt',
      include: 'file',
      ...consistency(options.minPosition),
    },
    signal: options.signal,
  });
  return doc.data.map((r) => toReview(r, doc.included));
}

/** One review, for its own page at {path}/reviews/{review}. */
export async function readReview(api: ApiClient, id: string, signal?: AbortSignal): Promise<ReviewView> {
  const doc = await api.call(recordEndpoints('training-resource-reviews').find, {
    params: { id },
    schema: DocumentSchema,
    query: { include: 'file' },
    signal,
  });
  return toReview(doc.data, doc.included);
}

/**
 * The creates members make here, declared with the documents the definitions make: loaded with the first write,
 * as they carry the whole catalogue (kit/api/record-writes.ts).
 */
const writes = () => import('../../kit/api/record-writes.ts');
const ref = (type: string, id: string) => ({ data: { type, id } });
const created = (answer: z.infer<typeof CommandAnswerSchema>) => ({
  id: answer.data.id,
  position: answer.meta?.position,
});

export interface ReviewInput {
  objective: TrainingReviewObjective;
  objectiveComment: string | null;
  recipientsCount: number | null;
  reviewRating: number;
  reviewComment: string | null;
  /** a file the review comes with (uploaded before: POST /services/files), or none */
  file?: string | null;
}

const attributesOf = ({ file: _file, ...attributes }: ReviewInput) => attributes;

/** A member's review of a resource they used, dated now. Answers its id and the write's position. */
export async function writeReview(api: ApiClient, resourceId: string, review: ReviewInput, now = new Date()) {
  const { create } = (await writes()).recordWrites(trainingResourceReviewResource);
  return api
    .call(create, {
      body: {
        data: {
          type: 'training-resource-reviews',
          attributes: { ...attributesOf(review), reviewedAt: now.toISOString() },
          relationships: {
            resource: ref('training-resources', resourceId),
            ...(review.file ? { file: ref('files', review.file) } : {}),
          },
        },
      },
      schema: CommandAnswerSchema,
    })
    .then(created);
}

export interface RequestView {
  id: string;
  title: string;
  description: string;
  inspirationUrl: string | null;
  otherTheme: string | null;
  otherResourceType: string | null;
  publishedAt: string | null;
  image: FileView | null;
  themes: NamedRef[];
  resourceType: NamedRef | null;
  tags: TagView[];
  extendedResources: NamedRef[];
  author: AuthorView | null;
}

function toRequest(r: RawRecord, included: IncludedRecords): RequestView {
  const a = r.attributes;
  const type = one(r, 'resourceType');
  const image = one(r, 'image');
  return {
    id: r.id,
    title: text(a.title),
    description: text(a.description),
    inspirationUrl: present(a.inspirationUrl),
    otherTheme: present(a.otherTheme),
    otherResourceType: present(a.otherResourceType),
    publishedAt: present(a.publishedAt),
    image: image ? (imagesOf([image], included)[0] ?? null) : null,
    themes: namesOf(many(r, 'themes'), included),
    resourceType: type ? (namesOf([type], included)[0] ?? null) : null,
    tags: tagsOf(many(r, 'tags'), included),
    extendedResources: namesOf(many(r, 'extendedResources'), included),
    author: authorOf(a.author),
  };
}

const REQUEST_INCLUDES = 'image,themes,resourceType,tags';

/** One page of the published requests, newest first. */
export async function readRequests(
  api: ApiClient,
  query: { page: number; minPosition?: string },
  signal?: AbortSignal,
): Promise<{ items: RequestView[]; total: number; capped: boolean }> {
  const doc = await api.call(recordEndpoints('training-resource-requests').list, {
    schema: ListSchema,
    query: {
      include: REQUEST_INCLUDES,
      'page[number]': String(query.page),
      'page[size]': String(TRAININGS_PAGE_SIZE),
      ...consistency(query.minPosition),
    },
    signal,
  });
  return {
    items: doc.data.map((d) => toRequest(d, doc.included)),
    ...listCountOf(doc),
  };
}

export async function readRequest(
  api: ApiClient,
  id: string,
  options: { minPosition?: string; signal?: AbortSignal } = {},
): Promise<RequestView> {
  const doc = await api.call(recordEndpoints('training-resource-requests').find, {
    params: { id },
    schema: DocumentSchema,
    query: { include: `${REQUEST_INCLUDES},extendedResources`, ...consistency(options.minPosition) },
    signal: options.signal,
  });
  return toRequest(doc.data, doc.included);
}

export const readPickedRequests = (api: ApiClient, ids: readonly string[], signal?: AbortSignal) =>
  readPicked(ids, (id) => readRequest(api, id, { signal }));

export interface RequestInput {
  title: string;
  /** plain text, written as paragraphs */
  description: string;
  inspirationUrl: string | null;
  theme: string | null;
  otherTheme: string | null;
  resourceType: string | null;
  otherResourceType: string | null;
}

/** A member's request, published as it is asked (its author sets its publication). */
export async function writeRequest(api: ApiClient, request: RequestInput, now = new Date()) {
  const { create } = (await writes()).recordWrites(trainingResourceRequestResource);
  // the publishable trait's attribute, which the definition's own attributes (its static type) do not name
  const published: object = { publishedAt: now.toISOString() };
  return api
    .call(create, {
      body: {
        data: {
          type: 'training-resource-requests',
          attributes: {
            title: request.title,
            description: request.description ? textAsHtml(request.description) : '',
            inspirationUrl: request.inspirationUrl,
            otherTheme: request.otherTheme,
            otherResourceType: request.otherResourceType,
            ...published,
          },
          relationships: {
            themes: { data: request.theme ? [{ type: 'training-resource-themes', id: request.theme }] : [] },
            ...(request.resourceType
              ? { resourceType: ref('training-resource-types', request.resourceType) }
              : {}),
          },
        },
      },
      schema: CommandAnswerSchema,
    })
    .then(created);
}

export interface TrainingView {
  id: string;
  title: string;
  description: string;
  publishedAt: string | null;
  image: FileView | null;
  category: NamedRef | null;
  level: NamedRef | null;
  trainingType: NamedRef | null;
  sessionsCount: number;
}

function toTraining(r: RawRecord, included: IncludedRecords): TrainingView {
  const a = r.attributes;
  const named = (name: string) => {
    const found = one(r, name);
    return found ? (namesOf([found], included)[0] ?? null) : null;
  };
  const image = one(r, 'image');
  return {
    id: r.id,
    title: text(a.title),
    description: text(a.description),
    publishedAt: present(a.publishedAt),
    image: image ? (imagesOf([image], included)[0] ?? null) : null,
    category: named('trainingCategory'),
    level: named('trainingLevel'),
    trainingType: named('trainingType'),
    sessionsCount: count(a.sessionsCount),
  };
}

const TRAINING_INCLUDES = 'image,trainingCategory,trainingLevel,trainingType';

export async function readTrainings(
  api: ApiClient,
  query: { page: number },
  signal?: AbortSignal,
): Promise<{ items: TrainingView[]; total: number; capped: boolean }> {
  const doc = await api.call(recordEndpoints('trainings').list, {
    schema: ListSchema,
    query: {
      include: TRAINING_INCLUDES,
      'page[number]': String(query.page),
      'page[size]': String(TRAININGS_PAGE_SIZE),
    },
    signal,
  });
  return {
    items: doc.data.map((d) => toTraining(d, doc.included)),
    ...listCountOf(doc),
  };
}

export async function readTraining(api: ApiClient, id: string, signal?: AbortSignal): Promise<TrainingView> {
  const doc = await api.call(recordEndpoints('trainings').find, {
    params: { id },
    schema: DocumentSchema,
    query: { include: TRAINING_INCLUDES },
    signal,
  });
  return toTraining(doc.data, doc.included);
}

export const readPickedTrainings = (api: ApiClient, ids: readonly string[], signal?: AbortSignal) =>
  readPicked(ids, (id) => readTraining(api, id, signal));

export interface AddressView {
  fullName: string;
  line1: string;
  line2: string | null;
  postalCode: string;
  city: string;
}

export interface SessionView {
  id: string;
  startAt: string;
  endAt: string;
  /** where it takes place, when the reader may read the address (administrators, its organization's members) */
  address: AddressView | null;
}

/** A training's sessions, the first first, with the addresses the reader may read. */
export async function readSessions(
  api: ApiClient,
  trainingId: string,
  signal?: AbortSignal,
): Promise<SessionView[]> {
  const doc = await api.call(recordEndpoints('training-sessions').list, {
    schema: ListSchema,
    query: {
      'filter[training]': trainingId,
      include: 'address',
      sort: 'startAt',
      'page[size]': '100',
    },
    signal,
  });
  return doc.data.map((d) => {
    const found = findIncluded(one(d, 'address'), doc.included);
    const a = found?.attributes;
    return {
      id: d.id,
      startAt: text(d.attributes.startAt),
      endAt: text(d.attributes.endAt),
      address: a
        ? {
            fullName: text(a.fullName),
            line1: text(a.line1),
            line2: present(a.line2),
            postalCode: text(a.postalCode),
            city: text(a.city),
          }
        : null,
    };
  });
}
