import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp, type FakeRequest } from '../../../frame/testing/render-app.tsx';
import { consentDecided, errorAnswer, findAlert, meDocument, recorder } from './testing.ts';

/** GET /users/me answers the user once the login call has succeeded (a 401 before). */
function signInFlow(answer: (request: FakeRequest) => Response, me = meDocument()) {
  let signedIn = false;
  const calls = recorder();
  const handlers = [
    calls.on('POST', '/auth/login', (request) => {
      const response = answer(request);
      signedIn = response.ok;
      return response;
    }),
    (request: FakeRequest) =>
      request.url.pathname === '/api/v1/users/me' && signedIn ? fakeJson(200, me) : undefined,
  ];
  return { handlers, seen: calls.seen };
}

const authenticated = () =>
  fakeJson(200, { state: 'authenticated', redirectTo: 'account.profile', meta: { position: '42' } });

async function fill(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.type(await screen.findByLabelText(/E-mail address/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
}

describe('/auth/sign-in', () => {
  it('signs in with remember me and goes to the redirect URL', async () => {
    consentDecided();
    const user = userEvent.setup();
    const flow = signInFlow(authenticated);
    const { location, calls } = renderApp('/auth/sign-in?guarded=auth&redirectUrl=%2Fsite-map%3Fa%3D1', {
      handlers: flow.handlers,
    });
    // the first render of a run also transforms the lazy screen
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in' }, { timeout: 25_000 }),
    ).toBeTruthy();
    expect(screen.getByText('Sign in to continue.')).toBeTruthy();
    await fill(user, ' ada@example.org ', 'correct horse battery');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me on this device' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/site-map?a=1'));
    expect(flow.seen).toHaveLength(1);
    expect(flow.seen[0]!.body).toEqual({
      email: 'ada@example.org',
      password: 'correct horse battery',
      remember: true,
    });
    expect(flow.seen[0]!.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    // read-your-writes: the user is read at the login's position
    expect(calls).toContain(
      '/api/v1/users/me?include=roles%2CaccessLevel%2Corganizations%2CactingAsOrganization%2Cjob%2CuserCategory&minPosition=42',
    );
  }, 30_000);

  it('lands on the dashboard of a user with a role when no redirect URL was given', async () => {
    consentDecided();
    const user = userEvent.setup();
    const flow = signInFlow(authenticated, meDocument({ roles: ['admin'] }));
    const { location } = renderApp('/auth/sign-in', { handlers: flow.handlers });
    await fill(user, 'ada@example.org', 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin/dashboard'));
    expect(flow.seen[0]!.body).toMatchObject({ remember: false });
  });

  it('puts refused credentials on the e-mail field, keeps what was typed and focuses the field', async () => {
    consentDecided();
    const user = userEvent.setup();
    const flow = signInFlow(() =>
      errorAnswer(422, 'validation.invalid_credentials', '/email', 'These credentials do not match'),
    );
    renderApp('/auth/sign-in', { handlers: flow.handlers });
    await fill(user, 'ada@example.org', 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText(/E-mail address/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const message = 'These credentials do not match our records. Check the e-mail address and the password.';
    expect(screen.getByText(message)).toBeTruthy();
    // the message is tied to the field
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(message);
    expect(document.activeElement).toBe(email);
    expect((email as HTMLInputElement).value).toBe('ada@example.org');
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('wrong password');
  });

  it('says to wait after too many attempts (429), in an alert', async () => {
    consentDecided();
    const user = userEvent.setup();
    const flow = signInFlow(() => errorAnswer(429, 'auth.rate_limited', undefined, 'Too many attempts'));
    renderApp('/auth/sign-in', { handlers: flow.handlers });
    await fill(user, 'ada@example.org', 'whatever it is');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await findAlert('Too many attempts. Wait a few minutes before trying again.');
    expect(document.activeElement).toBe(alert);
  });

  it('gives the wait in seconds when the answer carries it', async () => {
    consentDecided();
    const user = userEvent.setup();
    const flow = signInFlow(() =>
      errorAnswer(429, 'auth.rate_limited', undefined, 'Too many attempts', { retryAfter: 45 }),
    );
    renderApp('/auth/sign-in', { handlers: flow.handlers });
    await fill(user, 'ada@example.org', 'whatever it is');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await findAlert('Too many attempts. Wait 45 seconds before trying again.')).toBeTruthy();
  });

  it('checks the form before sending: blank fields are named and nothing is sent', async () => {
    consentDecided();
    const user = userEvent.setup();
    const flow = signInFlow(authenticated);
    renderApp('/auth/sign-in', { handlers: flow.handlers });
    await user.type(await screen.findByLabelText(/E-mail address/), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('Enter a valid e-mail address, for example name@example.org.'),
    ).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/E-mail address/));
    expect(flow.seen).toHaveLength(0);
  });

  it('sends once while a sign-in is on its way, with the button aria-disabled and saying so', async () => {
    consentDecided();
    const user = userEvent.setup();
    let release: (r: Response) => void = () => undefined;
    const flow = signInFlow(() => authenticated());
    const slow = [
      (request: FakeRequest) =>
        request.url.pathname === '/auth/login'
          ? new Promise<Response>((resolve) => {
              flow.seen.push(request);
              release = resolve;
            })
          : undefined,
    ];
    renderApp('/auth/sign-in', { handlers: slow });
    await fill(user, 'ada@example.org', 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const pending = await screen.findByRole('button', { name: 'Signing in…' });
    expect(pending.getAttribute('aria-disabled')).toBe('true');
    await user.click(pending);
    await user.keyboard('{Enter}');
    expect(flow.seen).toHaveLength(1);
    release(errorAnswer(422, 'validation.invalid_credentials', '/email'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('links to the forgotten-password screen with the address, and to register only when the feature is on', async () => {
    consentDecided();
    const user = userEvent.setup();
    renderApp('/auth/sign-in');
    await user.type(await screen.findByLabelText(/E-mail address/), 'ada@example.org');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/auth/password/forgot?email=ada%40example.org',
    );
    expect(within(main).getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/auth/register',
    );
  });

  it('offers no register link when the feature is off', async () => {
    consentDecided();
    renderApp('/auth/sign-in', { features: { register: false } });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
  });

  it('sends a signed-in user away from the sign-in page (guest only)', async () => {
    consentDecided();
    const { location } = renderApp('/auth/sign-in', {
      me: meDocument(),
      features: { validationRequests: false },
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/account/profile'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Sign in' })).toBeNull();
  });
});
