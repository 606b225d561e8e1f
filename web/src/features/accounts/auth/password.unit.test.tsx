import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp } from '../../../frame/testing/render-app.tsx';
import { consentDecided, errorAnswer, findAlert, meDocument, recorder } from './testing.ts';

const NEW_PASSWORD = 'a brand new passphrase';
const sameAnswer = () =>
  fakeJson(200, { state: 'reset_link_sent', meta: { message: 'If an account uses this address…' } });

describe('/auth/password/forgot', () => {
  it('asks for a link with the address carried from sign-in, and confirms the same way for any address', async () => {
    consentDecided();
    const user = userEvent.setup();
    const calls = recorder();
    renderApp('/auth/password/forgot?email=ada%40example.org', {
      handlers: [calls.on('POST', '/auth/password/forgot', sameAnswer)],
    });
    const email = await screen.findByRole('textbox', { name: /E-mail address/ }, { timeout: 25_000 });
    expect((email as HTMLInputElement).value).toBe('ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Send the reset link' }));
    expect(
      await screen.findByText(
        'If an account uses ada@example.org, we have sent a link to reset its password.',
      ),
    ).toBeTruthy();
    expect(calls.seen[0]!.body).toEqual({ email: 'ada@example.org' });
    // focus moves on from the form that is gone
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Use another address' }));
    await user.click(screen.getByRole('button', { name: 'Use another address' }));
    expect(screen.getByRole('textbox', { name: /E-mail address/ })).toBeTruthy();
  }, 30_000);

  it('says to wait when reset requests are rate-limited (429), keeping the address', async () => {
    consentDecided();
    const user = userEvent.setup();
    renderApp('/auth/password/forgot', {
      handlers: [recorder().on('POST', '/auth/password/forgot', () => errorAnswer(429, 'auth.rate_limited'))],
    });
    await user.type(await screen.findByRole('textbox', { name: /E-mail address/ }), 'flood@example.org');
    await user.click(screen.getByRole('button', { name: 'Send the reset link' }));
    await findAlert('Too many attempts. Wait a few minutes before trying again.');
    expect((screen.getByRole('textbox', { name: /E-mail address/ }) as HTMLInputElement).value).toBe(
      'flood@example.org',
    );
  });
});

describe('/auth/password/reset/:token/:email', () => {
  const path = `/auth/password/reset/tok_123-abc/${encodeURIComponent('ada+lab@example.org')}`;

  it('sets the new password with the token and the decoded address, then goes to sign-in prefilled', async () => {
    consentDecided();
    const user = userEvent.setup();
    const calls = recorder();
    const { location } = renderApp(path, {
      handlers: [
        calls.on('POST', '/auth/password/reset', () =>
          fakeJson(200, { state: 'password_reset', meta: { position: '9' } }),
        ),
      ],
    });
    expect(
      await screen.findByText('New password for the account ada+lab@example.org.', {}, { timeout: 25_000 }),
    ).toBeTruthy();
    await user.type(screen.getByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText(/^Confirm the password/), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Change my password' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/auth/sign-in?email=ada%2Blab%40example.org'));
    expect(calls.seen[0]!.body).toEqual({
      token: 'tok_123-abc',
      email: 'ada+lab@example.org',
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    });
    expect(
      await screen.findByText('Your password has been changed. Sign in with your new password.'),
    ).toBeTruthy();
    expect(((await screen.findByRole('textbox', { name: /E-mail address/ })) as HTMLInputElement).value).toBe(
      'ada+lab@example.org',
    );
  }, 30_000);

  it('explains a used, expired or unknown link and offers a new one', async () => {
    consentDecided();
    const user = userEvent.setup();
    renderApp(path, {
      handlers: [
        recorder().on('POST', '/auth/password/reset', () =>
          errorAnswer(422, 'validation.invalid_token', '/token', 'This reset link was already used'),
        ),
      ],
    });
    await user.type(await screen.findByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText(/^Confirm the password/), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Change my password' }));
    const alert = await findAlert(
      'This reset link has expired, has already been used or is not valid. Ask for a new one.',
    );
    expect(document.activeElement).toBe(alert);
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/auth/password/forgot?email=ada%2Blab%40example.org',
    );
  });

  it('puts a too-short password on its field before sending', async () => {
    consentDecided();
    const user = userEvent.setup();
    const calls = recorder();
    renderApp(path, { handlers: [calls.on('POST', '/auth/password/reset', sameAnswer)] });
    await user.type(await screen.findByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm the password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(await screen.findByText('The password must have at least 10 characters.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^New password/));
    expect(calls.seen).toHaveLength(0);
  });

  it('is for guests only', async () => {
    consentDecided();
    const { location } = renderApp(path, { me: meDocument({ roles: ['admin'] }) });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin/dashboard'));
  });
});
