import type { Logger } from 'pino';

/** The quickest a timed job looks again: never a busy loop on work its pass settles with nothing. */
const LEAST_DELAY_MS = 250;

/**
 * A module's job that works in passes on a timer (the scheduled publications, the reminders): a first pass when
 * started, then the next one at the delay `nextDelay` answers (at once after a full batch), whatever a pass threw
 * (logged under `failure`); `stop` waits for the pass in flight. `run` is one pass now, for the tests' clock, after
 * the pass in flight: passes never overlap.
 */
export function timedJob(spec: {
  name: string;
  logger: Logger;
  /** what the log says when a pass fails */
  failure: string;
  /** one pass: how many it did */
  run(): Promise<number>;
  /** a pass that did this many does the rest at once */
  batch: number;
  /** how long until the next pass is due (capped by the job itself) */
  nextDelay(): Promise<number>;
  everyMs: number;
}): { name: string; start(): void; stop(): Promise<void>; run(): Promise<number> } {
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  let inFlight: Promise<unknown> = Promise.resolve();
  // one pass at a time in this process, the timer's and those asked through `run` alike: two passes at once would
  // both take the same due work (a newsletter's letters would go twice)
  let chain: Promise<unknown> = Promise.resolve();
  const exclusive = (): Promise<number> => {
    const next = chain.then(() => spec.run());
    chain = next.catch(() => undefined);
    return next;
  };

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      inFlight = pass();
    }, delay);
    timer.unref();
  }

  async function pass(): Promise<void> {
    let delay = spec.everyMs;
    let full = false;
    try {
      const done = await exclusive();
      full = done >= spec.batch;
      delay = full ? 0 : await spec.nextDelay();
    } catch (error) {
      spec.logger.error({ err: error }, spec.failure);
    }
    // after a full batch the rest is due now; otherwise never sooner than LEAST_DELAY_MS
    schedule(full ? 0 : Math.max(delay, LEAST_DELAY_MS));
  }

  return {
    name: spec.name,
    start() {
      if (!stopped) return;
      stopped = false;
      inFlight = pass();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight;
    },
    run: exclusive,
  };
}
