import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StatsCounts } from '@platform/contracts/stats/counts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';
import { consentDecided, meDocument, route, FIRST_RENDER } from '../../kit/admin/admin-testing.ts';
import { defaultPeriod } from '../../kit/admin/stats-period.ts';
import { statsCsv } from './stats-data.ts';

const PAGE = '0a000000-0000-4000-8000-0000000000a1';

/** The counts of a period as query-api answers them (query-api/src/stats/counts-routes.ts). */
function countsOf(query: URLSearchParams, events: string[] | null = null): StatsCounts {
  const from = query.get('from')!;
  const to = query.get('to')!;
  return {
    from,
    to,
    resourceType: query.get('resourceType'),
    events,
    days: [
      { day: to, event: 'download', records: 2 },
      { day: to, event: 'view', records: 5 },
    ],
    resources: [
      {
        resourceType: 'articles',
        resourceId: 'a1',
        title: '=Sign language, a guide',
        records: 4,
        events: { view: 4 },
      },
      { resourceType: 'app-pages', resourceId: PAGE, title: null, records: 1, events: { view: 1 } },
      { resourceType: 'files', resourceId: 'f1', title: null, records: 2, events: { download: 2 } },
    ],
    origins: [
      { origin: 'https://search.example', records: 4 },
      { origin: 'direct', records: 3 },
    ],
    resourceTypes: ['app-pages', 'articles', 'files'],
  };
}

const counts = (seen: FakeRequest[], events: string[] | null = null) =>
  route(
    'GET',
    '/api/v1/services/stats/counts',
    (request) => fakeJson(200, { data: countsOf(request.url.searchParams, events) }),
    seen,
  );

afterEach(() => vi.restoreAllMocks());

describe('the statistics screen (/admin/stats)', () => {
  it('shows the last 30 days as charts, each with a table of the same figures', async () => {
    consentDecided();
    const seen: FakeRequest[] = [];
    renderApp('/admin/stats', { me: meDocument({ roles: ['admin'] }), handlers: [counts(seen)] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Usage statistics' }, FIRST_RENDER),
    ).toBeTruthy();
    await screen.findByRole('img', { name: /^Chart: Views and downloads over time\./ });
    const period = defaultPeriod(new Date());
    expect(seen[0]!.url.searchParams.get('from')).toBe(period.from);
    expect(seen[0]!.url.searchParams.get('to')).toBe(period.to);
    expect(seen[0]!.url.searchParams.has('resourceType')).toBe(false);

    const overTime = screen.getByRole('table', { name: 'Views and downloads over time: figures' });
    const rows = within(overTime).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['DayViewsDownloads', expect.stringMatching(/52$/)]);
    const top = screen.getByRole('table', { name: 'Top resources: figures' });
    expect(
      within(top)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual([
      '=Sign language, a guide',
      // no title: the type's name and the id
      `Pages ${PAGE}`,
      'Files f1',
    ]);
    const origins = screen.getByRole('table', { name: 'Origins: figures' });
    expect(
      within(origins)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['https://search.example', 'Direct (no referring site)']);
    expect(screen.getByRole('img', { name: /^Chart: Top resources\./ })).toBeTruthy();
    expect(screen.getByRole('img', { name: /^Chart: Origins\./ })).toBeTruthy();
    // an administrator's counts are not limited
    expect(screen.queryByText('These statistics count views and downloads only.')).toBeNull();
  });

  it('keeps the resource type in the URL and reads it', async () => {
    consentDecided();
    const seen: FakeRequest[] = [];
    const { location } = renderApp('/admin/stats?from=2026-03-01&to=2026-03-31', {
      me: meDocument({ roles: ['admin'] }),
      handlers: [counts(seen)],
    });
    await screen.findByRole('table', { name: 'Origins: figures' }, FIRST_RENDER);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Resource type/ }));
    await user.click(await screen.findByRole('option', { name: 'Files' }));
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe('/admin/stats?from=2026-03-01&to=2026-03-31&resourceType=files'),
    );
    await waitFor(() => expect(seen.at(-1)!.url.searchParams.get('resourceType')).toBe('files'));
    expect(seen.at(-1)!.url.searchParams.get('from')).toBe('2026-03-01');
  });

  it('exports nothing while another choice loads: the figures shown are still the last ones', async () => {
    consentDecided();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slowFiles = async (request: FakeRequest) => {
      if (request.method !== 'GET' || request.url.pathname !== '/api/v1/services/stats/counts')
        return undefined;
      if (request.url.searchParams.get('resourceType') === 'files') await held;
      return fakeJson(200, { data: countsOf(request.url.searchParams) });
    };
    renderApp('/admin/stats?from=2026-03-01&to=2026-03-31', {
      me: meDocument({ roles: ['admin'] }),
      handlers: [slowFiles],
    });
    const csv = await screen.findByRole('button', { name: 'Download CSV' }, FIRST_RENDER);
    expect(csv).toHaveProperty('disabled', false);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Resource type/ }));
    await user.click(await screen.findByRole('option', { name: 'Files' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Download CSV' })).toHaveProperty('disabled', true),
    );
    expect(screen.getByRole('button', { name: 'Download JSON' })).toHaveProperty('disabled', true);
    release();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Download CSV' })).toHaveProperty('disabled', false),
    );
  });

  it('says what does not fit in a period, and reads nothing for it', async () => {
    consentDecided();
    const seen: FakeRequest[] = [];
    renderApp('/admin/stats?from=2026-03-02&to=2026-03-01', {
      me: meDocument({ roles: ['admin'] }),
      handlers: [counts(seen)],
    });
    expect(await screen.findByText('The period ends before it starts.', {}, FIRST_RENDER)).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it('tells an application administrator that the counts are of views and downloads only', async () => {
    consentDecided();
    renderApp('/admin/stats', {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: [counts([], ['view', 'download'])],
    });
    expect(
      await screen.findByText('These statistics count views and downloads only.', {}, FIRST_RENDER),
    ).toBeTruthy();
  });

  it('sends a member who reads no statistics to the unauthorized screen', async () => {
    consentDecided();
    const seen: FakeRequest[] = [];
    const { location } = renderApp('/admin/stats', {
      me: meDocument({ roles: ['contributor'] }),
      handlers: [counts(seen)],
    });
    await waitFor(() => expect(location.history?.at(-1)).toMatch(/^\/errors\/unauthorized/), FIRST_RENDER);
    expect(seen).toEqual([]);
  });

  it('downloads the figures shown as CSV', async () => {
    consentDecided();
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:statistics';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderApp('/admin/stats?from=2026-03-01&to=2026-03-31', {
      me: meDocument({ roles: ['admin'] }),
      handlers: [counts([])],
    });
    const csv = await screen.findByRole('button', { name: 'Download CSV' }, FIRST_RENDER);
    await userEvent.setup().click(csv);
    expect(names).toEqual(['statistics-2026-03-01-2026-03-31.csv']);
    const expected = statsCsv(countsOf(new URLSearchParams('from=2026-03-01&to=2026-03-31')));
    expect(await saved[0]!.text()).toBe(expected);
  });
});

describe('the CSV export', () => {
  it('holds a row per figure and defuses a title a spreadsheet would run', () => {
    const csv = statsCsv(countsOf(new URLSearchParams('from=2026-03-01&to=2026-03-31')));
    expect(csv.split('\r\n')).toEqual([
      'section,day,event,resourceType,resourceId,title,origin,records',
      'days,2026-03-31,download,,,,,2',
      'days,2026-03-31,view,,,,,5',
      `resources,,view,articles,a1,"'=Sign language, a guide",,4`,
      `resources,,view,app-pages,${PAGE},,,1`,
      'resources,,download,files,f1,,,2',
      'origins,,,,,,https://search.example,4',
      'origins,,,,,,direct,3',
      '',
    ]);
  });
});
