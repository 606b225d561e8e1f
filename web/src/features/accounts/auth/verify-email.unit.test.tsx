import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp, type FakeRequest } from '../../../frame/testing/render-app.tsx';
import { consentDecided, errorAnswer, findAlert, meDocument, recorder, USER_ID } from './testing.ts';

const unverified = meDocument({ emailVerifiedAt: null, validatedAt: null });
const HASH = 'a'.repeat(40);
const SIGNATURE = 'b'.repeat(64);
const linkPath = `/auth/email/verify/${USER_ID}/${HASH}?expires=1900000000&signature=${SIGNATURE}`;

describe('/auth/email/verify', () => {
  it('shows the address and sends the link again', async () => {
    consentDecided();
    const user = userEvent.setup();
    const calls = recorder();
    renderApp('/auth/email/verify', {
      me: unverified,
      handlers: [
        calls.on('POST', '/auth/email/verification-notification', () =>
          fakeJson(202, { state: 'verification_link_sent' }),
        ),
      ],
    });
    expect(
      await screen.findByText(
        'We have sent a verification link to ada@example.org. Open it to confirm your e-mail address.',
        {},
        { timeout: 25_000 },
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('A new verification link is on its way to ada@example.org.')).toBeTruthy();
    expect(calls.seen).toHaveLength(1);
  }, 30_000);

  it('says to wait when the link was sent too often (429)', async () => {
    consentDecided();
    const user = userEvent.setup();
    renderApp('/auth/email/verify/expired', {
      me: unverified,
      handlers: [
        recorder().on('POST', '/auth/email/verification-notification', () =>
          errorAnswer(429, 'auth.rate_limited'),
        ),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has expired' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    await findAlert('Too many attempts. Wait a few minutes before trying again.');
  });

  it('moves a verified user on: not-validated page, or the landing when validated', async () => {
    consentDecided();
    const first = renderApp('/auth/email/verify', { me: meDocument({ validatedAt: null }) });
    await waitFor(() => expect(first.location.history?.at(-1)).toBe('/auth/not-validated'));
    first.unmount();
    const second = renderApp('/auth/email/verify', {
      me: meDocument(),
      features: { validationRequests: false },
    });
    await waitFor(() => expect(second.location.history?.at(-1)).toBe('/account/profile'));
  });

  it('sends an anonymous visitor to sign-in first', async () => {
    consentDecided();
    const { location } = renderApp('/auth/email/verify');
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe(
        '/auth/sign-in?guarded=auth&redirectUrl=%2Fauth%2Femail%2Fverify',
      ),
    );
  });
});

describe('/auth/email/verify/:id/:hash', () => {
  function verifyFlow(answer: () => Response, after: unknown) {
    let verified = false;
    const calls = recorder();
    const handlers = [
      calls.on('POST', '/auth/email/verify', () => {
        const response = answer();
        verified = response.ok;
        return response;
      }),
      (request: FakeRequest) =>
        request.url.pathname === '/api/v1/users/me' && verified ? fakeJson(200, after) : undefined,
    ];
    return { handlers, seen: calls.seen };
  }

  it('verifies the link on arrival, reads the user at its position and goes to not-validated', async () => {
    consentDecided();
    const flow = verifyFlow(
      () => fakeJson(200, { state: 'verified', meta: { position: '12' } }),
      meDocument({ validatedAt: null }),
    );
    const { location, calls } = renderApp(linkPath, { me: unverified, handlers: flow.handlers });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/auth/not-validated'), { timeout: 25_000 });
    expect(flow.seen).toHaveLength(1);
    expect(flow.seen[0]!.body).toEqual({
      id: USER_ID,
      hash: HASH,
      expires: '1900000000',
      signature: SIGNATURE,
    });
    expect(calls.some((c) => c.startsWith('/api/v1/users/me?') && c.endsWith('minPosition=12'))).toBe(true);
  }, 30_000);

  it('goes to the landing when the verified user is validated', async () => {
    consentDecided();
    const flow = verifyFlow(
      () => fakeJson(200, { state: 'verified', meta: { position: '12' } }),
      meDocument({ roles: ['admin'] }),
    );
    const { location } = renderApp(linkPath, { me: unverified, handlers: flow.handlers });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin/dashboard'));
  });

  it.each(['auth.link_expired', 'auth.link_invalid'])(
    'sends a refused link (%s) to the expired screen',
    async (code) => {
      consentDecided();
      const flow = verifyFlow(() => errorAnswer(403, code), unverified);
      const { location } = renderApp(linkPath, { me: unverified, handlers: flow.handlers });
      expect(await screen.findByRole('heading', { level: 1, name: 'This link has expired' })).toBeTruthy();
      expect(location.history?.at(-1)).toBe('/auth/email/verify/expired');
    },
  );

  it('sends a link without its signature to the expired screen without calling', async () => {
    consentDecided();
    const flow = verifyFlow(() => fakeJson(200, { state: 'verified' }), unverified);
    const { location } = renderApp(`/auth/email/verify/${USER_ID}/${HASH}`, {
      me: unverified,
      handlers: flow.handlers,
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/auth/email/verify/expired'));
    expect(flow.seen).toHaveLength(0);
  });
});
