// `npm run start:front`: the cluster's round-robin front (front.ts, ADR 0048) alone, in front of command and query
// processes started elsewhere (docker-compose.yml's): FRONT_COMMANDS and FRONT_QUERIES list them, PORT and HOST are
// where it listens. `npm run start:cluster` runs the same front beside the processes it starts itself.
import { ConfigError, loadConfig } from '@platform/infra/config';
import { createLogger } from '@platform/infra/logger';
import { loadFrontConfig } from './config.ts';
import { createFront, type Front } from './front.ts';

/** How long a stop waits for the requests in flight (under the 10 s a container engine gives before SIGKILL). */
const DRAIN_MS = 8000;

let stopping = false;

async function main() {
  const { commands, queries } = loadFrontConfig();
  // the front runs no side of the platform: it reads the platform's PORT, HOST and LOG_* only
  delete process.env.ROLE;
  const config = loadConfig();
  const logger = createLogger(config);

  const started: { front?: Front } = {};
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'front: stopping');
    await started.front?.close({ drainMs: DRAIN_MS }).catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const front = createFront({ logger });
  started.front = front;
  // the processes may not listen yet (they start beside the front): each is sent to once its /healthz answers
  for (const url of commands) front.add('commands', url, { up: false });
  for (const url of queries) front.add('queries', url, { up: false });
  const port = await front.listen(config.PORT, config.HOST);
  process.stdout.write(
    `Front listening on http://localhost:${port}: ${commands.length} command and ${queries.length} query processes\n`,
  );
}

main().catch((error: unknown) => {
  if (stopping) return;
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  process.stderr.write(
    `Front failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
