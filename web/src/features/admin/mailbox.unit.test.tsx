import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';
import {
  consentDecided,
  listMeta,
  meDocument,
  notFound,
  route,
  FIRST_RENDER,
} from '../../kit/admin/admin-testing.ts';

const origin = window.location.origin;
const messages = [
  {
    type: 'dev-mail-messages',
    id: '12',
    attributes: {
      to: 'ada@example.org',
      subject: 'Reset your password',
      text: `Hello Ada,\n\nChoose a new password: ${origin}/auth/password/reset/tok123/ada%40example.org\n\nOr read https://example.org/help. <b>Thanks</b>`,
      html: '<p>Hello <img src=x onerror="window.injected=1"></p>',
      sentAt: '2026-03-02T10:00:00.000Z',
    },
  },
  {
    type: 'dev-mail-messages',
    id: '11',
    attributes: {
      to: 'alan@example.org',
      subject: 'Verify your e-mail address',
      text: 'Welcome',
      html: null,
      sentAt: '2026-03-01T10:00:00.000Z',
    },
  },
];

describe('the dev mailbox', () => {
  it('lists the messages newest first and shows one with its links clickable and no HTML injected', async () => {
    consentDecided();
    const reads: FakeRequest[] = [];
    renderApp('/admin/dev/mailbox', {
      me: meDocument({ roles: ['admin'] }),
      handlers: [
        route(
          'GET',
          '/api/v1/dev/mailbox',
          () => fakeJson(200, { data: messages, meta: listMeta(2, 1, 50) }),
          reads,
        ),
      ],
    });
    const table = await screen.findByRole('table', { name: '2 messages' }, FIRST_RENDER);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'ada@example.org',
      'alan@example.org',
    ]);
    expect(reads[0]!.url.searchParams.get('page[size]')).toBe('50');

    await userEvent.click(within(table).getByRole('button', { name: 'Reset your password' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Reset your password' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const message = heading.closest('section')!;
    // a link of this site navigates in the app; another site's opens in a new tab
    expect(
      within(message)
        .getByRole('link', { name: `${origin}/auth/password/reset/tok123/ada%40example.org` })
        .getAttribute('href'),
    ).toBe('/auth/password/reset/tok123/ada%40example.org');
    const external = within(message).getByRole('link', { name: /https:\/\/example\.org\/help/ });
    expect(external.getAttribute('href')).toBe('https://example.org/help');
    expect(external.getAttribute('target')).toBe('_blank');
    // markup in the text stays text; the html part is never rendered
    expect(message.textContent).toContain('<b>Thanks</b>');
    expect(message.querySelector('b, img')).toBeNull();
    expect((window as { injected?: number }).injected).toBeUndefined();
    expect(within(message).getByText(/also has an HTML version/)).toBeTruthy();
  });

  it('says it is not available where it is not mounted (404)', async () => {
    consentDecided();
    renderApp('/admin/dev/mailbox', {
      me: meDocument({ roles: ['admin'] }),
      handlers: [route('GET', '/api/v1/dev/mailbox', notFound)],
    });
    expect(
      await screen.findByText(
        'The dev mailbox is not available here: this platform sends its e-mails through a mail server.',
        {},
        FIRST_RENDER,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('filters by recipient', async () => {
    consentDecided();
    const reads: FakeRequest[] = [];
    renderApp('/admin/dev/mailbox', {
      me: meDocument({ roles: ['admin'] }),
      handlers: [
        route(
          'GET',
          '/api/v1/dev/mailbox',
          (r) => {
            const to = r.url.searchParams.get('filter[to]');
            const data = messages.filter((m) => !to || m.attributes.to === to);
            return fakeJson(200, { data, meta: listMeta(data.length, 1, 50) });
          },
          reads,
        ),
      ],
    });
    await screen.findByRole('table', { name: '2 messages' }, FIRST_RENDER);
    await userEvent.type(screen.getByLabelText("Recipient's e-mail address"), 'alan@example.org{Enter}');
    expect(await screen.findByRole('table', { name: '1 message' })).toBeTruthy();
    expect(reads.at(-1)!.url.searchParams.get('filter[to]')).toBe('alan@example.org');
  });
});
