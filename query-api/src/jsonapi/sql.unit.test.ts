import { sql } from '../db.ts';
import { describe, expect, it } from 'vitest';
import { isoOfText, isoOfValue, isoTimestamp, orderBy, timestamp } from './sql.ts';

describe('timestamps of the read models', () => {
  it('reads epoch milliseconds as ISO 8601 and keeps null', () => {
    const ms = Date.UTC(2025, 4, 14, 10, 30, 5, 120);
    expect(isoTimestamp(ms)).toBe('2025-05-14T10:30:05.120Z');
    expect(isoTimestamp(null)).toBeNull();
    expect(timestamp.parse(ms)).toBe('2025-05-14T10:30:05.120Z');
    expect(timestamp.nullable().parse(null)).toBeNull();
    expect(timestamp.safeParse('2025-05-14').success).toBe(false);
  });

  it('reads the text of a timestamptz (an included record, read as json) as Date would write it', () => {
    for (const text of [
      '2026-11-26T09:30:00.123456+00:00',
      '2026-11-26T09:30:00+00:00',
      '2026-11-26T09:30:00.1+00:00',
      '2026-11-26T09:30:00.999999+00:00',
      '2026-11-26T10:30:00.5+01:00',
      '2026-11-26T04:00:00.25-05:30',
    ])
      expect(isoOfText(text), text).toBe(new Date(text).toISOString());
    expect(isoOfValue('2026-11-26T09:30:00.123456+00:00')).toBe('2026-11-26T09:30:00.123Z');
    expect(isoOfValue(Date.UTC(2026, 10, 26))).toBe('2026-11-26T00:00:00.000Z');
    expect(isoOfValue(null)).toBeNull();
  });
});

describe('orderBy', () => {
  const text = (fragment: ReturnType<typeof orderBy>) => fragment.sql.replace(/\s+/g, ' ').trim();

  it('orders by the requested columns through the field map, then by id', () => {
    const order = orderBy(
      [
        { field: 'createdAt', direction: 'desc' },
        { field: 'title', direction: 'asc' },
      ],
      { alias: 'p', columns: { createdAt: 'created_at' } },
    );
    expect(text(order)).toBe('"p"."created_at" desc, "p"."title" asc, "p"."id"');
    expect(order.values).toEqual([]);
  });

  it('takes its own tie-breaking columns, bare names without an alias, and where nulls go', () => {
    expect(text(orderBy([{ field: 'path', direction: 'asc' }], { then: ['page_id', 'position'] }))).toBe(
      '"path" asc, "page_id", "position"',
    );
    expect(text(orderBy([{ field: 'last_name', direction: 'desc' }], { alias: 'u', nulls: 'last' }))).toBe(
      '"u"."last_name" desc nulls last, "u"."id"',
    );
  });

  it('uses the order given for a list that asks for none, and refuses to order by nothing', () => {
    const tree = sql.fragment`v.parent_id nulls first, v.position, v.id`;
    expect(orderBy([], { alias: 'v', unsorted: tree })).toBe(tree);
    expect(text(orderBy([{ field: 'name', direction: 'asc' }], { alias: 'v', unsorted: tree }))).toBe(
      '"v"."name" asc, "v"."id"',
    );
    expect(text(orderBy([], { alias: 'v' }))).toBe('"v"."id"');
    expect(() => orderBy([], { then: [] })).toThrow(/no sort/);
  });
});
