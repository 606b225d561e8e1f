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
});
