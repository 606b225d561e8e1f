import { describe, expect, it } from 'vitest';
import { lightUserReportSearch, parseLightUserReportQuery } from './records.ts';

describe('a contacts report’s query (seed 001 §3: parsed into parameters)', () => {
  it('reads the search, the sort and the filters the contacts’ list takes, with or without its ?', () => {
    const parsed = parseLightUserReportQuery(
      '?search=Martin&sort=-lastActionAt&filter[hasMailSubscription]=true&filter[locale]=fr&filter[adminTags]=a1&page[number]=3',
    );
    expect(parsed).toEqual({
      ok: true,
      query: {
        search: 'Martin',
        sort: '-lastActionAt',
        filters: { hasMailSubscription: 'true', locale: 'fr', adminTags: 'a1' },
      },
    });
    expect(parseLightUserReportQuery('')).toEqual({
      ok: true,
      query: { search: null, sort: null, filters: {} },
    });
    // the page is not kept; the rest in a stable order
    if (!parsed.ok) throw new Error('parsed');
    expect(lightUserReportSearch(parsed.query)).toBe(
      'search=Martin&sort=-lastActionAt&filter%5BadminTags%5D=a1&filter%5BhasMailSubscription%5D=true&filter%5Blocale%5D=fr',
    );
    expect(parseLightUserReportQuery(`?${lightUserReportSearch(parsed.query)}`)).toEqual(parsed);
  });

  it('says in words what the list would not take', () => {
    const problem = (q: string) => {
      const parsed = parseLightUserReportQuery(q);
      return parsed.ok ? null : parsed.problem;
    };
    expect(problem('filter[password]=x')).toBe(
      '"filter[password]" is not a parameter of the contacts\' list',
    );
    expect(problem('include=organization')).toBe('"include" is not a parameter of the contacts\' list');
    expect(problem('sort=adminOnlyNote')).toBe('The contacts cannot be sorted by "adminOnlyNote"');
    expect(problem('search=a&search=b')).toBe('"search" is given twice');
  });
});
