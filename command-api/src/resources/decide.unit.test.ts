import { describe, it } from 'vitest';
import { z } from 'zod';
import { ConflictError, NotFoundError } from '@platform/contracts/errors';
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
