import { randomUUID } from 'node:crypto';
import { makeEvent, sleep, streamIdFor, timeWorkers, type Subject } from './workload.ts';

/** How much work each scenario does; printed with the results. */
export interface BenchCounts {
  writers: number;
  /** single-event appends per writer, each writer on streams of its own */
  singlePerWriter: number;
  streamsPerWriter: number;
  /** single-event appends per writer on streams shared by all writers */
  overlapPerWriter: number;
  sharedStreams: number;
  /** 100-event appends per writer */
  batchesPerWriter: number;
  batchSize: number;
  pageSize: number;
  /**
   * Emmett reads and replays at most about this many events: each of its catch-up pages scans the whole log and
   * its projector applies one event at a time, so the full log would take minutes. Its rates are per event too.
   */
  slowCap: number;
  latencyWriters: number;
  latencyPerWriter: number;
  latencyPauseMs: number;
}

/** What the append scenarios need of a subject. */
export interface Appender {
  name: string;
  append: Subject['append'];
}

export interface Throughput {
  events: number;
  ms: number;
  conflicts?: number;
}

/** Each writer appends one event at a time to its own streams, with the exact expected version. */
export async function singleAppends(subject: Appender, c: BenchCounts): Promise<Throughput> {
  const run = randomUUID().slice(0, 8);
  const ms = await timeWorkers(c.writers, async (w) => {
    const streams = Array.from({ length: c.streamsPerWriter }, (_, k) =>
      streamIdFor(w + k, `${run}-w${w}-s${k}`),
    );
    const versions = streams.map(() => -1n);
    for (let i = 0; i < c.singlePerWriter; i++) {
      const k = i % streams.length;
      const streamId = streams[k]!;
      if (!(await subject.append(streamId, versions[k]!, [makeEvent(streamId, i)]))) {
        throw new Error(`${subject.name}: unexpected conflict on ${streamId}`);
      }
      versions[k]! += 1n;
    }
  });
  return { events: c.writers * c.singlePerWriter, ms };
}

/**
 * All writers append to a small set of shared streams with the version they last saw; a conflict is retried
 * with the fresher version (as the command handler does). Counts only acknowledged events.
 */
export async function overlappingAppends(subject: Subject, c: BenchCounts): Promise<Throughput> {
  const run = randomUUID().slice(0, 8);
  const streams = Array.from({ length: c.sharedStreams }, (_, k) => streamIdFor(k, `${run}-shared${k}`));
  const known = streams.map(() => -1n);
  let conflicts = 0;
  const ms = await timeWorkers(c.writers, async (w) => {
    for (let i = 0; i < c.overlapPerWriter; i++) {
      const k = (w * 5 + i) % streams.length;
      const streamId = streams[k]!;
      for (let attempt = 0; ; attempt++) {
        if (attempt === 1000) throw new Error(`${subject.name}: ${streamId} still conflicting`);
        const expected = known[k]!;
        if (await subject.append(streamId, expected, [makeEvent(streamId, i)])) {
          if (known[k]! < expected + 1n) known[k] = expected + 1n;
          break;
        }
        conflicts++;
        // the winner's answer may not have arrived yet: give it a moment when we know no newer version
        if (known[k] === expected) await sleep(1);
      }
    }
  });
  return { events: c.writers * c.overlapPerWriter, ms, conflicts };
}

/** Each writer appends batches of `batchSize` events to new streams of its own. */
export async function batchedAppends(subject: Subject, c: BenchCounts): Promise<Throughput> {
  const run = randomUUID().slice(0, 8);
  const ms = await timeWorkers(c.writers, async (w) => {
    for (let b = 0; b < c.batchesPerWriter; b++) {
      const streamId = streamIdFor(w + b, `${run}-w${w}-b${b}`);
      const events = Array.from({ length: c.batchSize }, (_, i) => makeEvent(streamId, i));
      if (!(await subject.append(streamId, -1n, events)))
        throw new Error(`${subject.name}: conflict on ${streamId}`);
    }
  });
  return { events: c.writers * c.batchesPerWriter * c.batchSize, ms };
}

export interface CatchUp extends Throughput {
  /** deliveries of an event already delivered */
  duplicates: number;
  /** stored events never delivered (NaN for a capped reader, which stops early by design) */
  missing: number;
}

/**
 * Reads `$all` to the head; the rate counts distinct events, duplicates and gaps are reported beside it (a
 * capped reader is expected to miss the events past its cap).
 */
export async function catchUp(subject: Subject, c: BenchCounts, stored: number): Promise<CatchUp> {
  const seen = new Set<string>();
  let delivered = 0;
  const started = performance.now();
  await subject.catchUp(c.pageSize, c.slowCap, (id) => {
    delivered++;
    seen.add(id);
  });
  const ms = performance.now() - started;
  const missing = subject.capped ? Number.NaN : stored - seen.size;
  return { events: seen.size, ms, duplicates: delivered - seen.size, missing };
}

export async function replay(subject: Subject, c: BenchCounts): Promise<Throughput> {
  const started = performance.now();
  const events = await subject.replay(c.pageSize, c.slowCap);
  return { events, ms: performance.now() - started };
}

export interface Latency {
  /** append start to delivery, ascending, ms */
  samples: number[];
  sent: number;
  /** acknowledged events the subscriber had not received when the wait ended */
  missing: number;
  ratePerSecond: number;
}

/**
 * Time from an append's start until a live subscriber receives that event, under a moderate write load:
 * `latencyWriters` writers each appending one event, then pausing `latencyPauseMs`.
 */
export async function appendToVisible(subject: Subject, c: BenchCounts): Promise<Latency> {
  const run = randomUUID().slice(0, 8);
  const startedAt = new Map<string, number>();
  const samples: number[] = [];
  const probeStream = streamIdFor(0, `${run}-probe`);
  const probe = makeEvent(probeStream, 0);
  let probeSeen = false;
  let rate = Number.NaN;
  const subscription = await subject.subscribe((ids) => {
    const now = performance.now();
    for (const id of ids) {
      if (id === probe.eventId) probeSeen = true;
      const t0 = startedAt.get(id);
      if (t0 === undefined) continue;
      samples.push(now - t0);
      startedAt.delete(id);
    }
  });
  try {
    // the load starts once the subscriber is live: a probe event has reached it (bounded wait)
    await subject.append(probeStream, -1n, [probe]);
    for (let waited = 0; !probeSeen; waited += 10) {
      if (waited > 30_000) throw new Error(`${subject.name}: the subscriber never became live`);
      await sleep(10);
    }
    const ms = await timeWorkers(c.latencyWriters, async (w) => {
      const streamId = streamIdFor(w, `${run}-live${w}`);
      for (let i = 0; i < c.latencyPerWriter; i++) {
        const event = makeEvent(streamId, i);
        startedAt.set(event.eventId, performance.now());
        if (!(await subject.append(streamId, BigInt(i) - 1n, [event])))
          throw new Error('unexpected conflict');
        await sleep(c.latencyPauseMs);
      }
    });
    rate = (c.latencyWriters * c.latencyPerWriter * 1000) / ms;
    // bounded wait for the stragglers (a polling subscriber may be sleeping up to a second)
    for (let waited = 0; startedAt.size > 0 && waited < 5000; waited += 20) await sleep(20);
  } finally {
    await subscription.stop();
  }
  return {
    samples: samples.sort((a, b) => a - b),
    sent: c.latencyWriters * c.latencyPerWriter,
    missing: startedAt.size,
    ratePerSecond: rate,
  };
}
