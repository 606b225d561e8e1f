import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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

/**
 * Waits until every transaction that began before this call has ended, anywhere on the server. The subjects read
 * `$all` below the server's oldest running transaction, so one that another test file holds open (another
 * database, same server) would otherwise hide the events appended here from a replay.
 */
async function untilEarlierTransactionsEnd(): Promise<void> {
  const sql = postgres(inject('adminDatabaseUrl'), { max: 1, onnotice: () => {} });
  try {
    const [now] = await sql<{ xid: string }[]>`select txid_current()::text as xid`;
    for (let waited = 0; waited < 120_000; waited += 100) {
      const [row] = await sql<{ passed: boolean }[]>`
        select pg_snapshot_xmin(pg_current_snapshot())::text::bigint > ${now!.xid}::bigint as passed`;
      if (row?.passed) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('a transaction older than the appends stayed open for 120 s');
  } finally {
    await sql.end();
  }
}

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
  await untilEarlierTransactionsEnd();
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
    // Emmett's consumer stops at the cap (it would take minutes over the whole log, see BenchCounts.slowCap)
    expect(applied).toBe(name === 'emmett' ? counts.slowCap : acknowledged);
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
