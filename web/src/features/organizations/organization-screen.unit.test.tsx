import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../kit/state/storage-keys.ts';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';

const decided = () =>
  localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ essentials: true, youtube: false }));

const LONG_SHORT_DESCRIPTION =
  'A workshop where occupational therapists, makers and the people who use the aids design, print and adjust ' +
  'assistive devices together, one fitting at a time, and share every design openly.';

/** The organization as GET /organizations/{id or slug} answers anybody (no admin-only note, no relationships read). */
const FAB_LAB = {
  type: 'organizations',
  id: '0b0e6a52-5d8f-4a8e-9e59-6f3f5b1c2d01',
  attributes: {
    name: 'Demo Fab Lab',
    unitName: 'Mobility unit',
    slug: 'demo-fab-lab',
    shortDescription: LONG_SHORT_DESCRIPTION,
    description: 'We print switches and grips.\nEvery Tuesday.\n\nVisits on appointment.',
    contactEmail: 'hello@fablab.example',
    contactPhone: '+33 (0)4 12 34 56 78',
    contactAddress: '12 rue des Ateliers\n69001 Lyon',
    externalUrl: 'https://fablab.example/',
    country: 'FR',
    longitude: null,
    latitude: null,
  },
  relationships: { accessLevel: { data: { type: 'access-levels', id: 'member_level_2' } } },
};

/** GET /organizations/{id or slug}: the fab lab by its id or its slug, 404 for anything else. */
function organizationsServer() {
  const reads: string[] = [];
  const handler = (request: FakeRequest): Response | undefined => {
    const found = request.url.pathname.match(/^\/api\/v1\/organizations\/([^/]+)$/);
    if (request.method !== 'GET' || !found) return undefined;
    const key = decodeURIComponent(found[1]!);
    reads.push(key);
    if (key === FAB_LAB.id || key === FAB_LAB.attributes.slug) return fakeJson(200, { data: FAB_LAB });
    return fakeJson(404, { errors: [{ status: '404', code: 'not_found', detail: 'No such organization' }] });
  };
  return { reads, handler };
}

describe('the public page of an organization', () => {
  it('shows the name with its unit, the short description cut at 150 characters, the description and the contact', async () => {
    decided();
    const server = organizationsServer();
    const { calls } = renderApp('/organizations/demo-fab-lab', { handlers: [server.handler] });
    const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 25_000 });
    expect(heading.textContent).toBe('Demo Fab Lab, Mobility unit');
    expect(server.reads).toEqual(['demo-fab-lab']);
    // a screen of the app: the CMS route resolver is not asked about this path
    expect(calls.some((c) => c.includes('/services/routes/resolve'))).toBe(false);
    await waitFor(() => expect(document.title).toMatch(/^Demo Fab Lab \| /));

    const short = screen.getByText(/^A workshop where occupational therapists/);
    expect(Array.from(short.textContent!).length).toBeLessThanOrEqual(150);
    expect(short.textContent!.endsWith('…')).toBe(true);
    expect(LONG_SHORT_DESCRIPTION.startsWith(short.textContent!.slice(0, -1))).toBe(true);

    const about = screen.getByRole('region', { name: 'About' });
    const paragraphs = about.querySelectorAll('p');
    expect(Array.from(paragraphs, (p) => p.textContent)).toEqual([
      'We print switches and grips.\nEvery Tuesday.',
      'Visits on appointment.',
    ]);

    const contact = within(screen.getByRole('region', { name: 'Contact details' }));
    expect(contact.getByRole('link', { name: 'hello@fablab.example' }).getAttribute('href')).toBe(
      'mailto:hello@fablab.example',
    );
    expect(contact.getByRole('link', { name: '+33 (0)4 12 34 56 78' }).getAttribute('href')).toBe(
      'tel:+33412345678',
    );
    expect(contact.getByText(/12 rue des Ateliers/).closest('address')?.textContent).toBe(
      '12 rue des Ateliers\n69001 Lyon',
    );
    const website = contact.getByRole('link', {
      name: /^https:\/\/fablab\.example\/\s*\(opens in a new tab\)$/,
    });
    expect(website.getAttribute('href')).toBe('https://fablab.example/');
    expect(website.getAttribute('target')).toBe('_blank');
    expect(website.getAttribute('rel')).toBe('noopener noreferrer');
    expect(contact.getByText('France')).toBeTruthy();
    expect(
      Array.from(
        screen.getByRole('region', { name: 'Contact details' }).querySelectorAll('dt'),
        (d) => d.textContent,
      ),
    ).toEqual(['E-mail', 'Phone', 'Address', 'Website', 'Country']);
  });

  it('finds the organization by its id as well, and leaves out what it does not have', async () => {
    decided();
    const bare = {
      ...FAB_LAB,
      attributes: { name: 'Bare Org', slug: 'bare-org', unitName: null, country: null },
    };
    const reads: string[] = [];
    const handler = (request: FakeRequest) => {
      if (request.url.pathname !== `/api/v1/organizations/${bare.id}`) return undefined;
      reads.push(request.url.pathname);
      return fakeJson(200, { data: bare });
    };
    renderApp(`/organizations/${bare.id}`, { handlers: [handler] });
    const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 25_000 });
    expect(heading.textContent).toBe('Bare Org');
    expect(reads).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'About' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Contact details' })).toBeNull();
  });

  it('shows its image as the preview variant with its width and height, named by its description', async () => {
    decided();
    const fileId = '5a1d7c3e-0f5b-4a8e-9c1e-2b3c4d5e6f70';
    const preview = `/api/v1/services/files/${fileId}/content/${'b'.repeat(64)}.webp`;
    const withImage = {
      ...FAB_LAB,
      relationships: { ...FAB_LAB.relationships, image: { data: { type: 'files', id: fileId } } },
    };
    const file = (description: string | null) => ({
      type: 'files',
      id: fileId,
      attributes: {
        name: 'front.png',
        description,
        family: 'image',
        url: `/api/v1/services/files/${fileId}/content/${'a'.repeat(64)}.png`,
        previewUrl: preview,
        metadata: { width: 1600, height: 900 },
        preview: { hash: 'b'.repeat(64), width: 800, height: 450, mimeType: 'image/webp', extension: 'webp' },
      },
    });
    let description: string | null = 'The workshop seen from the street';
    const queries: string[] = [];
    const handler = (request: FakeRequest) => {
      if (request.url.pathname !== `/api/v1/organizations/${FAB_LAB.id}`) return undefined;
      queries.push(request.url.searchParams.get('include') ?? '');
      return fakeJson(200, { data: withImage, included: [file(description)] });
    };
    const { unmount } = renderApp(`/organizations/${FAB_LAB.id}`, { handlers: [handler] });
    const image = await screen.findByRole(
      'img',
      { name: 'The workshop seen from the street' },
      { timeout: 25_000 },
    );
    expect(queries).toEqual(['image']);
    expect(image.getAttribute('src')).toBe(preview);
    expect(image.getAttribute('width')).toBe('800');
    expect(image.getAttribute('height')).toBe('450');
    unmount();

    description = null;
    renderApp(`/organizations/${FAB_LAB.id}`, { handlers: [handler] });
    expect(await screen.findByRole('img', { name: 'Demo Fab Lab' }, { timeout: 25_000 })).toBeTruthy();
  });

  it('answers an organization the API does not know with the not-found screen', async () => {
    decided();
    const server = organizationsServer();
    const { location } = renderApp('/organizations/no-such-organization', { handlers: [server.handler] });
    await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 25_000 });
    expect(server.reads).toEqual(['no-such-organization']);
    expect(location.history?.at(-1)).toBe('/errors/not-found');
  });

  it.each([['organizations'], ['userOrganizations']])(
    'does not exist while the %s feature is off: the not-found screen, and the API is not asked',
    async (feature) => {
      decided();
      const server = organizationsServer();
      const { location } = renderApp('/organizations/demo-fab-lab', {
        handlers: [server.handler],
        features: { [feature]: false },
      });
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 25_000 });
      expect(location.history?.at(-1)).toBe('/errors/not-found');
      expect(server.reads).toEqual([]);
    },
  );
});
