import { describe, expect, it } from 'vitest';
import { forumSubjectMessageResource } from '@platform/contracts/forum/records';
import { repositoryItemResource } from '@platform/contracts/repository/records';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import { EventContractRegistry } from '@platform/contracts/event-contracts';
import { allEventContracts } from '@platform/contracts/registry';
import { keptCountsOf, projectionsMovedBy } from './community-bulk.ts';
import {
  AIDS,
  COMMUNITY_FIXED,
  communityIds,
  fixedEvents,
  forumMessageEvent,
  forumMessageShape,
  repositoryItemEvent,
  repositoryItemShape,
  USES,
} from './community-seed.ts';

const registry = new EventContractRegistry([...allEventContracts]);
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('the community seed', () => {
  const ids = communityIds();

  it('makes events their contracts take', () => {
    for (const event of [
      ...fixedEvents(ids),
      ...range(200).map((n) => repositoryItemEvent(n, ids)),
      ...range(1_200).map((n) => forumMessageEvent(n, ids)),
    ])
      expect(() => registry.validate(event.type, event.data), event.type).not.toThrow();
  });

  it('files items in one or two categories with two tags, a tenth for members and a twentieth unpublished', () => {
    const shapes = range(10_000).map(repositoryItemShape);
    for (const s of shapes) {
      expect(s.categories.length).toBeGreaterThanOrEqual(1);
      expect(s.categories.every((c) => c >= 0 && c < COMMUNITY_FIXED.repositoryCategories)).toBe(true);
      expect(new Set(s.tags).size).toBe(2);
    }
    expect(shapes.filter((s) => !s.published)).toHaveLength(500);
    expect(shapes.filter((s) => s.membersOnly)).toHaveLength(1_000);
    expect(shapes.filter((s) => s.published && s.membersOnly)).toHaveLength(1_000);
    // the searches' words: one aid in 50 items, one use in 40, the pair in 2,000
    expect(shapes.filter((s) => s.aid === AIDS[2])).toHaveLength(200);
    expect(shapes.filter((s) => s.use === USES[0])).toHaveLength(250);
    expect(shapes.filter((s) => s.aid === AIDS[2] && s.use === USES[0])).toHaveLength(5);
  });

  it('gives every subject its first message first, and answers it with every third message after', () => {
    const first = range(COMMUNITY_FIXED.subjects).map(forumMessageShape);
    expect(first.every((s, n) => s.first && s.subject === n && !s.reply)).toBe(true);
    const later = range(3_000).map((n) => forumMessageShape(COMMUNITY_FIXED.subjects + n));
    expect(later.some((s) => s.first)).toBe(false);
    expect(later.filter((s) => s.reply)).toHaveLength(1_000);
    const reply = forumMessageEvent(COMMUNITY_FIXED.subjects * 3, ids);
    expect(reply.data.relationships).toEqual({
      subject: ids.subjects[0],
      parentMessage: ids.firstMessages[0],
    });
  });

  it('writes in bulk what the projections of the types that count the records would', () => {
    expect(projectionsMovedBy(resourceCatalogue, repositoryItemResource)).toEqual([
      'resource_files',
      'resource_organizations',
      'resource_repository_categories',
      'resource_repository_items',
    ]);
    expect(projectionsMovedBy(resourceCatalogue, forumSubjectMessageResource)).toEqual([
      'resource_forum_subject_messages',
      'resource_forum_subjects',
    ]);
    expect(
      keptCountsOf(resourceCatalogue, forumSubjectMessageResource).map((c) => [
        c.parent.type,
        c.kind,
        c.side,
        c.column,
      ]),
    ).toEqual([
      ['forum-subjects', 'count', 'forum_subjects__messages_count', 'messages_count'],
      ['forum-subjects', 'latest', 'forum_subjects__latest_message', 'latest_message_id'],
      ['forum-subject-messages', 'count', 'forum_subject_messages__new_messages_count', 'new_messages_count'],
    ]);
    expect(
      keptCountsOf(resourceCatalogue, repositoryItemResource).map((c) => [c.parent.type, c.published]),
    ).toEqual([
      ['organizations', true],
      ['repository-categories', true],
    ]);
  });
});
