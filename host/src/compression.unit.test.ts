import { describe, expect, it } from 'vitest';
import { weakenedEtag } from './compression.ts';

describe('weakenedEtag', () => {
  it('marks a strong tag weak, keeping its opaque part', () => {
    expect(weakenedEtag('"abc-123"')).toBe('W/"abc-123"');
  });

  it('leaves a weak tag as it is', () => {
    expect(weakenedEtag('W/"abc-123"')).toBe('W/"abc-123"');
  });
});
