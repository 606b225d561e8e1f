import { describe, expect, it } from 'vitest';
import { blogPostResource, publicationRequestResource } from '../publications/records.ts';
import { timeline, type HistoryEvent } from './timeline.ts';
import { resourceHistoryView, viaHistoryView } from './views.ts';

const ITEM = '0a000000-0000-4000-8000-00000000000a';
const FIRST = '0b000000-0000-4000-8000-00000000000b';
const SECOND = '0c000000-0000-4000-8000-00000000000c';
const actor = { userId: null, actingAsOrganizationId: null, impersonatorId: null };

let version = 0n;
const event = (type: string, data: Record<string, unknown>): HistoryEvent => ({
  type,
  data,
  streamVersion: version++,
  globalPosition: version,
  metadata: { actor, recordedAt: '2030-01-01T00:00:00.000Z' },
});
const item = { itemType: 'blog-posts', itemId: ITEM };
const submitted = (requestId: string, description: string) =>
  event('PublicationRequestSubmitted', {
    ...item,
    requestId,
    description,
    targetedPublishedAt: null,
    submittedAt: '2030-01-01T00:00:00.000Z',
    by: 'u',
  });

const stream: HistoryEvent[] = [
  event('BlogPostCreated', {
    id: ITEM,
    attributes: blogPostResource.attributes.parse({ title: 'Post', slug: 'post' }),
    relationships: {},
  }),
  submitted(FIRST, 'First try'),
  event('PublicationRequestRefused', {
    ...item,
    requestId: FIRST,
    refusedAt: '2030-01-02T00:00:00.000Z',
    refuseReason: 'Too short',
    by: 'u',
  }),
  event('BlogPostUpdated', { id: ITEM, attributes: { title: 'A longer post' }, relationships: {} }),
  submitted(SECOND, 'Second try'),
];

describe('the history of a record whose stream holds a workflow’s events', () => {
  it('shows each workflow event in its word, its fields before and after, beside the record’s own changes', () => {
    const entries = timeline(resourceHistoryView(blogPostResource), ITEM, stream);
    expect(entries.map((e) => e.kind)).toEqual([
      'created',
      'publicationRequested',
      'publicationRefused',
      'updated',
      'publicationRequested',
    ]);
    expect(entries[2]!.changes).toEqual([
      { field: 'publicationRequest.refuseReason', before: null, after: 'Too short' },
      { field: 'publicationRequest.status', before: 'pending', after: 'refused' },
    ]);
    expect(entries[3]!.changes).toEqual([{ field: 'title', before: 'Post', after: 'A longer post' }]);
    expect(entries[4]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'publicationRequest.description', before: 'First try', after: 'Second try' },
        { field: 'publicationRequest.status', before: 'refused', after: 'pending' },
        // the earlier refusal's reason is not the new request's
        { field: 'publicationRequest.refuseReason', before: 'Too short', after: null },
      ]),
    );
  });
});

describe('the history of a record kept on another record’s stream', () => {
  const history = (id: string) =>
    timeline(
      viaHistoryView(publicationRequestResource, blogPostResource, `blogpost-${ITEM}`, id),
      id,
      stream,
    );

  it('keeps the record’s own events, in the words of the stream’s owner', () => {
    const first = history(FIRST);
    expect(first.map((e) => e.kind)).toEqual(['publicationRequested', 'publicationRefused']);
    expect(first[1]!.changes).toEqual(
      expect.arrayContaining([{ field: 'status', before: 'pending', after: 'refused' }]),
    );
  });

  it('leaves out another record’s events on the same stream', () => {
    const second = history(SECOND);
    expect(second.map((e) => e.kind)).toEqual(['publicationRequested']);
    expect(second[0]!.changes).toEqual(
      expect.arrayContaining([{ field: 'description', before: null, after: 'Second try' }]),
    );
  });
});
