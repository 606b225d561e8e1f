import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
} from '@platform/tests/support/apps/accounts-app';

let app: AccountsTestApp;
beforeAll(async () => {
  app = await startAccountsApp();
});
afterAll(async () => {
  await app.close();
});

async function notify(userId: string, message: string) {
  const created = await app.admin('POST', '/notifications', {
    data: {
      type: 'notifications',
      attributes: { notificationType: 'rental-step', message, actionUrl: '/account/rentals' },
      relationships: { user: { data: { type: 'users', id: userId } } },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { data: { id: string }; meta: { position: string } };
}

describe('notifications', () => {
  it('shows members their own notifications, counts the unread ones and marks one as read', async () => {
    const mia = await createUser(app, { email: 'mia@example.test' });
    const max = await createUser(app, { email: 'max@example.test' });
    await notify(mia.id, 'Your rental is ready');
    const second = await notify(mia.id, 'Your rental ends in 5 days');
    const others = await notify(max.id, 'Not for Mia');

    const browser = app.browser();
    expect((await signIn(browser, 'mia@example.test', 'correct horse battery')).status).toBe(200);
    const unread = await browser.call(
      'GET',
      `/api/v1/notifications?filter[readAt]=null&page[size]=1&minPosition=${others.meta.position}`,
    );
    expect(unread.status).toBe(200);
    expect(unread.body.meta.total).toBe(2);

    const read = await browser.call('POST', `/api/v1/notifications/${second.data.id}/read`);
    expect(read.status).toBe(200);
    const after = await browser.call(
      'GET',
      `/api/v1/notifications?filter[readAt]=null&minPosition=${read.body.meta.position}`,
    );
    expect(after.body.meta.total).toBe(1);
    const all = await browser.call('GET', '/api/v1/notifications');
    expect(
      all.body.data.map((n: { attributes: { message: string } }) => n.attributes.message).sort(),
    ).toEqual(['Your rental ends in 5 days', 'Your rental is ready']);
    const readOne = all.body.data.find((n: { id: string }) => n.id === second.data.id);
    expect(readOne.attributes.readAt).not.toBeNull();

    // marking again keeps the first time; another member's notification is not found
    const again = await browser.call('POST', `/api/v1/notifications/${second.data.id}/read`);
    expect(again.body.meta.version).toBe(read.body.meta.version);
    expect((await browser.call('POST', `/api/v1/notifications/${others.data.id}/read`)).status).toBe(404);
    expect((await browser.call('GET', `/api/v1/notifications/${others.data.id}`)).status).toBe(404);
    expect(
      (
        await browser.call('PATCH', `/api/v1/notifications/${second.data.id}`, {
          body: { data: { type: 'notifications', id: second.data.id, attributes: { message: 'x' } } },
        })
      ).status,
    ).toBe(403);
    expect((await browser.call('GET', '/api/v1/notifications?filter[readAt]=yesterday')).status).toBe(400);
  });
});
