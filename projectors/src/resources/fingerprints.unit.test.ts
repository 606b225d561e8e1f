import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import { projectionDdl } from './projection.ts';

/**
 * A resource's table is made once per projection version: a definition whose table changes (a new attribute, an
 * index, a fixed row) without a new `version` keeps the old table in databases that exist, and its reads break.
 * This file keeps the fingerprint of every type's table per version; a change without a new version fails here.
 * After raising a version, `UPDATE_FINGERPRINTS=1 npx vitest run projectors/src/resources/fingerprints` records it.
 */
const FILE = new URL('./fingerprints.json', import.meta.url);
const stored = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, string>;

const fingerprint = (ddl: ReturnType<typeof projectionDdl>) =>
  createHash('sha256').update(JSON.stringify(ddl)).digest('hex').slice(0, 16);

describe('resource tables and their versions', () => {
  const current = Object.fromEntries(
    resourceCatalogue.map((d) => [`${d.type}@${d.version}`, fingerprint(projectionDdl(d))]),
  );

  it('records a fingerprint for every type at its version', () => {
    if (process.env.UPDATE_FINGERPRINTS === '1') {
      const merged = Object.fromEntries(
        Object.entries({ ...stored, ...current }).sort(([a], [b]) => a.localeCompare(b)),
      );
      writeFileSync(FILE, `${JSON.stringify(merged, null, 2)}\n`);
      return;
    }
    const missing = Object.keys(current).filter((key) => !(key in stored));
    expect(missing, 'new types or versions: record them with UPDATE_FINGERPRINTS=1').toEqual([]);
  });

  it('fails when a table changes without a new projection version', () => {
    const changed = Object.entries(current)
      .filter(([key, print]) => key in stored && stored[key] !== print)
      .map(([key]) => `${key}: its table changed; raise the definition's version`);
    expect(changed).toEqual([]);
  });

  it('tells a changed table from an unchanged one', () => {
    const base = resourceCatalogue.find((d) => d.type === 'coupons')!;
    const before = fingerprint(projectionDdl(base));
    const withIndex = { ...base, filters: [...base.filters, 'amount'] };
    expect(fingerprint(projectionDdl(withIndex))).not.toBe(before);
    expect(fingerprint(projectionDdl(base))).toBe(before);
  });
});
