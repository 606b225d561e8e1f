import fc from 'fast-check';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import {
  describeExchange,
  VIEWER_NAMES,
  type FuzzAnswer,
  type FuzzTarget,
  type ViewerName,
} from './client.ts';
import { requestsFor, type FuzzRequest } from './inputs.ts';
import type { ApiRoute } from './routes.ts';

/** The address the member signs in from: the generated sign-ins (from loopback) never use up its limit. */
export const MEMBER_ADDRESS = '10.77.0.1';

/** The member the fuzz signs in as, opened through the API token; answers the session cookie. */
export async function openMember(
  baseUrl: string,
  adminToken: string,
  email = `fuzz-member-${Date.now().toString(36)}@example.org`,
): Promise<{ email: string; signIn(): Promise<string> }> {
  const password = 'correct horse battery';
  const created = await fetch(`${baseUrl}/api/v1/users`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/vnd.api+json' },
    body: JSON.stringify({
      data: {
        type: 'users',
        attributes: { firstName: 'Fuzz', lastName: 'Member', email, password, emailVerified: true },
      },
    }),
  });
  if (created.status !== 201) throw new Error(`member: ${created.status} ${await created.text()}`);
  return {
    email,
    async signIn() {
      const answer = await fetch(`${baseUrl}/auth/login`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          'X-Forwarded-For': MEMBER_ADDRESS,
        },
        body: JSON.stringify({ email, password }),
      });
      const cookie = answer.headers
        .getSetCookie()
        .map((set) => /^atc_session=([^;]+)/.exec(set)?.[1])
        .find(Boolean);
      if (answer.status !== 200 || !cookie)
        throw new Error(`sign-in: ${answer.status} ${await answer.text()}`);
      return cookie;
    },
  };
}

export interface FuzzFailure {
  route: ApiRoute;
  viewer: ViewerName;
  seed: number;
  /** the request and answer after shrinking */
  exchange: string;
}

/** What `fuzzRoutes` found: the answers ≥ 500 (shrunk), and how many requests it sent. */
export interface FuzzOutcome {
  failures: FuzzFailure[];
  sent: number;
  /** answers by status, shrinking's included */
  byStatus: Map<number, number>;
}

/** '400: 812, 404: 120, ...' */
export function formatCounts(byStatus: ReadonlyMap<number, number>): string {
  return [...byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
}

/** Sends a request; a request that fails on the wire counts as a 599 (the server dropped it). */
async function exchange(target: FuzzTarget, request: FuzzRequest, viewer: ViewerName) {
  try {
    return await target.send(request, viewer);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

const failed = (answer: FuzzAnswer | Error) => answer instanceof Error || answer.status >= 500;

/**
 * The property, for every route and viewer: no generated request is answered ≥ 500 (nor dropped). Each pair is
 * checked with its own `numRuns` under one seed, shrunk on failure, and every failing pair is reported, not
 * only the first.
 */
export async function fuzzRoutes(options: {
  target: FuzzTarget;
  routes: readonly ApiRoute[];
  resources: readonly ResourceDefinition[];
  runsPerRoute: number;
  seed: number;
  /** called before the member's requests to a route: signs the member in again when a request signed them out */
  beforeMember?(): Promise<void>;
}): Promise<FuzzOutcome> {
  const failures: FuzzFailure[] = [];
  const byStatus = new Map<number, number>();
  let sent = 0;
  for (const route of options.routes) {
    const requests = requestsFor(route, options.resources);
    for (const viewer of VIEWER_NAMES) {
      if (viewer === 'member') await options.beforeMember?.();
      let last = '';
      const details = await fc.check(
        fc.asyncProperty(requests, async (request) => {
          sent++;
          const answer = await exchange(options.target, request, viewer);
          const status = answer instanceof Error ? 599 : answer.status;
          byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
          if (failed(answer)) last = describeExchange(request, viewer, answer);
          return !failed(answer);
        }),
        { numRuns: options.runsPerRoute, seed: options.seed, maxSkipsPerRun: 0 },
      );
      if (details.failed) failures.push({ route, viewer, seed: options.seed, exchange: last });
    }
  }
  return { failures, sent, byStatus };
}

/**
 * `count` generated requests spread over every route and viewer in turn, sent `concurrency` at a time, counted
 * by status: the bench's long run (no shrinking; the first few answers ≥ 500 are kept to show).
 */
export async function fuzzCount(options: {
  target: FuzzTarget;
  routes: readonly ApiRoute[];
  resources: readonly ResourceDefinition[];
  count: number;
  seed: number;
  concurrency: number;
  beforeMember?(): Promise<void>;
  progress?(done: number): void;
}): Promise<{ byStatus: Map<number, number>; failures: string[] }> {
  const byStatus = new Map<number, number>();
  const failures: string[] = [];
  const pairs = options.routes.flatMap((route) => VIEWER_NAMES.map((viewer) => ({ route, viewer })));
  const perPair = Math.ceil(options.count / pairs.length);
  const generators = pairs.map(({ route }) => requestsFor(route, options.resources));
  let done = 0;
  // rounds: each pair gets a small batch, so a run cut short has still touched every route
  const batch = Math.max(1, Math.min(perPair, 10));
  for (let round = 0; done < options.count; round++) {
    await options.beforeMember?.();
    const work: Array<{ request: FuzzRequest; viewer: ViewerName }> = [];
    pairs.forEach(({ viewer }, i) => {
      const take = Math.min(batch, options.count - done - work.length);
      if (take <= 0) return;
      for (const request of fc.sample(generators[i]!, {
        numRuns: take,
        seed: options.seed + round * 7919 + i,
      })) {
        work.push({ request, viewer });
      }
    });
    let next = 0;
    const worker = async () => {
      while (next < work.length) {
        const { request, viewer } = work[next++]!;
        const answer = await exchange(options.target, request, viewer);
        const status = answer instanceof Error ? 599 : answer.status;
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
        if (failed(answer) && failures.length < 20) failures.push(describeExchange(request, viewer, answer));
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    done += work.length;
    options.progress?.(done);
  }
  return { byStatus, failures };
}
