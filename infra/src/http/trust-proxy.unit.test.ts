import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { DEFAULT_TRUST_PROXY, TrustProxySchema } from './trust-proxy.ts';

describe('TRUST_PROXY', () => {
  it('is loopback by default (a proxy on this host), as before', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe('loopback');
    expect(DEFAULT_TRUST_PROXY).toBe('loopback');
  });

  it.each([
    ['1', 1],
    ['0', 0],
    [' 2 ', 2],
    ['loopback', 'loopback'],
    ['10.0.0.0/8, 192.168.1.7', '10.0.0.0/8,192.168.1.7'],
    ['loopback,uniquelocal', 'loopback,uniquelocal'],
    ['fd00::/8,::1', 'fd00::/8,::1'],
    ['172.16.0.0/255.240.0.0', '172.16.0.0/255.240.0.0'],
  ])('reads %j as %j', (text, value) => {
    expect(TrustProxySchema.parse(text)).toEqual(value);
    expect(loadConfig({ TRUST_PROXY: text }).TRUST_PROXY).toEqual(value);
  });

  it.each([
    '',
    'true',
    '-1',
    '33',
    '10.0.0.0/33',
    '300.1.2.3',
    'proxy.example.org',
    '10.0.0.1,,10.0.0.2',
    '1.5',
  ])('stops the start at %j, naming the variable', (text) => {
    expect(() => loadConfig({ TRUST_PROXY: text })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: text })).toThrow(/TRUST_PROXY/);
  });

  it('names the entry it cannot read', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8,gateway' })).toThrow(/gateway/);
  });
});
