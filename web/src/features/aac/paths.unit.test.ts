import { describe, expect, it } from 'vitest';
import {
  cataloguePath,
  comparePath,
  contributionOf,
  contributionPath,
  parseIds,
  productPath,
} from './paths.ts';

describe('the AAC products component’s paths', () => {
  it('reads a list of ids once each, in its order, blanks left out', () => {
    expect(parseIds(null)).toEqual([]);
    expect(parseIds('')).toEqual([]);
    expect(parseIds('a, b,,a ,c')).toEqual(['a', 'b', 'c']);
  });

  it('puts its screens below the page, the home page without a doubled slash', () => {
    expect(productPath('/aac', 'x y')).toBe('/aac/x%20y');
    expect(comparePath('/aac', ['a', 'b'])).toBe('/aac/compare?ids=a,b');
    expect(comparePath('', ['a', 'b'])).toBe('/compare?ids=a,b');
    expect(contributionPath('')).toBe('/contribution');
    expect(cataloguePath('')).toBe('/');
    expect(cataloguePath('/aac', ['a'])).toBe('/aac?compare=a');
  });

  it('hands the contribution’s sub-routes over, a new product or one to edit', () => {
    expect(contributionOf('contribution')).toEqual({ productId: null });
    expect(contributionOf('contribution/p1')).toEqual({ productId: 'p1' });
    expect(contributionOf('compare')).toBeNull();
    expect(contributionOf('p1')).toBeNull();
    expect(contributionOf(null)).toBeNull();
  });
});
