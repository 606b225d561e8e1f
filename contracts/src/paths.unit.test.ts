import { describe, expect, it } from 'vitest';
import { normalisePath, pathProblem, SitePathSchema } from './paths.ts';

describe('normalisePath', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['///', '/'],
    ['about', '/about'],
    ['/about/', '/about'],
    ['//about//team//', '/about/team'],
    ['  /legal/notice  ', '/legal/notice'],
    ['/About', '/About'],
  ])('%j => %j', (raw, normal) => {
    expect(normalisePath(raw)).toBe(normal);
    expect(normalisePath(normal)).toBe(normal);
  });
});

describe('SitePathSchema', () => {
  it('normalises a valid path', () => {
    expect(SitePathSchema.parse('//contact-us/')).toBe('/contact-us');
  });

  it.each([
    '',
    '  ',
    '/a b',
    '/a?b=1',
    '/a#top',
    'https://elsewhere.example/a',
    'mailto:x@example.org',
    `/${'a'.repeat(2048)}`,
  ])('refuses %j', (raw) => {
    expect(pathProblem(raw)).not.toBeNull();
    expect(SitePathSchema.safeParse(raw).success).toBe(false);
  });
});
