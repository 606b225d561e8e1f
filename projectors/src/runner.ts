import type { Sql } from 'postgres';
import type { EventStore } from '@platform/infra/event-store';
import { CheckpointMovedError } from './apply-batch.ts';
import { DEFAULT_MAX_BATCH_SIZE, feed } from './feed.ts';
import type { Projection } from './projection.ts';
import { createSharedRead } from './shared-read.ts';
import { dropRetiredSchemas, swapIn, TargetRetiredError } from './swap.ts';
import { liveVersion, prepareTarget, versionTarget } from './target.ts';

/** The subset of a pino logger the runner uses. */
export interface RunnerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ProjectionRunnerOptions {
  sql: Sql;
  eventStore: EventStore;
  projections: readonly Projection[];
  logger?: RunnerLogger;
  /** events per read, hence per transaction, when following the head (default 500) */
  batchSize?: number;
  /**
   * While a projection is far behind (a new version building, a restart after downtime), reads double up to
   * this many events per batch and transaction: a rebuild pays the per-transaction cost less often
   * (docs/benchmarks.md). Default 10,000.
   */
  maxBatchSize?: number;
  /** back-off after a failure: doubles from `initialMs` up to `maxMs` */
  retry?: { initialMs?: number; maxMs?: number };
}

export interface ProjectionRunner {
  /** Sets every projection up (schema, tables, views of a first version) and starts following `$all`. */
  start(): Promise<void>;
  /** Stops following; waits for the batch transactions in flight to finish. */
  stop(): Promise<void>;
  /**
   * Starts one projection alone (a projector process of several, once it holds the projection's lease: ADR 0048);
   * resolves once it is set up, or has failed its first attempt (and keeps retrying). Nothing when it runs already.
   */
  startProjection(name: string): Promise<void>;
  /** Stops one projection; waits for its batch transaction in flight. */
  stopProjection(name: string): Promise<void>;
  /** the names of the projections running in this process */
  running(): string[];
}

const silent: RunnerLogger = { info() {}, warn() {}, error() {} };

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

function assertDistinct(projections: readonly Projection[]): void {
  const names = new Set<string>();
  const tables = new Map<string, string>();
  for (const p of projections) {
    versionTarget(p); // validates names
    if (names.has(p.name)) throw new Error(`Projection ${p.name} registered twice`);
    names.add(p.name);
    for (const t of p.tables) {
      const owner = tables.get(t);
      if (owner) throw new Error(`Table read.${t} is exposed by both ${owner} and ${p.name}`);
      tables.set(t, p.name);
    }
  }
}

/**
 * Runs each projection in its own loop: it reads `$all` on its own, one transaction per batch (rows and checkpoint
 * together), until it is live and at the head; then it follows the process's one shared read of `$all`
 * (shared-read.ts, ADR 0051), which hands each page to the projections that read its events and moves the others'
 * checkpoints together. A failure rolls the batch back and the loop retries from the stored checkpoint after a
 * back-off, reading on its own again: nothing is skipped and the process keeps running. A version newer than the
 * live one is built beside it and swapped in once caught up (blue/green); the first version of a projection is live
 * at once.
 */
export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { sql, eventStore, projections } = options;
  const logger = options.logger ?? silent;
  const batchSize = options.batchSize ?? 500;
  const maxBatchSize = Math.max(batchSize, options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE);
  const initialMs = options.retry?.initialMs ?? 100;
  const maxMs = options.retry?.maxMs ?? 30_000;
  assertDistinct(projections);

  const running = new Map<string, { controller: AbortController; loop: Promise<void> }>();
  const byName = new Map(projections.map((p) => [p.name, p]));
  const shared = createSharedRead({ sql, eventStore, projections, batchSize, maxBatchSize });

  /** runs one projection's loop under a signal of its own; resolves once it is set up (or failed once) */
  function launch(projection: Projection): Promise<void> {
    const controller = new AbortController();
    let markReady!: () => void;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    const loop = run(projection, controller.signal, markReady);
    running.set(projection.name, { controller, loop });
    return ready;
  }

  async function halt(name: string): Promise<void> {
    const entry = running.get(name);
    if (!entry) return;
    entry.controller.abort();
    await entry.loop.catch(() => undefined);
    if (running.get(name) === entry) running.delete(name);
  }

  async function run(projection: Projection, signal: AbortSignal, ready: () => void): Promise<void> {
    const target = versionTarget(projection);
    const log = { projection: projection.name, version: projection.version };
    let delayMs = initialMs;
    while (!signal.aborted) {
      try {
        const live = await liveVersion(sql, projection.name);
        if (live !== undefined && live > projection.version) {
          logger.warn({ ...log, live }, 'a newer version of this projection is live; not running this one');
          return;
        }
        await dropRetiredSchemas(sql, projection.name);
        const row = await prepareTarget(sql, target);
        // readers need views from the start; a first version answers while it catches up
        if (row.status === 'building' && live === undefined) await swapIn(sql, eventStore, target);
        else if (row.status === 'building') logger.info(log, 'building beside the live version');
        ready();
        const alone = () =>
          feed({
            sql,
            eventStore,
            target,
            signal,
            batchSize,
            maxBatchSize,
            stopWhenCaughtUp: true,
            onBatch: () => {
              delayMs = initialMs;
            },
          });
        // on its own until live and at the head, then in the shared read until stopped or made to leave it
        const { position } = await alone();
        if (signal.aborted) return;
        await shared.follow({
          target,
          position,
          signal,
          catchUp: async () => (await alone()).position,
          onBatch: () => {
            delayMs = initialMs;
          },
        });
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof CheckpointMovedError) {
          logger.info(
            { ...log, position: error.position?.toString() },
            'checkpoint moved elsewhere; resuming there',
          );
          continue;
        }
        if (error instanceof TargetRetiredError) {
          logger.warn({ ...log, reason: error.message }, 'projection version retired; stopping it');
          return;
        }
        logger.error(
          { ...log, err: error, retryInMs: delayMs },
          'projection failed; retrying from its checkpoint',
        );
        ready();
        await sleep(delayMs, signal);
        delayMs = Math.min(delayMs * 2, maxMs);
      } finally {
        ready();
      }
    }
  }

  return {
    async start() {
      if (running.size > 0) throw new Error('projection runner already started');
      // resolves once each projection is set up, or has failed its first attempt (and keeps retrying)
      await Promise.all(projections.map(launch));
    },
    async stop() {
      await Promise.allSettled([...running.keys()].map(halt));
      await shared.settled();
    },
    async startProjection(name) {
      const projection = byName.get(name);
      if (!projection) throw new Error(`no projection ${name} in this runner`);
      if (running.has(name)) return;
      await launch(projection);
    },
    stopProjection: halt,
    running: () => [...running.keys()],
  };
}
