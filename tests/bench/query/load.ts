import autocannon from 'autocannon';
import { percentile } from '../report.ts';

/** One load run (or several summed): requests answered, time, and every response's latency. */
export interface Load {
  requests: number;
  seconds: number;
  /** latencies in ms, ascending */
  latencies: number[];
  /** answers that were not 2xx, and connection errors / timeouts */
  failures: number;
}

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  /** a fixed rate (requests per second over all connections) instead of as fast as the server answers */
  rate?: number;
  /** the method (GET unless said) and, for a POST, the same body each time */
  method?: 'GET' | 'POST';
  body?: string;
}

/** Runs autocannon once, keeping each response's latency (autocannon's own histogram is per run only). */
export function load(options: LoadOptions): Promise<Load> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        ...(options.headers ? { headers: options.headers } : {}),
        ...(options.rate ? { overallRate: options.rate } : {}),
        ...(options.method ? { method: options.method } : {}),
        ...(options.body !== undefined ? { body: options.body } : {}),
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        latencies.sort((a, b) => a - b);
        resolve({
          requests: result['2xx'],
          seconds: result.duration,
          latencies,
          failures: result.non2xx + result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
}

export function combine(loads: readonly Load[]): Load {
  return {
    requests: loads.reduce((sum, l) => sum + l.requests, 0),
    seconds: loads.reduce((sum, l) => sum + l.seconds, 0),
    latencies: loads.flatMap((l) => l.latencies).sort((a, b) => a - b),
    failures: loads.reduce((sum, l) => sum + l.failures, 0),
  };
}

export const rateOf = (l: Load) => (l.seconds > 0 ? l.requests / l.seconds : Number.NaN);
export const p50 = (l: Load) => percentile(l.latencies, 50);
export const p99 = (l: Load) => percentile(l.latencies, 99);

/**
 * Measures a subject and its baseline in alternating slices (subject, baseline, then baseline, subject, ...),
 * so that a load spike from other processes on the machine hits both alike; each side's slices are summed.
 */
export async function interleaved(
  subject: Omit<LoadOptions, 'seconds'>,
  baseline: Omit<LoadOptions, 'seconds'>,
  slices: number,
  secondsPerSlice: number,
): Promise<{ subject: Load; baseline: Load }> {
  const s: Load[] = [];
  const b: Load[] = [];
  for (let i = 0; i < slices; i++) {
    const order = i % 2 === 0 ? (['s', 'b'] as const) : (['b', 's'] as const);
    for (const side of order) {
      if (side === 's') s.push(await load({ ...subject, seconds: secondsPerSlice }));
      else b.push(await load({ ...baseline, seconds: secondsPerSlice }));
    }
  }
  return { subject: combine(s), baseline: combine(b) };
}

/**
 * Several sides in alternating slices, each slice in a rotating order (a, b, c, then b, c, a, ...), so that a load
 * spike from other processes hits each alike; each side's slices are summed, in the order of `sides`.
 */
export async function rotated(
  sides: ReadonlyArray<Omit<LoadOptions, 'seconds'>>,
  slices: number,
  secondsPerSlice: number,
): Promise<Load[]> {
  return rotate(
    sides.map((side) => ({ run: (seconds: number) => load({ ...side, seconds }) })),
    slices,
    secondsPerSlice,
  );
}

/**
 * `rotated` for sides that are not all one autocannon run (a POST whose body changes, a loop of statements): each
 * side's `run` measures one slice; the slices rotate (a, b, c, then b, c, a, ...) and are summed per side.
 */
export async function rotate(
  sides: ReadonlyArray<{ run(seconds: number): Promise<Load> }>,
  slices: number,
  secondsPerSlice: number,
): Promise<Load[]> {
  const runs: Load[][] = sides.map(() => []);
  for (let i = 0; i < slices; i++)
    for (let k = 0; k < sides.length; k++) {
      const at = (i + k) % sides.length;
      runs[at]!.push(await sides[at]!.run(secondsPerSlice));
    }
  return runs.map(combine);
}
