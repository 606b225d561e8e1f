import { describe, expect, it } from 'vitest';
import {
  indexIncluded,
  relatedLink,
  relatedTitle,
  relatedViews,
  searchable,
  titleAttributes,
} from './record-title.ts';

const ID = '0b6c1f0e-6a7d-4c1e-9a55-0f6f1d6e2a10';

describe('the name and place of a related record', () => {
  it('names a catalogue record by its title attribute, else by its id', () => {
    expect(relatedTitle('coupons', ID, { name: 'Spring' })).toBe('Spring');
    expect(relatedTitle('coupons', ID, { name: '  ' })).toBe(ID);
    expect(relatedTitle('app-redirections', ID, { fromPath: '/old' })).toBe('/old');
    expect(titleAttributes('coupons')).toEqual(['name']);
  });

  it('names users and pages by their own attributes, organizations by their title', () => {
    expect(
      relatedTitle('users', ID, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' }),
    ).toBe('Ada Lovelace');
    expect(relatedTitle('users', ID, { firstName: null, lastName: '', email: 'ada@example.org' })).toBe(
      'ada@example.org',
    );
    expect(relatedTitle('users', ID, {})).toBe(ID);
    expect(relatedTitle('organizations', ID, { name: 'Rehab Lab' })).toBe('Rehab Lab');
    expect(relatedTitle('app-pages', ID, { title: 'About us' })).toBe('About us');
    expect(titleAttributes('users')).toEqual(['firstName', 'lastName', 'email']);
  });

  it('searches the lists that take filter[search], and filters the others itself', () => {
    expect(searchable('users')).toBe(true);
    expect(searchable('organizations')).toBe(true);
    expect(searchable('app-pages')).toBe(false);
    expect(searchable('language-lines')).toBe(true);
    expect(searchable('unknown-things')).toBe(false);
  });

  it('links catalogue records (organizations among them) and pages to their screens, and users nowhere', () => {
    expect(relatedLink('coupons', ID)).toBe(`/admin/resources/coupons/show/${ID}`);
    expect(relatedLink('app-pages', ID)).toBe(`/admin/resources/app-pages/show/${ID}`);
    expect(relatedLink('users', ID)).toBeNull();
    expect(relatedLink('organizations', ID)).toBe(`/admin/resources/organizations/show/${ID}`);
  });

  it('reads a relationship with the included records, in its order; the id when one is missing', () => {
    const included = indexIncluded([{ type: 'coupons', id: 'a', attributes: { name: 'Spring' } }]);
    const views = relatedViews(
      {
        data: [
          { type: 'coupons', id: 'b' },
          { type: 'coupons', id: 'a' },
        ],
      },
      included,
    );
    expect(views.map((v) => [v.title, v.named])).toEqual([
      ['b', false],
      ['Spring', true],
    ]);
    expect(relatedViews({ data: null }, included)).toEqual([]);
    expect(relatedViews(undefined, included)).toEqual([]);
  });
});
