import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { meDocument } from '../accounts/profile/testing.ts';
import { STORAGE_KEYS } from '../../kit/state/storage-keys.ts';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';

const decided = () =>
  localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ essentials: true, youtube: false }));

const notification = (id: string, message: string, attributes: Record<string, unknown> = {}) => ({
  type: 'notifications',
  id,
  attributes: {
    notificationType: 'info',
    message,
    details: null,
    actionUrl: null,
    readAt: null as string | null,
    createdAt: '2026-02-01T10:00:00.000Z',
    ...attributes,
  },
});

/** GET /notifications (the unread count, or a page) and POST /notifications/{id}/read. */
function notificationServer() {
  const state = {
    items: [
      notification('n1', 'Your coupon is ready', { actionUrl: '/account/coupons', details: 'At the desk.' }),
      notification('n2', 'Read the new guide', { actionUrl: 'https://guides.example.org/switches' }),
      notification('n3', 'Welcome aboard', { readAt: '2026-01-02T10:00:00.000Z' }),
    ],
    countReads: [] as Array<string | null>,
    marked: [] as string[],
  };
  const handler = (request: FakeRequest): Response | undefined => {
    const path = request.url.pathname;
    if (request.method === 'GET' && path === '/api/v1/notifications') {
      if (request.url.searchParams.get('filter[readAt]') === 'null') {
        state.countReads.push(request.url.searchParams.get('minPosition'));
        const unread = state.items.filter((n) => n.attributes.readAt === null);
        return fakeJson(200, {
          data: unread.slice(0, 1),
          meta: { total: unread.length, page: { totalPages: 1 } },
        });
      }
      return fakeJson(200, {
        data: state.items,
        meta: { total: state.items.length, page: { totalPages: 1 } },
      });
    }
    const read = path.match(/^\/api\/v1\/notifications\/(\w+)\/read$/);
    if (request.method === 'POST' && read) {
      state.marked.push(read[1]!);
      const item = state.items.find((n) => n.id === read[1]);
      if (item) item.attributes.readAt = '2026-02-02T10:00:00.000Z';
      return fakeJson(200, { data: { type: 'notifications', id: read[1] }, meta: { position: '77' } });
    }
    return undefined;
  };
  return { state, handler };
}

describe('notifications', () => {
  it('shows no button to a visitor', async () => {
    decided();
    renderApp('/site-map');
    await screen.findByRole('heading', { level: 1 }, { timeout: 25_000 });
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('link', { name: /^Notifications/ })).toBeNull();
  });

  it('counts the unread ones in the top bar, lists them, marks one as read and counts again', async () => {
    decided();
    const user = userEvent.setup();
    const server = notificationServer();
    const { location } = renderApp('/account/profile', { me: meDocument(), handlers: [server.handler] });
    const bell = await screen.findByRole('link', { name: 'Notifications, 2 unread' }, { timeout: 25_000 });
    await user.click(bell);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/account/notifications'));
    await screen.findByRole('heading', { level: 1, name: 'Notifications' }, { timeout: 25_000 });

    const item = (message: string) => screen.getByRole('heading', { level: 2, name: message }).closest('li')!;
    const ready = within(await waitFor(() => item('Your coupon is ready')));
    expect(ready.getByText('At the desk.')).toBeTruthy();
    expect(ready.getByText('Unread')).toBeTruthy();
    expect(within(item('Welcome aboard')).getByText(/^Read on /)).toBeTruthy();
    expect(within(item('Welcome aboard')).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    // the rule of seed 001 §6: a path of this site is a router link, another site an external link
    expect(ready.getByRole('link', { name: 'Go to the page' }).getAttribute('href')).toBe('/account/coupons');
    const external = within(item('Read the new guide')).getByRole('link', { name: /Open the link/ });
    expect(external.getAttribute('href')).toBe('https://guides.example.org/switches');
    expect(external.getAttribute('target')).toBe('_blank');

    await user.click(ready.getByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText('Marked as read: Your coupon is ready')).toBeTruthy();
    expect(server.state.marked).toEqual(['n1']);
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeTruthy();
    expect(server.state.countReads).toContain('77');
    await waitFor(() => expect(ready.queryByRole('button', { name: 'Mark as read' })).toBeNull());
    expect(ready.getByText(/^Read on /)).toBeTruthy();

    await user.click(ready.getByRole('link', { name: 'Go to the page' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/account/coupons'));
  });

  it('words a type a module words in the reader’s language, the server’s message otherwise', async () => {
    decided();
    const server = notificationServer();
    server.state.items = [
      notification('n5', 'Your training session was accepted', {
        notificationType: 'open-badge-session-accepted',
        actionUrl: '/open-badge-trainings/s1',
      }),
      notification('n6', 'Something the web does not word', { notificationType: 'some-new-type' }),
    ];
    renderApp('/account/notifications', { me: meDocument(), handlers: [server.handler] });
    expect(
      await screen.findByRole(
        'heading',
        { level: 2, name: 'Your training request was accepted: you may start its first module.' },
        { timeout: 25_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Something the web does not word' })).toBeTruthy();
  });

  it('reads the count again when the window regains focus', async () => {
    decided();
    const server = notificationServer();
    renderApp('/account/profile', { me: meDocument(), handlers: [server.handler] });
    await screen.findByRole('link', { name: 'Notifications, 2 unread' }, { timeout: 25_000 });
    server.state.items.push(notification('n4', 'Another one'));
    window.dispatchEvent(new Event('focus'));
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toBeTruthy();
  });
});
