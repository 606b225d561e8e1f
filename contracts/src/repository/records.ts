import { z } from 'zod/v4';
import { APP_ADMINS_ONLY } from '../resources/access.ts';
import { defineResource, type RecordOf } from '../resources/definition.ts';
import { richText } from '../resources/fields.ts';
import { file } from '../resources/files.ts';
import { PUBLICATION_ACCESS, PUBLISHERS } from '../publications/access.ts';

/**
 * The repository (issue 21; seed 001 §3 "### Repository") on the resource layer: technical aids members share
 * (images, attachments to download, printer settings, Look & Connect configurations), filed in categories, and
 * their links to external repositories. Every type depends on the repository feature (FEATURE_REPOSITORY).
 */

const title = z.string().trim().min(1).max(255);

/** Seed 001 §4: "External repository interaction status: pulled, pushed." */
export const EXTERNAL_REPOSITORY_INTERACTION_STATUSES = ['pulled', 'pushed'] as const;
/** Seed 001 §4: "External repository types: thingiverse, myminifactory." */
export const EXTERNAL_REPOSITORY_TYPES = ['thingiverse', 'myminifactory'] as const;

/** A category of the repository, with the number of its published items. */
export const repositoryCategoryResource = defineResource({
  type: 'repository-categories',
  singular: 'repository-category',
  category: 'repositorycategory',
  eventPrefix: 'RepositoryCategory',
  module: 'repository',
  feature: 'repository',
  menu: { group: 'repository', icon: 'category' },
  attributes: z.object({
    name: title,
    shortDescription: z.string().trim().max(1000).nullable().default(null),
  }),
  relationships: { image: file({ family: 'image' }) },
  traits: { translatable: ['name', 'shortDescription'] },
  counts: {
    repositoryItemsCount: { type: 'repository-items', via: 'categories', kind: 'count', published: true },
  },
  unique: ['name'],
  access: { ...APP_ADMINS_ONLY, index: 'everyone', show: 'everyone' },
  search: ['name'],
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

/** A technical aid shared in the repository (seed 001 §3 repository-item); its attachments are a file field (R3). */
export const repositoryItemResource = defineResource({
  type: 'repository-items',
  singular: 'repository-item',
  category: 'repositoryitem',
  eventPrefix: 'RepositoryItem',
  module: 'repository',
  feature: 'repository',
  menu: { group: 'repository', icon: 'build' },
  attributes: z.object({
    title,
    description: richText(z.string().max(100_000)).default(''),
    printerSettingsDescription: richText(z.string().max(20_000)).nullable().default(null),
  }),
  relationships: {
    image: file({ family: 'image' }),
    additionalImages: file({ family: 'image', many: true }),
    attachments: file({ family: ['doc', '3d', 'lcc', 'svg', 'image', 'video', 'audio'], many: true }),
    lcDefaultConfig: file({ family: 'lcc' }),
    lcDefaultMobileConfig: file({ family: 'lcc' }),
    // the repository component's filter[categories] (ADR 0050)
    categories: { type: 'repository-categories', many: true, listIndex: true },
  },
  traits: {
    publishable: { publishedBy: PUBLISHERS },
    publicationItem: { requests: true },
    taggable: true,
    likable: true,
    commentable: true,
    reportable: true,
    translatable: ['title', 'description', 'printerSettingsDescription'],
  },
  softDeletable: true,
  access: PUBLICATION_ACCESS,
  search: ['title', 'description'],
  searchMode: 'fullText',
  sorts: ['title'],
  // version 2: its table has the index of its descending default sort (issue 21's bench); 3: the list indexes of
  // its tags and categories (ADR 0050)
  version: 3,
  defaultSort: { field: 'publishedAt', direction: 'desc' },
  title: 'title',
  globalSearch: { title: 'title', description: 'description', path: { component: 'repository', key: 'id' } },
});

/** A repository item's link to an external repository it was pulled from or pushed to (no integration yet). */
export const externalRepositoryInteractionResource = defineResource({
  type: 'external-repository-interactions',
  singular: 'external-repository-interaction',
  category: 'externalrepositoryinteraction',
  eventPrefix: 'ExternalRepositoryInteraction',
  module: 'repository',
  feature: 'repository',
  menu: { group: 'repository', icon: 'sync_alt' },
  attributes: z.object({
    externalId: title,
    externalUrl: z.string().trim().url().max(2048),
    status: z.enum(EXTERNAL_REPOSITORY_INTERACTION_STATUSES),
    externalRepositoryType: z.enum(EXTERNAL_REPOSITORY_TYPES),
  }),
  relationships: {
    repositoryItem: { type: 'repository-items', required: true, immutable: true, readGate: true },
  },
  access: { ...APP_ADMINS_ONLY, index: 'everyone', show: 'everyone' },
  filters: ['status', 'externalRepositoryType'],
  sorts: ['externalRepositoryType'],
  title: 'externalId',
});

export type RepositoryItemRecord = RecordOf<typeof repositoryItemResource>;

/** The repository's records, in their admin menu order. */
export const repositoryResources = [
  repositoryItemResource,
  repositoryCategoryResource,
  externalRepositoryInteractionResource,
] as const;
