import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import { RedirectionTargetSchema, type RedirectionEvent } from '@platform/contracts/redirections/events';
import { deciderSpec, specMetadata } from '../testing/given-when-then.ts';
import { redirectionDecider, type RedirectionCommand } from './decide.ts';

const spec = deciderSpec(redirectionDecider);
const metadata = specMetadata();
const ID = '0a000000-0000-4000-8000-00000000000a';
const create = (fromPath: string, toPath: string, name: string | null = null): RedirectionCommand => ({
  type: 'CreateAppRedirection',
  data: { id: ID, name, fromPath, toPath },
  metadata,
});
const created: RedirectionEvent = {
  type: 'AppRedirectionCreated',
  data: { id: ID, name: null, fromPath: '/old', toPath: '/new' },
};
const deleted: RedirectionEvent = { type: 'AppRedirectionDeleted', data: { id: ID, fromPath: '/old' } };
const del: RedirectionCommand = { type: 'DeleteAppRedirection', data: { id: ID }, metadata };

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
    spec
      .given([])
      .when(create('/old', '/old'))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/toPath' })],
      });
    spec.given([]).when(create('/old', '/old?x=1')).thenThrows(ValidationError);
  });

  it('deletes an active redirection, naming the path it releases', () => {
    spec.given([created]).when(del).then([deleted]);
  });

  it('refuses to delete an unknown or deleted redirection', () => {
    spec.given([]).when(del).thenThrows(NotFoundError);
    spec.given([created, deleted]).when(del).thenThrows(NotFoundError);
  });
});

describe('redirection target', () => {
  it('normalises site paths and keeps their query string', () => {
    expect(RedirectionTargetSchema.parse('//new//page/?a=1')).toBe('/new/page?a=1');
    expect(RedirectionTargetSchema.parse('https://example.org/x')).toBe('https://example.org/x');
  });

  it.each(['ftp://example.org', 'javascript:alert(1)', 'new page', ''])('refuses %j', (value) => {
    expect(RedirectionTargetSchema.safeParse(value).success).toBe(false);
  });
});
