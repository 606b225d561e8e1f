import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';
import {
  commandAnswer,
  consentDecided,
  FIRST_RENDER,
  meDocument,
  route,
} from '../../kit/admin/admin-testing.ts';

const FORM = '0d000000-0000-4000-8000-0000000000a1';
const INPUT = '0d000000-0000-4000-8000-0000000000b2';
const CONTACT = '0d000000-0000-4000-8000-0000000000c3';
const TOKEN = 'Zx8_q2Lm-Rt5vW9yB3nD6fH1jK4pS7uA';
const AFTER_COMMAND = { timeout: 5_000 };

const form = (attributes: Record<string, unknown> = {}) => ({
  type: 'light-user-forms',
  id: FORM,
  attributes: {
    title: 'Fair 2031',
    description: null,
    token: TOKEN,
    onlyOneInput: false,
    isOffline: false,
    isCaptchaProtected: true,
    isSubscriptionForm: true,
    allowNoOrganization: false,
    allowMessage: false,
    country: null,
    adminOnlyNote: null,
    expiresAt: null,
    inputsCount: 3,
    createdAt: '2031-03-01T09:00:00.000Z',
    updatedAt: '2031-03-01T09:00:00.000Z',
    deletedAt: null,
    ...attributes,
  },
  relationships: {
    defaultJob: { data: null },
    mailingTemplate: { data: null },
    adminTags: { data: [] },
    notifiedUsers: { data: [] },
  },
  meta: { version: '2' },
});

/** A contact form as the server keeps it: a save changes it, after which the reads see it. */
function formServer() {
  const state = { form: form() };
  const reads: FakeRequest[] = [];
  const writes: FakeRequest[] = [];
  const handlers = [
    route('GET', `/api/v1/light-user-forms/${FORM}`, () => fakeJson(200, { data: state.form }), reads),
    route(
      'POST',
      '/api/v1/light-user-forms',
      () => fakeJson(201, commandAnswer('light-user-forms', FORM, '51')),
      writes,
    ),
    route(
      'PATCH',
      `/api/v1/light-user-forms/${FORM}`,
      () => {
        // an emptied token is made anew by the platform
        state.form = form({ token: 'nEw7_t0k3n-m4d3-by-th3-pl4tf0rm-X' });
        return fakeJson(200, commandAnswer('light-user-forms', FORM, '52'));
      },
      writes,
    ),
  ];
  return { handlers, reads, writes };
}

describe('a contact form’s screen in the back office', () => {
  it('shows its public link whole, copies it and says so, and opens the form in a new tab', async () => {
    consentDecided();
    const server = formServer();
    const user = userEvent.setup();
    // after user-event's setup, which puts a clipboard of its own in place
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const show = `/admin/resources/light-user-forms/show/${FORM}`;
    const { location } = renderApp(show, {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: server.handlers,
    });
    const url = `${window.location.origin}/services/forms/${FORM}?t=${TOKEN}`;
    const field = await screen.findByRole('textbox', { name: 'Link to give to visitors' }, FIRST_RENDER);
    expect((field as HTMLInputElement).value).toBe(url);
    expect((field as HTMLInputElement).readOnly).toBe(true);

    const status = within(screen.getByRole('region', { name: 'Public link' })).getByRole('status');
    expect(status.textContent).toBe('');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(url);
    await waitFor(() => expect(status.textContent).toBe('Link copied'));

    const open = screen.getByRole('link', { name: /^Open the form\s*\(opens in a new tab\)$/ });
    expect(open.getAttribute('href')).toBe(url);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')?.split(' ')).toContain('noopener');
    // the form opens beside the back office, which stays where it was
    await user.click(open);
    expect(location.history).toEqual([show]);
    for (const label of ['Title', 'Link key', 'Anti-spam check', 'Answers', 'Members told of each answer'])
      expect(screen.getAllByText(label).length, label).toBeGreaterThan(0);
  });

  it('says when the link cannot be copied, so that the reader copies it from the field', async () => {
    consentDecided();
    const server = formServer();
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp(`/admin/resources/light-user-forms/show/${FORM}`, {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: server.handlers,
    });
    await user.click(await screen.findByRole('button', { name: 'Copy link' }, FIRST_RENDER));
    const section = screen.getByRole('region', { name: 'Public link' });
    await waitFor(() =>
      expect(within(section).getByRole('status').textContent).toBe(
        'The link could not be copied: select it in the field and copy it yourself.',
      ),
    );
  });
});

describe('a contact form’s forms in the back office', () => {
  it('never asks for the link key of a new form: the platform makes it', async () => {
    consentDecided();
    const server = formServer();
    renderApp('/admin/resources/light-user-forms/create', {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: server.handlers,
    });
    const title = await screen.findByRole('textbox', { name: 'Title (required)' }, FIRST_RENDER);
    expect(screen.queryByRole('textbox', { name: /Link key/ })).toBeNull();
    await userEvent.type(title, 'Fair 2032');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.writes).toHaveLength(1), AFTER_COMMAND);
    const sent = (server.writes[0]!.body as { data: { attributes: Record<string, unknown> } }).data
      .attributes;
    expect(sent.title).toBe('Fair 2032');
    expect(sent).not.toHaveProperty('token');
  });

  it('shows the link key of a form on one line with what emptying it does, and sends null when it is emptied', async () => {
    consentDecided();
    const server = formServer();
    renderApp(`/admin/resources/light-user-forms/update/${FORM}`, {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: server.handlers,
    });
    const key = await screen.findByRole('textbox', { name: 'Link key' }, FIRST_RENDER);
    expect(key.tagName).toBe('INPUT');
    expect((key as HTMLInputElement).value).toBe(TOKEN);
    const described = (key.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(described).toContain('Empty it to make a new link; the old one then stops working.');
    await userEvent.clear(key);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.writes).toHaveLength(1), AFTER_COMMAND);
    expect(server.writes[0]!.body).toEqual({
      data: { type: 'light-user-forms', id: FORM, attributes: { token: null } },
    });
    // the form's screen then shows the new link the platform made
    const field = await screen.findByRole('textbox', { name: 'Link to give to visitors' }, AFTER_COMMAND);
    await waitFor(() =>
      expect((field as HTMLInputElement).value).toContain('?t=nEw7_t0k3n-m4d3-by-th3-pl4tf0rm-X'),
    );
  });
});

const input = (attributes: Record<string, unknown> = {}, relationships: Record<string, unknown> = {}) => ({
  type: 'light-user-form-inputs',
  id: INPUT,
  attributes: {
    userFirstName: 'Ana',
    userLastName: 'Pop',
    userEmail: 'ana.pop@example.org',
    userPhone: null,
    userHasMailSubscription: true,
    userJobOther: null,
    organizationName: 'Casa Verde',
    organizationUnitName: null,
    organizationContactAddress: null,
    message: null,
    locale: 'ro',
    utm: null,
    handledAt: null,
    createdAt: '2031-03-02T09:00:00.000Z',
    updatedAt: '2031-03-02T09:00:00.000Z',
    deletedAt: null,
    ...attributes,
  },
  relationships: {
    form: { data: { type: 'light-user-forms', id: FORM } },
    userJob: { data: null },
    createdLightUser: { data: null },
    matchingLightUser: { data: null },
    ...relationships,
  },
  meta: { version: '1' },
});
const contact = (email: string) => ({ type: 'light-users', id: CONTACT, attributes: { email } });
const HANDLE = `/api/v1/services/light-user-form-inputs/${INPUT}/handle`;

/**
 * An answer as the server keeps it: handling it makes a contact (or keeps the one with its address, `matching`),
 * after which the reads at the command's position see it handled.
 */
function inputServer({ matching = false, answers = [] as Response[] } = {}) {
  const state = { handled: false };
  const reads: FakeRequest[] = [];
  const writes: FakeRequest[] = [];
  const link = { data: { type: 'light-users', id: CONTACT } };
  const read = () =>
    state.handled
      ? {
          data: input(
            { handledAt: '2031-03-03T10:30:00.000Z' },
            matching ? { matchingLightUser: link } : { createdLightUser: link },
          ),
          included: [contact(matching ? 'kept@example.org' : 'ana.pop@example.org')],
        }
      : {
          data: input({}, matching ? { matchingLightUser: link } : {}),
          included: matching ? [contact('kept@example.org')] : [],
        };
  const handlers = [
    route('GET', `/api/v1/light-user-form-inputs/${INPUT}`, () => fakeJson(200, read()), reads),
    route(
      'POST',
      HANDLE,
      () => {
        const next = answers.shift();
        state.handled = true;
        if (next) return next;
        return fakeJson(201, {
          data: { type: 'light-users', id: CONTACT },
          meta: { position: '71', created: !matching },
        });
      },
      writes,
    ),
  ];
  return { handlers, reads, writes, state };
}

describe('a contact form answer’s screen in the back office', () => {
  it('adds the answer to the contacts, says so and leads to the contact made', async () => {
    consentDecided();
    const server = inputServer();
    renderApp(`/admin/resources/light-user-form-inputs/show/${INPUT}`, {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: server.handlers,
    });
    const add = await screen.findByRole('button', { name: 'Add to contacts' }, FIRST_RENDER);
    expect(screen.getByText(/No contact had this e-mail address when the answer came/)).toBeTruthy();
    await userEvent.click(add);

    const section = screen.getByRole('region', { name: 'Follow-up' });
    await waitFor(
      () =>
        expect(within(section).getByRole('status').textContent).toBe(
          'Added to the contacts: ana.pop@example.org.',
        ),
      AFTER_COMMAND,
    );
    expect(server.writes).toHaveLength(1);
    expect(server.writes[0]!.body).toBeUndefined();
    expect(
      within(section)
        .getByRole('link', { name: 'Open the contact “ana.pop@example.org”' })
        .getAttribute('href'),
    ).toBe(`/admin/resources/light-users/show/${CONTACT}`);
    // the screen is read again at the command's position; the button leaves with the waiting answer
    await waitFor(() => expect(server.reads.at(-1)!.url.searchParams.get('minPosition')).toBe('71'));
    expect(screen.queryByRole('button', { name: 'Add to contacts' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Follow-up' })),
    );
  });

  it('keeps the contact that had the address, and says so', async () => {
    consentDecided();
    const server = inputServer({ matching: true });
    renderApp(`/admin/resources/light-user-form-inputs/show/${INPUT}`, {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: server.handlers,
    });
    const mark = await screen.findByRole('button', { name: 'Mark handled' }, FIRST_RENDER);
    expect(screen.getByText(/A contact already had this e-mail address/)).toBeTruthy();
    await userEvent.click(mark);
    const section = screen.getByRole('region', { name: 'Follow-up' });
    await waitFor(
      () =>
        expect(within(section).getByRole('status').textContent).toBe(
          'Handled: the contact kept@example.org was kept.',
        ),
      AFTER_COMMAND,
    );
    expect(
      within(section).getByRole('link', { name: 'Open the contact “kept@example.org”' }).getAttribute('href'),
    ).toBe(`/admin/resources/light-users/show/${CONTACT}`);
  });

  it('says when someone else handled the answer meanwhile (409), and shows it handled', async () => {
    consentDecided();
    const server = inputServer({
      answers: [
        fakeJson(409, {
          errors: [{ status: '409', code: 'conflict.input_handled', detail: 'The input is handled already' }],
        }),
      ],
    });
    renderApp(`/admin/resources/light-user-form-inputs/show/${INPUT}`, {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: server.handlers,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add to contacts' }, FIRST_RENDER));
    const alert = await screen.findByText(
      'This answer had already been handled, perhaps by someone else just now. The screen now shows how.',
      {},
      AFTER_COMMAND,
    );
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add to contacts' })).toBeNull());
    expect(screen.getByText(/^Handled on /)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the contact “ana.pop@example.org”' })).toBeTruthy();
  });

  it('offers nothing to do once the answer is handled, but the way to its contact', async () => {
    consentDecided();
    const server = inputServer();
    server.state.handled = true;
    renderApp(`/admin/resources/light-user-form-inputs/show/${INPUT}`, {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: server.handlers,
    });
    const section = await screen.findByRole('region', { name: 'Follow-up' }, FIRST_RENDER);
    expect(within(section).getByText(/^Handled on /)).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
    expect(
      within(section)
        .getByRole('link', { name: 'Open the contact “ana.pop@example.org”' })
        .getAttribute('href'),
    ).toBe(`/admin/resources/light-users/show/${CONTACT}`);
    for (const label of ['E-mail address', 'Handled on', 'Contact made from it', 'Contact with this address'])
      expect(screen.getAllByText(label).length, label).toBeGreaterThan(0);
  });
});
