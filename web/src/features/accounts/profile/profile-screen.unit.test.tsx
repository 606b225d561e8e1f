import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../kit/state/storage-keys.ts';
import { fakeJson, renderApp, type FakeRequest } from '../../../frame/testing/render-app.tsx';
import { commandAnswer, meDocument, meServer, referenceLists } from './testing.ts';

const decided = () =>
  localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ essentials: true, youtube: false }));

/** Records PATCH /users/u1 calls and answers them with `answer` (a command answer by default). */
function patchRecorder(
  answer: (request: FakeRequest) => Response = () => commandAnswer('users', 'u1', '42'),
) {
  const sent: FakeRequest[] = [];
  const handler = (request: FakeRequest) => {
    if (request.method !== 'PATCH' || request.url.pathname !== '/api/v1/users/u1') return undefined;
    sent.push(request);
    return answer(request);
  };
  return { sent, handler };
}

async function openProfile(me: unknown, ...handlers: Array<(r: FakeRequest) => Response | undefined>) {
  decided();
  const server = meServer(me);
  const view = renderApp('/account/profile', {
    me,
    handlers: [server.handler, referenceLists, ...handlers],
  });
  // the lazy screen is transformed on its first import in a run
  await screen.findByRole('heading', { level: 1, name: 'My profile' }, { timeout: 25_000 });
  return { ...view, server };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('the profile screen', () => {
  it('sends an anonymous visitor to sign-in with guarded=auth and the redirect URL', async () => {
    decided();
    const { location } = renderApp('/account/profile');
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe('/auth/sign-in?guarded=auth&redirectUrl=%2Faccount%2Fprofile'),
    );
  });

  it('saves the identity as a JSON:API document with If-Match, then reads the user at its position', async () => {
    const user = userEvent.setup();
    const patch = patchRecorder();
    const { server } = await openProfile(meDocument({}, { version: '7' }), patch.handler);
    const identity = section('Identity');
    const firstName = within(identity).getByRole('textbox', { name: /First name/ });
    await user.clear(firstName);
    await user.type(firstName, 'Grace');
    await user.type(within(identity).getByRole('textbox', { name: 'Phone' }), '+33 1 23 45 67 89');
    await user.click(within(identity).getByRole('button', { name: /Job/ }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await user.type(await within(identity).findByRole('textbox', { name: 'Your job' }), 'Ergonomist');
    await user.click(within(identity).getByRole('button', { name: /User category/ }));
    await user.click(await screen.findByRole('option', { name: 'Researcher' }));
    server.state.current = meDocument(
      { firstName: 'Grace', fullName: 'Grace Lovelace', phone: '+33 1 23 45 67 89', jobOther: 'Ergonomist' },
      { jobId: 'other', userCategoryId: 'researcher', version: '8' },
    );
    await user.click(within(identity).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your identity was saved.')).toBeTruthy();
    expect(patch.sent).toHaveLength(1);
    expect(patch.sent[0]!.headers.get('If-Match')).toBe('"7"');
    expect(patch.sent[0]!.body).toEqual({
      data: {
        type: 'users',
        id: 'u1',
        attributes: {
          firstName: 'Grace',
          lastName: 'Lovelace',
          phone: '+33 1 23 45 67 89',
          description: null,
          organizationName: null,
          jobOther: 'Ergonomist',
        },
        relationships: {
          job: { data: { type: 'jobs', id: 'other' } },
          userCategory: { data: { type: 'user-categories', id: 'researcher' } },
        },
      },
    });
    await waitFor(() => expect(server.state.positions).toContain('42'));
    expect(within(identity).queryByRole('button', { name: 'Discard changes' })).toBeNull();
  });

  it('puts a 422 on its field and keeps what was typed', async () => {
    const user = userEvent.setup();
    const patch = patchRecorder(() =>
      fakeJson(422, {
        errors: [
          {
            status: '422',
            code: 'validation.invalid',
            detail: 'String must contain at most 255 character(s)',
            source: { pointer: '/data/attributes/lastName' },
          },
        ],
      }),
    );
    await openProfile(meDocument(), patch.handler);
    const identity = section('Identity');
    const lastName = within(identity).getByRole('textbox', { name: /Last name/ });
    await user.type(lastName, ' the second');
    await user.click(within(identity).getByRole('button', { name: 'Save' }));

    expect(await within(identity).findByText('String must contain at most 255 character(s)')).toBeTruthy();
    expect((lastName as HTMLInputElement).value).toBe('Lovelace the second');
    expect(lastName.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(lastName));
  });

  it('checks required names before calling the server', async () => {
    const user = userEvent.setup();
    const patch = patchRecorder();
    await openProfile(meDocument(), patch.handler);
    const identity = section('Identity');
    await user.clear(within(identity).getByRole('textbox', { name: /First name/ }));
    await user.click(within(identity).getByRole('button', { name: 'Save' }));
    expect(await within(identity).findByText('This field is required.')).toBeTruthy();
    expect(patch.sent).toHaveLength(0);
  });

  it('sends secondary e-mails trimmed, blank lines dropped, and shows what the server stored', async () => {
    const user = userEvent.setup();
    const patch = patchRecorder();
    const { server } = await openProfile(meDocument(), patch.handler);
    const emails = section('E-mail addresses');
    const secondary = within(emails).getByRole('textbox', { name: 'Secondary e-mail addresses' });
    await user.type(secondary, '   work@Bücher.example  {Enter}{Enter}   {Enter} second@example.org {Enter}');
    server.state.current = meDocument({
      secondaryEmailsString: 'work@xn--bcher-kva.example\nsecond@example.org',
    });
    await user.click(within(emails).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your e-mail addresses were saved.')).toBeTruthy();
    expect(patch.sent[0]!.body).toEqual({
      data: {
        type: 'users',
        id: 'u1',
        attributes: { secondaryEmailsString: 'work@Bücher.example\nsecond@example.org' },
      },
    });
    await waitFor(() =>
      expect((secondary as HTMLTextAreaElement).value).toBe('work@xn--bcher-kva.example\nsecond@example.org'),
    );
  });

  it('names the lines that are not addresses, without calling the server', async () => {
    const user = userEvent.setup();
    const patch = patchRecorder();
    await openProfile(meDocument(), patch.handler);
    const emails = section('E-mail addresses');
    const secondary = within(emails).getByRole('textbox', { name: 'Secondary e-mail addresses' });
    await user.type(secondary, 'ok@example.org{Enter}{Enter}not an address');
    await user.click(within(emails).getByRole('button', { name: 'Save' }));
    expect(await within(emails).findByText('Not a valid e-mail address on line 3.')).toBeTruthy();
    expect(patch.sent).toHaveLength(0);
    expect((secondary as HTMLTextAreaElement).value).toBe('ok@example.org\n\nnot an address');
  });

  it('sends a new main address and shows a taken one on the field (409)', async () => {
    const user = userEvent.setup();
    const patch = patchRecorder(() =>
      fakeJson(409, {
        errors: [
          {
            status: '409',
            code: 'conflict.duplicate_email',
            detail: 'taken',
            source: { pointer: '/data/attributes/email' },
          },
        ],
      }),
    );
    await openProfile(meDocument(), patch.handler);
    const emails = section('E-mail addresses');
    const email = within(emails).getByRole('textbox', { name: /Main e-mail address/ });
    await user.clear(email);
    await user.type(email, 'grace@example.org');
    expect(within(emails).getByText(/we send a verification link to the new address/)).toBeTruthy();
    await user.click(within(emails).getByRole('button', { name: 'Save' }));
    expect(
      await within(emails).findByText('This e-mail address is already used by another account.'),
    ).toBeTruthy();
    expect(patch.sent[0]!.body).toEqual({
      data: {
        type: 'users',
        id: 'u1',
        attributes: { email: 'grace@example.org', secondaryEmailsString: '' },
      },
    });
    expect((email as HTMLInputElement).value).toBe('grace@example.org');
  });

  it('saves notification preferences, locales and time zone, then switches the interface language', async () => {
    const user = userEvent.setup();
    const patch = patchRecorder();
    const { server } = await openProfile(meDocument(), patch.handler);
    const preferences = section('Preferences');
    await user.click(within(preferences).getByRole('switch', { name: 'Comments' }));
    await user.click(within(preferences).getByRole('button', { name: /Language/ }));
    await user.click(await screen.findByRole('option', { name: 'Français' }));
    await user.click(within(preferences).getByRole('button', { name: /Editing language/ }));
    await user.click(await screen.findByRole('option', { name: 'Italiano' }));
    const zone = within(preferences).getByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'new york');
    await user.click(await screen.findByRole('option', { name: 'America/New York' }));
    server.state.current = meDocument({
      notificationsPreferences: { comments: false },
      locale: 'fr',
      editionLocale: 'it',
      timezone: 'America/New_York',
    });
    await user.click(within(preferences).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your preferences were saved.')).toBeTruthy();
    expect(patch.sent[0]!.body).toEqual({
      data: {
        type: 'users',
        id: 'u1',
        attributes: {
          notificationsPreferences: {
            forum_replies: true,
            comments: false,
            publication_requests: true,
            validation_requests: true,
            rental_commands: true,
            newsletter: true,
          },
          locale: 'fr',
          editionLocale: 'it',
          timezone: 'America/New_York',
        },
      },
    });
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('fr'));
  }, 30_000);

  it('changes the password with the current one and puts a wrong one on its field', async () => {
    const user = userEvent.setup();
    const patch = patchRecorder(() =>
      fakeJson(422, {
        errors: [
          {
            status: '422',
            code: 'validation.invalid_credentials',
            detail: 'The current password is not correct',
            source: { pointer: '/data/attributes/oldPassword' },
          },
        ],
      }),
    );
    await openProfile(meDocument(), patch.handler);
    const password = section('Password');
    const current = within(password).getByLabelText(/Current password/);
    expect(current.getAttribute('autocomplete')).toBe('current-password');
    await user.type(current, 'wrong one');
    await user.type(within(password).getByLabelText(/^New password/), 'another long one');
    await user.type(within(password).getByLabelText(/Confirm the new password/), 'another long one');
    await user.click(within(password).getByRole('button', { name: 'Change the password' }));

    expect(await within(password).findByText('The current password is not correct.')).toBeTruthy();
    expect(patch.sent[0]!.body).toEqual({
      data: {
        type: 'users',
        id: 'u1',
        attributes: { password: 'another long one', oldPassword: 'wrong one' },
      },
    });
    expect((current as HTMLInputElement).value).toBe('wrong one');
  });

  it('refuses a confirmation that does not match before calling the server', async () => {
    const user = userEvent.setup();
    const patch = patchRecorder();
    await openProfile(meDocument(), patch.handler);
    const password = section('Password');
    await user.type(within(password).getByLabelText(/Current password/), 'correct horse battery');
    await user.type(within(password).getByLabelText(/^New password/), 'another long one');
    await user.type(within(password).getByLabelText(/Confirm the new password/), 'another long two');
    await user.click(within(password).getByRole('button', { name: 'Change the password' }));
    expect(await within(password).findByText('The two passwords do not match.')).toBeTruthy();
    expect(patch.sent).toHaveLength(0);
  });

  it('switches the organization the user acts for and reads the user at its position', async () => {
    const user = userEvent.setup();
    const organizations = [
      { id: '11111111-1111-4111-8111-111111111111', name: 'Lab One', accessLevel: 'member_level_1' },
      { id: '22222222-2222-4222-8222-222222222222', name: 'Lab Two', accessLevel: null },
    ];
    const sent: FakeRequest[] = [];
    const switchHandler = (request: FakeRequest) => {
      if (!request.url.pathname.endsWith('/relationships/acting-as-organization')) return undefined;
      sent.push(request);
      return commandAnswer('users', 'u1', '77');
    };
    const { server } = await openProfile(meDocument({}, { organizations }), switchHandler);
    const region = section('Organizations');
    expect(within(region).getByText('Lab One: Member, level 1')).toBeTruthy();
    expect(within(region).getByText('Lab Two: no access level')).toBeTruthy();
    await user.click(within(region).getByRole('radio', { name: 'Lab Two' }));
    server.state.current = meDocument({}, { organizations, acting: organizations[1]!.id });
    await user.click(within(region).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The organization you act for was changed.')).toBeTruthy();
    expect(sent[0]!.method).toBe('PATCH');
    expect(sent[0]!.url.pathname).toBe('/api/v1/users/u1/relationships/acting-as-organization');
    expect(sent[0]!.body).toEqual({ data: { type: 'organizations', id: organizations[1]!.id } });
    await waitFor(() => expect(server.state.positions).toContain('77'));
    expect((within(region).getByRole('radio', { name: 'Lab Two' }) as HTMLInputElement).checked).toBe(true);
  });

  it('hides the organizations section when the features are off', async () => {
    decided();
    const me = meDocument({}, { organizations: [{ id: 'o1', name: 'Lab One', accessLevel: null }] });
    renderApp('/account/profile', {
      me,
      features: { userOrganizations: false },
      handlers: [referenceLists],
    });
    await screen.findByRole('heading', { level: 1, name: 'My profile' });
    expect(screen.queryByRole('region', { name: 'Organizations' })).toBeNull();
  });

  it('reads the account again after a version conflict, keeping what was typed', async () => {
    const user = userEvent.setup();
    const patch = patchRecorder(() =>
      fakeJson(409, {
        errors: [{ status: '409', code: 'conflict.wrong_expected_version', detail: 'stale' }],
      }),
    );
    const { server } = await openProfile(meDocument({}, { version: '7' }), patch.handler);
    const identity = section('Identity');
    const phone = within(identity).getByRole('textbox', { name: 'Phone' });
    await user.type(phone, '0102');
    server.state.current = meDocument({}, { version: '9' });
    const reads = server.state.positions.length;
    await user.click(within(identity).getByRole('button', { name: 'Save' }));

    const alert = await within(identity).findByText(/Your account was changed elsewhere/);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(server.state.positions.length).toBeGreaterThan(reads);
    expect((phone as HTMLInputElement).value).toBe('0102');
    await user.click(within(identity).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patch.sent.at(-1)!.headers.get('If-Match')).toBe('"9"'));
  });

  it('after a new main address is saved, goes to e-mail verification without asking to leave', async () => {
    const user = userEvent.setup();
    const patch = patchRecorder();
    const { server, location } = await openProfile(meDocument(), patch.handler);
    const emails = section('E-mail addresses');
    const email = within(emails).getByRole('textbox', { name: /Main e-mail address/ });
    await user.clear(email);
    await user.type(email, 'grace@example.org');
    server.state.current = meDocument({ email: 'grace@example.org', emailVerifiedAt: null });
    await user.click(within(emails).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/auth/email/verify'));
    expect(screen.queryByRole('alertdialog', { name: 'Leave this page?' })).toBeNull();
  });

  it('asks before leaving with unsaved edits', async () => {
    const user = userEvent.setup();
    const { location } = await openProfile(meDocument());
    await user.type(within(section('Identity')).getByRole('textbox', { name: 'Phone' }), '0102');
    await user.click(screen.getByRole('link', { name: 'Site map' }));
    expect(await screen.findByRole('alertdialog', { name: 'Leave this page?' })).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/account/profile');
  });
});
