import { SYSTEM_USER_ID } from '@platform/contracts/metadata';
import { describe, expect, it } from 'vitest';
import {
  firstEntry,
  historyRefs,
  MAX_NAMED_REFS,
  namedRefs,
  readHistory,
  recordRefs,
  titleFromHistory,
} from './history.ts';
import type { HistoryDocument } from './resource-api.ts';

const ADA = '11111111-1111-4111-8111-111111111111';
const GRACE = '22222222-2222-4222-8222-222222222222';
const GONE = '33333333-3333-4333-8333-333333333333';

const entry = (
  revision: string,
  kind: string | null,
  actor: { userId: string | null; actingAsOrganizationId?: string | null; impersonatorId?: string | null },
  changes: Array<{ field: string; before?: unknown; after?: unknown }>,
) => ({
  type: 'history-entries' as const,
  id: `c:${revision}`,
  attributes: {
    revision,
    position: String(100 + Number(revision)),
    eventType: `Coupon${kind ?? 'Purchased'}`,
    kind,
    recordedAt: `2026-05-0${Number(revision) + 1}T10:00:00.000Z`,
    actor,
    existedBefore: revision !== '0',
    existsAfter: true,
    changes,
  },
});

const doc: HistoryDocument = {
  data: [
    entry('3', null, { userId: SYSTEM_USER_ID }, []),
    entry('2', 'updated', { userId: ADA, impersonatorId: GRACE, actingAsOrganizationId: 'org-1' }, [
      { field: 'name', before: 'Spring', after: 'Spring sale' },
    ]),
    entry('1', 'softDeleted', { userId: GONE }, []),
    entry('0', 'created', { userId: GRACE }, [
      { field: 'amount', before: null, after: 500 },
      { field: 'name', before: null, after: 'Spring' },
    ]),
  ],
  included: [
    { type: 'users', id: ADA, attributes: { fullName: 'Ada Lovelace' } },
    { type: 'users', id: GRACE, attributes: { fullName: 'Grace Hopper' } },
  ],
};

describe('reading a record history', () => {
  const entries = readHistory(doc);

  it('keeps the newest-first order and names the people from included', () => {
    expect(entries.map((e) => e.revision)).toEqual(['3', '2', '1', '0']);
    expect(entries[1]).toMatchObject({
      author: { kind: 'user', name: 'Ada Lovelace' },
      impersonator: { kind: 'user', name: 'Grace Hopper' },
      actingAsOrganizationId: 'org-1',
      changes: [{ field: 'name', before: 'Spring', after: 'Spring sale' }],
    });
  });

  it('says "system" for the system user and unknown for a person it has no name for', () => {
    expect(entries[0]?.author).toEqual({ kind: 'system' });
    expect(entries[0]?.kind).toBeNull();
    expect(entries[2]?.author).toEqual({ kind: 'unknown', id: GONE });
    expect(entries[2]?.impersonator).toBeNull();
  });

  it('finds the first entry and the latest title', () => {
    expect(firstEntry(entries)?.kind).toBe('created');
    expect(titleFromHistory(entries, 'name')).toBe('Spring sale');
    expect(titleFromHistory(entries, null)).toBeNull();
  });
});

describe('the records a history names', () => {
  const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
  const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

  it("reads a relationship's value in each of its shapes", () => {
    expect(historyRefs(A, 'files')).toEqual([{ type: 'files', id: A }]);
    expect(historyRefs([A, B], 'tags')).toEqual([
      { type: 'tags', id: A },
      { type: 'tags', id: B },
    ]);
    // polymorphic: the value names its type
    expect(historyRefs({ type: 'articles', id: A }, undefined)).toEqual([{ type: 'articles', id: A }]);
    expect(historyRefs(null, 'files')).toEqual([]);
    expect(historyRefs([], 'tags')).toEqual([]);
    expect(historyRefs(A, undefined)).toEqual([]);
  });

  it('lists each record once: the relationships before and after, and the organizations the authors acted as', () => {
    const named = readHistory({
      data: [
        entry('1', 'updated', { userId: ADA, actingAsOrganizationId: 'org-1' }, [
          { field: 'image', before: A, after: B },
          { field: 'name', before: 'x', after: 'y' },
        ]),
        entry('0', 'created', { userId: ADA, actingAsOrganizationId: 'org-1' }, [
          { field: 'image', before: null, after: A },
          { field: 'tags', before: null, after: [A, B] },
        ]),
      ],
    });
    expect(namedRefs(named, { image: { type: 'files' }, tags: { type: 'tags' } })).toEqual([
      { type: 'organizations', id: 'org-1' },
      { type: 'files', id: A },
      { type: 'files', id: B },
      { type: 'tags', id: A },
      { type: 'tags', id: B },
    ]);
  });

  it('lists the records a revision of the record names, each once', () => {
    expect(
      recordRefs(
        { image: A, additionalImages: [A, B], title: 'x' },
        { image: { type: 'files' }, additionalImages: { type: 'files' }, tags: { type: 'tags' } },
      ),
    ).toEqual([
      { type: 'files', id: A },
      { type: 'files', id: B },
    ]);
  });

  it(`looks up ${MAX_NAMED_REFS} records at most, however long the history`, () => {
    const ids = Array.from({ length: MAX_NAMED_REFS + 10 }, (_, i) => `id-${i}`);
    const long = readHistory({
      data: [entry('0', 'created', { userId: ADA }, [{ field: 'tags', before: null, after: ids }])],
    });
    expect(namedRefs(long, { tags: { type: 'tags' } })).toHaveLength(MAX_NAMED_REFS);
  });

  it("leaves out a creation's empty lists and objects, and keeps a list emptied later", () => {
    const read = readHistory({
      data: [
        entry('1', 'updated', { userId: ADA }, [{ field: 'tags', before: [A], after: [] }]),
        entry('0', 'created', { userId: ADA }, [
          { field: 'attachments', before: null, after: [] },
          { field: 'translations', before: null, after: {} },
          { field: 'tags', before: null, after: [A] },
        ]),
      ],
    });
    expect(read[0]!.changes.map((c) => c.field)).toEqual(['tags']);
    expect(read[1]!.changes.map((c) => c.field)).toEqual(['tags']);
  });
});
