import { describe, expect, it } from 'vitest';
import { LOCALES } from '../enums.ts';
import { SEARCH_CONFIGS, searchConfig } from '../resources/search.ts';
import { htmlText, isAllowedHref, memberLinkRel, MEMBER_RICH_HTML_POLICY } from './rich-text.ts';

describe('the members’ rich HTML policy', () => {
  it('drops script links whatever their case and blanks', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JavaScript:x',
      'java\tscript:x',
      'vbscript:x',
      'data:text/html,x',
    ])
      expect(isAllowedHref(href), href).toBe(false);
    for (const href of ['https://example.org', '/repository/1', 'mailto:a@example.org', '#top'])
      expect(isAllowedHref(href), href).toBe(true);
  });

  it('marks members’ links as user content, without a referrer when they open a new tab', () => {
    expect(memberLinkRel(null)).toBe('ugc noopener');
    expect(memberLinkRel('_blank')).toBe('ugc noopener noreferrer');
    expect(MEMBER_RICH_HTML_POLICY.dompurify.FORBID_TAGS).toContain('style');
  });

  it('reads the text of some HTML for an excerpt', () => {
    expect(htmlText('<p>A <b>bold</b>&nbsp;move</p><script>x()</script><p>next</p>')).toBe(
      'A bold move next',
    );
  });
});

describe('the full-text search configurations', () => {
  it('name one per locale, unaccented, with simple when the database lacks the language', () => {
    expect(Object.keys(SEARCH_CONFIGS).sort()).toEqual([...LOCALES].sort());
    expect(searchConfig('fr', new Set(['french', 'english']))).toBe('french_unaccent');
    expect(searchConfig('ca', new Set(['french']))).toBe('simple_unaccent');
  });
});
