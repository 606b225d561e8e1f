import { KafkaContainer } from '@testcontainers/kafka';
import { GenericContainer, Wait, getContainerRuntimeClient, type StartedTestContainer } from 'testcontainers';

/**
 * Whether testcontainers can reach a container engine (Docker, Podman...), asked the way it asks itself: its own
 * strategies in its own order (TESTCONTAINERS_HOST_OVERRIDE, DOCKER_HOST and ~/.testcontainers.properties, the
 * Docker socket, a rootless socket), each answering `docker info`. Bounded: an engine that does not answer within
 * `timeoutMs` counts as absent. Asked once per process.
 */
let probe: Promise<{ reachable: true } | { reachable: false; reason: string }> | null = null;

export function containerEngine(timeoutMs = 5000) {
  probe ??= (async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      timer.unref();
    });
    try {
      await Promise.race([getContainerRuntimeClient(), timeout]);
      return { reachable: true as const };
    } catch (error) {
      return { reachable: false as const, reason: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
    }
  })();
  return probe;
}

/**
 * `describe.skipIf`'s condition for a suite that needs a container engine, printing why it is skipped: a skipped
 * engine suite says so in the run's output, not only as a grey line.
 */
export async function skipWithoutContainerEngine(suite: string): Promise<boolean> {
  const engine = await containerEngine();
  if (engine.reachable) return false;
  console.warn(
    `SKIPPED ${suite}: no container engine is reachable (testcontainers: ${engine.reason}). ` +
      'Run it where Docker or Podman answers (or set DOCKER_HOST).',
  );
  return true;
}

/** The EventStoreDB image the tests start; TEST_EVENTSTOREDB_IMAGE names another (a KurrentDB release, say). */
export const EVENTSTOREDB_IMAGE = process.env.TEST_EVENTSTOREDB_IMAGE ?? 'eventstore/eventstore:24.10';
/** The Kafka image (Confluent's, which the testcontainers Kafka module configures for KRaft). */
export const KAFKA_IMAGE = process.env.TEST_KAFKA_IMAGE ?? 'confluentinc/cp-kafka:7.9.1';

export interface StartedEventStoreDb {
  container: StartedTestContainer;
  /** connection string of the started node */
  url: string;
}

/** One insecure single node, in memory, without projections: what the adapter's contract suite needs. */
export async function startEventStoreDb(): Promise<StartedEventStoreDb> {
  const container = await new GenericContainer(EVENTSTOREDB_IMAGE)
    .withEnvironment({
      EVENTSTORE_INSECURE: 'true',
      EVENTSTORE_CLUSTER_SIZE: '1',
      EVENTSTORE_MEM_DB: 'true',
      EVENTSTORE_RUN_PROJECTIONS: 'None',
      EVENTSTORE_START_STANDARD_PROJECTIONS: 'false',
      // KurrentDB reads its own prefix
      KURRENTDB_INSECURE: 'true',
      KURRENTDB_CLUSTER_SIZE: '1',
      KURRENTDB_MEM_DB: 'true',
      KURRENTDB_RUN_PROJECTIONS: 'None',
    })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
    .withStartupTimeout(120_000)
    .start();
  return {
    container,
    url: `kurrentdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
  };
}

export interface StartedKafka {
  container: StartedTestContainer;
  /** the broker as the host reaches it */
  brokers: string[];
}

/** One Kafka node in KRaft mode (no ZooKeeper), its listener advertised at the host's mapped port. */
export async function startKafka(): Promise<StartedKafka> {
  const container = await new KafkaContainer(KAFKA_IMAGE).withKraft().start();
  return { container, brokers: [`${container.getHost()}:${container.getMappedPort(9093)}`] };
}
