import { describe, expect, it } from 'vitest';
import type { Load } from './load.ts';
import {
  comparable,
  differences,
  formatCommunityReport,
  type CommunityFigure,
  type SearchFigure,
} from './community-report.ts';

const run = (requests: number, latencyMs: number): Load => ({
  requests,
  seconds: 1,
  latencies: Array.from({ length: 100 }, () => latencyMs),
  failures: 0,
});

const figure = (read: string, size: number, layer: number, hand: number, bare = 4_000): CommunityFigure => ({
  read,
  size,
  unit: read.startsWith('forum') ? 'messages' : 'items',
  total: 50,
  bytes: 40_000,
  layer: run(layer, 2),
  hand: run(hand, 1),
  bare: run(bare, 1),
  target: true,
});

describe('the community section: the same document on both sides', () => {
  it('compares documents without their links and with their included records in type and id order', () => {
    const layer = {
      data: [{ type: 'items', id: '1' }],
      included: [
        { type: 'tags', id: 'b' },
        { type: 'files', id: 'a' },
      ],
      links: { self: '/api/v1/repository-items' },
      meta: { total: 1 },
    };
    const hand = {
      ...layer,
      included: [...layer.included].reverse(),
      links: { self: '/api/v1/bench-repository-items' },
    };
    expect(differences(comparable(layer), comparable(hand))).toEqual([]);
  });

  it('names the paths that differ', () => {
    const a = { data: [{ id: '1', attributes: { title: 'Switch', tags: ['x'] } }] };
    const b = { data: [{ id: '1', attributes: { title: 'Lever', tags: ['x', 'y'] } }] };
    expect(differences(a, b)).toEqual([
      'data[0].attributes.title: "Switch" vs "Lever"',
      'data[0].attributes.tags (1 vs 2 entries)',
    ]);
    expect(differences({ meta: { total: 1 } }, { meta: {} })).toEqual(['meta.total: 1 vs undefined']);
  });
});

describe('the community section report', () => {
  const searches: SearchFigure[] = [
    { query: 'keyboard', locale: 'en', size: 100_000, total: 1_700, layer: run(100, 8), hand: run(110, 7) },
  ];

  it('prints each read beside its hand-written twin, the growth between sizes and the searches', () => {
    const report = formatCommunityReport(
      [
        figure('repository, a tag', 1_000, 900, 1_000),
        figure("forum, a category's subjects", 1_000, 1_000, 1_000),
        figure('repository, a tag', 100_000, 450, 500),
        // the machine slowed down by a fifth meanwhile (bare Express), and the subject list with it
        figure("forum, a category's subjects", 1_000_000, 800, 1_000, 3_200),
      ],
      searches,
      { flat: ["forum, a category's subjects"] },
    );
    expect(report).toContain(
      '| repository, a tag | 1,000 items | 50 | 40,000 | 900 | 2.0 | 2.0 | 1,000 | 1.0 | 1.0 | 0.90x | 4,000 |',
    );
    expect(report).toContain(
      '| repository, a tag | 100,000 vs 1,000 items | 0.50x | 0.50x | 1.00x | 0.50x |',
    );
    expect(report).toContain('| keyboard | en | 100,000 | 1,700 | 8.0 | 8.0 | 7.0 | 7.0 | 0.91x |');
    expect(report).toContain('PASS  repository, a tag at 1,000 items >= 0.9x hand-written SQL: 0.90x');
    expect(report).toContain(
      "MISS  forum, a category's subjects at 1,000,000 messages >= 0.9x hand-written SQL: 0.80x",
    );
    // the subject list's flatness is judged normalised by bare Express in the same slices, which the load moves
    expect(report).toContain(
      "PASS  forum, a category's subjects: 1,000,000 messages >= 0.9x 1,000 (req/s, normalised by bare Express): 1.00x (raw 0.80x)",
    );
    expect(report).not.toContain('repository, a tag: 100,000 items >=');
  });
});
