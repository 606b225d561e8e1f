import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import { SYSTEM_USER_ID, systemActor } from '@platform/contracts/metadata';
import { articleResource, blogPostResource } from '@platform/contracts/publications/records';
import type { ViewerFacts } from '@platform/contracts/resources/access';
import { deciderSpec, specMetadata } from '@platform/tests/support/decider-spec';
import { publicationDecider, type PublicationCommand, type PublicationStreamEvent } from './requests.ts';

const AUTHOR = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const ADMIN = '33333333-3333-4333-8333-333333333333';
const ITEM = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const REQUEST = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const SECOND = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

const NOW = new Date('2026-11-25T12:00:00.000Z');
const FUTURE = '2026-12-01T09:00:00.000Z';
const PAST = '2026-11-20T09:00:00.000Z';

const member = (userId: string): ViewerFacts => ({
  userId,
  roles: [],
  accessWeight: 300,
  isAdmin: false,
});
const admin: ViewerFacts = { userId: ADMIN, roles: ['app_admin'], accessWeight: 0, isAdmin: false };

const actor = (userId: string) => ({ userId, actingAsOrganizationId: null, impersonatorId: null });
const at = (now: Date, userId: string) => specMetadata({ now, actor: actor(userId) });

const spec = deciderSpec(publicationDecider(articleResource));
const target = { itemType: 'articles' as const, itemId: ITEM, requestId: REQUEST };

/** The item's creation by the author (the fold reads its creator from the event's actor). */
const created = (attributes: Record<string, unknown> = {}): PublicationStreamEvent =>
  ({
    type: articleResource.events.created,
    data: {
      id: ITEM,
      attributes: { title: 'Switch adapter', publishedAt: null, ...attributes },
      relationships: {},
    },
    metadata: { actor: actor(AUTHOR) },
  }) as PublicationStreamEvent;
const updated = (attributes: Record<string, unknown>): PublicationStreamEvent => ({
  type: articleResource.events.updated,
  data: { id: ITEM, attributes, relationships: {} },
});
const softDeleted: PublicationStreamEvent = { type: articleResource.events.softDeleted, data: { id: ITEM } };

const submitted = (
  targetedPublishedAt: string | null = null,
  requestId = REQUEST,
): PublicationStreamEvent => ({
  type: 'PublicationRequestSubmitted',
  data: {
    ...target,
    requestId,
    description: 'Ready for the community',
    targetedPublishedAt,
    submittedAt: NOW.toISOString(),
    by: AUTHOR,
  },
});
const accepted = (publishAt: string, acceptedAt = NOW.toISOString()): PublicationStreamEvent => ({
  type: 'PublicationRequestAccepted',
  data: { ...target, acceptedAt, publishAt, by: ADMIN },
});
const refused: PublicationStreamEvent = {
  type: 'PublicationRequestRefused',
  data: { ...target, refusedAt: NOW.toISOString(), refuseReason: 'Add pictures', by: ADMIN },
};
const published = (publishedAt: string): PublicationStreamEvent[] => [
  { type: 'PublicationRequestPublished', data: { ...target, publishedAt } },
  updated({ publishedAt }),
];

const submit = (
  overrides: Partial<{ description: string; targetedPublishedAt: string | null; requestId: string }> = {},
  viewer: ViewerFacts = member(AUTHOR),
): PublicationCommand => ({
  type: 'SubmitPublicationRequest',
  data: {
    ...target,
    description: 'Ready for the community',
    targetedPublishedAt: null,
    viewer,
    ...overrides,
  },
  metadata: at(NOW, viewer.userId!),
});
const accept = (viewer: ViewerFacts = admin, now = NOW): PublicationCommand => ({
  type: 'AcceptPublicationRequest',
  data: { ...target, viewer },
  metadata: at(now, viewer.userId!),
});
const refuse = (refuseReason = 'Add pictures', viewer: ViewerFacts = admin): PublicationCommand => ({
  type: 'RefusePublicationRequest',
  data: { ...target, refuseReason, viewer },
  metadata: at(NOW, viewer.userId!),
});
const publishScheduled = (now: Date, by = systemActor): PublicationCommand => ({
  type: 'PublishScheduledPublication',
  data: target,
  metadata: specMetadata({ now, actor: by }),
});

describe('a publication request submitted (on the item’s own stream)', () => {
  it('by the item’s author: Submitted with the description and the targeted date', () => {
    spec
      .given([created()])
      .when(submit({ targetedPublishedAt: FUTURE }))
      .then([submitted(FUTURE)]);
  });

  it('trims the description, and an empty one is 422 validation.required on its pointer', () => {
    spec
      .given([created()])
      .when(submit({ description: '   ' }))
      .thenThrows(ValidationError, {
        code: 'validation.required',
        issues: [expect.objectContaining({ pointer: '/data/attributes/description' })],
      });
  });

  it('while another is pending: 409 conflict.publication_request_pending', () => {
    spec
      .given([created(), submitted()])
      .when(submit({ requestId: SECOND }))
      .thenThrows(ConflictError, { code: 'conflict.publication_request_pending' });
  });

  it('for a published item, or one scheduled by hand in the future: 409 conflict.already_published', () => {
    spec
      .given([created({ publishedAt: PAST })])
      .when(submit())
      .thenThrows(ConflictError, { code: 'conflict.already_published' });
    spec
      .given([created(), updated({ publishedAt: FUTURE })])
      .when(submit())
      .thenThrows(ConflictError, { code: 'conflict.already_published' });
  });

  it('by a member who may not update the item: 403; by a publisher: allowed', () => {
    spec
      .given([created()])
      .when(submit({}, member(OTHER)))
      .thenThrows(ForbiddenError, { code: 'auth.forbidden' });
    const events = spec
      .given([created()])
      .when(submit({}, admin))
      .then([{ ...submitted(), data: { ...(submitted().data as object), by: ADMIN } }]);
    expect(events).toHaveLength(1);
  });

  it('for a missing or soft-deleted item: 404', () => {
    spec.given([]).when(submit()).thenThrows(NotFoundError, { code: 'not_found' });
    spec.given([created(), softDeleted]).when(submit()).thenThrows(NotFoundError);
  });

  it('after a refusal: a new request may be submitted', () => {
    spec
      .given([created(), submitted(), refused])
      .when(submit({ requestId: SECOND }))
      .then([submitted(null, SECOND)]);
  });

  it('with the id of an earlier request: 409 conflict.duplicate_id', () => {
    spec
      .given([created(), submitted(), refused])
      .when(submit())
      .thenThrows(ConflictError, { code: 'conflict.duplicate_id' });
  });
});

describe('an edit of the item while its request is pending', () => {
  it('keeps the request pending, and it is still decided', () => {
    const state = spec.given([created(), submitted(), updated({ title: 'Switch adapter v2' })]).state;
    expect(state.pending).toEqual({ requestId: REQUEST, targetedPublishedAt: null });
    expect(state.record).toMatchObject({ attributes: { title: 'Switch adapter v2' } });
    spec
      .given([created(), submitted(), updated({ title: 'Switch adapter v2' })])
      .when(accept())
      .then([accepted(NOW.toISOString()), ...published(NOW.toISOString())]);
  });
});

describe('a pending request accepted', () => {
  it('without a date, or with a date already past: published now, in the same append', () => {
    spec
      .given([created(), submitted()])
      .when(accept())
      .then([accepted(NOW.toISOString()), ...published(NOW.toISOString())]);
    spec
      .given([created(), submitted(PAST)])
      .when(accept())
      .then([accepted(NOW.toISOString()), ...published(NOW.toISOString())]);
  });

  it('with a future date: Accepted only, to be published at that date', () => {
    spec
      .given([created(), submitted(FUTURE)])
      .when(accept())
      .then([accepted(FUTURE)]);
  });

  it('twice: 409 conflict.publication_request_state (only a pending request is decided)', () => {
    spec
      .given([created(), submitted(FUTURE), accepted(FUTURE)])
      .when(accept())
      .thenThrows(ConflictError, { code: 'conflict.publication_request_state' });
    spec
      .given([created(), submitted(), refused])
      .when(accept())
      .thenThrows(ConflictError, { code: 'conflict.publication_request_state' });
  });

  it('by a member who is no publisher (the author included): 403', () => {
    spec
      .given([created(), submitted()])
      .when(accept(member(AUTHOR)))
      .thenThrows(ForbiddenError, { code: 'auth.forbidden' });
  });

  it('an unknown request: 404', () => {
    spec.given([created()]).when(accept()).thenThrows(NotFoundError, { code: 'not_found' });
  });

  it('the item soft-deleted meanwhile: 409 conflict.publication_request_state', () => {
    spec
      .given([created(), submitted(), softDeleted])
      .when(accept())
      .thenThrows(ConflictError, { code: 'conflict.publication_request_state' });
  });

  it('the item published by hand meanwhile: 409 conflict.already_published', () => {
    spec
      .given([created(), submitted(), updated({ publishedAt: PAST })])
      .when(accept())
      .thenThrows(ConflictError, { code: 'conflict.already_published' });
  });
});

describe('a pending request refused', () => {
  it('with a reason: Refused, and the item may be submitted again', () => {
    spec.given([created(), submitted()]).when(refuse('  Add pictures ')).then([refused]);
    expect(spec.given([created(), submitted(), refused]).state.pending).toBeNull();
  });

  it('without a reason: 422 validation.required on refuseReason', () => {
    spec
      .given([created(), submitted()])
      .when(refuse(' '))
      .thenThrows(ValidationError, {
        code: 'validation.required',
        issues: [expect.objectContaining({ pointer: '/data/attributes/refuseReason' })],
      });
  });

  it('once refused or accepted: 409 conflict.publication_request_state', () => {
    spec
      .given([created(), submitted(), refused])
      .when(refuse())
      .thenThrows(ConflictError, { code: 'conflict.publication_request_state' });
    spec
      .given([created(), submitted(), accepted(NOW.toISOString()), ...published(NOW.toISOString())])
      .when(refuse())
      .thenThrows(ConflictError, { code: 'conflict.publication_request_state' });
  });

  it('by a member: 403', () => {
    spec
      .given([created(), submitted()])
      .when(refuse('no', member(OTHER)))
      .thenThrows(ForbiddenError);
  });
});

describe('the scheduled publication (the platform, when the date comes)', () => {
  const when = new Date(FUTURE);
  const waiting = [created(), submitted(FUTURE), accepted(FUTURE)];

  it('publishes at the accepted date: Published and the layer’s update of publishedAt', () => {
    spec.given(waiting).when(publishScheduled(when)).then(published(FUTURE));
  });

  it('before the date: nothing', () => {
    spec.given(waiting).when(publishScheduled(NOW)).then([]);
  });

  it('twice: nothing the second time (idempotent)', () => {
    spec
      .given([...waiting, ...published(FUTURE)])
      .when(publishScheduled(when))
      .then([]);
  });

  it('an item unpublished, published by hand or soft-deleted meanwhile: nothing', () => {
    spec
      .given([...waiting, updated({ publishedAt: PAST }), updated({ publishedAt: null })])
      .when(publishScheduled(when))
      .then([]);
    spec
      .given([...waiting, updated({ publishedAt: PAST })])
      .when(publishScheduled(when))
      .then([]);
    spec
      .given([...waiting, softDeleted])
      .when(publishScheduled(when))
      .then([]);
    spec
      .given([...waiting, softDeleted, { type: articleResource.events.restored, data: { id: ITEM } }])
      .when(publishScheduled(when))
      .then([]);
  });

  it('an edit of another field meanwhile: still published', () => {
    spec
      .given([...waiting, updated({ title: 'Renamed' })])
      .when(publishScheduled(when))
      .then(published(FUTURE));
  });

  it('asked by anyone but the platform: 403', () => {
    expect(SYSTEM_USER_ID).toBe(systemActor.userId);
    spec
      .given(waiting)
      .when(publishScheduled(when, actor(ADMIN)))
      .thenThrows(ForbiddenError);
  });
});

describe('one decider, each item type', () => {
  it('folds a blog post with its own definition and publishes it with its own update event', () => {
    const blog = deciderSpec(publicationDecider(blogPostResource));
    const blogTarget = { ...target, itemType: 'blog-posts' as const };
    blog
      .given([
        {
          type: blogPostResource.events.created,
          data: { id: ITEM, attributes: { title: 'Hello', publishedAt: null }, relationships: {} },
          metadata: { actor: actor(AUTHOR) },
        } as PublicationStreamEvent,
        { ...submitted(), data: { ...(submitted().data as object), itemType: 'blog-posts' } },
      ])
      .when({
        type: 'AcceptPublicationRequest',
        data: { ...blogTarget, viewer: admin },
        metadata: at(NOW, ADMIN),
      })
      .then([
        {
          type: 'PublicationRequestAccepted',
          data: { ...blogTarget, acceptedAt: NOW.toISOString(), publishAt: NOW.toISOString(), by: ADMIN },
        },
        { type: 'PublicationRequestPublished', data: { ...blogTarget, publishedAt: NOW.toISOString() } },
        {
          type: blogPostResource.events.updated,
          data: { id: ITEM, attributes: { publishedAt: NOW.toISOString() }, relationships: {} },
        },
      ]);
  });
});
