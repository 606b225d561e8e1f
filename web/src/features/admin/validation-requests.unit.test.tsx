import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';
import {
  commandAnswer,
  consentDecided,
  listMeta,
  meDocument,
  route,
  FIRST_RENDER,
} from '../../kit/admin/admin-testing.ts';

const request = (id: string, userId: string, status = 'pending', extra: Record<string, unknown> = {}) => ({
  type: 'validation-requests',
  id,
  attributes: {
    description: `I work at the lab (${id})`,
    status,
    refuseReason: null as string | null,
    createdAt: '2026-03-01T09:30:00.000Z',
    updatedAt: '2026-03-01T09:30:00.000Z',
    ...extra,
  },
  relationships: {
    user: { data: { type: 'users', id: userId } },
    attachedOrganization: { data: null },
  },
});

const people: Record<string, { fullName: string; email: string }> = {
  'u-ada': { fullName: 'Ada Lovelace', email: 'ada@example.org' },
  'u-alan': { fullName: 'Alan Turing', email: 'alan@example.org' },
};
const person = route('GET', /^\/api\/v1\/users\/u-/, (r) => {
  const id = r.url.pathname.split('/').at(-1)!;
  return fakeJson(200, { data: { type: 'users', id, attributes: people[id] } });
});

/** The list as the server has it: the PATCH answers change it, after which reads with minPosition see it. */
function fakeServer() {
  const store = [request('vr-1', 'u-ada'), request('vr-2', 'u-alan')];
  const reads: FakeRequest[] = [];
  const patches: FakeRequest[] = [];
  const handlers = [
    person,
    route(
      'GET',
      '/api/v1/validation-requests',
      (r) => {
        const status = r.url.searchParams.get('filter[status]');
        const data = store.filter((x) => !status || x.attributes.status === status);
        return fakeJson(200, { data, meta: listMeta(data.length) });
      },
      reads,
    ),
    route(
      'PATCH',
      /^\/api\/v1\/validation-requests\//,
      (r) => {
        const id = r.url.pathname.split('/').at(-1)!;
        const found = store.find((x) => x.id === id)!;
        const attributes = (r.body as { data: { attributes: { status: string; refuseReason?: string } } })
          .data.attributes;
        if (found.attributes.status !== 'pending') {
          return fakeJson(409, {
            errors: [
              {
                status: '409',
                code: 'conflict.state',
                detail: 'this validation request was already accepted',
              },
            ],
          });
        }
        found.attributes = { ...found.attributes, ...attributes };
        return fakeJson(200, commandAnswer('validation-requests', id, '42'));
      },
      patches,
    ),
  ];
  return { handlers, reads, patches, store };
}

describe('validation requests', () => {
  it('lists the pending requests with each requester, and accepting one sends the decision and re-reads', async () => {
    consentDecided();
    const server = fakeServer();
    renderApp('/admin/validation-requests', {
      me: meDocument({ roles: ['admin'] }),
      handlers: server.handlers,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Validation requests' }, FIRST_RENDER),
    ).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Validation requests (Pending): 2 in all' });
    expect(within(table).getByRole('rowheader', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(within(table).getByText('ada@example.org')).toBeTruthy();
    expect(server.reads[0]!.url.searchParams.get('filter[status]')).toBe('pending');

    await userEvent.click(screen.getByRole('button', { name: 'Accept the request of Ada Lovelace' }));
    await waitFor(() => expect(server.patches).toHaveLength(1));
    expect(server.patches[0]!.url.pathname).toBe('/api/v1/validation-requests/vr-1');
    expect(server.patches[0]!.body).toEqual({
      data: { type: 'validation-requests', id: 'vr-1', attributes: { status: 'accepted' } },
    });
    expect(
      await screen.findByText('The request of Ada Lovelace is accepted: their account is validated.'),
    ).toBeTruthy();
    // the re-read waits for the decision, and the accepted request leaves the pending list
    await waitFor(() => expect(server.reads.at(-1)!.url.searchParams.get('minPosition')).toBe('42'));
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Validation requests (Pending): 1 in all' })).toBeTruthy(),
    );
    expect(screen.queryByRole('button', { name: 'Accept the request of Ada Lovelace' })).toBeNull();
  });

  it('shows every status on demand, decided rows without actions', async () => {
    consentDecided();
    const server = fakeServer();
    server.store[1]!.attributes = {
      ...server.store[1]!.attributes,
      status: 'refused',
      refuseReason: 'Not a member',
    };
    renderApp('/admin/validation-requests?status=all', {
      me: meDocument({ roles: ['admin'] }),
      handlers: server.handlers,
    });
    const table = await screen.findByRole(
      'table',
      { name: 'Validation requests (All): 2 in all' },
      FIRST_RENDER,
    );
    expect(server.reads[0]!.url.searchParams.has('filter[status]')).toBe(false);
    const alanRow = within(table).getByRole('rowheader', { name: 'Alan Turing' }).closest('tr')!;
    expect(within(alanRow).getByText(/Reason: Not a member/)).toBeTruthy();
    expect(within(alanRow).queryByRole('button')).toBeNull();
  });

  it('refuses with a reason typed in a dialog', async () => {
    consentDecided();
    const server = fakeServer();
    renderApp('/admin/validation-requests', {
      me: meDocument({ roles: ['admin'] }),
      handlers: server.handlers,
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Refuse the request of Alan Turing' }, FIRST_RENDER),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Refuse the request of Alan Turing' });
    await userEvent.type(
      within(dialog).getByLabelText('Reason (optional)'),
      'Please attach your organization',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse the request' }));
    await waitFor(() => expect(server.patches).toHaveLength(1));
    expect(server.patches[0]!.body).toEqual({
      data: {
        type: 'validation-requests',
        id: 'vr-2',
        attributes: { status: 'refused', refuseReason: 'Please attach your organization' },
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('The request of Alan Turing is refused.')).toBeTruthy();
  });

  it('says so when someone else decided first, and shows the list as it is now', async () => {
    consentDecided();
    const server = fakeServer();
    renderApp('/admin/validation-requests', {
      me: meDocument({ roles: ['admin'] }),
      handlers: server.handlers,
    });
    const accept = await screen.findByRole(
      'button',
      { name: 'Accept the request of Ada Lovelace' },
      FIRST_RENDER,
    );
    server.store[0]!.attributes = { ...server.store[0]!.attributes, status: 'accepted' };
    await userEvent.click(accept);
    const message = await screen.findByText("This action is not possible in the item's current state.");
    expect(message.closest('[role="alert"]')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Validation requests (Pending): 1 in all' })).toBeTruthy(),
    );
  });

  it('is for administrators only', async () => {
    consentDecided();
    const { location } = renderApp('/admin/validation-requests', {
      me: meDocument({ roles: ['contributor'] }),
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/errors/unauthorized'), FIRST_RENDER);
  });
});
