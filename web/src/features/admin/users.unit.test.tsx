import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';
import {
  commandAnswer,
  consentDecided,
  listMeta,
  meDocument,
  route,
  FIRST_RENDER,
} from '../../kit/admin/admin-testing.ts';
import { appReload } from './impersonate-dialog.tsx';

const user = (
  id: string,
  first: string,
  last: string,
  roles: string[],
  more: Record<string, unknown> = {},
) => ({
  type: 'users',
  id,
  attributes: {
    firstName: first,
    lastName: last,
    fullName: `${first} ${last}`,
    email: `${first.toLowerCase()}@example.org`,
    isAdmin: roles.includes('admin'),
    emailVerifiedAt: '2026-01-01T00:00:00.000Z',
    validatedAt: '2026-01-02T00:00:00.000Z',
    ...more,
  },
  relationships: {
    roles: { data: roles.map((r) => ({ type: 'roles', id: r })) },
    accessLevel: { data: { type: 'access-levels', id: 'member_level_1' } },
  },
});

function fakeServer() {
  const store = [
    user('me-1', 'Grace', 'Hopper', ['admin']),
    user('u-ada', 'Ada', 'Lovelace', ['contributor']),
    user('u-alan', 'Alan', 'Turing', [], { validatedAt: null, emailVerifiedAt: null }),
  ];
  const reads: FakeRequest[] = [];
  const writes: FakeRequest[] = [];
  const handlers = [
    route(
      'GET',
      '/api/v1/users',
      (r) => {
        const search = r.url.searchParams.get('filter[search]')?.toLowerCase();
        const data = store.filter(
          (u) => !search || JSON.stringify(u.attributes).toLowerCase().includes(search),
        );
        return fakeJson(200, { data, meta: listMeta(data.length) });
      },
      reads,
    ),
    route(
      'PATCH',
      /^\/api\/v1\/users\//,
      (r) => {
        const id = r.url.pathname.split('/').at(-1)!;
        const found = store.find((u) => u.id === id)!;
        found.attributes = { ...found.attributes, validatedAt: '2026-04-01T00:00:00.000Z' };
        return fakeJson(200, commandAnswer('users', id, '77'));
      },
      writes,
    ),
    route(
      'POST',
      /^\/api\/v1\/services\/users\/[^/]+\/impersonate$/,
      (r) => fakeJson(200, commandAnswer('users', r.url.pathname.split('/')[5]!, '78')),
      writes,
    ),
  ];
  return { handlers, reads, writes };
}

afterEach(() => vi.restoreAllMocks());

describe('users', () => {
  it('lists users with their roles, access level and account state', async () => {
    consentDecided();
    const server = fakeServer();
    renderApp('/admin/users', { me: meDocument({ roles: ['admin'] }), handlers: server.handlers });
    const table = await screen.findByRole('table', { name: '3 users' }, FIRST_RENDER);
    const ada = within(table).getByRole('rowheader', { name: 'Ada Lovelace' }).closest('tr')!;
    expect(within(ada).getByText('ada@example.org')).toBeTruthy();
    expect(within(ada).getByText('Contributor')).toBeTruthy();
    expect(within(ada).getByText('Member, level 1')).toBeTruthy();
    expect(server.reads[0]!.url.searchParams.get('page[number]')).toBe('1');
    expect(server.reads[0]!.url.searchParams.get('page[size]')).toBe('25');
    // administrators (the viewer included) are never offered for impersonation
    expect(screen.queryByRole('button', { name: 'Impersonate Grace Hopper' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Impersonate Ada Lovelace' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Validate the account of Ada Lovelace' })).toBeNull();
  });

  it('searches by name or e-mail address', async () => {
    consentDecided();
    const server = fakeServer();
    const { location } = renderApp('/admin/users', {
      me: meDocument({ roles: ['admin'] }),
      handlers: server.handlers,
    });
    await screen.findByRole('table', { name: '3 users' }, FIRST_RENDER);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Name or e-mail address' }), 'alan{Enter}');
    expect(await screen.findByRole('table', { name: '1 user' })).toBeTruthy();
    expect(server.reads.at(-1)!.url.searchParams.get('filter[search]')).toBe('alan');
    expect(location.history?.at(-1)).toBe('/admin/users?search=alan');
  });

  it('impersonates a user, then reloads the whole app at the root', async () => {
    consentDecided();
    const reload = vi.spyOn(appReload, 'toRoot').mockImplementation(() => undefined);
    const server = fakeServer();
    renderApp('/admin/users', { me: meDocument({ roles: ['admin'] }), handlers: server.handlers });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Impersonate Ada Lovelace' }, FIRST_RENDER),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Impersonate Ada Lovelace?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start impersonating' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(server.writes.map((w) => `${w.method} ${w.url.pathname}`)).toEqual([
      'POST /api/v1/services/users/u-ada/impersonate',
    ]);
  });

  it('offers no impersonation when the feature is off', async () => {
    consentDecided();
    const server = fakeServer();
    renderApp('/admin/users', {
      me: meDocument({ roles: ['admin'] }),
      features: { impersonate: false },
      handlers: server.handlers,
    });
    await screen.findByRole('table', { name: '3 users' }, FIRST_RENDER);
    expect(screen.queryByRole('button', { name: /^Impersonate/ })).toBeNull();
  });

  it('validates an account that is not validated, and reads the list again after the write', async () => {
    consentDecided();
    const server = fakeServer();
    renderApp('/admin/users', { me: meDocument({ roles: ['admin'] }), handlers: server.handlers });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Validate the account of Alan Turing' }, FIRST_RENDER),
    );
    await waitFor(() => expect(server.writes).toHaveLength(1));
    expect(server.writes[0]!.url.pathname).toBe('/api/v1/users/u-alan');
    expect(server.writes[0]!.body).toEqual({
      data: { type: 'users', id: 'u-alan', attributes: { validated: true } },
    });
    await waitFor(() => expect(server.reads.at(-1)!.url.searchParams.get('minPosition')).toBe('77'));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Validate the account of Alan Turing' })).toBeNull(),
    );
    expect(await screen.findByText('The account of Alan Turing is validated.')).toBeTruthy();
  });
});
