import {
  lightUserReportFilterNames,
  lightUserReportSearch,
  lightUserResource,
  parseLightUserReportQuery,
} from '@platform/contracts/contacts/records';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';
import { commandAnswer, consentDecided, listMeta, meDocument, route } from '../../kit/admin/admin-testing.ts';
import { viewerFacts } from '../../kit/admin/resources/viewer.ts';
import { allMessages } from '../../kit/i18n/all-messages.ts';
import { DEFAULT_ACCESSIBILITY } from '../../kit/state/accessibility.ts';
import { buildTheme } from '../../kit/theme/theme.ts';
import { LIST_FILTERS } from './report-query.ts';
import { SaveReportAction } from './save-report.tsx';

const CONTACT = '0d000000-0000-4000-8000-0000000000c3';
const REPORT = '0d000000-0000-4000-8000-0000000000d4';
const TAG = '0d000000-0000-4000-8000-0000000000e5';
const AFTER_COMMAND = { timeout: 5_000 };
/** the app's boot and the back office's lazy chunks, on a machine other work shares */
const FIRST_SCREEN = { timeout: 25_000 };
/** the contacts' list as a reader left it: searched, sorted, filtered, the soft-deleted ones too, on page 2 */
const LIST_VIEW =
  '/admin/resources/light-users/index?search=Martin&sort=-lastActionAt&f.hasMailSubscription=true&f.locale=fr&trashed=with&page=2';

const contact = {
  type: 'light-users',
  id: CONTACT,
  attributes: {
    firstName: 'Ana',
    lastName: 'Martin',
    email: 'ana.martin@example.org',
    phone: null,
    jobOther: null,
    locale: 'fr',
    hasMailSubscription: true,
    adminOnlyNote: null,
    lastActionAt: null,
    fullName: 'Ana Martin',
    createdAt: '2031-03-01T09:00:00.000Z',
    updatedAt: '2031-03-01T09:00:00.000Z',
    deletedAt: null,
  },
  relationships: {
    job: { data: null },
    organization: { data: null },
    pulledUser: { data: null },
    adminTags: { data: [] },
  },
  meta: { version: '1' },
};

const report = (queryString: string) => ({
  type: 'light-user-reports',
  id: REPORT,
  attributes: {
    name: 'Subscribed, in French',
    description: null,
    queryString,
    createdAt: '2031-03-02T09:00:00.000Z',
    updatedAt: '2031-03-02T09:00:00.000Z',
  },
  relationships: {},
  meta: { version: '0' },
});

const refused = (attribute: string, detail: string) =>
  fakeJson(422, {
    errors: [
      {
        status: '422',
        code: 'validation.invalid',
        detail,
        source: { pointer: `/data/attributes/${attribute}` },
      },
    ],
  });

/** The contacts and their reports as the server keeps them; `answers` answer the saves first, in turn. */
function contactsServer({ queryString = '', answers = [] as Response[] } = {}) {
  const reads: FakeRequest[] = [];
  const writes: FakeRequest[] = [];
  const handlers = [
    route('GET', '/api/v1/light-users', () => fakeJson(200, { data: [contact], meta: listMeta(1) }), reads),
    route(
      'POST',
      '/api/v1/light-user-reports',
      () => answers.shift() ?? fakeJson(201, commandAnswer('light-user-reports', REPORT, '81')),
      writes,
    ),
    route(
      'GET',
      `/api/v1/light-user-reports/${REPORT}`,
      () => fakeJson(200, { data: report(queryString) }),
      reads,
    ),
    route(
      'GET',
      `/api/v1/admin-tags/${TAG}`,
      () => fakeJson(200, { data: { type: 'admin-tags', id: TAG, attributes: { name: 'Fair 2031' } } }),
      reads,
    ),
  ];
  return { handlers, reads, writes };
}

const savedAttributes = (request: FakeRequest) =>
  (request.body as { data: { type: string; attributes: Record<string, unknown> } }).data;

describe('saving the contacts’ list as a report', () => {
  it('keeps the list’s search, order and filters from its address, says so and leads to the report', async () => {
    consentDecided();
    const server = contactsServer();
    const user = userEvent.setup();
    renderApp(LIST_VIEW, { me: meDocument({ roles: ['app_admin'] }), handlers: server.handlers });
    const save = await screen.findByRole('button', { name: 'Save as a report' }, FIRST_SCREEN);
    await user.click(save);

    const dialog = await screen.findByRole('dialog', { name: 'Save this view of the contacts as a report' });
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe(
      'Save this view of the contacts as a report',
    );
    expect(within(dialog).getByRole('heading', { level: 3, name: 'What the report keeps' })).toBeTruthy();
    // what the report keeps, in the back office's words
    const keeps = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(keeps).toEqual([
      'Search: “Martin”',
      'Order: Last action, descending',
      'Receives the newsletter: Yes',
      'Language: Français',
      'Soft-deleted records: Show them too',
    ]);
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: /^Name/ })),
    );
    await user.keyboard('Subscribed, in French');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'For the Paris fair');
    await user.click(within(dialog).getByRole('button', { name: 'Save the report' }));

    await waitFor(() => expect(server.writes).toHaveLength(1), AFTER_COMMAND);
    const sent = savedAttributes(server.writes[0]!);
    expect(sent.type).toBe('light-user-reports');
    expect(sent.attributes).toEqual({
      name: 'Subscribed, in French',
      description: 'For the Paris fair',
      queryString:
        'search=Martin&sort=-lastActionAt&filter%5BhasMailSubscription%5D=true&filter%5Blocale%5D=fr&filter%5Btrashed%5D=with',
    });
    // one the server takes, in the contract's own order, the page left out
    const parsed = parseLightUserReportQuery(String(sent.attributes.queryString));
    expect(parsed.ok && lightUserReportSearch(parsed.query)).toBe(sent.attributes.queryString);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), AFTER_COMMAND);
    const status = screen
      .getAllByRole('status')
      .find((s) => s.textContent?.startsWith('Report “Subscribed, in French” saved.'));
    expect(status).toBeTruthy();
    expect(
      within(status!)
        .getByRole('link', { name: 'Open the report “Subscribed, in French”' })
        .getAttribute('href'),
    ).toBe(`/admin/resources/light-user-reports/show/${REPORT}?minPosition=81`);
    // the focus is back where the reader opened the dialog
    await waitFor(() => expect(document.activeElement).toBe(save));
  });

  it('asks for a name, then shows the server’s refusals on the name and on what the report keeps', async () => {
    consentDecided();
    const server = contactsServer({
      answers: [
        refused('name', 'A report of this name exists already'),
        refused('queryString', '"filter[locale]" is not a parameter of the contacts\' list'),
      ],
    });
    const user = userEvent.setup();
    renderApp('/admin/resources/light-users/index?f.locale=fr', {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: server.handlers,
    });
    await user.click(await screen.findByRole('button', { name: 'Save as a report' }, FIRST_SCREEN));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    const submit = within(dialog).getByRole('button', { name: 'Save the report' });

    await user.click(submit);
    expect(server.writes).toHaveLength(0);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(name)).toContain('Give the report a name.');
    await waitFor(() => expect(document.activeElement).toBe(name));

    await user.type(name, 'French');
    await user.click(submit);
    await waitFor(() => expect(server.writes).toHaveLength(1), AFTER_COMMAND);
    expect(savedAttributes(server.writes[0]!).attributes.queryString).toBe('filter%5Blocale%5D=fr');
    await waitFor(() => expect(describedBy(name)).toContain('A report of this name exists already'));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    // what was typed is kept, and the dialog stays
    expect((name as HTMLInputElement).value).toBe('French');

    await user.click(submit);
    await waitFor(() => expect(server.writes).toHaveLength(2), AFTER_COMMAND);
    const alert = await within(dialog).findByText(
      '"filter[locale]" is not a parameter of the contacts\' list',
      {},
      AFTER_COMMAND,
    );
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    // on what the report keeps, after it: not above the form as a refusal of nothing in particular
    const keeps = within(dialog).getByRole('heading', { name: 'What the report keeps' });
    expect(keeps.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('is offered to a viewer who may make contacts reports, and to no other', () => {
    const renderFor = (roles: string[]) =>
      render(
        <ThemeProvider theme={buildTheme(false, DEFAULT_ACCESSIBILITY)}>
          <IntlProvider locale="en" messages={allMessages('en')}>
            <SaveReportAction
              definition={lightUserResource}
              viewer={viewerFacts({ id: 'me-1', roles, isAdmin: false, effectiveAccessWeight: 0 })}
              search={{ search: null, sort: null, filters: {}, trashed: null }}
            />
          </IntlProvider>
        </ThemeProvider>,
      );
    const reader = renderFor(['editor']);
    expect(screen.queryByRole('button', { name: 'Save as a report' })).toBeNull();
    reader.unmount();
    renderFor(['app_admin']);
    expect(screen.getByRole('button', { name: 'Save as a report' })).toBeTruthy();
  });
});

describe('a contacts report’s screen', () => {
  it('says what the report keeps in words and opens the contacts’ list with it', async () => {
    consentDecided();
    const server = contactsServer({
      queryString: `?sort=-lastActionAt&search=Martin&filter[hasMailSubscription]=false&filter[locale]=fr&filter[adminTags]=${TAG}`,
    });
    const user = userEvent.setup();
    const { location } = renderApp(`/admin/resources/light-user-reports/show/${REPORT}`, {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: server.handlers,
    });
    const section = await screen.findByRole('region', { name: 'The contacts it shows' }, FIRST_SCREEN);
    await waitFor(() =>
      expect(
        within(section)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'Search: “Martin”',
        'Order: Last action, descending',
        'Admin tags: Fair 2031',
        'Receives the newsletter: No',
        'Language: Français',
      ]),
    );
    const open = within(section).getByRole('link', { name: 'Open the contacts' });
    expect(open.getAttribute('href')).toBe(
      `/admin/resources/light-users/index?search=Martin&sort=-lastActionAt&f.adminTags=${TAG}&f.hasMailSubscription=false&f.locale=fr`,
    );
    await user.click(open);
    // the list opens on the report's view, and asks the server for it
    await screen.findByRole('table', { name: /^Contacts/ }, FIRST_SCREEN);
    expect(location.history.at(-1)).toBe(open.getAttribute('href'));
    const asked = server.reads.filter((r) => r.url.pathname === '/api/v1/light-users').at(-1)!.url
      .searchParams;
    expect(asked.get('filter[search]')).toBe('Martin');
    expect(asked.get('sort')).toBe('-lastActionAt');
    expect(asked.get('filter[hasMailSubscription]')).toBe('false');
    expect(asked.get('filter[locale]')).toBe('fr');
    // the tag too, which the list's own filter names
    expect(asked.get('filter[adminTags]')).toBe(TAG);
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Admin tags' }) as HTMLInputElement).value).toBe(
        'Fair 2031',
      ),
    );
  });

  it('keeps only filters the list screen offers, so that the list opens as the report says', () => {
    expect([...LIST_FILTERS].sort()).toEqual(lightUserReportFilterNames().sort());
  });

  it('says the list’s own order and every contact when the report keeps nothing', async () => {
    consentDecided();
    const server = contactsServer({ queryString: '' });
    renderApp(`/admin/resources/light-user-reports/show/${REPORT}`, {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: server.handlers,
    });
    const section = await screen.findByRole('region', { name: 'The contacts it shows' }, FIRST_SCREEN);
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Order: the list’s own (Created on, descending)',
      'Every contact, with no search and no filter.',
    ]);
    expect(within(section).getByRole('link', { name: 'Open the contacts' }).getAttribute('href')).toBe(
      '/admin/resources/light-users/index',
    );
  });

  it('says so in words when the stored query no longer reads, and offers no list', async () => {
    consentDecided();
    const server = contactsServer({ queryString: 'filter[password]=x' });
    renderApp(`/admin/resources/light-user-reports/show/${REPORT}`, {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: server.handlers,
    });
    const section = await screen.findByRole('region', { name: 'The contacts it shows' }, FIRST_SCREEN);
    expect(
      within(section).getByText(
        'This report’s query can no longer be read ("filter[password]" is not a parameter of the contacts\' list). Edit the report, or save the list again as a new report.',
      ),
    ).toBeTruthy();
    expect(within(section).queryByRole('link', { name: 'Open the contacts' })).toBeNull();
    expect(within(section).queryByRole('listitem')).toBeNull();
  });
});

/** The texts a control is described by, in order. */
const describedBy = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
