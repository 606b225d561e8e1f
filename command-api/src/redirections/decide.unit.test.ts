import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import { redirectionResource } from '@platform/contracts/redirections/redirection';
import { resourceDecider, type ResourceCommand, type StoredResourceEvent } from '../resources/decide.ts';
import { deciderSpec, specMetadata } from '@platform/tests/support/decider-spec';

// Redirections are a resource of the catalogue: the generic decider with the redirection's own invariant.
const spec = deciderSpec(resourceDecider(redirectionResource));
const metadata = specMetadata();
const ID = '0a000000-0000-4000-8000-00000000000a';
const values = (fromPath: string, toPath: string, name: string | null = null) => ({
  id: ID,
  attributes: { name, fromPath, toPath },
  relationships: {},
});
const create = (fromPath: string, toPath: string, name: string | null = null): ResourceCommand => ({
  type: 'CreateResource',
  data: values(fromPath, toPath, name),
  metadata,
});
const update = (attributes: Record<string, unknown>): ResourceCommand => ({
  type: 'UpdateResource',
  data: { id: ID, attributes, relationships: {} },
  metadata,
});
const created: StoredResourceEvent = { type: 'AppRedirectionCreated', data: values('/old', '/new') };
const deleted: StoredResourceEvent = { type: 'AppRedirectionDeleted', data: { id: ID } };
const del: ResourceCommand = { type: 'DeleteResource', data: { id: ID }, metadata };
const loops = { issues: [expect.objectContaining({ pointer: '/data/attributes/toPath' })] };

describe('redirection decider', () => {
  it('creates a redirection', () => {
    spec.given([]).when(create('/old', '/new')).then([created]);
  });

  it('refuses an id in use, even after deletion', () => {
    spec
      .given([created])
      .when(create('/a', '/b'))
      .thenThrows(ConflictError, { code: 'conflict.duplicate_id' });
    spec.given([created, deleted]).when(create('/a', '/b')).thenThrows(ConflictError);
  });

  it('refuses a redirection to its own path, with or without a query string', () => {
    spec.given([]).when(create('/old', '/old')).thenThrows(ValidationError, loops);
    spec.given([]).when(create('/old', '/old?x=1')).thenThrows(ValidationError, loops);
  });

  it('records what an update changes, and refuses one that would make the redirection loop', () => {
    spec
      .given([created])
      .when(update({ toPath: '/newer', name: 'Moved' }))
      .then([
        {
          type: 'AppRedirectionUpdated',
          data: { id: ID, attributes: { toPath: '/newer', name: 'Moved' }, relationships: {} },
        },
      ]);
    spec
      .given([created])
      .when(update({ toPath: '/old#top' }))
      .thenThrows(ValidationError, loops);
    spec
      .given([created])
      .when(update({ fromPath: '/new' }))
      .thenThrows(ValidationError, loops);
    spec
      .given([created])
      .when(update({ fromPath: '/old', toPath: '/new' }))
      .then([]);
  });

  it('deletes an active redirection', () => {
    spec.given([created]).when(del).then([deleted]);
  });

  it('refuses to delete an unknown or deleted redirection', () => {
    spec.given([]).when(del).thenThrows(NotFoundError);
    spec.given([created, deleted]).when(del).thenThrows(NotFoundError);
  });
});
