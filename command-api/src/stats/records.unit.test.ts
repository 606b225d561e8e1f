import { describe, expect, it } from 'vitest';
import { deciderSpec, specMetadata } from '@platform/tests/support/decider-spec';
import { statsDecider, type StatsCommand, type StatsEvent } from './records.ts';
import { originOf } from './routes.ts';

const NOW = new Date('2026-11-27T09:00:00.000Z');
const records = [
  { event: 'view' as const, resourceType: 'articles', resourceId: 'ramps' },
  { event: 'download' as const, resourceType: 'files', resourceId: 'plan-pdf' },
];
const record = (drop: StatsCommand['data']['drop']): StatsCommand => ({
  type: 'RecordStats',
  data: { records, visitor: 'visitor:0123', origin: 'https://platform.example', drop },
  metadata: specMetadata({
    now: NOW,
    actor: { userId: null, actingAsOrganizationId: null, impersonatorId: null },
  }),
});
const recorded: StatsEvent = {
  type: 'StatsRecorded',
  data: {
    records,
    visitor: 'visitor:0123',
    origin: 'https://platform.example',
    recordedAt: NOW.toISOString(),
  },
};

const spec = deciderSpec(statsDecider);

describe('a batch of statistics records (on its own stream)', () => {
  it('is kept as one StatsRecorded with who, where from and when', () => {
    spec.given([]).when(record(null)).then([recorded]);
  });
  it('is dropped when it is a bot’s or banned: nothing appended', () => {
    spec.given([]).when(record('bot')).then([]);
    spec.given([]).when(record('banned')).then([]);
  });
  it('is kept once: the same batch again (its idempotency key replayed) appends nothing', () => {
    spec.given([recorded]).when(record(null)).then([]);
  });
});

describe('the origin of a batch', () => {
  const req = (headers: Record<string, string>) => ({
    get: (name: string) => headers[name.toLowerCase()],
  });
  it('is the Origin header, else the Referer’s origin, lower case, else direct', () => {
    expect(originOf(req({ origin: 'https://Platform.Example' }) as never)).toBe('https://platform.example');
    expect(originOf(req({ referer: 'https://a.example/p?q=1' }) as never)).toBe('https://a.example');
    expect(originOf(req({ origin: 'null', referer: 'http://b.example:8080/x' }) as never)).toBe(
      'http://b.example:8080',
    );
    expect(originOf(req({ referer: 'not a url' }) as never)).toBe('direct');
    expect(originOf(req({ origin: 'file:///etc/passwd' }) as never)).toBe('direct');
    expect(originOf(req({}) as never)).toBe('direct');
  });
});
