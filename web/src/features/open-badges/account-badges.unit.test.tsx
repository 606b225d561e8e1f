import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { consentDecided, meDocument } from '../../kit/admin/admin-testing.ts';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';
import { ASSERTION_ID, BADGE_ID, IMAGE_ID, ISSUER_ID } from './testing.ts';

const MY_ASSERTIONS = '/api/v1/services/open-badges/my-assertions';
const PAGE = '/account/profile/open-badges';
const FIRST = { timeout: 25_000 };
const EXPIRED_ID = 'a5000000-0000-4000-8000-000000000002';
const REVOKED_ID = 'a5000000-0000-4000-8000-000000000003';

/** An assertion as GET .../my-assertions answers it (query-api/src/open-badges/sessions-routes.ts). */
function assertion(
  id: string,
  attributes: Partial<{
    badgeTitle: string | null;
    badgeImageId: string | null;
    issuedAt: string;
    expiresAt: string | null;
    revokedAt: string | null;
    revocationReason: string | null;
    expired: boolean;
    revoked: boolean;
  }> = {},
) {
  return {
    type: 'open-badge-assertions',
    id,
    attributes: {
      recipientName: 'Marc Member',
      evidence: null,
      issuedAt: '2026-03-02T10:00:00.000Z',
      expiresAt: '2027-03-02T10:00:00.000Z',
      revokedAt: null,
      revocationReason: null,
      imageURL: `https://site.example/api/v1/open-badges/v2/assertions/${id}/image`,
      jsonURL: `https://site.example/api/v1/open-badges/v2/assertions/${id}`,
      expired: false,
      revoked: false,
      badgeTitle: 'Wheelchair seating',
      badgeImageId: IMAGE_ID,
      issuerName: 'Assistive Lab',
      ...attributes,
    },
    relationships: {
      badge: { data: { type: 'open-badges', id: BADGE_ID } },
      issuer: { data: { type: 'organizations', id: ISSUER_ID } },
      session: { data: null },
    },
  };
}

const THREE = [
  assertion(ASSERTION_ID),
  assertion(EXPIRED_ID, {
    badgeTitle: 'Switch access basics',
    badgeImageId: null,
    issuedAt: '2024-01-10T10:00:00.000Z',
    expiresAt: '2025-01-10T10:00:00.000Z',
    expired: true,
  }),
  assertion(REVOKED_ID, {
    badgeTitle: 'Manual wheelchair fitting',
    expiresAt: null,
    revokedAt: '2026-03-05T10:00:00.000Z',
    revocationReason: 'Issued by mistake',
    revoked: true,
  }),
];

/** GET .../my-assertions, paged by the query like the API; `failing` answers the next reads with an error. */
function badgesServer(data: ReturnType<typeof assertion>[], options: { failing?: number } = {}) {
  const reads: URLSearchParams[] = [];
  let failing = options.failing ?? 0;
  const handler = (request: FakeRequest): Response | undefined => {
    if (request.method !== 'GET' || request.url.pathname !== MY_ASSERTIONS) return undefined;
    const params = request.url.searchParams;
    reads.push(params);
    if (failing > 0) {
      failing -= 1;
      return fakeJson(500, { errors: [{ status: '500', code: 'internal', detail: 'Down' }] });
    }
    const size = Number(params.get('page[size]') ?? 25);
    const number = Number(params.get('page[number]') ?? 1);
    return fakeJson(200, {
      data: data.slice((number - 1) * size, number * size),
      meta: {
        total: data.length,
        page: { number, size, totalPages: Math.max(1, Math.ceil(data.length / size)) },
      },
    });
  };
  return { handler, reads };
}

const card = (title: string) => screen.getByRole('heading', { level: 2, name: title }).closest('li')!;

describe('the member’s open badges', () => {
  it('lists each badge with its image, issuer, dates, standing, public page and both downloads', async () => {
    consentDecided();
    const server = badgesServer(THREE);
    renderApp(PAGE, { me: meDocument(), handlers: [server.handler] });
    await screen.findByRole('heading', { level: 1, name: 'My open badges' }, FIRST);

    const list = await screen.findByRole('list', { name: 'Your badges, newest first' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Wheelchair seating', 'Switch access basics', 'Manual wheelchair fitting']);
    expect(screen.getByText('3 badges')).toBeTruthy();
    expect(server.reads[0]!.get('page[number]')).toBe('1');

    const valid = card('Wheelchair seating');
    const img = valid.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(`/api/v1/services/files/${IMAGE_ID}`);
    // the heading names the badge: the image is not read twice
    expect(img.getAttribute('alt')).toBe('');
    const v = within(valid);
    expect(v.getByText('Issued by Assistive Lab')).toBeTruthy();
    expect(v.getByText('Valid')).toBeTruthy();
    expect(v.getByText('Issued on').nextElementSibling!.textContent).toBe('Mar 2, 2026');
    expect(v.getByText('Mar 2, 2026').getAttribute('datetime')).toBe('2026-03-02T10:00:00.000Z');
    expect(v.getByText('Expires on').nextElementSibling!.textContent).toBe('Mar 2, 2027');
    expect(v.getByRole('link', { name: 'Public page' }).getAttribute('href')).toBe(
      `/open-badges/assertions/${ASSERTION_ID}`,
    );
    const png = v.getByRole('link', { name: 'Download the badge image (PNG)' });
    // same origin, whatever the absolute imageURL names: a download, not a navigation away
    expect(png.getAttribute('href')).toBe(`/api/v1/open-badges/v2/assertions/${ASSERTION_ID}/image`);
    expect(png.getAttribute('download')).toBe(`open-badge-${ASSERTION_ID}.png`);
    const credential = v.getByRole('link', { name: 'Download the credential (Open Badges 3.0, JSON)' });
    expect(credential.getAttribute('href')).toBe(`/api/v1/open-badges/v3/credentials/${ASSERTION_ID}`);
    expect(credential.getAttribute('download')).toBe(`open-badge-${ASSERTION_ID}.json`);
    // each action says which badge it is about
    expect(credential.getAttribute('aria-describedby')).toBe(
      v.getByRole('heading', { level: 2 }).getAttribute('id'),
    );

    const expired = within(card('Switch access basics'));
    expect(expired.getByText('Expired')).toBeTruthy();
    expect(expired.getByText('Expired on').nextElementSibling!.textContent).toBe('Jan 10, 2025');
    // a badge without an image shows none; its assertion's baked image is the platform's default one (ADR 0030)
    expect(card('Switch access basics').querySelector('img')).toBeNull();
    expect(expired.getByRole('link', { name: 'Download the badge image (PNG)' }).getAttribute('href')).toBe(
      `/api/v1/open-badges/v2/assertions/${EXPIRED_ID}/image`,
    );
    expect(
      expired.getByRole('link', { name: 'Download the credential (Open Badges 3.0, JSON)' }),
    ).toBeTruthy();

    const revoked = within(card('Manual wheelchair fitting'));
    expect(revoked.getByText('Revoked')).toBeTruthy();
    expect(revoked.getByText('Reason of the revocation: Issued by mistake')).toBeTruthy();
    expect(revoked.getByText('Revoked on').nextElementSibling!.textContent).toBe('Mar 5, 2026');
    expect(revoked.getByText('Expires on').nextElementSibling!.textContent).toBe('Never expires');
  });

  it('goes through every badge’s links by keyboard, in reading order', async () => {
    consentDecided();
    const user = userEvent.setup();
    const server = badgesServer(THREE.slice(0, 2));
    renderApp(PAGE, { me: meDocument(), handlers: [server.handler] });
    const first = await screen.findByRole(
      'link',
      { name: 'Public page', description: 'Wheelchair seating' },
      FIRST,
    );
    first.focus();
    const names: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const active = document.activeElement as HTMLElement;
      names.push(`${active.textContent} / ${active.getAttribute('aria-describedby') ? 'described' : ''}`);
      if (i < 3) await user.tab();
    }
    expect(names).toEqual([
      'Public page / described',
      'Download the badge image (PNG) / described',
      'Download the credential (Open Badges 3.0, JSON) / described',
      'Public page / described',
    ]);
    expect(screen.getByRole('link', { name: 'Public page', description: 'Switch access basics' })).toBe(
      document.activeElement,
    );
  });

  it('says when there is no badge yet', async () => {
    consentDecided();
    const server = badgesServer([]);
    renderApp(PAGE, { me: meDocument(), handlers: [server.handler] });
    expect(
      await screen.findByText(
        'You have no badge yet. Once an issuer awards you one after a training, it shows here.',
        undefined,
        FIRST,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Your badges, newest first' })).toBeNull();
  });

  it('says when the badges could not be read, and reads them again on request', async () => {
    consentDecided();
    const user = userEvent.setup();
    const server = badgesServer(THREE.slice(0, 1), { failing: 1 });
    renderApp(PAGE, { me: meDocument(), handlers: [server.handler] });
    // a server failure is also the shell's unexpected-error dialog; closed, the screen offers to read again
    const dialog = await screen.findByRole('alertdialog', { name: 'Something went wrong' }, FIRST);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const alert = screen
      .getByText('Your badges could not be loaded.')
      .closest<HTMLElement>('[role="alert"]')!;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Wheelchair seating' })).toBeTruthy();
    expect(screen.queryByText('Your badges could not be loaded.')).toBeNull();
    expect(server.reads).toHaveLength(2);
  });

  it('pages through many badges', async () => {
    consentDecided();
    const user = userEvent.setup();
    const many = Array.from({ length: 21 }, (_, i) =>
      assertion(`a5000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`, {
        badgeTitle: `Badge ${i + 1}`,
      }),
    );
    const server = badgesServer(many);
    renderApp(PAGE, { me: meDocument(), handlers: [server.handler] });
    await screen.findByRole('heading', { level: 2, name: 'Badge 1' }, FIRST);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Badge 21' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Badge 1' })).toBeNull());
    expect(server.reads.at(-1)!.get('page[number]')).toBe('2');
  });

  it('asks a visitor to sign in first, and comes back here after', async () => {
    consentDecided();
    const server = badgesServer(THREE);
    const { location } = renderApp(PAGE, { handlers: [server.handler] });
    await waitFor(() => expect(location.history.at(-1)).toMatch(/^\/auth\/sign-in\?/), FIRST);
    const query = new URLSearchParams(location.history.at(-1)!.split('?')[1]);
    expect(query.get('redirectUrl')).toBe(PAGE);
    expect(server.reads).toHaveLength(0);
  });
});
