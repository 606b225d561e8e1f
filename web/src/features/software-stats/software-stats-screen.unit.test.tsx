import { screen, waitFor, within } from '@testing-library/react';
import type { SoftwareStatsCounts } from '@platform/contracts/software/endpoints';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';
import { consentDecided, FIRST_RENDER, meDocument, route } from '../../kit/admin/admin-testing.ts';
import { defaultPeriod } from '../../kit/admin/stats-period.ts';

const PATH = '/api/v1/services/software/stats/counts';

/** The counts of a period as query-api answers them (query-api/src/software/counts-routes.ts), over three days. */
function countsOf(query: URLSearchParams): SoftwareStatsCounts {
  const from = query.get('from')!;
  const to = query.get('to')!;
  const event = query.get('filter[event]');
  const days = ['2026-03-01', '2026-03-02', '2026-03-03'];
  const sessions = event === 'session';
  return {
    data: {
      type: 'software-stats-counts',
      id: `${from}..${to}${event ? `:${event}` : ''}`,
      attributes: {
        from,
        to,
        event,
        days,
        series: sessions
          ? [{ event: 'session', counts: [4, 0, 1] }]
          : [
              { event: 'app.start', counts: [2, 0, 3] },
              { event: 'update', counts: [1, 0, 0] },
            ],
        total: sessions ? 5 : 6,
        installations: sessions ? 2 : 3,
        versions: [
          { version: '2.4.1', count: sessions ? 3 : 4 },
          { version: '2.5.0-beta.1', count: 2 },
        ],
        systems: [{ system: 'Windows 11', count: 5 }, ...(sessions ? [] : [{ system: null, count: 1 }])],
      },
    },
  };
}

const counts = (seen: FakeRequest[]) =>
  route('GET', PATH, (request) => fakeJson(200, countsOf(request.url.searchParams)), seen);

const admin = () => meDocument({ roles: ['admin'] });

/** A figure of the period: the value its term names. */
const figure = (term: string) =>
  within(screen.getByText(term, { selector: 'dt' }).parentElement!).getByRole('definition').textContent;

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('the software events screen (/admin/resources/software/stats/events)', () => {
  it('shows the figures of the period, a stacked chart per day with its table, the versions and the systems', async () => {
    consentDecided();
    const seen: FakeRequest[] = [];
    renderApp('/admin/resources/software/stats/events?from=2026-03-01&to=2026-03-03', {
      me: admin(),
      handlers: [counts(seen)],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Software events' }, FIRST_RENDER),
    ).toBeTruthy();
    await screen.findByText('Events reported');
    expect(seen).toHaveLength(1);
    const asked = seen[0]!.url.searchParams;
    expect([asked.get('from'), asked.get('to'), asked.has('filter[event]')]).toEqual([
      '2026-03-01',
      '2026-03-03',
      false,
    ]);
    expect(figure('Events reported')).toBe('6');
    expect(figure('Installations that reported')).toBe('3');

    // the chart is an image named by its title, whose table gives the same figures: the days with events
    expect(
      await screen.findByRole('img', {
        name: 'Chart: Events per day. The table below gives the same figures.',
      }),
    ).toBeTruthy();
    expect(rowsOf(screen.getByRole('table', { name: 'Events per day: figures' }))).toEqual([
      ['Day', 'app.start', 'update', 'Total'],
      ['Mar 1, 2026', '2', '1', '3'],
      ['Mar 3, 2026', '3', '0', '3'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Versions: figures' }))).toEqual([
      ['Version', 'Events'],
      ['2.4.1', '4'],
      ['2.5.0-beta.1', '2'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Systems: figures' }))).toEqual([
      ['System', 'Events'],
      ['Windows 11', '5'],
      ['Not reported', '1'],
    ]);
    expect(await screen.findByRole('img', { name: /^Chart: Versions\./ })).toBeTruthy();
    expect(await screen.findByRole('img', { name: /^Chart: Systems\./ })).toBeTruthy();
    // the period's fields, labelled
    const period = screen.getByRole('group', { name: 'Period' });
    expect(within(period).getAllByRole('group', { name: /^(From|To)$/ })).toHaveLength(2);
  });

  it('opens on the last 30 days', async () => {
    consentDecided();
    const seen: FakeRequest[] = [];
    renderApp('/admin/resources/software/stats/events', { me: admin(), handlers: [counts(seen)] });
    await screen.findByText('Events reported', {}, FIRST_RENDER);
    const period = defaultPeriod(new Date());
    expect(seen[0]!.url.searchParams.get('from')).toBe(period.from);
    expect(seen[0]!.url.searchParams.get('to')).toBe(period.to);
  });

  it('says what does not fit in a period, and reads nothing for it', async () => {
    consentDecided();
    const seen: FakeRequest[] = [];
    renderApp('/admin/resources/software/stats/events?from=2026-03-02&to=2026-03-01', {
      me: admin(),
      handlers: [counts(seen)],
    });
    expect(await screen.findByText('The period ends before it starts.', {}, FIRST_RENDER)).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it('shows the API refusing a period (422), on the field it names', async () => {
    consentDecided();
    const refused = (request: FakeRequest) =>
      request.method === 'GET' && request.url.pathname === PATH
        ? fakeJson(422, {
            errors: [
              {
                status: '422',
                code: 'validation.invalid',
                detail: 'A period covers at most 366 days',
                source: { parameter: 'to' },
              },
            ],
          })
        : undefined;
    renderApp('/admin/resources/software/stats/events?from=2026-03-01&to=2026-03-31', {
      me: admin(),
      handlers: [refused],
    });
    const said = await screen.findAllByText('A period covers at most 366 days', {}, FIRST_RENDER);
    // said at once, with a way to try again
    const alert = said.map((e) => e.closest('[role="alert"]')).find((e) => e !== null) as HTMLElement;
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    // and on the field it names: the To field's error, which describes it to screen readers
    const to = screen.getByRole('group', { name: 'To' });
    const describedBy = (to.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(
      'A period covers at most 366 days',
    );
    expect(screen.queryByText('Events reported')).toBeNull();
  });

  it('sends a member who is no administrator to the unauthorized screen', async () => {
    consentDecided();
    const seen: FakeRequest[] = [];
    const { location } = renderApp('/admin/resources/software/stats/events', {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: [counts(seen)],
    });
    await waitFor(() => expect(location.history?.at(-1)).toMatch(/^\/errors\/unauthorized/), FIRST_RENDER);
    expect(seen).toEqual([]);
  });
});

describe('the software sessions screen (/admin/resources/software/stats/sessions)', () => {
  it('asks for the sessions alone and shows them per day, with the installations', async () => {
    consentDecided();
    const seen: FakeRequest[] = [];
    renderApp('/admin/resources/software/stats/sessions?from=2026-03-01&to=2026-03-03', {
      me: admin(),
      handlers: [counts(seen)],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Software sessions' }, FIRST_RENDER),
    ).toBeTruthy();
    await screen.findByText('Installations that reported');
    expect(seen[0]!.url.searchParams.get('filter[event]')).toBe('session');
    expect(figure('Sessions')).toBe('5');
    expect(figure('Installations that reported')).toBe('2');
    expect(
      await screen.findByRole('img', {
        name: 'Chart: Sessions per day. The table below gives the same figures.',
      }),
    ).toBeTruthy();
    expect(rowsOf(screen.getByRole('table', { name: 'Sessions per day: figures' }))).toEqual([
      ['Day', 'Sessions'],
      ['Mar 1, 2026', '4'],
      ['Mar 3, 2026', '1'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Versions: figures' }))[0]).toEqual([
      'Version',
      'Sessions',
    ]);
  });

  it('says when no session was reported', async () => {
    consentDecided();
    const none = route('GET', PATH, (request) => {
      const answer = countsOf(request.url.searchParams);
      const a = answer.data.attributes;
      Object.assign(a, {
        series: [{ event: 'session', counts: [0, 0, 0] }],
        total: 0,
        installations: 0,
        versions: [],
        systems: [],
      });
      return fakeJson(200, answer);
    });
    renderApp('/admin/resources/software/stats/sessions?from=2026-03-01&to=2026-03-03', {
      me: admin(),
      handlers: [none],
    });
    const said = await screen.findByText('No sessions reported in this period.', {}, FIRST_RENDER);
    expect(said.getAttribute('role')).toBe('status');
    expect(figure('Sessions')).toBe('0');
  });
});
