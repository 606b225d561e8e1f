import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../kit/state/storage-keys.ts';
import { fakeJson, renderApp, type FakeRequest } from '../../../frame/testing/render-app.tsx';

const decided = () =>
  localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ essentials: true, youtube: false }));

const me = {
  data: {
    type: 'users',
    id: 'u1',
    attributes: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      emailVerifiedAt: '2026-01-01T00:00:00.000Z',
      validatedAt: '2026-01-02T00:00:00.000Z',
      twoFactorStrategy: 'totp',
    },
    relationships: { roles: { data: [] } },
  },
};

interface Answer {
  status: number;
  body: unknown;
}

const invalid = (pointer: string, detail: string): Answer => ({
  status: 422,
  body: { errors: [{ status: '422', code: 'validation.invalid_code', detail, source: { pointer } }] },
});

const authenticated = (): Answer => ({
  status: 200,
  body: { state: 'authenticated', redirectTo: 'account.profile', meta: { position: '7' } },
});

/**
 * A fake of the auth calls: `answers` are given out in order to POST /auth/two-factor/login (and `logins` to
 * POST /auth/login); once a sign-in succeeds, GET /users/me answers the user.
 */
function fakeAuth(script: { answers?: Answer[]; logins?: Answer[] }) {
  const bodies: Array<{ path: string; body: unknown }> = [];
  let signedIn = false;
  const handler = (request: FakeRequest) => {
    const path = request.url.pathname;
    if (path === '/api/v1/users/me') return signedIn ? fakeJson(200, me) : undefined;
    if (request.method !== 'POST') return undefined;
    const queue =
      path === '/auth/two-factor/login' ? script.answers : path === '/auth/login' ? script.logins : null;
    if (!queue) return undefined;
    bodies.push({ path, body: request.body });
    const answer = queue.shift() ?? { status: 500, body: { errors: [{ status: '500', code: 'internal' }] } };
    if ((answer.body as { state?: string }).state === 'authenticated') signedIn = true;
    return fakeJson(answer.status, answer.body);
  };
  return { handler, bodies };
}

beforeAll(async () => {
  // the screen is a lazy chunk: transformed once here rather than inside the first test's wait
  await import('./two-factor-screen.tsx');
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The alert this screen raised (the toast region keeps an empty one of its own). */
const findAlert = (text: RegExp) =>
  waitFor(() => {
    const found = screen.getAllByRole('alert').find((a) => text.test(a.textContent ?? ''));
    if (!found) throw new Error(`no alert says ${String(text)}`);
    return found;
  });

describe('the two-factor sign-in screen', () => {
  it('asks for the code after the sign-in screen, shows a refused code on its field, then follows the redirect URL', async () => {
    decided();
    const auth = fakeAuth({
      answers: [
        invalid('/code', 'This code was already used: wait for the next one'),
        invalid('/code', 'This code is not valid'),
        authenticated(),
      ],
    });
    const user = userEvent.setup();
    const { location } = renderApp('/auth/two-factor/totp?redirectUrl=%2Fsite-map', {
      handlers: [auth.handler],
    });

    // the first render of the run also transforms the app's modules
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Two-step verification' }, { timeout: 25_000 }),
    ).toBeTruthy();
    const input = screen.getByRole('textbox', { name: /6-digit code/ });
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByText(/Open your authenticator app/)).toBeTruthy();

    await user.type(input, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText(/This code was already used\. Wait for the next code/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!.split(' ').at(-1)!)).toBeTruthy();
    const describedBy = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(describedBy).toMatch(/already used/);
    expect((input as HTMLInputElement).value).toBe('123 456');

    await user.clear(input);
    await user.type(input, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('This code is not valid. Check it and try again.');

    await user.clear(input);
    await user.type(input, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/site-map'));
    expect(auth.bodies.map((b) => b.body)).toEqual([
      { code: '123456' },
      { code: '000000' },
      { code: '654321' },
    ]);
  }, 30_000);

  it('checks the code before sending it', async () => {
    decided();
    const auth = fakeAuth({ answers: [] });
    const user = userEvent.setup();
    renderApp('/auth/two-factor/totp', { handlers: [auth.handler] });
    const input = await screen.findByRole('textbox', { name: /6-digit code/ });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    await user.type(input, '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6 digits of the code.')).toBeTruthy();
    expect(auth.bodies).toEqual([]);
  });

  it('sends a recovery code instead when asked to', async () => {
    decided();
    const auth = fakeAuth({
      answers: [invalid('/recoveryCode', 'This recovery code is not valid'), authenticated()],
    });
    const user = userEvent.setup();
    const { location } = renderApp('/auth/two-factor/email', {
      handlers: [auth.handler],
      features: { validationRequests: false },
    });
    expect(await screen.findByText(/We have sent a 6-digit code to your e-mail address/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = await screen.findByRole('textbox', { name: /Recovery code/ });
    await user.type(field, 'abcd-efgh-ijkl');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('This recovery code is not valid or has already been used.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'mnop-qrst-uvwx');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/account/profile'));
    expect(auth.bodies.map((b) => b.body)).toEqual([
      { recoveryCode: 'abcd-efgh-ijkl' },
      { recoveryCode: 'mnop-qrst-uvwx' },
    ]);
  });

  it('explains an expired sign-in (419) without the session dialog, and signs in again from the start', async () => {
    decided();
    const auth = fakeAuth({
      answers: [
        {
          status: 419,
          body: {
            errors: [
              { status: '419', code: 'auth.session_expired', detail: 'No sign-in is waiting for a code' },
            ],
          },
        },
        authenticated(),
      ],
      logins: [{ status: 200, body: { state: 'two_factor_required', strategy: 'totp' } }],
    });
    const user = userEvent.setup();
    renderApp('/auth/two-factor/totp', { handlers: [auth.handler] });
    await user.type(await screen.findByRole('textbox', { name: /6-digit code/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    const alert = await findAlert(/This sign-in took too long/);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.queryByText('Your session has expired')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    const email = await screen.findByRole('textbox', { name: /E-mail address/ });
    expect(email.getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText(/Password/).getAttribute('autocomplete')).toBe('current-password');
    await user.type(email, 'ada@example.org');
    await user.type(screen.getByLabelText(/Password/), 'correct horse battery');
    await user.click(screen.getByRole('switch', { name: 'Keep me signed in on this device' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('textbox', { name: /6-digit code/ })).toBeTruthy();
    expect(auth.bodies[1]).toEqual({
      path: '/auth/login',
      body: { email: 'ada@example.org', password: 'correct horse battery', remember: true },
    });
  });

  it('locks out after a 429 and says how long to wait', async () => {
    decided();
    const auth = fakeAuth({
      answers: [
        {
          status: 429,
          body: {
            errors: [
              {
                status: '429',
                code: 'auth.rate_limited',
                title: 'Too many requests',
                detail: 'Too many attempts: try again in 840 seconds',
                meta: { retryAfter: 840 },
              },
            ],
          },
        },
      ],
    });
    const user = userEvent.setup();
    renderApp('/auth/two-factor/totp', { handlers: [auth.handler] });
    await user.type(await screen.findByRole('textbox', { name: /6-digit code/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await findAlert(/Too many attempts/);
    expect(alert.textContent).toMatch(/wait 14 minutes before trying again/);
    expect(screen.getByRole('button', { name: 'Try again' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByRole('textbox', { name: /E-mail address/ })).toBeTruthy();
  });

  it('shows a network failure of the quiet call in the form', async () => {
    decided();
    const user = userEvent.setup();
    renderApp('/auth/two-factor/totp', {
      handlers: [
        (request) => {
          if (request.url.pathname === '/auth/two-factor/login') throw new TypeError('Failed to fetch');
          return undefined;
        },
      ],
    });
    await user.type(await screen.findByRole('textbox', { name: /6-digit code/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await findAlert(/could not be reached/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /6-digit code/ })).toBeTruthy();
  });

  it('starts at the credentials when the page itself was opened at this address', async () => {
    decided();
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { name: 'http://localhost:3000/auth/two-factor/totp' } as PerformanceEntry,
    ]);
    const auth = fakeAuth({
      logins: [
        {
          status: 422,
          body: {
            errors: [
              {
                status: '422',
                code: 'validation.invalid_credentials',
                detail: 'These credentials do not match our records',
                source: { pointer: '/email' },
              },
            ],
          },
        },
        authenticated(),
      ],
    });
    const user = userEvent.setup();
    const { location } = renderApp('/auth/two-factor/totp', {
      handlers: [auth.handler],
      features: { validationRequests: false },
    });
    const email = await screen.findByRole('textbox', { name: /E-mail address/ });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    await user.type(email, 'ada@example.org');
    await user.type(screen.getByLabelText(/Password/), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('These credentials do not match our records.')).toBeTruthy();
    expect((email as HTMLInputElement).value).toBe('ada@example.org');
    // an account without a second factor is simply signed in
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/account/profile'));
  });

  it('is not found for an unknown strategy or when two-factor is off', async () => {
    decided();
    const first = renderApp('/auth/two-factor/sms');
    await waitFor(() => expect(first.location.history?.at(-1)).toBe('/errors/not-found'));
    first.unmount();
    const second = renderApp('/auth/two-factor/totp', { features: { twoFactor: false } });
    await waitFor(() => expect(second.location.history?.at(-1)).toBe('/errors/not-found'));
  });
});
