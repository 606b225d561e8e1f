import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../frame/testing/render-app.tsx';
import { STORAGE_KEYS } from '../../kit/state/storage-keys.ts';
import { contactsServer, FORM_ID, FORM_TOKEN, formPath } from './testing.ts';

const decided = () =>
  localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ essentials: true, youtube: false }));

async function openForm(server: ReturnType<typeof contactsServer>, path = formPath()) {
  decided();
  const view = renderApp(path, { handlers: [server.handler] });
  await screen.findByRole('heading', { level: 1 }, { timeout: 25_000 });
  return view;
}

const field = (name: RegExp | string) => screen.getByRole('textbox', { name });
/** the page's own alert (the shell keeps an empty one for its toasts) */
const pageAlert = () => within(screen.getByRole('main')).findByRole('alert');

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('First name (required)'), 'Ana');
  await user.type(field('Last name (required)'), 'Pop');
  await user.type(field('E-mail address (required)'), 'ana.pop@example.org');
}

describe('the public light-user form', () => {
  it('shows what the form asks, and sends what was typed with the captcha solved in the background', async () => {
    const user = userEvent.setup();
    const server = contactsServer({ defaultJob: 'teacher' });
    await openForm(server, formPath(FORM_TOKEN, '&utm_source=fair&utm_campaign=autumn'));
    expect(screen.getByRole('heading', { level: 1, name: 'Autumn fair: stay in touch' })).toBeTruthy();
    expect(screen.getByText('Country: France')).toBeTruthy();
    expect(screen.getByText(/We met at the fair\./)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Autumn fair: stay in touch' })).toBeTruthy();
    // each field with a visible label, the required ones marked in it
    expect(field('Phone number')).toBeTruthy();
    expect(field('Organization name (required)').getAttribute('aria-required')).toBe('true');
    expect(field('Department or unit')).toBeTruthy();
    expect(field('Postal address').tagName).toBe('TEXTAREA');
    // the form's own job proposed; no message nor newsletter where the form offers none
    expect(screen.getByRole('button', { name: /Job/ }).textContent).toContain('Teacher');
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(document.title).toContain('Autumn fair: stay in touch');

    await fillIn(user);
    await user.type(field('Organization name (required)'), 'Cluj rehabilitation centre');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Answer sent' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByText('Thank you: your details have been received.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();

    expect(server.state.accepted).toHaveLength(1);
    const sent = server.state.accepted[0]!.data;
    expect(sent.attributes).toMatchObject({
      token: FORM_TOKEN,
      userFirstName: 'Ana',
      userLastName: 'Pop',
      userEmail: 'ana.pop@example.org',
      userPhone: null,
      organizationName: 'Cluj rehabilitation centre',
      message: null,
      userHasMailSubscription: false,
      locale: 'en',
      utm: { source: 'fair', campaign: 'autumn' },
    });
    expect(sent.attributes.captcha?.challenge.parameters).toMatchObject({ data: { scope: FORM_ID } });
    expect(sent.relationships).toEqual({ userJob: { data: { type: 'jobs', id: 'teacher' } } });
    expect(server.state.idempotencyKeys[0]).toMatch(/.+/);

    // a second visitor at the same screen fills it in anew
    await user.click(screen.getByRole('button', { name: 'Fill in the form again' }));
    const firstName = await screen.findByRole('textbox', { name: 'First name (required)' });
    expect((firstName as HTMLInputElement).value).toBe('');
    // the next visitor starts at the first field
    await waitFor(() => expect(document.activeElement).toBe(firstName));
  });

  it('offers the message and the newsletter where the form does, and asks the job’s words for “other”', async () => {
    const user = userEvent.setup();
    const server = contactsServer({
      allowMessage: true,
      isSubscriptionForm: true,
      allowNoOrganization: true,
    });
    await openForm(server);
    expect(field('Organization name').getAttribute('aria-required')).toBeNull();
    await fillIn(user);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Do you lend eye-gaze devices?');
    await user.click(screen.getByRole('checkbox', { name: 'Send me the newsletter' }));
    expect(screen.queryByRole('textbox', { name: /Your job/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Job/ }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await user.type(
      await screen.findByRole('textbox', { name: 'Your job, in your own words (required)' }),
      'Orthotist',
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('heading', { level: 2, name: 'Answer sent' });
    expect(server.state.accepted[0]!.data.attributes).toMatchObject({
      message: 'Do you lend eye-gaze devices?',
      userHasMailSubscription: true,
      userJobOther: 'Orthotist',
      organizationName: null,
    });
    expect(server.state.accepted[0]!.data.relationships).toEqual({
      userJob: { data: { type: 'jobs', id: 'other' } },
    });
  });

  it('says on each field what is missing before sending, and moves focus to the first', async () => {
    const user = userEvent.setup();
    const server = contactsServer();
    await openForm(server);
    await user.type(field('E-mail address (required)'), 'ana@');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const first = field('First name (required)');
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(first.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getAllByText('This field is required.')).toHaveLength(3);
    expect(screen.getByText('Enter an e-mail address, such as name@example.org.')).toBeTruthy();
    expect(server.state.posted).toEqual([]);
    // what is fixed loses its message
    await user.type(first, 'Ana');
    expect(first.getAttribute('aria-invalid')).toBeNull();
  });

  it('puts the server’s refusal on its field and moves focus there', async () => {
    const user = userEvent.setup();
    const server = contactsServer({ allowNoOrganization: true });
    server.state.answers.push({
      status: 422,
      errors: [{ code: 'validation.invalid', pointer: '/data/attributes/userPhone', detail: 'Too long' }],
    });
    await openForm(server);
    await fillIn(user);
    await user.type(field('Phone number'), '+40 123');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const phone = field('Phone number');
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Check what you wrote here.')).toBeTruthy();
    expect((field('First name (required)') as HTMLInputElement).value).toBe('Ana');
  });

  it('renews a spent captcha without losing what was typed, and takes the resend', async () => {
    const user = userEvent.setup();
    const server = contactsServer({ allowNoOrganization: true });
    server.state.answers.push({
      status: 422,
      errors: [
        {
          code: 'validation.invalid',
          pointer: '/data/attributes/captcha',
          detail: 'The anti-spam check has expired: send the form again',
        },
      ],
    });
    await openForm(server);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await pageAlert();
    expect(alert.textContent).toContain('The automatic anti-spam check did not pass.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    // the page read again for a fresh challenge
    await waitFor(() => expect(server.state.reads).toBe(2));
    expect((field('E-mail address (required)') as HTMLInputElement).value).toBe('ana.pop@example.org');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('heading', { level: 2, name: 'Answer sent' });
    const [first, second] = server.state.posted.map((p) => p.data.attributes.captcha?.challenge.signature);
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
  });

  it('says in its alert that the address has already answered, and moves focus there', async () => {
    const user = userEvent.setup();
    const server = contactsServer({ allowNoOrganization: true, onlyOneInput: true });
    server.state.answers.push({ status: 409, errors: [{ code: 'conflict.form_already_submitted' }] });
    await openForm(server);
    expect(screen.getByText('This form takes one answer per e-mail address.')).toBeTruthy();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await pageAlert();
    expect(alert.textContent).toBe(
      'This e-mail address has already answered this form, which takes one answer per address.',
    );
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });

  it.each([
    ['offline', null, /^This form is closed: it no longer takes answers\.$/],
    [
      'expired',
      '2026-03-01T09:30:00.000Z',
      /^This form closed on March 1, 2026 .+: it no longer takes answers\.$/,
    ],
  ] as const)(
    'says why a form closed %s takes nothing, and shows no field',
    async (closed, expiresAt, text) => {
      const server = contactsServer({ closed, expiresAt });
      await openForm(server);
      expect(screen.getByRole('heading', { level: 1, name: 'Autumn fair: stay in touch' })).toBeTruthy();
      expect(screen.getByText(text)).toBeTruthy();
      expect(screen.queryByRole('form')).toBeNull();
      expect(screen.queryByRole('textbox')).toBeNull();
    },
  );

  it('says a wrong link opens no form', async () => {
    const server = contactsServer();
    await openForm(server, formPath('wrongToken_0123456789abcdefghijk'));
    expect(screen.getByRole('heading', { level: 1, name: 'Form not found' })).toBeTruthy();
    expect(within(await pageAlert()).getByText(/This link does not open any form/)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
