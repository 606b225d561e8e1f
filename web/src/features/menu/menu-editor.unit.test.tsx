import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { consentDecided, FIRST_RENDER, meDocument } from '../../kit/admin/admin-testing.ts';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';
import { editorItem } from './menu-editor-testing.ts';
import { applyDelete, applyMove, type EditorItem } from './menu-tree.ts';

const ID = {
  home: '00000000-0000-4000-8000-000000000001',
  community: '00000000-0000-4000-8000-000000000002',
  about: '00000000-0000-4000-8000-000000000003',
  contact: '00000000-0000-4000-8000-000000000004',
  legal: '00000000-0000-4000-8000-000000000005',
};
const PAGE = '00000000-0000-4000-8000-0000000000aa';

const item = (
  id: string,
  name: string,
  parentId: string | null,
  position: number,
  over: Partial<EditorItem> = {},
) => editorItem({ id, name, parentId, position, version: '3', ...over });

const record = (i: EditorItem) => ({
  type: 'app-menu-items',
  id: i.id,
  attributes: {
    name: i.name,
    description: i.description,
    position: i.position,
    url: i.url,
    blank: i.blank,
    color: i.color,
    alignsNextRight: i.alignsNextRight,
    requiresAuth: i.requiresAuth,
    roles: i.roles,
    accessLevel: i.accessLevel,
    pagePath: i.pagePath,
  },
  relationships: {
    parent: { data: i.parentId ? { type: 'app-menu-items', id: i.parentId } : null },
    page: { data: i.pageId ? { type: 'app-pages', id: i.pageId } : null },
  },
  meta: { version: i.version },
});

const errorDoc = (status: number, code: string, detail: string, pointer?: string) =>
  fakeJson(status, {
    errors: [{ status: String(status), code, detail, ...(pointer ? { source: { pointer } } : {}) }],
  });

/** The app-menu-items routes over an in-memory tree, folding each command as the server does. */
function menuServer(options: { staleUpdate?: boolean } = {}) {
  let revision = 10;
  let items: EditorItem[] = [
    item(ID.home, 'Home', null, 0, { pageId: PAGE, pagePath: '/' }),
    item(ID.community, 'Community', null, 1),
    item(ID.about, 'About us', ID.community, 0, { url: '/about' }),
    item(ID.contact, 'Contact', ID.community, 1, { requiresAuth: true, roles: ['contributor'] }),
    item(ID.legal, 'Legal', null, 2, { alignsNextRight: true }),
  ];
  const commands: FakeRequest[] = [];
  const shellReads: string[] = [];
  const answer = (id: string, status = 200) => {
    revision += 1;
    return fakeJson(status, {
      data: { type: 'app-menu-items', id },
      meta: { position: String(100 + revision), version: String(revision) },
    });
  };
  const handler = (r: FakeRequest): Response | undefined => {
    const path = r.url.pathname;
    if (r.method === 'GET' && path === '/api/v1/app-menu-items')
      return fakeJson(200, { data: items.map(record), meta: { total: items.length } });
    const one = /^\/api\/v1\/app-menu-items\/([^/]+)(\/move)?$/.exec(path);
    if (r.method === 'GET' && one) {
      const found = items.find((i) => i.id === one[1]);
      return found ? fakeJson(200, { data: record(found) }) : errorDoc(404, 'not_found', 'gone');
    }
    if (r.method === 'GET' && path === '/api/v1/app-pages')
      return fakeJson(200, {
        data: [{ type: 'app-pages', id: PAGE, attributes: { path: '/', title: 'Welcome' } }],
      });
    if (r.method === 'GET' && path === '/api/v1/services/app-menu' && r.url.searchParams.has('minPosition')) {
      shellReads.push(r.url.searchParams.get('minPosition')!);
      return fakeJson(200, { data: [] });
    }
    if (r.method === 'POST' && one?.[2]) {
      commands.push(r);
      const body = r.body as { parent: string | null; position?: number };
      const id = one[1]!;
      items = applyMove(items, id, body).map((i) =>
        i.id === id ? { ...i, version: String(revision + 1) } : i,
      );
      return answer(id);
    }
    if (r.method === 'PATCH' && one) {
      commands.push(r);
      if (options.staleUpdate) return errorDoc(409, 'conflict.wrong_expected_version', 'stale');
      const attributes = (r.body as { data: { attributes: { name?: string } } }).data.attributes;
      if (attributes.name === 'x'.repeat(3))
        return errorDoc(422, 'validation.invalid', 'The label is refused', '/data/attributes/name');
      items = items.map((i) =>
        i.id === one[1] ? { ...i, ...attributes, version: String(revision + 1) } : i,
      );
      return answer(one[1]!);
    }
    if (r.method === 'POST' && path === '/api/v1/app-menu-items') {
      commands.push(r);
      const doc = r.body as {
        data: { attributes: { name: string }; relationships: { parent: { data: { id: string } | null } } };
      };
      const parentId = doc.data.relationships.parent.data?.id ?? null;
      const id = '00000000-0000-4000-8000-0000000000ff';
      const position = items.filter((i) => i.parentId === parentId).length;
      items = [...items, item(id, doc.data.attributes.name, parentId, position)];
      return answer(id, 201);
    }
    if (r.method === 'DELETE' && one) {
      commands.push(r);
      items = applyDelete(items, one[1]!);
      return answer(one[1]!);
    }
    return undefined;
  };
  return { handler, commands, shellReads, items: () => items };
}

function openEditor(server: ReturnType<typeof menuServer>, path = '/admin/resources/app-menu-items') {
  consentDecided();
  return renderApp(path, { me: meDocument({ roles: ['app_admin'] }), handlers: [server.handler] });
}

const toolbar = (name: string) => screen.getByRole('toolbar', { name: `Actions for “${name}”` });
const status = () => document.querySelector('[role="status"][aria-live="polite"][aria-atomic="true"]')!;

describe('the menu tree editor', () => {
  it('shows the tree with each item’s link and who sees it, and only the moves possible where it stands', async () => {
    const server = menuServer();
    openEditor(server);
    await screen.findByRole('heading', { level: 1, name: 'Menu items' }, FIRST_RENDER);
    const tree = await screen.findByRole('list', { name: 'Menu tree' });
    const top = within(tree)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === tree);
    expect(top.map((li) => li.querySelector('.name')!.textContent)).toEqual(['Home', 'Community', 'Legal']);
    expect(top[1]!.querySelector(':scope > ol')!.children).toHaveLength(2); // Community's own items, nested
    expect(tree.textContent).toContain('Page: /');
    expect(tree.textContent).toContain('Address: /about');
    expect(tree.textContent).toContain('Heading, without a link');
    const contactFacts = toolbar('Contact').parentElement!.querySelectorAll('.facts li');
    expect([...contactFacts].map((li) => li.textContent)).toEqual([
      'Heading, without a link',
      'Signed-in people only',
      'Roles: Contributor',
    ]);
    const enabled = (name: string) =>
      within(toolbar(name))
        .getAllByRole('button')
        .filter((b) => !b.hasAttribute('disabled') && /^Move/.test(b.textContent!))
        .map((b) => b.textContent);
    expect(enabled('Home')).toEqual(['Move down']);
    expect(enabled('Community')).toEqual(['Move up', 'Move down', 'Move into “Home”']);
    expect(enabled('About us')).toEqual(['Move down', 'Move out of “Community”']);
    expect(enabled('Contact')).toEqual(['Move up', 'Move into “About us”', 'Move out of “Community”']);
    expect(within(toolbar('About us')).getByRole('link', { name: 'History' }).getAttribute('href')).toBe(
      `/admin/resources/app-menu-items/history/${ID.about}`,
    );
  });

  it('moves by keyboard with If-Match, keeps the focus on the moved item, announces it and refreshes the shell menu', async () => {
    const server = menuServer();
    openEditor(server);
    await screen.findByRole('list', { name: 'Menu tree' }, FIRST_RENDER);
    const user = userEvent.setup();

    within(toolbar('About us')).getByRole('button', { name: 'Move down' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.commands).toHaveLength(1));
    expect(server.commands[0]!.body).toEqual({ parent: ID.community, position: 1 });
    expect(server.commands[0]!.headers.get('if-match')).toBe('"3"');
    expect(status().textContent).toBe('“About us” moved: item 2 of 2 in “Community”.');
    // now last: Move down no longer applies, the focus is on the way back up, still on the moved item
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(toolbar('About us')).getByRole('button', { name: 'Move up' }),
      ),
    );

    // into Contact, then out again: the focus follows the item through both lists
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement!.textContent).toBe('Move into “Contact”');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.commands).toHaveLength(2));
    expect(server.commands[1]!.body).toEqual({ parent: ID.contact });
    // the second move carries the version the first one's answer gave
    expect(server.commands[1]!.headers.get('if-match')).toBe('"11"');
    expect(status().textContent).toBe('“About us” moved: item 1 of 1 in “Contact”.');
    await waitFor(() => expect(document.activeElement!.textContent).toBe('Move out of “Contact”'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.commands).toHaveLength(3));
    expect(server.commands[2]!.body).toEqual({ parent: ID.community, position: 1 });
    expect(status().textContent).toBe('“About us” moved: item 2 of 2 in “Community”.');
    await waitFor(() => expect(document.activeElement!.textContent).toBe('Move out of “Community”'));

    // the shell's menu is read again at the last command's position
    await waitFor(() => expect(server.shellReads.at(-1)).toBe('113'));
  });

  it('reads the tree again and says so when a move is refused as stale', async () => {
    const server = menuServer();
    const stale = (r: FakeRequest) =>
      r.method === 'POST' && r.url.pathname.endsWith('/move')
        ? errorDoc(409, 'conflict.wrong_expected_version', 'stale')
        : undefined;
    consentDecided();
    renderApp('/admin/resources/app-menu-items/index', {
      me: meDocument({ roles: ['admin'] }),
      handlers: [stale, server.handler],
    });
    await screen.findByRole('list', { name: 'Menu tree' }, FIRST_RENDER);
    await userEvent.click(within(toolbar('Legal')).getByRole('button', { name: 'Move up' }));
    const alert = await screen.findByText(
      /^The move of “Legal” is not saved: Someone else changed this item/,
    );
    expect(alert.textContent).toContain('The menu has been read again.');
    const tree = screen.getByRole('list', { name: 'Menu tree' });
    await waitFor(() =>
      expect([...tree.children].map((li) => li.querySelector('.name')!.textContent)).toEqual([
        'Home',
        'Community',
        'Legal',
      ]),
    );
  });

  it('edits a label: a 422 on the field, then saved with If-Match and the tree read again', async () => {
    const server = menuServer();
    openEditor(server);
    await screen.findByRole('list', { name: 'Menu tree' }, FIRST_RENDER);
    await userEvent.click(within(toolbar('Contact')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Contact”' });
    const label = await within(dialog).findByLabelText('Label (required)');
    expect(within(dialog).getByRole('switch', { name: 'Only for signed-in people' })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(dialog).getByRole('checkbox', { name: 'Contributor' })).toHaveProperty('checked', true);
    await userEvent.clear(label);
    await userEvent.type(label, 'xxx');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The label is refused')).toBeTruthy();
    expect(label.getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(label);
    await userEvent.type(label, 'Write to us');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const patch = server.commands.at(-1)!;
    expect(patch.headers.get('if-match')).toBe('"3"');
    expect(patch.body).toEqual({
      data: { type: 'app-menu-items', id: ID.contact, attributes: { name: 'Write to us' } },
    });
    expect(await screen.findByRole('toolbar', { name: 'Actions for “Write to us”' })).toBeTruthy();
    await waitFor(() => expect(server.shellReads).toHaveLength(1));
  });

  it('puts a stale version on the identifier, with a way to load the latest one', async () => {
    const server = menuServer({ staleUpdate: true });
    openEditor(server);
    await screen.findByRole('list', { name: 'Menu tree' }, FIRST_RENDER);
    await userEvent.click(within(toolbar('Home')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Home”' });
    await userEvent.type(await within(dialog).findByLabelText('Label (required)'), ' page');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Someone else changed this item/)).toBeTruthy();
    expect(within(dialog).getByLabelText('Identifier').getAttribute('aria-invalid')).toBe('true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Load the latest version' }));
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Label (required)') as HTMLInputElement).value).toBe('Home'),
    );
    expect(within(dialog).queryByText(/Someone else changed this item/)).toBeNull();
  });

  it('adds a sub-item, and deletes an item with its children after a confirmation', async () => {
    const server = menuServer();
    openEditor(server);
    await screen.findByRole('list', { name: 'Menu tree' }, FIRST_RENDER);
    await userEvent.click(within(toolbar('Legal')).getByRole('button', { name: 'Add a sub-item' }));
    const dialog = await screen.findByRole('dialog', { name: 'New item in “Legal”' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByLabelText('Label (required)').getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(within(dialog).getByLabelText('Label (required)'), 'Terms');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'An address' }));
    await userEvent.type(within(dialog).getByLabelText('Address (required)'), '/legal/terms');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.commands[0]!.body).toMatchObject({
      data: {
        type: 'app-menu-items',
        attributes: { name: 'Terms', url: '/legal/terms' },
        relationships: { parent: { data: { type: 'app-menu-items', id: ID.legal } } },
      },
    });
    expect(server.commands[0]!.headers.get('idempotency-key')).toMatch(/^menu-item-[0-9a-f]{32}$/);
    await screen.findByRole('toolbar', { name: 'Actions for “Terms”' });

    await userEvent.click(within(toolbar('Community')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete “Community”?' });
    expect(confirm.textContent).toContain('2 items under it are deleted with it.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('toolbar', { name: 'Actions for “Community”' })).toBeNull(),
    );
    expect(server.commands.at(-1)!.method).toBe('DELETE');
    expect(screen.queryByRole('toolbar', { name: 'Actions for “About us”' })).toBeNull();
    // the focus goes to the item that was above
    await waitFor(() =>
      expect(document.activeElement).toBe(within(toolbar('Home')).getByRole('button', { name: 'Edit' })),
    );
  });

  it('shows an item’s history with the generic history screen', async () => {
    const server = menuServer();
    const history = (r: FakeRequest) =>
      r.url.pathname === `/api/v1/app-menu-items/${ID.about}/history`
        ? fakeJson(200, {
            data: [
              {
                type: 'history-entries',
                id: `${ID.about}:12`,
                attributes: {
                  revision: '12',
                  position: '40',
                  eventType: 'AppMenuItemMoved',
                  kind: null,
                  recordedAt: '2026-05-01T10:00:00.000Z',
                  actor: { userId: 'me-1' },
                  existedBefore: true,
                  existsAfter: true,
                  changes: [{ field: 'position', before: 0, after: 1 }],
                },
              },
            ],
            included: [{ type: 'users', id: 'me-1', attributes: { fullName: 'Grace Hopper' } }],
          })
        : undefined;
    consentDecided();
    renderApp(`/admin/resources/app-menu-items/history/${ID.about}`, {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: [history, server.handler],
    });
    const entries = await screen.findByRole('list', { name: 'Changes, newest first' }, FIRST_RENDER);
    expect(entries.textContent).toContain('Position');
    expect(entries.textContent).toContain('By Grace Hopper.');
  });

  it('is listed in the admin menu of an application administrator', async () => {
    const server = menuServer();
    openEditor(server);
    await screen.findByRole('list', { name: 'Menu tree' }, FIRST_RENDER);
    await userEvent.click(screen.getByRole('button', { name: 'Open the menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Administration' });
    const entry = within(nav).getByRole('link', { name: 'Menu items' });
    expect(entry.getAttribute('href')).toBe('/admin/resources/app-menu-items');
    expect(entry.getAttribute('aria-current')).toBe('page');
  });

  it('sends a member without rights to the unauthorized screen', async () => {
    consentDecided();
    const { location } = renderApp('/admin/resources/app-menu-items', {
      me: meDocument({ roles: ['contributor'] }),
    });
    await waitFor(
      () =>
        expect(location.history?.at(-1)).toBe(
          '/errors/unauthorized?redirectUrl=%2Fadmin%2Fresources%2Fapp-menu-items',
        ),
      FIRST_RENDER,
    );
  });
});
