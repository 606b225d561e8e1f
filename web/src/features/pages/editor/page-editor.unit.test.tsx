import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { consentDecided, FIRST_RENDER, meDocument, route } from '../../../kit/admin/admin-testing.ts';
import { pageAnswer } from '../../../frame/testing/cms-testing.tsx';
import { openDeferredGate } from '../../../kit/lazy/deferred.tsx';
import { fakeJson, renderApp, type FakeRequest } from '../../../frame/testing/render-app.tsx';

const PAGE = '6f1c2a4e-1b7d-4c1e-9a55-0f6f1d6e2a10';
const DRAFT = '7a2d3b5f-2c8e-4d2f-8b66-1a7a2e7f3b21';
const HERO = '8b3e4c6a-3d9f-4e3a-9c77-2b8b3f8a4c32';
const BUTTONS = '9c4f5d7b-4eaf-4f4b-8d88-3c9c4a9b5d43';
const CREATED = '2026-05-01T10:00:00.000Z';

interface Block {
  id: string;
  name: string;
  props: Record<string, unknown>;
}

/** GET /services/app-pages/{id} as query-api/src/pages/documents.ts renders it. */
function pageDocument(
  options: {
    id?: string;
    version?: string;
    isDraft?: boolean;
    updatedAt?: string;
    draftOf?: string | null;
    draft?: string | null;
    blocks?: Block[];
  } = {},
) {
  const id = options.id ?? PAGE;
  const blocks = options.blocks ?? [];
  const ref = (target: string | null | undefined) => ({
    data: target ? { type: 'app-pages', id: target } : null,
  });
  return {
    data: {
      type: 'app-pages',
      id,
      attributes: {
        path: '/about',
        title: 'About us',
        description: '',
        styles: '',
        requiresAuth: false,
        accessLevel: null,
        accessLevelWeight: null,
        roles: [],
        isDefault: false,
        isDraft: options.isDraft ?? false,
        createdAt: CREATED,
        updatedAt: options.updatedAt ?? CREATED,
        deletedAt: null,
      },
      relationships: {
        components: { data: blocks.map((b) => ({ type: 'app-page-components', id: b.id })) },
        draftOfPage: ref(options.draftOf),
        draftPage: ref(options.draft),
        createdBy: { data: null },
        updatedBy: { data: null },
      },
      links: { self: `/api/v1/app-pages/${id}` },
      meta: { version: options.version ?? '3' },
    },
    included: blocks.map((b, position) => ({
      type: 'app-page-components',
      id: b.id,
      attributes: {
        name: b.name,
        viewId: null,
        position,
        props: b.props,
        sectionId: `page-section-${position}`,
        createdAt: CREATED,
        updatedAt: CREATED,
      },
      relationships: { page: { data: { type: 'app-pages', id } } },
      meta: { version: options.version ?? '3' },
    })),
    meta: { position: '40' },
  };
}

const hero: Block = {
  id: HERO,
  name: 'hero',
  props: {
    inverseBackground: false,
    title: 'Welcome',
    titleImage: null,
    subtitle: '',
    images: [],
    buttons: [],
  },
};
const buttons: Block = {
  id: BUTTONS,
  name: 'buttons',
  props: {
    inverseBackground: false,
    alignment: 'center',
    buttons: [{ kind: 'internal', label: 'Join us', path: '/join' }],
  },
};

const answer = (id: string, version: string, type = 'app-page-components') =>
  fakeJson(200, { data: { type, id }, meta: { position: '41', version } });

function server(document: ReturnType<typeof pageDocument>, write: (request: FakeRequest) => Response) {
  const writes: FakeRequest[] = [];
  const handlers = [
    route('GET', `/api/v1/services/app-pages/${document.data.id}`, () => fakeJson(200, document)),
    (request: FakeRequest) => {
      if (request.method === 'GET') return undefined;
      writes.push(request);
      return write(request);
    },
  ];
  return { handlers, writes };
}

const editor = (id = PAGE) => `/admin/resources/app-pages/page-template/${id}`;
const appAdmin = meDocument({ roles: ['app_admin'] });

describe('the page editor', () => {
  it('edits a component with the form generated from its props schema, with If-Match at the page’s version', async () => {
    consentDecided();
    const api = server(pageDocument({ blocks: [buttons] }), () => answer(BUTTONS, '4'));
    renderApp(editor(), { me: appAdmin, handlers: api.handlers });
    await screen.findByRole('heading', { level: 1, name: 'Edit the page “About us”' }, FIRST_RENDER);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Buttons' }));
    const form = screen.getByRole('form', { name: 'Settings of Buttons' });
    const first = within(form).getByRole('group', { name: 'Buttons, item 1' });
    expect((within(first).getByLabelText('Label') as HTMLInputElement).value).toBe('Join us');
    expect((within(first).getByLabelText('Page path') as HTMLInputElement).value).toBe('/join');
    expect(within(form).getByText('From 1 to 10 items.')).toBeTruthy();

    await userEvent.click(within(form).getByRole('button', { name: 'Add an item to Buttons' }));
    const second = within(form).getByRole('group', { name: 'Buttons, item 2' });
    await userEvent.type(within(second).getByLabelText('Label'), 'Read more');
    await userEvent.type(within(second).getByLabelText('Page path'), '/more');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the block' }));

    await waitFor(() => expect(api.writes).toHaveLength(1));
    const [write] = api.writes;
    expect(write!.method).toBe('PATCH');
    expect(write!.url.pathname).toBe(`/api/v1/app-page-components/${BUTTONS}`);
    expect(write!.headers.get('if-match')).toBe('"3"');
    expect(write!.body).toEqual({
      data: {
        type: 'app-page-components',
        id: BUTTONS,
        attributes: {
          viewId: null,
          props: {
            inverseBackground: false,
            alignment: 'center',
            buttons: [
              { kind: 'internal', label: 'Join us', path: '/join' },
              { kind: 'internal', label: 'Read more', path: '/more' },
            ],
          },
        },
        relationships: { page: { data: { type: 'app-pages', id: PAGE } } },
      },
    });
  });

  it('picks open badges for the selected open badges block with the back office’s picker, and saves them in order', async () => {
    const SEATING = 'b0000000-0000-4000-8000-0000000000a1';
    const SWITCHES = 'b0000000-0000-4000-8000-0000000000a2';
    const EYE_GAZE = 'b0000000-0000-4000-8000-0000000000a3';
    const selected: Block = {
      id: HERO,
      name: 'selected-open-badges',
      props: { title: 'Our badges', badges: [SEATING] },
    };
    const choices: FakeRequest[] = [];
    const badge = (id: string, title: string) => ({ type: 'open-badges', id, attributes: { title } });
    const api = server(pageDocument({ blocks: [selected] }), () => answer(HERO, '4'));
    consentDecided();
    renderApp(editor(), {
      me: appAdmin,
      handlers: [
        route(
          'GET',
          '/api/v1/open-badges',
          (request) => {
            const text = (request.url.searchParams.get('filter[search]') ?? '').toLowerCase();
            const data = [
              badge(SEATING, 'Wheelchair seating'),
              badge(SWITCHES, 'Switch access'),
              badge(EYE_GAZE, 'Eye gaze'),
            ].filter((b) => b.attributes.title.toLowerCase().includes(text));
            return fakeJson(200, { data, meta: { total: data.length } });
          },
          choices,
        ),
        ...api.handlers,
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'Edit the page “About us”' }, FIRST_RENDER);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Selected open badges “Our badges”' }));
    const form = screen.getByRole('form', { name: /^Settings of Selected open badges/ });
    // the chosen badge is named by its title, read with the type's first records
    const chosen = within(form).getByRole('grid', { name: 'Chosen: Badges' });
    expect(await within(chosen).findByRole('row', { name: 'Wheelchair seating' })).toBeTruthy();
    expect(choices[0]!.url.searchParams.get('fields[open-badges]')).toBe('title');
    expect(within(form).getByText('Up to 24 items.')).toBeTruthy();

    within(form).getByRole('combobox', { name: 'Badges' }).focus();
    await userEvent.keyboard('switch');
    await screen.findByRole('option', { name: /Switch access/ });
    // only what the text matches is offered
    await waitFor(() => expect(screen.queryByRole('option', { name: /Eye gaze/ })).toBeNull());
    expect(screen.queryByRole('option', { name: /Wheelchair seating/ })).toBeNull();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(within(chosen).getByRole('row', { name: 'Switch access' })).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Save the block' }));

    await waitFor(() => expect(api.writes).toHaveLength(1));
    const [write] = api.writes;
    expect(write!.method).toBe('PATCH');
    expect(write!.url.pathname).toBe(`/api/v1/app-page-components/${HERO}`);
    expect(write!.body).toMatchObject({
      data: {
        type: 'app-page-components',
        id: HERO,
        attributes: { props: { title: 'Our badges', badges: [SEATING, SWITCHES] } },
      },
    });
  });

  it('picks the repository search block’s preset category with a one-record picker, and saves its id', async () => {
    const KITCHEN = 'c0000000-0000-4000-8000-0000000000b1';
    const PRINTED = 'c0000000-0000-4000-8000-0000000000b2';
    const search: Block = {
      id: HERO,
      name: 'repository-search',
      props: { inverseBackground: false, title: 'Find an aid', category: null },
    };
    const api = server(pageDocument({ blocks: [search] }), () => answer(HERO, '4'));
    consentDecided();
    renderApp(editor(), {
      me: appAdmin,
      handlers: [
        route('GET', '/api/v1/repository-categories', () =>
          fakeJson(200, {
            data: [
              { type: 'repository-categories', id: KITCHEN, attributes: { name: 'Kitchen' } },
              { type: 'repository-categories', id: PRINTED, attributes: { name: 'Printed aids' } },
            ],
            meta: { total: 2 },
          }),
        ),
        ...api.handlers,
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'Edit the page “About us”' }, FIRST_RENDER);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Repository search “Find an aid”' }));
    const form = screen.getByRole('form', { name: /^Settings of Repository search/ });
    // one record, named by its title: no list of chosen records beside the box
    const box = within(form).getByRole('combobox', { name: 'Category' });
    expect(within(form).queryByRole('grid', { name: 'Chosen: Category' })).toBeNull();
    box.focus();
    await userEvent.keyboard('kit');
    await screen.findByRole('option', { name: /Kitchen/ });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect((box as HTMLInputElement).value).toBe('Kitchen'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save the block' }));

    await waitFor(() => expect(api.writes).toHaveLength(1));
    expect(api.writes[0]!.body).toMatchObject({
      data: { attributes: { props: { inverseBackground: false, title: 'Find an aid', category: KITCHEN } } },
    });
  });

  it('shows a 422 on the field its pointer names, deep in a list', async () => {
    consentDecided();
    const api = server(pageDocument({ blocks: [buttons] }), () =>
      fakeJson(422, {
        errors: [
          {
            status: '422',
            code: 'validation.invalid',
            detail: 'path must not contain spaces, "?" or "#"',
            source: { pointer: '/data/attributes/props/buttons/0/path' },
          },
        ],
      }),
    );
    renderApp(editor(), { me: appAdmin, handlers: api.handlers });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Buttons' }, FIRST_RENDER));
    const form = screen.getByRole('form', { name: 'Settings of Buttons' });
    const path = within(within(form).getByRole('group', { name: 'Buttons, item 1' })).getByLabelText(
      'Page path',
    );
    await userEvent.clear(path);
    await userEvent.type(path, '/a b');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the block' }));
    await waitFor(() => expect(path.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('path must not contain spaces, "?" or "#"')).toBeTruthy();
    expect(within(form).getByText('The block is not saved: check the fields marked below.')).toBeTruthy();
  });

  it('moves a component up by keyboard, announces its new place and keeps the focus on the block', async () => {
    consentDecided();
    const api = server(pageDocument({ blocks: [hero, buttons] }), () => answer(BUTTONS, '4'));
    renderApp(editor(), { me: appAdmin, handlers: api.handlers });
    const up = await screen.findByRole('button', { name: 'Move Buttons up' }, FIRST_RENDER);
    expect(
      screen.getByRole('button', { name: 'Move Hero banner “Welcome” up' }).hasAttribute('disabled'),
    ).toBe(true);
    act(() => up.focus());
    await userEvent.keyboard('{Enter}');

    await waitFor(() =>
      expect(screen.getByText('Buttons moved to position 1 of 2.').getAttribute('role')).toBe('status'),
    );
    const blocks = screen.getByRole('list', { name: 'Blocks' });
    expect(
      within(blocks)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Block 1 of 2: Buttons', 'Block 2 of 2: Hero banner “Welcome”']);
    // at the top, "move up" is disabled: the focus is on the block's other move button
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Buttons down' })),
    );
    await waitFor(() => expect(api.writes).toHaveLength(1));
    expect(api.writes[0]!.body).toMatchObject({ data: { id: BUTTONS, attributes: { position: 0 } } });
    expect(api.writes[0]!.headers.get('if-match')).toBe('"3"');
  });

  it('removes a component only after a confirmation', async () => {
    consentDecided();
    const api = server(pageDocument({ blocks: [hero, buttons] }), () => answer(HERO, '4'));
    renderApp(editor(), { me: appAdmin, handlers: api.handlers });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Hero banner “Welcome”' }, FIRST_RENDER),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this block?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.writes).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Hero banner “Welcome”' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove the block' }),
    );
    await waitFor(() => expect(api.writes).toHaveLength(1));
    expect(api.writes[0]!.method).toBe('DELETE');
    expect(api.writes[0]!.url.pathname).toBe(`/api/v1/app-page-components/${HERO}`);
  });

  it('adds a component of the chosen type with its schema’s defaults', async () => {
    consentDecided();
    const api = server(pageDocument(), () =>
      fakeJson(201, {
        data: { type: 'app-page-components', id: HERO },
        meta: { position: '41', version: '4' },
      }),
    );
    renderApp(editor(), { me: appAdmin, handlers: api.handlers });
    await screen.findByText('This page has no block yet.', {}, FIRST_RENDER);
    await userEvent.click(screen.getByRole('button', { name: /Kind of the new block/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Title' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a block' }));
    const form = screen.getByRole('form', { name: 'New block: Title' });
    await userEvent.type(within(form).getByLabelText('Title'), 'Our team');
    await userEvent.click(within(form).getByRole('button', { name: 'Add to the page' }));
    await waitFor(() => expect(api.writes).toHaveLength(1));
    expect(api.writes[0]!.body).toEqual({
      data: {
        type: 'app-page-components',
        attributes: {
          name: 'title',
          viewId: null,
          props: {
            inverseBackground: false,
            title: 'Our team',
            subtitle: '',
            level: 2,
            alignment: 'left',
            size: 'medium',
            color: null,
            subtitleColor: null,
            reverseOrder: false,
          },
        },
        relationships: { page: { data: { type: 'app-pages', id: PAGE } } },
      },
    });
  });

  it('lets a member who just saved the settings leave without asking, before the page is read again', async () => {
    consentDecided();
    const before = pageDocument();
    const reads: FakeRequest[] = [];
    const writes: FakeRequest[] = [];
    const handlers = [
      // the read after the save answers the page as it was before it: the projection has not reached the
      // command's position within minPosition's bound (a loaded machine), and the document says it is stale
      route(
        'GET',
        `/api/v1/services/app-pages/${PAGE}`,
        (request) =>
          fakeJson(
            200,
            request.url.searchParams.has('minPosition')
              ? { ...before, meta: { position: '40', stale: true } }
              : before,
          ),
        reads,
      ),
      route('PATCH', `/api/v1/app-pages/${PAGE}`, () => answer(PAGE, '4', 'app-pages'), writes),
    ];
    const { location } = renderApp(editor(), { me: appAdmin, handlers });
    await screen.findByRole('heading', { level: 1, name: 'Edit the page “About us”' }, FIRST_RENDER);
    const description = screen.getByLabelText('Description');
    await userEvent.type(description, 'Who we are');
    await userEvent.click(screen.getByRole('button', { name: 'Save the settings' }));
    await screen.findByText('The page settings are saved.');
    await waitFor(() => expect(reads.some((r) => r.url.searchParams.get('minPosition') === '41')).toBe(true));
    expect(writes[0]!.body).toMatchObject({ data: { attributes: { description: 'Who we are' } } });
    expect((description as HTMLTextAreaElement).value).toBe('Who we are');

    await userEvent.click(screen.getByRole('link', { name: 'Back to the pages' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin/resources/app-pages/index'));
    expect(screen.queryByRole('alertdialog', { name: 'Leave this page?' })).toBeNull();
  });

  it('still asks when the settings were changed again after their save', async () => {
    consentDecided();
    const api = server(pageDocument(), () => answer(PAGE, '4', 'app-pages'));
    const { location } = renderApp(editor(), { me: appAdmin, handlers: api.handlers });
    await screen.findByRole('heading', { level: 1, name: 'Edit the page “About us”' }, FIRST_RENDER);
    const description = screen.getByLabelText('Description');
    await userEvent.type(description, 'Who we are');
    await userEvent.click(screen.getByRole('button', { name: 'Save the settings' }));
    await screen.findByText('The page settings are saved.');
    await userEvent.type(screen.getByLabelText('Description'), ', and more');

    await userEvent.click(screen.getByRole('link', { name: 'Back to the pages' }));
    expect(await screen.findByRole('alertdialog', { name: 'Leave this page?' })).toBeTruthy();
    expect(location.history?.at(-1)).toBe(editor());
    await userEvent.click(screen.getByRole('button', { name: 'Stay on the page' }));
    // the second save sends what changed since the first one
    await userEvent.click(screen.getByRole('button', { name: 'Save the settings' }));
    await waitFor(() => expect(api.writes).toHaveLength(2));
    expect(api.writes[1]!.body).toMatchObject({
      data: { attributes: { description: 'Who we are, and more' } },
    });
    expect(api.writes[1]!.headers.get('if-match')).toBe('"4"');
  });

  it('offers to reload when the page changed elsewhere (409)', async () => {
    consentDecided();
    const api = server(pageDocument({ blocks: [hero, buttons] }), () =>
      fakeJson(409, {
        errors: [{ status: '409', code: 'conflict.wrong_expected_version', detail: 'stale' }],
      }),
    );
    renderApp(editor(), { me: appAdmin, handlers: api.handlers });
    await userEvent.click(await screen.findByRole('button', { name: 'Move Buttons up' }, FIRST_RENDER));
    await screen.findByText(
      'Someone else changed this page in the meantime. Reload it, then make your change again.',
    );
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  });
});

describe('drafts', () => {
  it('disables publishing a draft that was not changed, and says why', async () => {
    consentDecided();
    const api = server(pageDocument({ id: DRAFT, isDraft: true, draftOf: PAGE }), () => answer(PAGE, '9'));
    renderApp(editor(DRAFT), { me: appAdmin, handlers: api.handlers });
    const publish = await screen.findByRole('button', { name: 'Publish the draft' }, FIRST_RENDER);
    expect(publish.hasAttribute('disabled')).toBe(true);
    const why = screen.getByText(
      'The draft can be published once it has been changed: it is still the same as the published page.',
    );
    expect(publish.getAttribute('aria-describedby')).toBe(why.id);
  });

  it('publishes a changed draft and shows the server’s refusal clearly', async () => {
    consentDecided();
    const api = server(
      pageDocument({ id: DRAFT, isDraft: true, draftOf: PAGE, updatedAt: '2026-05-02T10:00:00.000Z' }),
      () =>
        fakeJson(409, {
          errors: [
            {
              status: '409',
              code: 'conflict.draft_unchanged',
              detail: 'the draft has not been changed since it was created',
            },
          ],
        }),
    );
    renderApp(editor(DRAFT), { me: appAdmin, handlers: api.handlers });
    const publish = await screen.findByRole('button', { name: 'Publish the draft' }, FIRST_RENDER);
    expect(publish.hasAttribute('disabled')).toBe(false);
    await userEvent.click(publish);
    await screen.findByText('This draft has no changes to publish yet.');
    expect(api.writes[0]!.url.pathname).toBe(`/api/v1/services/app-pages/${DRAFT}/publish`);
    expect(api.writes[0]!.headers.get('if-match')).toBe('"3"');
  });

  it('creates a draft of a published page and opens it', async () => {
    consentDecided();
    const api = server(pageDocument(), () =>
      fakeJson(201, { data: { type: 'app-pages', id: DRAFT }, meta: { position: '44', version: '0' } }),
    );
    const { location } = renderApp(editor(), { me: appAdmin, handlers: api.handlers });
    await userEvent.click(await screen.findByRole('button', { name: 'Create a draft' }, FIRST_RENDER));
    await waitFor(() => expect(location.history?.at(-1)).toBe(`${editor(DRAFT)}?minPosition=44`));
    expect(api.writes[0]!.url.pathname).toBe(`/api/v1/app-pages/${PAGE}/draft`);
  });
});

describe('who reaches the pages', () => {
  it('sends a member without the app_admin role to the unauthorized screen', async () => {
    consentDecided();
    const { location } = renderApp(editor(), { me: meDocument({ roles: ['contributor'] }) });
    await waitFor(
      () =>
        expect(location.history?.at(-1)).toBe(
          `/errors/unauthorized?redirectUrl=${encodeURIComponent(editor())}`,
        ),
      FIRST_RENDER,
    );
  });

  it('sends the bare path to the list and the generic "back to the record" to the editor', async () => {
    consentDecided();
    const list = { data: [], meta: { total: 0, page: { number: 1, size: 25, totalPages: 1 } } };
    const handlers = [route('GET', '/api/v1/app-pages', () => fakeJson(200, list))];
    const bare = renderApp('/admin/resources/app-pages', { me: appAdmin, handlers });
    await waitFor(
      () => expect(bare.location.history?.at(-1)).toBe('/admin/resources/app-pages/index'),
      FIRST_RENDER,
    );
    await screen.findByText('No page yet.');
    bare.unmount();
    const show = renderApp(`/admin/resources/app-pages/show/${PAGE}`, {
      me: appAdmin,
      handlers: server(pageDocument(), () => answer(PAGE, '4')).handlers,
    });
    await waitFor(() => expect(show.location.history?.at(-1)).toBe(editor()), FIRST_RENDER);
    await screen.findByRole('heading', { level: 1, name: 'Edit the page “About us”' });
  });

  it('lists the pages with their state, and refuses a taken path on the path field', async () => {
    consentDecided();
    const list = {
      data: [
        pageDocument({ draft: DRAFT }).data,
        { ...pageDocument({ id: DRAFT, isDraft: true, draftOf: PAGE }).data },
      ],
      meta: { total: 2, page: { number: 1, size: 25, totalPages: 1 } },
    };
    const writes: FakeRequest[] = [];
    const handlers = [
      route('GET', '/api/v1/app-pages', () => fakeJson(200, list)),
      route(
        'POST',
        '/api/v1/app-pages',
        () =>
          fakeJson(409, {
            errors: [
              {
                status: '409',
                code: 'conflict.duplicate_path',
                detail: 'taken',
                source: { pointer: '/data/attributes/path' },
              },
            ],
          }),
        writes,
      ),
    ];
    renderApp('/admin/resources/app-pages', { me: appAdmin, handlers });
    const table = await screen.findByRole('table', { name: 'Pages and drafts: 2 pages' }, FIRST_RENDER);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual([
      'Published, with a draft in progress',
      'Draft of “About us”',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Edit “About us”' }).getAttribute('href')).toBe(
      editor(),
    );
    expect(within(rows[0]!).getByRole('link', { name: 'History of “About us”' }).getAttribute('href')).toBe(
      `/admin/resources/app-pages/history/${PAGE}`,
    );

    await userEvent.click(screen.getByRole('button', { name: 'New page' }));
    const dialog = await screen.findByRole('dialog', { name: 'New page' });
    await userEvent.type(within(dialog).getByLabelText('Title (required)'), 'About again');
    await userEvent.type(within(dialog).getByLabelText('Path (required)'), '/about');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create the page' }));
    const path = within(dialog).getByLabelText('Path (required)');
    await waitFor(() => expect(path.getAttribute('aria-invalid')).toBe('true'));
    expect(
      within(dialog).getByText('This path is already used by another page or redirection.'),
    ).toBeTruthy();
    expect(writes[0]!.body).toEqual({
      data: { type: 'app-pages', attributes: { title: 'About again', path: '/about' } },
    });
  });

  it('shows the edit button on a CMS page to an app admin, and not to a visitor', async () => {
    consentDecided();
    const routes = {
      '/about': pageAnswer('/about', 'About us', [{ name: 'title', props: { title: 'About' } }]),
    };
    const visitor = renderApp('/about', { routes });
    await screen.findByRole('heading', { name: 'About' }, FIRST_RENDER);
    // the gate that lets deferred code load is open, and stays shut for the visitor's button all the same
    await act(async () => {
      openDeferredGate();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(screen.queryByRole('link', { name: 'Edit this page' })).toBeNull();
    visitor.unmount();

    renderApp('/about', { routes, me: appAdmin });
    const edit = await screen.findByRole('link', { name: 'Edit this page' }, FIRST_RENDER);
    expect(edit.getAttribute('href')).toBe(editor('page-about'));
  });
});
