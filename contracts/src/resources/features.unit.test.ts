import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { APP_ADMINS_ONLY } from './access.ts';
import { defineResource, isServed, switchedOffType } from './definition.ts';

const plain = defineResource({
  type: 'test-plains',
  singular: 'test-plain',
  category: 'testplain',
  eventPrefix: 'TestPlain',
  module: 'tests',
  menu: { group: 'application', icon: 'article' },
  attributes: z.object({ name: z.string() }),
  access: APP_ADMINS_ONLY,
});
const gated = defineResource({
  type: 'test-gated',
  singular: 'test-gated',
  category: 'testgated',
  eventPrefix: 'TestGated',
  module: 'tests',
  feature: 'rental',
  menu: { group: 'rental', icon: 'article' },
  attributes: z.object({ name: z.string() }),
  access: APP_ADMINS_ONLY,
});
const catalogue = [plain, gated];

describe('a resource behind a feature', () => {
  it('is served unless its feature is off; a type of no feature always is', () => {
    expect(plain.feature).toBeNull();
    expect(gated.feature).toBe('rental');
    expect(isServed(gated, { rental: true })).toBe(true);
    expect(isServed(gated, {})).toBe(true);
    expect(isServed(gated, { rental: false })).toBe(false);
    expect(isServed(plain, { rental: false })).toBe(true);
  });

  it('names the switched-off type of a path: its records, their history, their existence', () => {
    const off = { rental: false };
    for (const path of [
      '/test-gated',
      '/test-gated/',
      '/test-gated/abc',
      '/test-gated/abc/history/3',
      '/test-gated/abc/soft-delete',
      '/services/publishables/test-gated/abc',
    ])
      expect(switchedOffType(path, catalogue, off), path).toBe('test-gated');
    for (const path of [
      '/',
      '/test-plains/abc',
      '/services/publishables/test-plains/abc',
      '/test-gatedx',
      '/services',
    ])
      expect(switchedOffType(path, catalogue, off), path).toBeNull();
    expect(switchedOffType('/test-gated/abc', catalogue, { rental: true })).toBeNull();
  });
});
