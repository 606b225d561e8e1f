// `npm run start:relay`: publishes the event log to Kafka (KAFKA_BROKERS, KAFKA_TOPIC), one message per event keyed
// by its stream id, at least once, its position kept in PostgreSQL (ADR 0049). Any number may run: one publishes,
// the others stand by and take over from the stored position when it stops.
import { EventContractRegistry } from '@platform/contracts/event-contracts';
import { ConfigError, loadConfig } from '@platform/infra/config';
import { createSql } from '@platform/infra/db/postgres';
import { migrate } from '@platform/infra/db/migrate';
import { createEventStore } from '@platform/infra/event-store';
import { createLogger } from '@platform/infra/logger';
import { connectKafkaRelay } from '@platform/infra/relay/kafka-sink';
import { createLogRelay } from '@platform/infra/relay/log-relay';
import { connectToPlatformDatabase } from './cli-database.ts';
import { eventContractsOf, platformModules } from './modules.ts';

/** Longest pause between two runs of a relay that failed (the broker or the database away). */
const MAX_BACKOFF_MS = 30_000;

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.KAFKA_BROKERS)
    throw new ConfigError('Invalid configuration:\n  KAFKA_BROKERS: the relay needs it');
  const logger = createLogger(config).child({ role: 'relay' });
  const { url, embedded } = await connectToPlatformDatabase(config);
  await migrate(url);
  const sql = createSql(url, { max: 4 });
  // the platform's contracts: consumers receive each payload in its current version (stored ones are upcast)
  const contracts = new EventContractRegistry(eventContractsOf(platformModules()));
  const eventStore = await createEventStore(config, { sql, contracts });
  const controller = new AbortController();
  let stopped!: () => void;
  const done = new Promise<void>((resolve) => {
    stopped = resolve;
  });
  const stop = (signal: string) => {
    if (controller.signal.aborted) return;
    logger.info({ signal }, 'stopping');
    controller.abort();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  void (async () => {
    let backoffMs = 500;
    while (!controller.signal.aborted) {
      let connection: Awaited<ReturnType<typeof connectKafkaRelay>> | null = null;
      try {
        connection = await connectKafkaRelay({
          brokers: config.KAFKA_BROKERS!.split(','),
          topic: config.KAFKA_TOPIC,
          partitions: config.KAFKA_TOPIC_PARTITIONS,
          logger,
        });
        const relay = createLogRelay({
          name: `kafka:${config.KAFKA_TOPIC}`,
          eventStore,
          sql,
          sink: connection.sink,
          logger,
        });
        await relay.run(controller.signal);
        backoffMs = 500;
      } catch (error) {
        if (controller.signal.aborted) break;
        logger.error(
          { err: error, retryInMs: backoffMs },
          'relay stopped: starting it again from its stored position',
        );
        await new Promise((resolve) => setTimeout(resolve, backoffMs));
        backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
      } finally {
        await connection?.close().catch(() => undefined);
      }
    }
    stopped();
  })();

  await done;
  await eventStore.close();
  await sql.end({ timeout: 5 });
  await embedded?.stop();
}

main().catch((error: unknown) => {
  process.stderr.write(`Relay failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
