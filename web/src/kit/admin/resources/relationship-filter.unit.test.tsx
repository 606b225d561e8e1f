import { resourceDefinition } from '@platform/contracts/resources/catalogue';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp, type FakeRequest } from '../../../frame/testing/render-app.tsx';
import { consentDecided, FIRST_RENDER, listMeta, meDocument, memberRecord, route } from '../admin-testing.ts';
import { listRelationshipFilters, offeredRelationshipFilters } from './list-query.ts';

const NOTE = '1e2d3c4b-5a69-4877-8695-a4b3c2d1e0f9';
const ADA = '5b0e8f0a-1c3d-4e5f-8a9b-0c1d2e3f4a01';
const GRACE = '5b0e8f0a-1c3d-4e5f-8a9b-0c1d2e3f4a02';
const member = memberRecord;
const notification = {
  type: 'notifications',
  id: NOTE,
  attributes: {
    notificationType: 'welcome',
    message: 'Welcome aboard',
    details: null,
    actionUrl: null,
    readAt: null,
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
  },
  relationships: { user: { data: { type: 'users', id: ADA } } },
  meta: { version: '4' },
};

/** the notifications' list: every notification, or none when it is filtered by a member other than Ada */
function notificationsServer() {
  const lists: FakeRequest[] = [];
  const found: FakeRequest[] = [];
  const handlers = [
    route(
      'GET',
      '/api/v1/notifications',
      (r) => {
        const by = r.url.searchParams.get('filter[user]');
        const rows = by === null || by === ADA ? [notification] : [];
        return fakeJson(200, {
          data: rows,
          included: rows.length ? [member(ADA, 'Ada', 'Lovelace')] : [],
          meta: listMeta(rows.length),
        });
      },
      lists,
    ),
    route('GET', '/api/v1/users', () =>
      fakeJson(200, { data: [member(GRACE, 'Grace', 'Hopper')], meta: listMeta(1) }),
    ),
    route(
      'GET',
      `/api/v1/users/${GRACE}`,
      () => fakeJson(200, { data: member(GRACE, 'Grace', 'Hopper') }),
      found,
    ),
  ];
  // the screen's own reads (the shell counts the unread notifications through the same list, unpaged)
  const screenReads = () => lists.filter((r) => r.url.searchParams.has('page[number]'));
  return { handlers, screenReads, found };
}

describe('a list filtered by a related record', () => {
  it('offers the related records by name, and applies the one chosen to the address and the read', async () => {
    consentDecided();
    const server = notificationsServer();
    const user = userEvent.setup();
    const { location } = renderApp('/admin/resources/notifications/index', {
      me: meDocument({ roles: ['admin'] }),
      handlers: server.handlers,
    });
    await screen.findByRole('table', { name: /Notifications/ }, FIRST_RENDER);
    const search = screen.getByRole('search', { name: /Notifications/ });
    const box = within(search).getByRole('combobox', { name: 'Member' });
    await user.click(box);
    await user.keyboard('hop');
    await screen.findByRole('option', { name: /Grace Hopper/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect((box as HTMLInputElement).value).toBe('Grace Hopper');
    await user.click(within(search).getByRole('button', { name: 'Apply' }));

    await waitFor(() =>
      expect(location.history.at(-1)).toBe(`/admin/resources/notifications/index?f.user=${GRACE}`),
    );
    await waitFor(() =>
      expect(server.screenReads().at(-1)!.url.searchParams.get('filter[user]')).toBe(GRACE),
    );
    // nobody of the list names Grace now: her name is read by itself, and the box keeps it
    await waitFor(() =>
      expect(
        (
          within(screen.getByRole('search', { name: /Notifications/ })).getByRole('combobox', {
            name: 'Member',
          }) as HTMLInputElement
        ).value,
      ).toBe('Grace Hopper'),
    );
    expect(server.found).toHaveLength(1);
  });

  it('opens on the record its address names, named by the rows that include it, and offers "Not set" on a to-one', async () => {
    consentDecided();
    const server = notificationsServer();
    const user = userEvent.setup();
    const { location } = renderApp(`/admin/resources/notifications/index?f.user=${ADA}`, {
      me: meDocument({ roles: ['admin'] }),
      handlers: server.handlers,
    });
    await screen.findByRole('table', { name: /Notifications/ }, FIRST_RENDER);
    expect(server.screenReads()[0]!.url.searchParams.get('filter[user]')).toBe(ADA);
    const search = screen.getByRole('search', { name: /Notifications/ });
    const box = within(search).getByRole('combobox', { name: 'Member' });
    await waitFor(() => expect((box as HTMLInputElement).value).toBe('Ada Lovelace'));
    // the rows named her: no read of her own
    expect(server.found).toHaveLength(0);

    await user.clear(box);
    // the list opens on the arrow key, "Not set" first
    await user.keyboard('{ArrowDown}');
    const none = await screen.findByRole('option', { name: 'Not set' });
    await user.click(none);
    expect((box as HTMLInputElement).value).toBe('Not set');
    await user.click(within(search).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(location.history.at(-1)).toBe('/admin/resources/notifications/index?f.user=null'),
    );
    await waitFor(() =>
      expect(server.screenReads().at(-1)!.url.searchParams.get('filter[user]')).toBe('null'),
    );
  });
});

describe('the relationship filters a list offers', () => {
  const trainingSessions = resourceDefinition('training-sessions')!;
  const viewer = (roles: string[]) => ({
    userId: ADA,
    roles: roles as never,
    accessWeight: 300,
    isAdmin: roles.includes('admin'),
    actingAsOrganizationId: null,
  });

  it('are the relationships naming records of one type, not a file field nor a polymorphic one', () => {
    expect(listRelationshipFilters(trainingSessions).map((f) => f.name)).toEqual(['training', 'address']);
    // a repository item's image is a file, its tags and categories records
    expect(listRelationshipFilters(resourceDefinition('repository-items')!).map((f) => f.name)).not.toContain(
      'image',
    );
    // a comment's commentable is any of several types
    expect(listRelationshipFilters(resourceDefinition('comments')!).map((f) => f.name)).toEqual([
      'parentComment',
    ]);
  });

  it('are offered to a viewer who may list what they name', () => {
    expect(offeredRelationshipFilters(trainingSessions, viewer(['admin'])).map((f) => f.name)).toEqual([
      'training',
      'address',
    ]);
    // a contributor lists the sessions and the trainings, not the addresses
    expect(offeredRelationshipFilters(trainingSessions, viewer(['contributor'])).map((f) => f.name)).toEqual([
      'training',
    ]);
  });

  it('by members, to those who may list the members (the users’ list is the administrators’)', () => {
    const appointments = resourceDefinition('eqlaat-appointments')!;
    const offered = (roles: string[]) =>
      offeredRelationshipFilters(appointments, viewer(roles)).map((f) => f.name);
    expect(offered(['admin'])).toContain('managers');
    expect(offered(['eqlaat_member'])).not.toContain('managers');
    expect(offered(['eqlaat_member'])).toContain('project');
  });
});
