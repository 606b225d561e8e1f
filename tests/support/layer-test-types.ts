import { z } from 'zod/v4';
import { accessLevelResource } from '@platform/contracts/accounts/reference-lists';
import { tagResource } from '@platform/contracts/content/tag';
import { couponResource } from '@platform/contracts/coupons/coupon';
import { notificationResource } from '@platform/contracts/notifications/notification';
import { slugify } from '@platform/contracts/organizations/events';
import { APP_ADMINS, either } from '@platform/contracts/resources/access';
import { defineResource, type ResourceDefinition } from '@platform/contracts/resources/definition';
import { createUser, signIn, type AccountsTestApp, type Answer, type Browser } from './apps/accounts-app.ts';

/**
 * Record types of the resource layer's own tests: one with every trait, relationship and hook the layer offers,
 * one whose reads are row rules, and the category type the first is filed under.
 */

/** The category type of the categorised trait: shelves a story stands on. */
export const shelfResource = defineResource({
  type: 'test-shelves',
  singular: 'test-shelf',
  category: 'testshelf',
  eventPrefix: 'TestShelf',
  module: 'tests',
  menu: { group: 'community', icon: 'shelves' },
  attributes: z.object({ name: z.string().trim().min(1).max(80) }),
  access: {
    see: APP_ADMINS,
    index: 'everyone',
    show: 'everyone',
    create: APP_ADMINS,
    update: APP_ADMINS,
    delete: APP_ADMINS,
  },
  title: 'name',
});

/**
 * A story: publishable, a publication item, taggable, on a shelf; written for an owner (told when it is created),
 * with members who may edit it too, a slug derived from its name and a note only administrators read and write.
 */
export const storyResource = defineResource({
  type: 'test-stories',
  singular: 'test-story',
  category: 'teststory',
  eventPrefix: 'TestStory',
  module: 'tests',
  menu: { group: 'community', icon: 'menu_book' },
  attributes: z.object({
    name: z.string().trim().min(1).max(80),
    slug: z.string().max(100).default(''),
    adminOnlyNote: z.string().max(1000).nullable().default(null),
  }),
  relationships: { owner: { type: 'users' }, members: { type: 'users', many: true } },
  ownedBy: 'owner',
  traits: {
    publishable: true,
    publicationItem: true,
    taggable: true,
    categorised: { type: 'test-shelves' },
  },
  softDeletable: true,
  unique: ['slug'],
  beforeChange: (next, previous) =>
    previous === null || next.name !== previous.name ? { slug: slugify(next.name) } : {},
  reactors: [
    (change) => {
      const owner = change.relationships.owner;
      if (change.action !== 'created' || typeof owner !== 'string') return [];
      return [
        {
          kind: 'notify',
          userId: owner,
          notificationType: 'test-story-written',
          message: `${String(change.attributes.name)} was written for you`,
          actionUrl: `/stories/${String(change.attributes.slug)}`,
        },
      ];
    },
  ],
  // the slug is derived from the name only; the note is for administrators
  fieldAccess: { slug: { write: 'nobody' }, adminOnlyNote: { read: 'admin', write: 'admin' } },
  access: {
    see: APP_ADMINS,
    index: 'everyone',
    show: 'everyone',
    create: 'signedIn',
    update: either(APP_ADMINS, 'author', { member: 'members' }),
    delete: either(APP_ADMINS, 'author'),
    softDelete: either(APP_ADMINS, 'author'),
    restore: APP_ADMINS,
  },
  search: ['name'],
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

/** A diary: read by its owner and its members only (row rules on the reads), changed by its owner. */
export const diaryResource = defineResource({
  type: 'test-diaries',
  singular: 'test-diary',
  category: 'testdiary',
  eventPrefix: 'TestDiary',
  module: 'tests',
  menu: { group: 'community', icon: 'book' },
  attributes: z.object({ name: z.string().trim().min(1).max(80) }),
  relationships: { owner: { type: 'users' }, members: { type: 'users', many: true } },
  ownedBy: 'owner',
  access: {
    see: APP_ADMINS,
    index: either(APP_ADMINS, 'owner', { member: 'members' }),
    show: either(APP_ADMINS, 'owner', { member: 'members' }),
    create: 'signedIn',
    update: either(APP_ADMINS, 'owner'),
    delete: APP_ADMINS,
  },
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

/** What the layer's tests serve: their own types and the catalogue's types these point at. */
export const layerTestResources: readonly ResourceDefinition[] = [
  accessLevelResource,
  tagResource,
  notificationResource,
  couponResource,
  shelfResource,
  storyResource,
  diaryResource,
];

export interface Person {
  id: string;
  browser: Browser;
}

/**
 * A signed-in member, with the roles and access level an administrator granted them; the grant has reached the
 * read model their sessions are read from before this answers.
 */
export async function person(
  app: AccountsTestApp,
  email: string,
  grant: { roles?: string[]; accessLevel?: string; firstName?: string; lastName?: string } = {},
): Promise<Person> {
  const { id, position } = await createUser(app, {
    email,
    ...(grant.firstName ? { firstName: grant.firstName } : {}),
    ...(grant.lastName ? { lastName: grant.lastName } : {}),
  });
  let seen = position;
  if (grant.roles || grant.accessLevel) {
    const granted = await app.admin('PATCH', `/users/${id}`, {
      data: {
        type: 'users',
        relationships: {
          ...(grant.roles
            ? { roles: { data: grant.roles.map((role) => ({ type: 'roles', id: role })) } }
            : {}),
          ...(grant.accessLevel
            ? { accessLevel: { data: { type: 'access-levels', id: grant.accessLevel } } }
            : {}),
        },
      },
    });
    if (granted.status !== 200) throw new Error(`grant: ${granted.status} ${JSON.stringify(granted.body)}`);
    seen = granted.body.meta.position as string;
  }
  // a session reads its roles and level from the read model: wait until the grant has reached it
  const read = await app.admin('GET', `/users/${id}?minPosition=${seen}`);
  if (read.status !== 200) throw new Error(`person: ${read.status}`);
  const browser = app.browser();
  const signedIn = await signIn(browser, email);
  if (signedIn.status !== 200) throw new Error(`signIn: ${signedIn.status}`);
  return { id, browser };
}

/** A JSON:API document of one record. */
export const doc = (
  type: string,
  attributes: Record<string, unknown>,
  relationships?: Record<string, unknown>,
  id?: string,
) => ({
  data: { type, ...(id ? { id } : {}), attributes, ...(relationships ? { relationships } : {}) },
});

export const one = (type: string, id: string | null) => ({ data: id === null ? null : { type, id } });
export const many = (type: string, ids: readonly string[]) => ({ data: ids.map((id) => ({ type, id })) });

export const ids = (answer: Answer): string[] => answer.body.data.map((r: { id: string }) => r.id);
export const pointers = (answer: Answer): Array<string | undefined> =>
  answer.body.errors.map((e: { source?: { pointer?: string } }) => e.source?.pointer);
export const parameters = (answer: Answer): Array<string | undefined> =>
  answer.body.errors.map((e: { source?: { parameter?: string } }) => e.source?.parameter);

export const PAST = '2000-01-01T00:00:00.000Z';
export const FUTURE = '2099-01-01T00:00:00.000Z';
