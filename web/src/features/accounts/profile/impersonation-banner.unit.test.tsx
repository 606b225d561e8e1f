import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../kit/state/storage-keys.ts';
import { fakeJson, renderApp, type FakeRequest } from '../../../frame/testing/render-app.tsx';
import { meDocument } from './testing.ts';

const decided = () =>
  localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ essentials: true, youtube: false }));

afterEach(() => vi.unstubAllGlobals());

describe('the impersonation banner', () => {
  it('names the impersonated user and stops through DELETE /services/users/impersonate', async () => {
    const user = userEvent.setup();
    decided();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/site-map' });
    const sent: FakeRequest[] = [];
    renderApp('/site-map', {
      me: meDocument({ impersonating: true }),
      handlers: [
        (request) => {
          if (request.url.pathname !== '/api/v1/services/users/impersonate') return undefined;
          sent.push(request);
          return fakeJson(200, { meta: { position: '9' } });
        },
      ],
    });
    const banner = await screen.findByRole('region', { name: 'Impersonation' });
    expect(within(banner).getByText('You are acting as Ada Lovelace')).toBeTruthy();
    await user.click(within(banner).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(sent.map((r) => r.method)).toEqual(['DELETE']));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });

  it('is absent when nobody is impersonated', async () => {
    decided();
    renderApp('/site-map', { me: meDocument() });
    await screen.findByRole('heading', { level: 1, name: 'Site map' });
    expect(screen.queryByRole('region', { name: 'Impersonation' })).toBeNull();
  });
});
