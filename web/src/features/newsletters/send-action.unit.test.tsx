import { mailingTemplateResource } from '@platform/contracts/newsletters/mailing-template';
import type { ViewerFacts } from '@platform/contracts/resources/access';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { listMeta } from '../../kit/admin/admin-testing.ts';
import type { ShowActionsProps } from '../../kit/admin/resources/extensions.tsx';
import { indexIncluded } from '../../kit/admin/resources/record-title.ts';
import { ApiProvider } from '../../kit/api/api-context.tsx';
import { allMessages } from '../../kit/i18n/all-messages.ts';
import { DEFAULT_ACCESSIBILITY } from '../../kit/state/accessibility.ts';
import { fakeFetch, fakeJson, type FakeRequest } from '../../kit/testing/fake-api.ts';
import { buildTheme } from '../../kit/theme/theme.ts';
import { NewsletterActions } from './newsletter-actions.tsx';
import { NewsletterSendAction } from './send-action.tsx';

const NEWSLETTER = '0a000000-0000-4000-8000-0000000000f1';
const SENDING = '0a000000-0000-4000-8000-0000000000f9';
const SEND_PATH = `/api/v1/services/newsletters/${NEWSLETTER}/send`;

const record: ShowActionsProps['record'] = {
  type: 'mailing-templates',
  id: NEWSLETTER,
  attributes: { subject: 'Spring news', lastSentAt: null, deletedAt: null },
  meta: { version: '2' },
};

const viewer = (roles: ViewerFacts['roles']): ViewerFacts => ({
  userId: 'me-1',
  roles,
  accessWeight: 0,
  isAdmin: false,
});

/** A promise the test settles when it chooses. */
function later<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((ok) => {
    resolve = ok;
  });
  return { promise, resolve };
}

const sendingDocument = (deliveredCount: number, finishedAt: string | null) => ({
  data: {
    type: 'newsletter-sendings',
    id: SENDING,
    attributes: { recipientsCount: 3, deliveredCount, finishedAt, createdAt: '2031-03-02T10:00:00.000Z' },
    relationships: { mailingTemplate: { data: { type: 'mailing-templates', id: NEWSLETTER } } },
  },
});

type Handler = (request: FakeRequest) => Response | Promise<Response> | undefined;

/** The contacts subscribed now: the first page of one and its total. */
const subscribers =
  (total: number, seen: FakeRequest[] = []): Handler =>
  (request) => {
    if (request.method !== 'GET' || request.url.pathname !== '/api/v1/light-users') return undefined;
    seen.push(request);
    return fakeJson(200, { data: [], meta: listMeta(total, 1, 1) });
  };

/** The POST of a sending, answered in turn by `answers` (a thrown error: no answer at all). */
function sendAnswers(answers: Array<() => Response>, seen: FakeRequest[]): Handler {
  return (request) => {
    if (request.method !== 'POST' || request.url.pathname !== SEND_PATH) return undefined;
    seen.push(request);
    return answers[seen.length - 1]!();
  };
}

const accepted = () =>
  fakeJson(201, {
    data: { type: 'newsletter-sendings', id: SENDING },
    meta: { position: '42', recipientsCount: 3 },
  });

/** The reads of the sending, each answered when the test releases it. */
function progressReads() {
  const reads: Array<{ request: FakeRequest } & ReturnType<typeof later<Response>>> = [];
  const handler: Handler = (request) => {
    if (request.method !== 'GET' || request.url.pathname !== `/api/v1/newsletter-sendings/${SENDING}`)
      return undefined;
    const answer = later<Response>();
    reads.push({ request, ...answer });
    return answer.promise;
  };
  return { reads, handler };
}

function renderWith(ui: ReactNode, handlers: Handler[]) {
  const { fetchFn } = fakeFetch({ handlers });
  const providers = (children: ReactNode) => (
    <ThemeProvider theme={buildTheme(false, DEFAULT_ACCESSIBILITY)}>
      <IntlProvider locale="en" messages={allMessages('en')}>
        <ApiProvider fetchFn={fetchFn}>{children}</ApiProvider>
      </IntlProvider>
    </ThemeProvider>
  );
  const view = render(providers(ui));
  return { rerender: (next: ReactNode) => view.rerender(providers(next)) };
}

/** The action as the screen gives it, reading the progress at once (no wait between reads). */
function renderSend(handlers: Handler[]) {
  const reloaded: Array<string | undefined> = [];
  renderWith(
    <NewsletterSendAction record={record} reload={(position) => reloaded.push(position)} pollEvery={0} />,
    handlers,
  );
  return { reloaded, user: userEvent.setup() };
}

const openDialog = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Send' }));
  return screen.findByRole('dialog', { name: 'Send the newsletter' });
};

describe('the Send action on a newsletter’s screen', () => {
  const actionsFor = (definition: ShowActionsProps['definition'], roles: ViewerFacts['roles']) =>
    renderWith(
      <NewsletterActions
        definition={definition}
        record={record}
        included={indexIncluded([])}
        viewer={viewer(roles)}
        reload={() => undefined}
        onError={() => undefined}
      />,
      [],
    );

  it('is offered beside the preview to a viewer who may update the newsletter', () => {
    actionsFor(mailingTemplateResource, ['app_admin']);
    expect(screen.getByRole('link', { name: /^Preview/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('sends the template shown, when the screen goes on to another one', async () => {
    const OTHER = '0a000000-0000-4000-8000-0000000000f3';
    const posted: FakeRequest[] = [];
    const props = {
      definition: mailingTemplateResource,
      included: indexIncluded([]),
      viewer: viewer(['app_admin']),
      reload: () => undefined,
      onError: () => undefined,
    };
    const view = renderWith(<NewsletterActions {...props} record={record} />, [
      subscribers(3),
      (request) => {
        if (request.method !== 'POST') return undefined;
        posted.push(request);
        return fakeJson(409, { errors: [{ status: '409', code: 'conflict.newsletter_already_sent' }] });
      },
    ]);
    const other = { ...record, id: OTHER, attributes: { ...record.attributes, subject: 'Summer news' } };
    view.rerender(<NewsletterActions {...props} record={other} />);
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Send' }));
    await within(dialog).findByText(/has been sent already/);
    expect(posted.map((r) => r.url.pathname)).toEqual([`/api/v1/services/newsletters/${OTHER}/send`]);
  });

  it('is not offered to one who may read it but not update it (the template’s own update rule)', () => {
    const readOnly = {
      ...mailingTemplateResource,
      access: { ...mailingTemplateResource.access, update: { roles: ['admin'] as const } },
    };
    actionsFor(readOnly, ['app_admin']);
    expect(screen.getByRole('link', { name: /^Preview/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });
});

describe('sending a newsletter from its screen', () => {
  it('counts the subscribed contacts, sends, shows the progress, then says it is done', async () => {
    const counted: FakeRequest[] = [];
    const posted: FakeRequest[] = [];
    const { reads, handler } = progressReads();
    const { user, reloaded } = renderSend([
      subscribers(3, counted),
      sendAnswers([accepted], posted),
      handler,
    ]);
    const trigger = screen.getByRole('button', { name: 'Send' });
    const dialog = await openDialog(user);
    await within(dialog).findByText('Send “Spring news” to 3 contacts?');
    expect(counted).toHaveLength(1);
    expect(Object.fromEntries(counted[0]!.url.searchParams)).toMatchObject({
      'filter[hasMailSubscription]': 'true',
      'page[size]': '1',
    });
    expect(posted).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(reads).toHaveLength(1));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(reads[0]!.request.url.searchParams.get('minPosition')).toBe('42');

    reads[0]!.resolve(fakeJson(200, sendingDocument(1, null)));
    const bar = await within(dialog).findByRole('progressbar', { name: 'Letters sent' });
    await waitFor(() => expect(bar.getAttribute('aria-valuetext')).toBe('1 of 3 sent'));
    expect(bar.getAttribute('aria-valuenow')).toBe('1');
    expect(bar.getAttribute('aria-valuemax')).toBe('3');
    expect(within(dialog).getByRole('status').textContent).toBe('Sending to 3 contacts has started.');
    expect(within(dialog).getByText('You can close this window: sending goes on.')).toBeTruthy();

    // read again (at once here): the last letter went
    await waitFor(() => expect(reads).toHaveLength(2));
    reads[1]!.resolve(fakeJson(200, sendingDocument(3, '2031-03-02T10:01:00.000Z')));
    const done = await within(dialog).findByText('The newsletter has been sent to 3 contacts.');
    await waitFor(() => expect(document.activeElement).toBe(done));
    // read once, as the focus lands on it: not said again by the status region
    expect(within(dialog).getByRole('status').contains(done)).toBe(false);
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(reads).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(reloaded).toEqual(['42']);
  });

  it('says in words that this version has been sent already, and offers no retry', async () => {
    const posted: FakeRequest[] = [];
    const { user, reloaded } = renderSend([
      subscribers(3),
      sendAnswers(
        [
          () =>
            fakeJson(409, {
              errors: [
                { status: '409', code: 'conflict.newsletter_already_sent', detail: 'This letter was sent' },
              ],
            }),
        ],
        posted,
      ),
    ]);
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Send' }));
    const alert = within(dialog).getByRole('alert');
    await waitFor(() =>
      expect(alert.textContent).toBe(
        'This version of the letter has been sent already. Change the letter to send it again.',
      ),
    );
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Send' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toHaveLength(1);
    expect(reloaded).toEqual([]);
  });

  it('says that nobody is subscribed since the count, when the server finds none', async () => {
    const { user } = renderSend([
      subscribers(3),
      sendAnswers(
        [
          () =>
            fakeJson(409, {
              errors: [{ status: '409', code: 'conflict.newsletter_no_recipients', detail: 'Nobody' }],
            }),
        ],
        [],
      ),
    ]);
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Nobody is subscribed to the newsletters any more: the letter was not sent.',
      ),
    );
  });

  it('offers only Close when nobody is subscribed, and Cancel gives the focus back to Send', async () => {
    const posted: FakeRequest[] = [];
    const { user } = renderSend([subscribers(0), sendAnswers([accepted], posted)]);
    const trigger = screen.getByRole('button', { name: 'Send' });
    const dialog = await openDialog(user);
    await within(dialog).findByText(
      'Nobody is subscribed to the newsletters: there is no one to send this letter to.',
    );
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Close']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(posted).toHaveLength(0);
  });

  it('says so while it counts, keeps the keyboard in the dialog, and gives the focus back on Cancel', async () => {
    const count = later<Response>();
    const { user } = renderSend([
      (request) =>
        request.method === 'GET' && request.url.pathname === '/api/v1/light-users'
          ? count.promise
          : undefined,
    ]);
    const trigger = screen.getByRole('button', { name: 'Send' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Send the newsletter' });
    expect(within(dialog).getByText('Counting the contacts subscribed to the newsletters…')).toBeTruthy();
    count.resolve(fakeJson(200, { data: [], meta: listMeta(2, 1, 1) }));
    await within(dialog).findByText('Send “Spring news” to 2 contacts?');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Send' }));
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('offers a retry when the server could not be reached, which asks for the same sending', async () => {
    const posted: FakeRequest[] = [];
    const { reads, handler } = progressReads();
    const { user } = renderSend([
      subscribers(3),
      sendAnswers(
        [
          () => {
            throw new TypeError('Failed to fetch');
          },
          accepted,
        ],
        posted,
      ),
      handler,
    ]);
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Send' }));
    const retry = await within(dialog).findByRole('button', { name: 'Try again' });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'The server could not be reached. Check your connection, then try again.',
    );
    await user.click(retry);
    await waitFor(() => expect(reads).toHaveLength(1));
    expect(posted).toHaveLength(2);
    expect(posted[1]!.headers.get('Idempotency-Key')).toBe(posted[0]!.headers.get('Idempotency-Key'));
    reads[0]!.resolve(fakeJson(200, sendingDocument(0, null)));
    await within(dialog).findByRole('progressbar', { name: 'Letters sent' });
  });
});
