import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { parseSigningKey, SigningKeyError } from './signing-key.ts';

describe('OPEN_BADGES_SIGNING_KEY', () => {
  it('reads the 32-byte seed in base64, base64url or hex', () => {
    const seed = randomBytes(32);
    for (const text of [
      seed.toString('base64'),
      seed.toString('base64url'),
      seed.toString('hex'),
      ` ${seed.toString('hex')}\n`,
    ]) {
      expect(Buffer.from(parseSigningKey(text)).equals(seed), text).toBe(true);
      expect(loadConfig({ OPEN_BADGES_SIGNING_KEY: text }).OPEN_BADGES_SIGNING_KEY).toBe(text.trim());
    }
  });

  it('refuses anything that is not 32 bytes, and the configuration names the variable', () => {
    for (const text of [
      '',
      'short',
      randomBytes(16).toString('base64'),
      randomBytes(33).toString('hex'),
      '!'.repeat(44),
    ]) {
      expect(() => parseSigningKey(text), text).toThrow(SigningKeyError);
    }
    expect(() => loadConfig({ OPEN_BADGES_SIGNING_KEY: randomBytes(31).toString('base64') })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ OPEN_BADGES_SIGNING_KEY: 'short' })).toThrow(/OPEN_BADGES_SIGNING_KEY/);
    expect(loadConfig({}).OPEN_BADGES_SIGNING_KEY).toBeUndefined();
  });
});
