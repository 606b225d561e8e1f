import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { consent, pageAnswer, type TestComponent } from '../../frame/testing/cms-testing.tsx';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';
import { OPEN_BADGES_PAGE_PATH } from './paths.ts';

const SWITCH = 'b0000000-0000-4000-8000-0000000000a1';
const WHEELCHAIR = 'b0000000-0000-4000-8000-0000000000a2';
const DRAFT = 'b0000000-0000-4000-8000-0000000000a3';
const NEWER = 'b0000000-0000-4000-8000-0000000000a4';
const ORG = '0a000000-0000-4000-8000-0000000000d1';
const IMAGE = 'f0000000-0000-4000-8000-0000000000e1';
const CRITERIA = 'f0000000-0000-4000-8000-0000000000e2';
const ASSERTION = 'a5000000-0000-4000-8000-0000000000f1';
const PAST = '2025-01-01T00:00:00.000Z';

const badge = (id: string, title: string, attributes: Record<string, unknown> = {}, relationships = {}) => ({
  type: 'open-badges',
  id,
  attributes: {
    title,
    description: `${title}: what it certifies.`,
    version: '1',
    validityDuration: 730,
    publishedAt: PAST,
    modules: [
      { id: `${id}-2`, position: 2, title: `${title}, module two`, content: '' },
      { id: `${id}-1`, position: 1, title: `${title}, module one`, content: '' },
    ],
    ...attributes,
  },
  relationships: {
    image: { data: null },
    criteriaFile: { data: null },
    organization: { data: { type: 'organizations', id: ORG } },
    newestBadge: { data: null },
    ...relationships,
  },
});

const image = {
  type: 'files',
  id: IMAGE,
  attributes: {
    name: 'switch.png',
    previewUrl: '/api/v1/services/files/e1/preview.png',
    url: '/api/v1/services/files/e1',
    metadata: { width: 400, height: 400 },
    preview: { width: 200, height: 200 },
  },
};
const criteria = {
  type: 'files',
  id: CRITERIA,
  attributes: { name: 'criteria.pdf', url: '/api/v1/services/files/e2' },
};
const organization = {
  type: 'organizations',
  id: ORG,
  attributes: { name: 'Demo Fab Lab', slug: 'demo-fab-lab' },
};

const switchBadge = badge(
  SWITCH,
  'Switch access basics',
  {},
  {
    image: { data: { type: 'files', id: IMAGE } },
    criteriaFile: { data: { type: 'files', id: CRITERIA } },
    newestBadge: { data: { type: 'open-badges', id: NEWER } },
  },
);

const assertion = (attributes: Record<string, unknown> = {}) => ({
  data: {
    type: 'open-badge-assertions',
    id: ASSERTION,
    attributes: {
      recipientName: 'Member Two',
      issuedAt: '2026-02-01T10:00:00.000Z',
      expiresAt: '2999-02-01T10:00:00.000Z',
      revokedAt: null,
      revocationReason: null,
      imageURL: `http://localhost/api/v1/open-badges/v2/assertions/${ASSERTION}/image`,
      jsonURL: `http://localhost/api/v1/open-badges/v2/assertions/${ASSERTION}`,
      ...attributes,
    },
    relationships: {
      badge: { data: { type: 'open-badges', id: SWITCH } },
      issuer: { data: { type: 'organizations', id: ORG } },
    },
  },
  included: [
    { type: 'open-badges', id: SWITCH, attributes: { title: 'Switch access basics' } },
    organization,
  ],
});

function badgesServer(options: { assertion?: ReturnType<typeof assertion> } = {}) {
  const reads: FakeRequest[] = [];
  const handler = (request: FakeRequest) => {
    const path = request.url.pathname;
    if (request.method !== 'GET') return undefined;
    if (path === '/api/v1/open-badges') {
      reads.push(request);
      return fakeJson(200, {
        data: [
          switchBadge,
          badge(WHEELCHAIR, 'Manual wheelchair fitting', { validityDuration: null }),
          // an issuer's draft, listed to them but not on the public page
          badge(DRAFT, 'Draft badge', { publishedAt: null }),
        ],
        included: [image],
      });
    }
    if (path === `/api/v1/open-badges/${SWITCH}`) {
      reads.push(request);
      return fakeJson(200, { data: switchBadge, included: [image, criteria, organization] });
    }
    if (path === `/api/v1/open-badges/${DRAFT}`) {
      return fakeJson(200, {
        data: badge(DRAFT, 'Draft badge', { publishedAt: null }),
        included: [organization],
      });
    }
    if (path === `/api/v1/open-badge-assertions/${ASSERTION}`) {
      reads.push(request);
      return fakeJson(200, options.assertion ?? assertion());
    }
    if (path.startsWith('/api/v1/open-badges/') || path.startsWith('/api/v1/open-badge-assertions/'))
      return fakeJson(404, { errors: [{ status: '404', code: 'not_found', detail: 'Not found' }] });
    return undefined;
  };
  return { handler, reads };
}

const PAGE = OPEN_BADGES_PAGE_PATH;

function open(
  path: string,
  components: TestComponent[] = [{ name: 'open-badges', props: { title: '' } }],
  server = badgesServer(),
) {
  const view = renderApp(path, {
    routes: { [PAGE]: pageAnswer(PAGE, 'Open badges', components) },
    handlers: [server.handler],
  });
  return { ...view, server };
}

describe('the open badges CMS components', () => {
  // the cookie choice is made: the first-visit dialog would cover the page
  beforeEach(() => consent());

  it('lists the published badges as cards with image, title, version and a link to their page; filters by text', async () => {
    const user = userEvent.setup();
    const { server } = open(PAGE);
    const list = await screen.findByRole('list', { name: 'Open badges' }, { timeout: 25_000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const card = within(list).getByRole('heading', { level: 2, name: 'Switch access basics' }).closest('li')!;
    const img = card.querySelector('img')!;
    expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height')]).toEqual([
      '/api/v1/services/files/e1/preview.png',
      '200',
      '200',
    ]);
    expect(within(card).getByText('Version 1')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Switch access basics' }).getAttribute('href')).toBe(
      `${PAGE}/${SWITCH}`,
    );
    expect(within(list).queryByText('Draft badge')).toBeNull();
    expect(server.reads[0]!.url.searchParams.get('include')).toBe('image');

    // by keyboard: into the filter, type; the cards follow
    const filter = screen.getByRole('searchbox', { name: 'Filter the badges' });
    while (document.activeElement !== filter) await user.tab();
    await user.keyboard('wheelchair');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('heading', { name: 'Manual wheelchair fitting' })).toBeTruthy();
    await user.keyboard('zzz');
    expect(await screen.findByText('No badge matches this filter.')).toBeTruthy();
  });

  it('shows the badges an editor picked, in the editor’s order, without the filter', async () => {
    open(PAGE, [
      { name: 'selected-open-badges', props: { title: 'Our badges', badges: [WHEELCHAIR, SWITCH] } },
    ]);
    const list = await screen.findByRole('list', { name: 'Open badges' }, { timeout: 25_000 });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Manual wheelchair fitting', 'Switch access basics']);
    expect(screen.getByRole('heading', { level: 2, name: 'Our badges' })).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('shows a badge at {path}/{id}: image, description, validity, modules in order, criteria, the training link', async () => {
    open(`${PAGE}/${SWITCH}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Switch access basics' }, { timeout: 25_000 }),
    ).toBeTruthy();
    const img = screen.getByRole('article').querySelector('img')!;
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['200', '200']);
    expect(screen.getByText('Switch access basics: what it certifies.')).toBeTruthy();
    expect(screen.getByText('Issued by Demo Fab Lab')).toBeTruthy();
    expect(screen.getByText('Once awarded, the badge is valid for 730 days.')).toBeTruthy();
    const modules = screen.getByRole('heading', { level: 2, name: 'Modules' }).nextElementSibling!;
    expect(
      within(modules as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Switch access basics, module one', 'Switch access basics, module two']);
    expect(screen.getByRole('link', { name: /Criteria: criteria\.pdf/ }).getAttribute('href')).toBe(
      '/api/v1/services/files/e2',
    );
    expect(screen.getByRole('link', { name: 'Start this training' }).getAttribute('href')).toBe(
      `/open-badge-trainings/start/demo-fab-lab/${SWITCH}`,
    );
    expect(
      screen.getByRole('link', { name: 'A newer version of this badge exists' }).getAttribute('href'),
    ).toBe(`${PAGE}/${NEWER}`);
    await waitFor(() => expect(document.title).toMatch(/^Switch access basics \|/));
  });

  it('offers no training on a badge that is not published yet (an issuer’s draft)', async () => {
    open(`${PAGE}/${DRAFT}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Draft badge' }, { timeout: 25_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Start this training' })).toBeNull();
    expect(screen.getByText(/This badge is not published yet/)).toBeTruthy();
  });

  it('says so for a badge nobody may see, with the way back', async () => {
    open(`${PAGE}/b0000000-0000-4000-8000-0000000000ff`);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'This badge is not available' },
        { timeout: 25_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the badges' }).getAttribute('href')).toBe(PAGE);
  });

  it('shows an assertion at {path}/assertions/{id}: badge, recipient, issuer, dates, state and the verification links', async () => {
    const { server } = open(`${PAGE}/assertions/${ASSERTION}`);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Switch access basics, awarded to Member Two' },
        { timeout: 25_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText('Valid')).toBeTruthy();
    expect(screen.getByText('Demo Fab Lab')).toBeTruthy();
    expect(screen.getByText('Member Two')).toBeTruthy();
    expect(screen.getByRole('article').querySelector('img')!.getAttribute('src')).toBe(
      '/api/v1/services/files/e1/preview.png',
    );
    expect(
      screen.getByRole('link', { name: /Assertion \(Open Badges 2\.0, JSON\)/ }).getAttribute('href'),
    ).toBe(`http://localhost/api/v1/open-badges/v2/assertions/${ASSERTION}`);
    expect(screen.getByRole('link', { name: /Badge image with its assertion/ }).getAttribute('href')).toBe(
      `http://localhost/api/v1/open-badges/v2/assertions/${ASSERTION}/image`,
    );
    expect(screen.getByRole('link', { name: /Verifiable credential/ }).getAttribute('href')).toBe(
      `/api/v1/open-badges/v3/credentials/${ASSERTION}`,
    );
    expect(screen.getByRole('link', { name: 'Switch access basics' }).getAttribute('href')).toBe(
      `${PAGE}/${SWITCH}`,
    );
    const read = server.reads.find((r) => r.url.pathname.endsWith(ASSERTION))!;
    expect(read.url.searchParams.get('include')).toBe('badge,issuer');
  });

  it('shows an expired assertion as expired, and a revoked one with its reason', async () => {
    const expired = open(
      `${PAGE}/assertions/${ASSERTION}`,
      undefined,
      badgesServer({ assertion: assertion({ expiresAt: '2026-01-01T00:00:00.000Z' }) }),
    );
    expect(await screen.findByText('Expired', {}, { timeout: 25_000 })).toBeTruthy();
    expect(screen.queryByText('Valid')).toBeNull();
    expired.unmount();

    open(
      `${PAGE}/assertions/${ASSERTION}`,
      undefined,
      badgesServer({
        assertion: assertion({
          revokedAt: '2026-03-01T00:00:00.000Z',
          revocationReason: 'Issued by mistake',
        }),
      }),
    );
    expect(await screen.findByText('Revoked (Issued by mistake)', {}, { timeout: 25_000 })).toBeTruthy();
    expect(screen.getByText('Revoked on')).toBeTruthy();
  });
});
