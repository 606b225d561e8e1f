import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contactUnsubscribePath } from '@platform/contracts/newsletters/endpoints';
import { renderApp } from '../../frame/testing/render-app.tsx';
import { STORAGE_KEYS } from '../../kit/state/storage-keys.ts';
import {
  ADDRESS,
  ADDRESS_SIGNATURE,
  addressPath,
  CONTACT_ID,
  CONTACT_SIGNATURE,
  contactPath,
  FORGED_SIGNATURE,
  unsubscribeServer,
} from './testing.ts';

const decided = () =>
  localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ essentials: true, youtube: false }));

async function openPage(server: ReturnType<typeof unsubscribeServer>, path: string) {
  decided();
  const view = renderApp(path, { handlers: [server.handler] });
  await screen.findByRole('heading', { level: 1 }, { timeout: 25_000 });
  return view;
}

const unsubscribeButton = () => screen.getByRole('button', { name: 'Unsubscribe' });
/** the calls the page made to leave, whatever their answer */
const unsubscribeCalls = (calls: string[]) => calls.filter((c) => c.includes('unsubscribe'));
const CONTACT_ENDPOINT = `/api/v1/services/light-users/${CONTACT_ID}/unsubscribe`;
const body = (signature: string) => ({ data: { type: 'unsubscriptions', attributes: { signature } } });

describe('the newsletter unsubscribe page of a contact', () => {
  it('changes nothing when opened, then leaves on the press and says so with its heading focused', async () => {
    const user = userEvent.setup();
    const server = unsubscribeServer();
    let release = () => {};
    server.state.answers.push({ held: new Promise<void>((resolve) => (release = resolve)) });
    const { calls } = await openPage(server, contactPath());

    expect(screen.getByRole('heading', { level: 1, name: 'Leave the newsletters' })).toBeTruthy();
    expect(
      screen.getByText(
        'Press “Unsubscribe” and you will no longer receive the newsletters of Assistive Tech Commons.',
      ),
    ).toBeTruthy();
    // the title follows the screen's effect: waited for, as the route announcer does
    await waitFor(() => expect(document.title).toBe('Leave the newsletters | Assistive Tech Commons'));
    // a bare page: no navigation, no footer
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    // opening the link (a mail scanner does) sends nothing
    expect(unsubscribeCalls(calls)).toEqual([]);

    await user.click(unsubscribeButton());
    // working, and said so, on the button that keeps the focus
    const working = await screen.findByRole('button', { name: /Unsubscribing…/ });
    expect(working.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(working);
    await user.click(working);
    expect(server.state.posted).toHaveLength(1);
    release();

    const heading = await screen.findByRole('heading', { level: 1, name: 'You have left the newsletters' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(
      screen.getByText(
        'You will no longer receive the newsletters of Assistive Tech Commons. You can subscribe again at any time.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: /Unsubscrib/ })).toBeNull();
    expect(server.state.posted).toEqual([{ path: CONTACT_ENDPOINT, body: body(CONTACT_SIGNATURE) }]);
    expect(server.state.unsubscribed).toEqual(new Set([`contact:${CONTACT_ID}`]));
  });

  it.each([
    ['no signature', `/services/light-users/unsubscribe/${CONTACT_ID}`],
    ['an empty signature', contactUnsubscribePath(CONTACT_ID, '')],
    ['a signature cut short', contactPath(CONTACT_SIGNATURE.slice(0, 30))],
    ['a signature with other characters', contactPath(`${CONTACT_SIGNATURE.slice(0, 42)}=`)],
    ['an id that is no contact’s', contactUnsubscribePath('not-a-uuid', CONTACT_SIGNATURE)],
  ])('says a link with %s is not valid, and sends nothing', async (_case, path) => {
    const server = unsubscribeServer();
    const { calls } = await openPage(server, path);
    expect(screen.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeTruthy();
    expect(screen.getByText(/Use the unsubscribe link of the latest newsletter you received/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    await waitFor(() => expect(document.title).toBe('This link is not valid | Assistive Tech Commons'));
    expect(unsubscribeCalls(calls)).toEqual([]);
    expect(server.state.posted).toEqual([]);
  });

  it.each([
    ['a link the platform did not sign (404)', null],
    ['a link found malformed (422)', { status: 422, code: 'validation.invalid' }],
  ] as const)('says %s is not valid, with its heading focused', async (_case, forced) => {
    const user = userEvent.setup();
    const server = unsubscribeServer();
    if (forced) server.state.answers.push(forced);
    await openPage(server, contactPath(forced ? CONTACT_SIGNATURE : FORGED_SIGNATURE));
    await user.click(unsubscribeButton());
    const heading = await screen.findByRole('heading', { level: 1, name: 'This link is not valid' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByRole('button')).toBeNull();
    expect(server.state.posted).toHaveLength(1);
    expect(server.state.unsubscribed.size).toBe(0);
  });

  it.each([
    ['no answer', { network: true }, null],
    [
      'a server error',
      { status: 500, code: 'internal', correlationId: 'corr-42' },
      'If it keeps failing, contact the Assistive Tech Commons team and give them this reference: corr-42.',
    ],
  ] as const)('says in an alert when %s came, and leaves on a retry', async (_case, forced, reference) => {
    const user = userEvent.setup();
    const server = unsubscribeServer();
    server.state.answers.push(forced);
    await openPage(server, contactPath());
    await user.click(unsubscribeButton());

    const message = await screen.findByText(
      'Your request could not be sent. Check your internet connection, then press “Unsubscribe” again.',
    );
    const alert = message.closest('[role="alert"]') as HTMLElement;
    expect(alert).not.toBeNull();
    if (reference) expect(within(alert).getByText(reference)).toBeTruthy();
    else expect(alert.textContent).not.toContain('reference');
    // the page's own alert, not a dialog of the shell's over it
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.state.unsubscribed.size).toBe(0);
    // the button stays, with the focus, for the retry
    await waitFor(() => expect(document.activeElement).toBe(unsubscribeButton()));

    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { level: 1, name: 'You have left the newsletters' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByText(/could not be sent/)).toBeNull();
    expect(server.state.posted.map((p) => p.body)).toEqual([
      body(CONTACT_SIGNATURE),
      body(CONTACT_SIGNATURE),
    ]);
    expect(server.state.unsubscribed).toEqual(new Set([`contact:${CONTACT_ID}`]));
  });
});

describe('the newsletter unsubscribe page of an address', () => {
  it('shows the address of the link, decoded, and leaves for it', async () => {
    const user = userEvent.setup();
    const server = unsubscribeServer();
    const { calls } = await openPage(server, addressPath());
    expect(screen.getByRole('heading', { level: 1, name: 'Leave the newsletters' })).toBeTruthy();
    expect(
      screen.getByText(
        `Press “Unsubscribe” and the address ${ADDRESS} will no longer receive the newsletters of Assistive Tech Commons.`,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(unsubscribeCalls(calls)).toEqual([]);

    await user.click(unsubscribeButton());
    const heading = await screen.findByRole('heading', { level: 1, name: 'You have left the newsletters' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(server.state.posted).toEqual([
      {
        path: '/api/v1/services/unsubscribe/ana.pop%2Bnews%40example.org',
        body: body(ADDRESS_SIGNATURE),
      },
    ]);
    expect(server.state.unsubscribed).toEqual(new Set([`email:${ADDRESS}`]));
  });

  it('says a link whose signature is not the address’s is not valid', async () => {
    const user = userEvent.setup();
    const server = unsubscribeServer();
    await openPage(server, addressPath(CONTACT_SIGNATURE));
    await user.click(unsubscribeButton());
    const heading = await screen.findByRole('heading', { level: 1, name: 'This link is not valid' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(server.state.unsubscribed.size).toBe(0);
  });
});
