import { describe, expect, it } from 'vitest';
import { CONFIG_DEFAULTS, ConfigError, defaultPublicUrl, loadConfig } from './config.ts';

describe('configuration', () => {
  it('takes the written defaults when the environment sets nothing', () => {
    expect(loadConfig({})).toMatchObject(CONFIG_DEFAULTS);
    expect(defaultPublicUrl()).toBe(`http://localhost:${CONFIG_DEFAULTS.PORT}`);
  });

  it('takes what the environment sets over the defaults, and stops at a bad value naming it', () => {
    const config = loadConfig({
      PORT: '8080',
      MIN_POSITION_TIMEOUT_MS: '250',
      MAIL_FROM: 'site@example.test',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      MIN_POSITION_TIMEOUT_MS: 250,
      MAIL_FROM: 'site@example.test',
    });
    expect(defaultPublicUrl(config.PORT)).toBe('http://localhost:8080');
    expect(() => loadConfig({ MIN_POSITION_TIMEOUT_MS: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ MIN_POSITION_TIMEOUT_MS: '-1' })).toThrow(/MIN_POSITION_TIMEOUT_MS/);
  });

  it('runs one side only against a PostgreSQL of its own with a shared links key (ADR 0048)', () => {
    const url = 'postgres://platform:secret@db.example.test:5432/platform';
    const key = 'k'.repeat(32);
    expect(loadConfig({}).ROLE).toBe('all');
    expect(loadConfig({ ROLE: 'queries', DATABASE_URL: url, APP_KEY: key }).ROLE).toBe('queries');
    expect(() => loadConfig({ ROLE: 'commands', APP_KEY: key })).toThrow(
      /DATABASE_URL: required with ROLE=commands/,
    );
    expect(() => loadConfig({ ROLE: 'projectors', DATABASE_URL: url })).toThrow(/APP_KEY: required/);
    expect(() => loadConfig({ ROLE: 'everything' })).toThrow(/ROLE/);
  });
});

describe('the event store and the relay', () => {
  it('runs on PostgreSQL by default and on EventStoreDB only with its connection string', () => {
    expect(loadConfig({})).toMatchObject({ EVENT_STORE: 'postgres', KAFKA_TOPIC: 'platform.events' });
    expect(() => loadConfig({ EVENT_STORE: 'eventstoredb' })).toThrow(/EVENTSTORE_URL is required/);
    expect(
      loadConfig({ EVENT_STORE: 'eventstoredb', EVENTSTORE_URL: 'kurrentdb://eventstoredb:2113?tls=false' }),
    ).toMatchObject({
      EVENT_STORE: 'eventstoredb',
      EVENTSTORE_URL: 'kurrentdb://eventstoredb:2113?tls=false',
    });
    expect(loadConfig({ EVENTSTORE_URL: 'esdb://localhost:2113?tls=false' }).EVENTSTORE_URL).toBeDefined();
    expect(() => loadConfig({ EVENTSTORE_URL: 'http://localhost:2113' })).toThrow(/EVENTSTORE_URL/);
  });

  it('takes Kafka brokers as host:port, comma-separated', () => {
    expect(loadConfig({ KAFKA_BROKERS: 'kafka:9092,kafka-2:9092' }).KAFKA_BROKERS).toBe(
      'kafka:9092,kafka-2:9092',
    );
    expect(() => loadConfig({ KAFKA_BROKERS: 'kafka' })).toThrow(/KAFKA_BROKERS/);
    expect(() => loadConfig({ KAFKA_TOPIC: 'no spaces' })).toThrow(/KAFKA_TOPIC/);
  });
});
