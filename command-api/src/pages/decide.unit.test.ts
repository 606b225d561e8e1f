import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import type { PageEvent } from '@platform/contracts/pages/events';
import { deciderSpec } from '@platform/tests/support/decider-spec';
import { pageDecider } from './decide.ts';
import { C1, C2, DRAFT_ID, PAGE_ID, command, created, fields } from './fixtures.ts';

const spec = deciderSpec(pageDecider);
const deleted: PageEvent = {
  type: 'AppPageDeleted',
  data: { pageId: PAGE_ID },
};
const newPage = (attributes: Record<string, unknown>) =>
  command('CreateAppPage', {
    pageId: PAGE_ID,
    attributes: {
      description: '',
      styles: '',
      requiresAuth: false,
      accessLevel: null,
      roles: [],
      isDefault: false,
      title: 'About',
      path: '/about',
      ...attributes,
    },
  });

describe('CreateAppPage', () => {
  it('records the page with its path normalised', () => {
    spec
      .given([])
      .when(newPage({ path: ' //about//team/ ', accessLevel: 'member_level_1', roles: ['contributor'] }))
      .then([
        {
          type: 'AppPageCreated',
          data: {
            pageId: PAGE_ID,
            ...fields,
            path: '/about/team',
            accessLevel: 'member_level_1',
            roles: ['contributor'],
          },
        },
      ]);
  });

  it('keeps the root path as "/" and adds a missing leading slash', () => {
    const decide = (path: string) =>
      pageDecider.decide(newPage({ path }), pageDecider.initialState())[0]?.data;
    expect(decide('///')).toMatchObject({ path: '/' });
    expect(decide('legal/notice')).toMatchObject({ path: '/legal/notice' });
  });

  it('requires a path', () => {
    for (const path of ['', '   ']) {
      spec
        .given([])
        .when(newPage({ path }))
        .thenThrows(ValidationError, {
          code: 'validation.required',
          issues: [expect.objectContaining({ pointer: '/data/attributes/path' })],
        });
    }
  });

  it('refuses a path with spaces, a query or an absolute URL', () => {
    for (const path of ['/about us', '/about?x=1', '/about#team', 'https://elsewhere.example/about']) {
      spec
        .given([])
        .when(newPage({ path }))
        .thenThrows(ValidationError, {
          code: 'validation.invalid',
          issues: [expect.objectContaining({ pointer: '/data/attributes/path' })],
        });
    }
  });

  it('refuses an id that is already a page', () => {
    spec.given([created()]).when(newPage({})).thenThrows(ConflictError, { code: 'conflict.duplicate_id' });
  });
});

describe('UpdateAppPage', () => {
  const update = (attributes: Record<string, unknown>) =>
    command('UpdateAppPage', { pageId: PAGE_ID, attributes });

  it('records the attributes after the change, path normalised', () => {
    spec
      .given([created()])
      .when(update({ title: 'About us', path: '/about-us/', requiresAuth: true }))
      .then([
        {
          type: 'AppPageUpdated',
          data: {
            pageId: PAGE_ID,
            ...fields,
            title: 'About us',
            path: '/about-us',
            requiresAuth: true,
          },
        },
      ]);
  });

  it('records nothing when nothing changes', () => {
    spec
      .given([created()])
      .when(update({ title: 'About', path: '/about/' }))
      .then([]);
    spec.given([created()]).when(update({})).then([]);
  });

  it('refuses an empty path', () => {
    spec
      .given([created()])
      .when(update({ path: ' ' }))
      .thenThrows(ValidationError, {
        code: 'validation.required',
        issues: [expect.objectContaining({ pointer: '/data/attributes/path' })],
      });
  });

  it('refuses an unknown or deleted page', () => {
    spec
      .given([])
      .when(update({ title: 'x' }))
      .thenThrows(NotFoundError, { code: 'not_found' });
    spec
      .given([created(), deleted])
      .when(update({ title: 'x' }))
      .thenThrows(NotFoundError, { code: 'not_found' });
  });
});

describe('DeleteAppPage', () => {
  const del = command('DeleteAppPage', { pageId: PAGE_ID });

  it('soft-deletes the page', () => {
    spec
      .given([created()])
      .when(del)
      .then([{ type: 'AppPageDeleted', data: { pageId: PAGE_ID } }]);
    expect(spec.given([created(), deleted]).state).toMatchObject({ status: 'deleted' });
  });

  it('refuses an unknown page and a page deleted already', () => {
    spec.given([]).when(del).thenThrows(NotFoundError);
    spec.given([created(), deleted]).when(del).thenThrows(NotFoundError);
  });

  it('refuses a page that has a draft', () => {
    spec
      .given([created(), { type: 'AppPageDraftCreated', data: { pageId: PAGE_ID, draftPageId: DRAFT_ID } }])
      .when(del)
      .thenThrows(ConflictError, { code: 'conflict.state', message: expect.stringMatching(/draft/) });
  });

  it('refuses changes to components of a deleted page', () => {
    spec
      .given([created(), deleted])
      .when(
        command('AddAppPageComponent', {
          pageId: PAGE_ID,
          componentId: C1,
          attributes: { name: 'title', viewId: null, position: null, props: { title: 'x' } },
        }),
      )
      .thenThrows(NotFoundError);
    spec
      .given([created(), deleted])
      .when(command('RemoveAppPageComponent', { pageId: PAGE_ID, componentId: C2 }))
      .thenThrows(NotFoundError);
    spec
      .given([created(), deleted])
      .when(command('CreateAppPageDraft', { pageId: PAGE_ID, draftPageId: DRAFT_ID }))
      .thenThrows(NotFoundError);
  });
});
