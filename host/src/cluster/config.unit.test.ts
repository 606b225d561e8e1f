import { describe, expect, it } from 'vitest';
import { ConfigError } from '@platform/infra/config';
import { loadClusterConfig, loadFrontConfig } from './config.ts';

describe('loadFrontConfig', () => {
  it('reads the processes of each side as their origins, in the order given', () => {
    expect(
      loadFrontConfig({
        FRONT_COMMANDS: 'http://commands-1:3000, http://commands-2:3000/',
        FRONT_QUERIES: 'http://127.0.0.1:4001',
      }),
    ).toEqual({
      commands: ['http://commands-1:3000', 'http://commands-2:3000'],
      queries: ['http://127.0.0.1:4001'],
    });
  });

  it.for([
    ['commands-1:3000', 'is not an http:// address'],
    ['https://commands-1:3000', 'is not an http:// address'],
    ['http://a:3000,,http://b:3000', '"" is not an http:// address'],
    ['http://user:secret@commands-1:3000', 'carries a user or password'],
    ['http://commands-1:3000/api', 'has a path, query or fragment after host:port'],
    ['http://commands-1:3000,http://commands-1:3000/', 'is listed twice'],
  ])('refuses FRONT_COMMANDS=%s, saying it %s', ([value, problem]) => {
    const load = () => loadFrontConfig({ FRONT_COMMANDS: value, FRONT_QUERIES: 'http://queries-1:3000' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(new RegExp(`^Invalid configuration:\\n  FRONT_COMMANDS: .*${problem}; expected`));
  });

  it('names every missing or empty list', () => {
    expect(() => loadFrontConfig({ FRONT_QUERIES: ' , ' })).toThrow(
      "Invalid configuration:\n  FRONT_COMMANDS: required: the command processes' addresses, comma-separated " +
        '(e.g. http://commands-1:3000,http://commands-2:3000)\n' +
        "  FRONT_QUERIES: required: the query processes' addresses, comma-separated " +
        '(e.g. http://queries-1:3000,http://queries-2:3000)',
    );
  });
});

describe('loadClusterConfig', () => {
  it('starts 2 command, 3 query and 2 projector processes, restarted, unless told otherwise', () => {
    expect(loadClusterConfig({})).toEqual({
      sizes: { commands: 2, queries: 3, projectors: 2 },
      restart: true,
    });
    expect(
      loadClusterConfig({ CLUSTER_COMMANDS: '1', CLUSTER_QUERIES: '', CLUSTER_RESTART: 'false' }),
    ).toEqual({ sizes: { commands: 1, queries: 3, projectors: 2 }, restart: false });
  });

  it('names a count that is not a whole number from 1 to 16, and a restart that is not a flag', () => {
    expect(() =>
      loadClusterConfig({ CLUSTER_QUERIES: '0', CLUSTER_PROJECTORS: '1.5', CLUSTER_RESTART: 'yes' }),
    ).toThrow(
      'Invalid configuration:\n  CLUSTER_QUERIES: a whole number from 1 to 16\n' +
        '  CLUSTER_PROJECTORS: a whole number from 1 to 16\n  CLUSTER_RESTART: true or false',
    );
  });
});
