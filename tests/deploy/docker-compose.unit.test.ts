import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { FRONT_VARIABLES, loadFrontConfig } from '@platform/host/cluster/config';
import { CONFIG_VARIABLES, loadConfig } from '@platform/infra/config';

// docker-compose.yml cannot be started on this machine (no container engine): its shape is checked here, against the
// platform's own configuration, the front's and the scripts (ADRs 0048 and 0049).

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const scripts = (
  JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

interface Service {
  image?: string;
  command?: string | string[];
  environment?: Record<string, string | number | boolean>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
}
interface Compose {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
}

const compose = parse(readFileSync(resolve(root, 'docker-compose.yml'), 'utf8'), {
  merge: true,
  uniqueKeys: true,
  strict: true,
}) as Compose;

/** The platform's processes by the script each runs, and how many of each docker-compose.yml starts (issue 24). */
const PROCESSES = {
  'start:commands': 2,
  'start:queries': 3,
  'start:projectors': 2,
  'start:relay': 1,
} as const;
type ProcessScript = keyof typeof PROCESSES;

const envOf = (service: Service) =>
  Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, String(v)]));
/** the npm script a service runs (`npm run X`), if it runs one */
const scriptOf = (service: Service) =>
  Array.isArray(service.command) && service.command[0] === 'npm' && service.command[1] === 'run'
    ? service.command[2]
    : undefined;
/** the services that run `script`, by name */
const servicesRunning = (script: string) =>
  Object.entries(compose.services)
    .filter(([, service]) => scriptOf(service) === script)
    .map(([name]) => name);
const platformProcesses = Object.keys(PROCESSES).flatMap(servicesRunning);
/** the host's port of a published `[ip:]host:container` mapping */
const hostPort = (mapping: string) => mapping.split(':').at(-2);

describe('docker-compose.yml', () => {
  it('starts PostgreSQL, EventStoreDB and Kafka in KRaft mode, with health checks', () => {
    const { postgres, eventstoredb, kafka } = compose.services;
    expect(postgres?.image).toMatch(/^postgres:\d+/);
    expect(eventstoredb?.image).toMatch(/^eventstore\/eventstore:|kurrentdb/);
    expect(kafka?.image).toMatch(/kafka/);
    const kafkaEnv = envOf(kafka!);
    expect(kafkaEnv.KAFKA_PROCESS_ROLES?.split(',')).toEqual(
      expect.arrayContaining(['broker', 'controller']),
    );
    expect(Object.keys(kafkaEnv).some((k) => k.includes('ZOOKEEPER'))).toBe(false);
    expect(Object.keys(compose.services).some((name) => name.includes('zookeeper'))).toBe(false);
    for (const service of [postgres, eventstoredb, kafka]) expect(service).toHaveProperty('healthcheck');
  });

  it.for(Object.entries(PROCESSES))(
    'runs `npm run %s` in %i service(s), on Node 20',
    ([script, count]: [string, number]) => {
      expect(scripts[script]).toBeDefined();
      const services = servicesRunning(script);
      expect(services).toHaveLength(count);
      for (const name of services) expect(compose.services[name]!.image).toMatch(/^node:20/);
    },
  );

  it("gives every process a configuration the platform accepts, naming only the platform's variables", () => {
    const shared = new Set<string>();
    for (const name of platformProcesses) {
      const env = envOf(compose.services[name]!);
      expect(Object.keys(env).filter((k) => !CONFIG_VARIABLES.includes(k))).toEqual([]);
      const config = loadConfig(env);
      expect(config).toMatchObject({ EVENT_STORE: 'eventstoredb' });
      expect(new URL(config.DATABASE_URL!).hostname).toBe('postgres');
      expect(config.EVENTSTORE_URL).toMatch(/^kurrentdb:\/\/eventstoredb:2113\b/);
      // every process takes the one proxy in front of it at its word (the sign-in limits count the client)
      expect(config.TRUST_PROXY).toBe(1);
      // one links key and one machine credential, whichever process signs, checks or answers
      shared.add(JSON.stringify([config.APP_KEY, config.ADMIN_API_TOKEN, config.PUBLIC_URL]));
    }
    expect([...shared]).toHaveLength(1);
    const relay = loadConfig(envOf(compose.services.relay!));
    const advertised = envOf(compose.services.kafka!).KAFKA_ADVERTISED_LISTENERS!.split(',');
    expect(advertised).toContain(`PLAINTEXT://${relay.KAFKA_BROKERS}`);
  });

  it('publishes the front alone on port 3000, naming in its FRONT_* lists exactly the command and query services', () => {
    const [front, ...others] = servicesRunning('start:front');
    expect(others).toEqual([]);
    expect(scripts['start:front']).toBeDefined();
    const publishing3000 = Object.entries(compose.services)
      .filter(([, service]) => (service.ports ?? []).some((p) => hostPort(p) === '3000'))
      .map(([name]) => name);
    expect(publishing3000).toEqual([front]);
    // no process of the platform is reached but through the front
    for (const name of platformProcesses) expect(compose.services[name]!.ports ?? []).toEqual([]);

    const env = envOf(compose.services[front!]!);
    expect(
      Object.keys(env).filter((k) => !CONFIG_VARIABLES.includes(k) && !FRONT_VARIABLES.includes(k)),
    ).toEqual([]);
    // the front listens on the port its mapping publishes
    expect(compose.services[front!]!.ports).toEqual([`3000:${loadConfig(env).PORT}`]);
    const lists = loadFrontConfig(env);
    const named = (side: 'commands' | 'queries', script: ProcessScript) => {
      const expected = servicesRunning(script).map(
        (name) => `http://${name}:${loadConfig(envOf(compose.services[name]!)).PORT}`,
      );
      expect(lists[side].toSorted()).toEqual(expected.toSorted());
    };
    named('commands', 'start:commands');
    named('queries', 'start:queries');
    // the public address the processes' links name is the front's
    expect(loadConfig(envOf(compose.services[platformProcesses[0]!]!)).PUBLIC_URL).toBe(
      'http://localhost:3000',
    );
  });

  it('starts the processes after the install and the healthy engines they use, and the front after them', () => {
    for (const name of platformProcesses) {
      const dependsOn = compose.services[name]!.depends_on ?? {};
      expect(dependsOn.install?.condition).toBe('service_completed_successfully');
      expect(dependsOn.postgres?.condition).toBe('service_healthy');
      expect(dependsOn.eventstoredb?.condition).toBe('service_healthy');
    }
    expect(compose.services.relay!.depends_on?.kafka?.condition).toBe('service_healthy');
    const front = compose.services[servicesRunning('start:front')[0]!]!;
    expect(front.depends_on?.install?.condition).toBe('service_completed_successfully');
    for (const name of [...servicesRunning('start:commands'), ...servicesRunning('start:queries')])
      expect(front.depends_on?.[name]?.condition).toBe('service_started');
  });

  it('declares every named volume it mounts', () => {
    for (const service of Object.values(compose.services)) {
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!;
        if (source.startsWith('.') || source.startsWith('/')) continue;
        expect(compose.volumes).toHaveProperty(source);
      }
    }
  });
});
