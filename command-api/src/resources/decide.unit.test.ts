import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { ConflictError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import { adminFileResource } from '@platform/contracts/files/admin-file';
import { fileContainerResource } from '@platform/contracts/files/file-container';
import { forumCategoryResource } from '@platform/contracts/forum/records';
import { articleResource } from '@platform/contracts/publications/records';
import { defineResource } from '@platform/contracts/resources/definition';
import { deciderSpec, specMetadata } from '@platform/tests/support/decider-spec';
import { resourceDecider, type ResourceCommand, type StoredResourceEvent } from './decide.ts';

const definition = defineResource({
  type: 'widgets',
  singular: 'widget',
  category: 'widget',
  eventPrefix: 'Widget',
  module: 'tests',
  menu: { group: null, icon: 'widgets' },
  attributes: z.object({ name: z.string(), size: z.number().int().default(1) }),
  relationships: { owner: { type: 'users' } },
  softDeletable: true,
  access: {},
});
const spec = deciderSpec(resourceDecider(definition));
const metadata = specMetadata();
const ID = '0a000000-0000-4000-8000-00000000000a';
const OWNER = '0b000000-0000-4000-8000-00000000000b';

const command = (type: ResourceCommand['type'], data: Record<string, unknown> = {}) =>
  ({ type, data: { id: ID, attributes: {}, relationships: {}, ...data }, metadata }) as ResourceCommand;
const created: StoredResourceEvent = {
  type: 'WidgetCreated',
  data: { id: ID, attributes: { name: 'Cog', size: 1 }, relationships: { owner: null } },
};
const softDeleted: StoredResourceEvent = { type: 'WidgetSoftDeleted', data: { id: ID } };
const deleted: StoredResourceEvent = { type: 'WidgetDeleted', data: { id: ID } };

describe('the generic resource decider', () => {
  it('creates a record once', () => {
    spec
      .given([])
      .when(
        command('CreateResource', { attributes: { name: 'Cog', size: 1 }, relationships: { owner: null } }),
      )
      .then([created]);
    spec
      .given([created])
      .when(command('CreateResource', { attributes: { name: 'Cog' } }))
      .thenThrows(ConflictError, { code: 'conflict.duplicate_id' });
  });

  it('records only what an update changes, and nothing when nothing changes', () => {
    spec
      .given([created])
      .when(
        command('UpdateResource', { attributes: { name: 'Cog', size: 2 }, relationships: { owner: OWNER } }),
      )
      .then([
        {
          type: 'WidgetUpdated',
          data: { id: ID, attributes: { size: 2 }, relationships: { owner: OWNER } },
        },
      ]);
    spec
      .given([created])
      .when(command('UpdateResource', { attributes: { name: 'Cog' } }))
      .then([]);
  });

  it('refuses to change a record that is soft-deleted, deleted or was never created', () => {
    spec
      .given([created, softDeleted])
      .when(command('UpdateResource', { attributes: { size: 3 } }))
      .thenThrows(ConflictError, { code: 'conflict.state' });
    spec.given([created, deleted]).when(command('UpdateResource')).thenThrows(NotFoundError);
    spec.given([]).when(command('DeleteResource')).thenThrows(NotFoundError);
    spec.given([created, deleted]).when(command('RestoreResource')).thenThrows(NotFoundError);
  });

  it('soft-deletes and restores, each once', () => {
    spec.given([created]).when(command('SoftDeleteResource')).then([softDeleted]);
    spec.given([created, softDeleted]).when(command('SoftDeleteResource')).then([]);
    spec
      .given([created, softDeleted])
      .when(command('RestoreResource'))
      .then([{ type: 'WidgetRestored', data: { id: ID } }]);
    spec.given([created]).when(command('RestoreResource')).then([]);
  });

  it('deletes a live or soft-deleted record', () => {
    spec.given([created]).when(command('DeleteResource')).then([deleted]);
    spec.given([created, softDeleted]).when(command('DeleteResource')).then([deleted]);
  });
});

describe('relationship defaults and invariants over relationships', () => {
  const article = deciderSpec(resourceDecider(articleResource));
  const category = deciderSpec(resourceDecider(forumCategoryResource));

  it('fills a to-one default a create leaves out, and keeps the one it names', () => {
    const create = (relationships: Record<string, unknown>) =>
      ({
        type: 'CreateResource',
        data: { id: ID, attributes: articleResource.attributes.parse({ title: 'A' }), relationships },
        metadata,
      }) as ResourceCommand;
    const [made] = article
      .given([])
      .when(create({}))
      .then([expect.anything() as never]);
    expect((made!.data as { relationships: unknown }).relationships).toEqual({ layout: 'pagination' });
    const [chosen] = article
      .given([])
      .when(create({ layout: 'simple' }))
      .then([expect.anything() as never]);
    expect((chosen!.data as { relationships: unknown }).relationships).toEqual({ layout: 'simple' });
  });

  it('gives the invariants the id and relationships: a forum category is not its own parent', () => {
    const attributes = forumCategoryResource.attributes.parse({ name: 'Aids' });
    const created: StoredResourceEvent = {
      type: 'ForumCategoryCreated',
      data: { id: ID, attributes, relationships: {} },
    };
    const ownParent = { pointer: '/data/relationships/parent', code: 'validation.invalid' };
    category
      .given([])
      .when(command('CreateResource', { attributes, relationships: { parent: ID } }))
      .thenThrows(ValidationError, { issues: [expect.objectContaining(ownParent)] });
    category
      .given([created])
      .when(command('UpdateResource', { relationships: { parent: ID } }))
      .thenThrows(ValidationError, { issues: [expect.objectContaining(ownParent)] });
    category
      .given([created])
      .when(command('UpdateResource', { relationships: { parent: OWNER } }))
      .then([
        { type: 'ForumCategoryUpdated', data: { id: ID, attributes: {}, relationships: { parent: OWNER } } },
      ]);
  });
});

describe('values kept once set, and values made from related records', () => {
  const container = deciderSpec(resourceDecider(fileContainerResource));
  const adminFile = deciderSpec(resourceDecider(adminFileResource));
  const CONTAINER = '0c000000-0000-4000-8000-00000000000c';
  const FILE = '0d000000-0000-4000-8000-00000000000d';

  it('refuses to change an immutable attribute, and takes its same value', () => {
    const attributes = fileContainerResource.attributes.parse({ name: 'Guides', path: 'documents/guides' });
    const made: StoredResourceEvent = {
      type: 'FileContainerCreated',
      data: { id: ID, attributes, relationships: {} },
    };
    container
      .given([made])
      .when(command('UpdateResource', { attributes: { path: 'documents/other' } }))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/path', code: 'validation.invalid' })],
      });
    container
      .given([made])
      .when(command('UpdateResource', { attributes: { path: 'documents/guides', name: 'Help' } }))
      .then([
        { type: 'FileContainerUpdated', data: { id: ID, attributes: { name: 'Help' }, relationships: {} } },
      ]);
  });

  it("gives beforeChange the related records the command carries: an admin file's path from its container and file", () => {
    const related = {
      fileContainer: { path: 'documents/guides' },
      file: { originalName: 'Plan d’accès.PDF', extension: 'pdf', family: 'doc' },
    };
    const relationships = { file: FILE, fileContainer: CONTAINER };
    const [made] = adminFile
      .given([])
      .when(
        command('CreateResource', {
          attributes: adminFileResource.attributes.parse({}),
          relationships,
          related,
        }),
      )
      .then([expect.anything() as never]);
    expect((made!.data as { attributes: unknown }).attributes).toEqual({
      name: 'Plan d’accès.PDF',
      path: 'documents/guides/plan-d-acces.pdf',
      family: 'doc',
    });
    // renamed: the path follows; with its container in the trash (null), no path is made and the create is refused
    adminFile
      .given([made!])
      .when(command('UpdateResource', { attributes: { name: 'Floor plan' }, related }))
      .then([
        {
          type: 'AdminFileUpdated',
          data: {
            id: ID,
            attributes: { name: 'Floor plan', path: 'documents/guides/floor-plan.pdf' },
            relationships: {},
          },
        },
      ]);
    adminFile
      .given([])
      .when(
        command('CreateResource', {
          attributes: adminFileResource.attributes.parse({}),
          relationships,
          related: { ...related, fileContainer: null },
        }),
      )
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/relationships/fileContainer' })],
      });
  });
});
