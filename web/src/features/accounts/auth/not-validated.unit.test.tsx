import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp, type FakeRequest } from '../../../frame/testing/render-app.tsx';
import { consentDecided, errorAnswer, meDocument, recorder, USER_ID } from './testing.ts';

const waiting = meDocument({ validatedAt: null });
const request = (status: 'pending' | 'accepted' | 'refused', refuseReason: string | null = null) => ({
  type: 'validation-requests',
  id: '0e0c4b7e-2f0a-4a57-9d59-0f6f2d2c1a22',
  attributes: {
    description: 'I run the lab',
    status,
    refuseReason,
    createdAt: '2026-03-04T10:00:00.000Z',
    updatedAt: '2026-03-04T10:00:00.000Z',
  },
});

/** GET /validation-requests answers `list` until a POST succeeded, then `afterPost`. */
function requestsApi(list: unknown[], afterPost: unknown[], post: () => Response) {
  let posted = false;
  const calls = recorder();
  const reads: URL[] = [];
  const handlers = [
    calls.on('POST', '/api/v1/validation-requests', () => {
      const response = post();
      posted = response.ok;
      return response;
    }),
    (r: FakeRequest) => {
      if (r.method !== 'GET' || r.url.pathname !== '/api/v1/validation-requests') return undefined;
      reads.push(r.url);
      return fakeJson(200, { data: posted ? afterPost : list, meta: { total: 1 } });
    },
  ];
  return { handlers, posts: calls.seen, reads };
}

describe('/auth/not-validated', () => {
  it('sends a validation request with its message and shows it pending', async () => {
    consentDecided();
    const user = userEvent.setup();
    const api = requestsApi([], [request('pending')], () =>
      fakeJson(201, {
        data: { type: 'validation-requests', id: 'r1' },
        meta: { position: '31', version: '5' },
      }),
    );
    renderApp('/auth/not-validated', { me: waiting, handlers: api.handlers });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Your account is waiting for validation' },
        { timeout: 25_000 },
      ),
    ).toBeTruthy();
    expect(await screen.findByText('You have not sent a validation request yet.')).toBeTruthy();
    expect(api.reads[0]!.searchParams.get('filter[user]')).toBe(USER_ID);
    expect(api.reads[0]!.searchParams.get('page[size]')).toBe('1');
    await user.type(screen.getByRole('textbox', { name: /Message to the administrators/ }), 'I run the lab');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText('Your validation request has been sent.')).toBeTruthy();
    expect(
      await screen.findByText("Your request of March 4, 2026 is waiting for an administrator's decision."),
    ).toBeTruthy();
    expect(api.posts[0]!.body).toEqual({
      data: { type: 'validation-requests', attributes: { description: 'I run the lab' } },
    });
    // read-your-writes after the command
    expect(api.reads.at(-1)!.searchParams.get('minPosition')).toBe('31');
    // a pending request cannot be sent twice
    expect(screen.queryByRole('button', { name: 'Send the request' })).toBeNull();
  }, 30_000);

  it('shows a refusal with its reason and lets the member ask again; the message is required', async () => {
    consentDecided();
    const user = userEvent.setup();
    const api = requestsApi([request('refused', 'Unknown organization')], [], () => fakeJson(500, {}));
    renderApp('/auth/not-validated', { me: waiting, handlers: api.handlers });
    expect(await screen.findByText('Your request of March 4, 2026 was refused.')).toBeTruthy();
    expect(screen.getByText('Reason given: Unknown organization')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    const message = screen.getByRole('textbox', { name: /Message to the administrators/ });
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(document.activeElement).toBe(message);
    expect(api.posts).toHaveLength(0);
  });

  it('shows the pending request sent meanwhile when the server answers 409', async () => {
    consentDecided();
    const user = userEvent.setup();
    const reads = { n: 0 };
    const api = requestsApi([], [], () =>
      errorAnswer(409, 'conflict.state', undefined, 'a validation request is already pending'),
    );
    const handlers = [
      api.handlers[0]!,
      (r: FakeRequest) => {
        if (r.method !== 'GET' || r.url.pathname !== '/api/v1/validation-requests') return undefined;
        reads.n += 1;
        return fakeJson(200, { data: reads.n === 1 ? [] : [request('pending')] });
      },
    ];
    renderApp('/auth/not-validated', { me: waiting, handlers });
    await user.type(await screen.findByRole('textbox', { name: /Message to the administrators/ }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(
      await screen.findByText("Your request of March 4, 2026 is waiting for an administrator's decision."),
    ).toBeTruthy();
  });

  it('only explains, without requests, when the validation-requests feature is off; signs out', async () => {
    consentDecided();
    const user = userEvent.setup();
    const calls = recorder();
    const { location } = renderApp('/auth/not-validated', {
      me: waiting,
      features: { validationRequests: false },
      handlers: [calls.on('POST', '/auth/logout', () => fakeJson(200, { state: 'logged_out' }))],
    });
    expect(
      await screen.findByText("If this takes longer than expected, contact the site's administrators."),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Validation request' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/auth/sign-in'));
    expect(calls.seen).toHaveLength(1);
  });

  it('sends a validated member to their landing', async () => {
    consentDecided();
    const { location } = renderApp('/auth/not-validated', { me: meDocument({ roles: ['editor'] }) });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin/dashboard'));
  });
});
