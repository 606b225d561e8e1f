import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../kit/state/storage-keys.ts';
import { fakeJson, renderApp, type FakeRequest } from '../../../frame/testing/render-app.tsx';

const decided = () =>
  localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ essentials: true, youtube: false }));

const meWith = (twoFactorStrategy: string | null) => ({
  data: {
    type: 'users',
    id: 'u1',
    attributes: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      emailVerifiedAt: '2026-01-01T00:00:00.000Z',
      validatedAt: '2026-01-02T00:00:00.000Z',
      hasPassword: true,
      twoFactorStrategy,
    },
    relationships: { roles: { data: [] } },
    meta: { version: '3' },
  },
});

const CODES = ['aaaa-bbbb-cc01', 'aaaa-bbbb-cc02', 'aaaa-bbbb-cc03', 'aaaa-bbbb-cc04'];

/**
 * The two-factor calls and GET /users/me, which answers the strategy the last successful call left (and
 * records the minPosition it was read with).
 */
function fakeTwoFactor(
  initial: string | null,
  answers: Record<string, Array<{ status: number; body: unknown }>>,
) {
  let strategy = initial;
  const calls: Array<{ path: string; body: unknown }> = [];
  const reads: string[] = [];
  const handler = (request: FakeRequest) => {
    const path = request.url.pathname;
    if (path === '/api/v1/users/me') {
      reads.push(request.url.searchParams.get('minPosition') ?? '');
      return fakeJson(200, meWith(strategy));
    }
    if (request.method !== 'POST' || !path.startsWith('/auth/two-factor/')) return undefined;
    calls.push({ path, body: request.body });
    const answer = answers[path]?.shift() ?? { status: 500, body: { errors: [{ status: '500' }] } };
    const body = answer.body as { state?: string; strategy?: string };
    if (answer.status === 200 && body.state === 'enabled') strategy = body.strategy ?? null;
    if (answer.status === 200 && body.state === 'disabled') strategy = null;
    return fakeJson(answer.status, answer.body);
  };
  return { handler, calls, reads };
}

async function section() {
  const heading = await screen.findByRole('heading', { name: 'Two-step verification' }, { timeout: 25_000 });
  return within(heading.closest('section')!);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('two-factor settings on the profile', () => {
  it('enrols an authenticator app: QR code with its alt text, the setup key as text, a first code, then the recovery codes', async () => {
    decided();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:codes');
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => undefined });
    const fake = fakeTwoFactor(null, {
      '/auth/two-factor/enable': [
        {
          status: 200,
          body: {
            state: 'confirmation_required',
            strategy: 'totp',
            secret: 'JBSWY3DPEHPK3PXP',
            otpauthUrl: 'otpauth://totp/Commons:ada%40example.org?secret=JBSWY3DPEHPK3PXP&issuer=Commons',
            qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
            meta: { position: '10' },
          },
        },
      ],
      '/auth/two-factor/confirm': [
        {
          status: 422,
          body: {
            errors: [
              {
                status: '422',
                code: 'validation.invalid_code',
                detail: 'This code is not valid: check the time on your device',
                source: { pointer: '/code' },
              },
            ],
          },
        },
        {
          status: 200,
          body: { state: 'enabled', strategy: 'totp', recoveryCodes: CODES, meta: { position: '11' } },
        },
      ],
    });
    const user = userEvent.setup();
    // after user-event's setup, which puts a clipboard of its own in place
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/account/profile', { me: meWith(null), handlers: [fake.handler] });
    let box = await section();
    expect(box.getByText(/Two-step verification is off/)).toBeTruthy();
    await user.click(box.getByRole('button', { name: 'Use an authenticator app' }));

    const qr = await screen.findByRole('img', { name: /QR code that adds your account/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    box = await section();
    expect(box.getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(
      box.getByRole('link', { name: 'Open in an authenticator app on this device' }).getAttribute('href'),
    ).toMatch(/^otpauth:\/\//);
    await user.click(box.getByRole('button', { name: 'Copy the setup key' }));
    expect(writeText).toHaveBeenCalledWith('JBSWY3DPEHPK3PXP');

    const field = box.getByRole('textbox', { name: /Code from the app/ });
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    await user.type(field, '12');
    await user.click(box.getByRole('button', { name: 'Turn on two-step verification' }));
    expect(await box.findByText('Enter the 6 digits of the code.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '000000');
    await user.click(box.getByRole('button', { name: 'Turn on two-step verification' }));
    expect(await box.findByText('This code is not valid. Check it and try again.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.clear(field);
    await user.type(field, '123456');
    await user.click(box.getByRole('button', { name: 'Turn on two-step verification' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    await waitFor(() => expect(fake.reads).toContain('11'));
    box = await section();
    await user.click(box.getByRole('button', { name: 'Copy the codes' }));
    expect(writeText).toHaveBeenLastCalledWith(CODES.join('\n'));
    await user.click(box.getByRole('button', { name: 'Download as a text file' }));
    const blob = createObjectURL.mock.calls[0]![0];
    expect(await blob.text()).toContain(CODES.join('\n'));
    await user.click(box.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(await box.findByText(/on: you enter a code from your authenticator app/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(fake.calls.map((c) => c.body)).toEqual([
      { strategy: 'totp' },
      { code: '000000' },
      { code: '123456' },
    ]);
  }, 30_000);

  it('turns on codes by e-mail and shows the recovery codes', async () => {
    decided();
    const fake = fakeTwoFactor(null, {
      '/auth/two-factor/enable': [
        {
          status: 200,
          body: { state: 'enabled', strategy: 'email', recoveryCodes: CODES, meta: { position: '5' } },
        },
      ],
    });
    const user = userEvent.setup();
    renderApp('/account/profile', { me: meWith(null), handlers: [fake.handler] });
    const box = await section();
    await user.click(box.getByRole('button', { name: 'Receive codes by e-mail' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    await user.click(box.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(await box.findByText(/on: you enter a code sent to your e-mail address/)).toBeTruthy();
    expect(fake.reads).toContain('5');
  });

  it('turns two-factor off with the password, a wrong one shown on its field', async () => {
    decided();
    const fake = fakeTwoFactor('email', {
      '/auth/two-factor/disable': [
        {
          status: 422,
          body: {
            errors: [
              {
                status: '422',
                code: 'validation.invalid_credentials',
                detail: 'The password is not correct',
                source: { pointer: '/password' },
              },
            ],
          },
        },
        { status: 200, body: { state: 'disabled', meta: { position: '9' } } },
      ],
    });
    const user = userEvent.setup();
    renderApp('/account/profile', { me: meWith('email'), handlers: [fake.handler] });
    const box = await section();
    expect(box.getByText(/on: you enter a code sent to your e-mail address/)).toBeTruthy();
    await user.click(box.getByRole('button', { name: 'Turn off' }));
    const password = box.getByLabelText(/Password/);
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    await user.click(box.getByRole('button', { name: 'Turn off two-step verification' }));
    expect(await box.findByText('This field is required.')).toBeTruthy();
    await user.type(password, 'wrong password');
    await user.click(box.getByRole('button', { name: 'Turn off two-step verification' }));
    expect(await box.findByText('The password is not correct.')).toBeTruthy();
    expect((password as HTMLInputElement).value).toBe('wrong password');
    await user.clear(password);
    await user.type(password, 'correct horse battery');
    await user.click(box.getByRole('button', { name: 'Turn off two-step verification' }));
    expect(await box.findByText(/Two-step verification is off\. A second step/)).toBeTruthy();
    expect(fake.calls.map((c) => c.body)).toEqual([
      { password: 'wrong password' },
      { password: 'correct horse battery' },
    ]);
    expect(fake.reads).toContain('9');
  });

  it('says so when the settings changed in another tab (409)', async () => {
    decided();
    const fake = fakeTwoFactor(null, {
      '/auth/two-factor/enable': [
        {
          status: 409,
          body: {
            errors: [
              { status: '409', code: 'conflict.state', detail: 'two-factor authentication is already on' },
            ],
          },
        },
      ],
    });
    const user = userEvent.setup();
    renderApp('/account/profile', { me: meWith(null), handlers: [fake.handler] });
    const box = await section();
    await user.click(box.getByRole('button', { name: 'Use an authenticator app' }));
    expect((await box.findByRole('alert')).textContent).toMatch(/changed in the meantime/);
  });

  it('is not shown when the two-factor feature is off', async () => {
    decided();
    renderApp('/account/profile', { me: meWith(null), features: { twoFactor: false } });
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 25_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Two-step verification' })).toBeNull();
  });
});
