import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import { defaultPublicUrl } from '@platform/infra/config';
import { createPlatform } from '@platform/host/platform';
import { fuzzTarget } from '../fuzz/client.ts';
import { platformRoutes } from '../fuzz/routes.ts';
import { formatCounts, fuzzCount, openMember } from '../fuzz/run.ts';
import type { BenchCluster } from './env.ts';

const ADMIN_TOKEN = 'bench-fuzz-admin-token-0123456789abcdef';

/**
 * `npm run bench -- --only fuzz`: FUZZ_REQUESTS (100,000 by default) generated bad requests (tests/fuzz) spread
 * over every route of both APIs and /auth, as a visitor, a member and the API token, against the platform on a
 * fresh database; prints the answers by status and how many were ≥ 500, which must be 0 (the exit code is 1
 * otherwise). FUZZ_SEED replays a run; FUZZ_LOG=1 shows the platform's error log.
 */
export async function fuzzBench(options: { cluster: BenchCluster; log: (line: string) => void }) {
  const { log } = options;
  const count = Number(process.env.FUZZ_REQUESTS ?? 100_000);
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000_000);
  const platform = await createPlatform({
    databaseUrl: await options.cluster.createDatabase('fuzz'),
    adminToken: ADMIN_TOKEN,
    logger: pino({ level: process.env.FUZZ_LOG ? 'error' : 'silent' }),
    minPositionTimeoutMs: 20,
    resources: resourceCatalogue,
    accounts: { secret: 'bench-fuzz-secret-0123456789abcdef', publicUrl: defaultPublicUrl() },
  });
  await platform.start();
  const server: Server = await new Promise((resolve) => {
    const s = platform.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const target = fuzzTarget({ host: '127.0.0.1', port, adminToken: ADMIN_TOKEN });
  try {
    const routes = platformRoutes(platform);
    const baseUrl = `http://127.0.0.1:${port}`;
    const member = await openMember(baseUrl, ADMIN_TOKEN);
    let cookie = await member.signIn();
    target.setMemberCookie(cookie);
    const keepMemberSignedIn = async () => {
      const me = await fetch(`${baseUrl}/api/v1/users/me`, { headers: { Cookie: `atc_session=${cookie}` } });
      await me.arrayBuffer();
      if (me.status === 200) return;
      cookie = await member.signIn();
      target.setMemberCookie(cookie);
    };
    log(`fuzz: ${count} requests over ${routes.length} routes × 3 viewers, seed ${seed}`);
    const started = performance.now();
    let reported = 0;
    const { byStatus, failures } = await fuzzCount({
      target,
      routes,
      resources: resourceCatalogue,
      count,
      seed,
      concurrency: 8,
      beforeMember: keepMemberSignedIn,
      progress(done) {
        if (done - reported >= 10_000 || done === count) {
          reported = done;
          log(`  ${done} sent, ${((performance.now() - started) / 1000).toFixed(0)} s`);
        }
      },
    });
    const seconds = (performance.now() - started) / 1000;
    const failed = [...byStatus].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
    log(`answers by status: ${formatCounts(byStatus)}`);
    log(`answers ≥ 500: ${failed} (${(count / seconds).toFixed(0)} requests/s, ${seconds.toFixed(0)} s)`);
    for (const failure of failures) log(failure);
    if (failed > 0) process.exitCode = 1;
  } finally {
    target.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await platform.stop();
  }
}
