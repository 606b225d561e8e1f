import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import {
  appendToVisible,
  batchedAppends,
  catchUp,
  overlappingAppends,
  replay,
  singleAppends,
  type BenchCounts,
} from './scenarios.ts';
import { emmettSubject } from './subjects/emmett.ts';
import { oursSubject } from './subjects/ours.ts';
import { rawSubject } from './subjects/raw.ts';
import { makeEvent, type Subject } from './workload.ts';

// The benchmark's harness at a tiny scale: every subject stores exactly what it acknowledged, and our store
// delivers every event once. Figures (times) are never asserted.
const counts: BenchCounts = {
  writers: 4,
  singlePerWriter: 6,
  streamsPerWriter: 2,
  overlapPerWriter: 6,
  sharedStreams: 2,
  batchesPerWriter: 2,
  batchSize: 25,
  pageSize: 50,
  slowCap: 40,
  latencyWriters: 2,
  latencyPerWriter: 5,
  latencyPauseMs: 1,
};
const acknowledged =
  counts.writers * (counts.singlePerWriter + counts.overlapPerWriter) +
  counts.writers * counts.batchesPerWriter * counts.batchSize;

const databases: TestDatabase[] = [];
const subjects: Record<string, Subject> = {};

beforeAll(async () => {
  const [ours, raw, emmett] = await Promise.all([
    createTestDatabase(),
    createTestDatabase({ migrate: false }),
    createTestDatabase({ migrate: false }),
  ]);
  databases.push(ours, raw, emmett);
  subjects.ours = oursSubject(ours.url, counts.writers);
  subjects.raw = await rawSubject(raw.url, counts.writers);
  subjects.emmett = await emmettSubject(emmett.url, counts.writers);
  for (const subject of Object.values(subjects)) {
    await singleAppends(subject, counts);
    await overlappingAppends(subject, counts);
    await batchedAppends(subject, counts);
  }
});

afterAll(async () => {
  for (const subject of Object.values(subjects)) await subject.close();
  for (const db of databases) await db.drop();
});

describe.each(['ours', 'raw', 'emmett'])('%s under the bench workload', (name) => {
  it('stores exactly the acknowledged events', async () => {
    expect(await subjects[name]!.count()).toBe(acknowledged);
  });

  it('replays the category counts (up to the cap for a subject that stops early)', async () => {
    const applied = (await replay(subjects[name]!, counts)).events;
    if (name === 'emmett') {
      // Emmett's consumer stops at the cap, or earlier when it finds "no messages left": it reads below the
      // server's snapshot xmin, which open transactions of other test files (other databases, same server) hold
      // back. Seen in a CI run: 26 of the cap of 40. The bench runs it alone, where it reaches the cap.
      expect(applied).toBeGreaterThan(0);
      expect(applied).toBeLessThanOrEqual(counts.slowCap);
    } else expect(applied).toBe(acknowledged);
  });
});

describe('our event store under the bench workload', () => {
  it('catches up on every event exactly once', async () => {
    expect(await catchUp(subjects.ours!, counts, acknowledged)).toMatchObject({
      events: acknowledged,
      duplicates: 0,
      missing: 0,
    });
  });

  it('delivers every live append to the subscriber', async () => {
    const latency = await appendToVisible(subjects.ours!, counts);
    expect(latency.missing).toBe(0);
    expect(latency.samples).toHaveLength(counts.latencyWriters * counts.latencyPerWriter);
  });

  it('reports a version conflict as such (the overlapping scenario retries on it)', async () => {
    const ours = subjects.ours!;
    const stream = 'page-conflict-check';
    expect(await ours.append(stream, -1n, [makeEvent(stream, 0)])).toBe(true);
    expect(await ours.append(stream, -1n, [makeEvent(stream, 1)])).toBe(false);
    expect(await subjects.emmett!.append(stream, -1n, [makeEvent(stream, 0)])).toBe(true);
    expect(await subjects.emmett!.append(stream, -1n, [makeEvent(stream, 1)])).toBe(false);
  });
});
