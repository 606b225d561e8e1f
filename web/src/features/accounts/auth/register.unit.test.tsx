import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp, type FakeRequest } from '../../../frame/testing/render-app.tsx';
import { consentDecided, errorAnswer, meDocument, recorder } from './testing.ts';

const PASSWORD = 'a long enough password';

function registerFlow(answer: () => Response) {
  let registered = false;
  const calls = recorder();
  const handlers = [
    calls.on('POST', '/auth/register', () => {
      const response = answer();
      registered = response.ok;
      return response;
    }),
    (request: FakeRequest) =>
      request.url.pathname === '/api/v1/users/me' && registered
        ? fakeJson(200, meDocument({ emailVerifiedAt: null, validatedAt: null }))
        : undefined,
  ];
  return { handlers, seen: calls.seen };
}

async function fillForm(user: ReturnType<typeof userEvent.setup>, confirmation = PASSWORD) {
  await user.type(await screen.findByRole('textbox', { name: /First name/ }, { timeout: 25_000 }), 'Grace');
  await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Hopper');
  await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'grace@example.org');
  await user.type(screen.getByLabelText(/^Password/), PASSWORD);
  await user.type(screen.getByLabelText(/^Confirm the password/), confirmation);
}

describe('/auth/register', () => {
  it('registers in the interface language and goes on to e-mail verification', async () => {
    consentDecided();
    const user = userEvent.setup();
    const flow = registerFlow(() =>
      fakeJson(201, {
        state: 'authenticated',
        redirectTo: 'account.profile',
        data: { type: 'users', id: 'u1' },
        meta: { position: '7' },
      }),
    );
    const { location } = renderApp('/auth/register', { handlers: flow.handlers });
    await fillForm(user);
    expect(screen.getByText('At least 10 characters.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/auth/email/verify'));
    expect(flow.seen[0]!.body).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.org',
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      locale: 'en',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your mailbox' })).toBeTruthy();
  }, 30_000);

  it('puts a taken address (409) on the e-mail field', async () => {
    consentDecided();
    const user = userEvent.setup();
    const flow = registerFlow(() => errorAnswer(409, 'conflict.duplicate_email', '/email'));
    renderApp('/auth/register', { handlers: flow.handlers });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    const email = screen.getByRole('textbox', { name: /E-mail address/ });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(
      screen.getByText('An account already uses this e-mail address. Sign in, or ask for a new password.'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(email);
    expect((screen.getByRole('textbox', { name: /First name/ }) as HTMLInputElement).value).toBe('Grace');
  });

  it('puts the server pointers of a 422 on their fields', async () => {
    consentDecided();
    const user = userEvent.setup();
    const flow = registerFlow(() =>
      fakeJson(422, {
        errors: [
          { status: '422', code: 'validation.invalid', detail: 'x', source: { pointer: '/lastName' } },
          { status: '422', code: 'validation.required', detail: 'y', source: { pointer: '/firstName' } },
        ],
      }),
    );
    renderApp('/auth/register', { handlers: flow.handlers });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    const first = screen.getByRole('textbox', { name: /First name/ });
    await waitFor(() => expect(first.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('textbox', { name: /Last name/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This value is not valid.')).toBeTruthy();
    // the first invalid field in the form's order gets focus
    expect(document.activeElement).toBe(first);
  });

  it('checks the password length and its confirmation before sending', async () => {
    consentDecided();
    const user = userEvent.setup();
    const flow = registerFlow(() => fakeJson(201, { state: 'authenticated' }));
    renderApp('/auth/register', { handlers: flow.handlers });
    await fillForm(user, 'something else entirely');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('The two passwords do not match.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Confirm the password/));
    expect(flow.seen).toHaveLength(0);
  });

  it('says to wait when registrations from here are rate-limited (429)', async () => {
    consentDecided();
    const user = userEvent.setup();
    const flow = registerFlow(() => errorAnswer(429, 'auth.rate_limited'));
    renderApp('/auth/register', { handlers: flow.handlers });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(
      await screen.findByText('Too many attempts. Wait a few minutes before trying again.'),
    ).toBeTruthy();
  });

  it('does not exist when the register feature is off', async () => {
    consentDecided();
    const { location } = renderApp('/auth/register', { features: { register: false } });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/errors/not-found'));
  });
});
