import { describe, expect, it } from 'vitest';
import { ApiError } from '../../kit/api/errors.ts';
import {
  createBody,
  fieldOfMenuPointer,
  formProblems,
  hasChanges,
  initialFormValues,
  saveErrors,
  updateBody,
} from './menu-item-form.ts';
import { editorItem } from './menu-editor-testing.ts';
import type { EditorItem } from './menu-tree.ts';

const PAGE = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const PARENT = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

const about: EditorItem = editorItem({
  id: 'item-1',
  name: 'About us',
  pageId: PAGE,
  pagePath: '/about',
  version: '4',
});

const lookup = (id: string) =>
  ({
    'serverError.too_big': 'This text is too long.',
    'serverError.conflict.wrong_expected_version': 'Someone else changed this item in the meantime.',
  })[id];

describe('the menu item form', () => {
  it('starts from the item, its link told by what it points to', () => {
    expect(initialFormValues(about)).toMatchObject({ name: 'About us', link: 'page', pageId: PAGE, url: '' });
    expect(initialFormValues({ ...about, pageId: null, url: 'https://x.org' }).link).toBe('url');
    expect(initialFormValues({ ...about, pageId: null }).link).toBe('none');
    expect(initialFormValues(null)).toMatchObject({ name: '', link: 'none', roles: [], accessLevel: null });
  });

  it('checks before sending what the server would refuse', () => {
    const blank = initialFormValues(null);
    expect(formProblems(blank)).toEqual({ name: 'required' });
    expect(formProblems({ ...blank, name: 'x'.repeat(256) })).toEqual({ name: 'tooLong' });
    expect(formProblems({ ...blank, name: 'A', link: 'page' })).toEqual({ pageId: 'page' });
    expect(formProblems({ ...blank, name: 'A', link: 'url' })).toEqual({ url: 'required' });
    for (const url of ['javascript:alert(1)', '//evil.example', 'about us', 'ftp://x.org'])
      expect(formProblems({ ...blank, name: 'A', link: 'url', url }), url).toEqual({ url: 'url' });
    for (const url of ['/about', 'https://x.org/a', 'mailto:a@b.org', 'tel:+33123'])
      expect(formProblems({ ...blank, name: 'A', link: 'url', url }), url).toEqual({});
    expect(formProblems({ ...blank, name: 'A', color: 'Not a colour' })).toEqual({ color: 'color' });
    expect(formProblems({ ...blank, name: 'A', color: '#0b57a4' })).toEqual({});
  });

  it('creates with every attribute, the parent and the page', () => {
    const values = { ...initialFormValues(null), name: ' Tools ', link: 'page' as const, pageId: PAGE };
    expect(createBody(values, PARENT)).toEqual({
      attributes: {
        name: 'Tools',
        description: null,
        url: null,
        blank: false,
        color: null,
        alignsNextRight: false,
        requiresAuth: false,
        roles: [],
        accessLevel: null,
      },
      relationships: {
        parent: { data: { type: 'app-menu-items', id: PARENT } },
        page: { data: { type: 'app-pages', id: PAGE } },
      },
    });
    expect(createBody(initialFormValues(null), null).relationships).toEqual({ parent: { data: null } });
  });

  it('updates only what changed, and the whole link when the link changed', () => {
    const initial = initialFormValues(about);
    expect(hasChanges(updateBody(initial, initial))).toBe(false);
    expect(updateBody({ ...initial, name: 'About', roles: ['admin'] }, initial)).toEqual({
      attributes: { name: 'About', roles: ['admin'] },
      relationships: {},
    });
    // from a page to an address: the page is unlinked in the same save (an item never links to both)
    expect(updateBody({ ...initial, link: 'url', url: 'https://x.org' }, initial)).toEqual({
      attributes: { url: 'https://x.org' },
      relationships: { page: { data: null } },
    });
    expect(updateBody({ ...initial, link: 'none' }, initial)).toEqual({
      attributes: { url: null },
      relationships: { page: { data: null } },
    });
  });

  it('puts a 422 on the field its pointer names and a 409 on the identifier', () => {
    expect(fieldOfMenuPointer('/data/attributes/roles/0')).toBe('roles');
    expect(fieldOfMenuPointer('/data/relationships/page/data')).toBe('pageId');
    expect(fieldOfMenuPointer('/data/relationships/parent/data')).toBe('_form');
    expect(fieldOfMenuPointer('/data/attributes')).toBe('_form');
    const invalid = new ApiError('validation', 'refused', {
      status: 422,
      errors: [
        { code: 'validation.too_big', detail: 'too long', source: { pointer: '/data/attributes/name' } },
        { code: 'validation.invalid', detail: 'page and url', source: { pointer: '/data/attributes/url' } },
      ],
    });
    expect(saveErrors(invalid, lookup)).toEqual({ name: 'This text is too long.', url: 'page and url' });
    const stale = new ApiError('conflict', 'stale', {
      status: 409,
      errors: [{ code: 'conflict.wrong_expected_version', detail: 'at version 5, not 4' }],
    });
    expect(saveErrors(stale, lookup)).toEqual({ id: 'Someone else changed this item in the meantime.' });
    expect(saveErrors(new ApiError('network', 'Network Error'), lookup)).toBeNull();
  });
});
