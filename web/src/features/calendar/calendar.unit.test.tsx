import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { consent, pageAnswer } from '../../frame/testing/cms-testing.tsx';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';
import { communityServer } from '../community/testing.ts';
import { meDocument } from '../../kit/admin/admin-testing.ts';

const FAIR = 'e1111111-1111-4111-8111-111111111111';
const WEBINAR = 'e2222222-2222-4222-8222-222222222222';
const HIDDEN = 'e3333333-3333-4333-8333-333333333333';

const event = (
  id: string,
  title: string,
  startAt: string,
  endAt: string,
  online: boolean,
  location: string,
) => ({
  type: 'calendar-events',
  id,
  attributes: {
    title,
    description: '<p>Come and try.</p>',
    creator: 'The fab team',
    externalUrl: null,
    isRealLocation: !online,
    location,
    startAt,
    endAt,
    publishedAt: '2026-01-01T00:00:00.000Z',
    likesCount: 3,
    hasComments: true,
  },
  relationships: { image: { data: null }, tags: { data: [] } },
});
const EVENTS = [
  event(FAIR, 'Aids fair', '2026-03-10T09:00:00', '2026-03-11T17:00:00', false, 'Town hall, Lyon'),
  event(
    WEBINAR,
    'Switch webinar',
    '2026-03-20T14:00:00',
    '2026-03-20T15:00:00',
    true,
    'https://meet.example.org/w',
  ),
];

function open(
  path: string,
  props: Record<string, unknown> = { title: 'Agenda' },
  me?: ReturnType<typeof meDocument>,
) {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  consent();
  const lists: URLSearchParams[] = [];
  const handler = (request: FakeRequest) => {
    const p = request.url.pathname;
    if (p === '/api/v1/calendar-events') {
      lists.push(request.url.searchParams);
      return fakeJson(200, { data: EVENTS, meta: { total: EVENTS.length } });
    }
    const one = /^\/api\/v1\/calendar-events\/([^/]+)$/.exec(p);
    if (one) {
      const found = EVENTS.find((e) => e.id === one[1]);
      return found
        ? fakeJson(200, { data: found })
        : fakeJson(404, { errors: [{ status: '404', code: 'not_found' }] });
    }
    const exists = /^\/api\/v1\/services\/publishables\/calendar-events\/([^/]+)$/.exec(p);
    if (exists) return fakeJson(200, { data: { exists: exists[1] === HIDDEN } });
    return undefined;
  };
  const community = communityServer({
    comments: [
      {
        id: 'c0000001-0000-4000-8000-000000000000',
        on: `calendar-events:${WEBINAR}`,
        parent: null,
        content: '<p>Will it be recorded?</p>',
        authorName: 'Noor Member',
        createdAt: '2026-03-01T09:00:00.000Z',
      },
    ],
  });
  const view = renderApp(path, {
    routes: { '/agenda': pageAnswer('/agenda', 'Agenda', [{ name: 'calendar', props }]) },
    handlers: [handler, community.handler],
    ...(me ? { me } : {}),
  });
  return { ...view, lists };
}

describe('the calendar CMS component', () => {
  it('shows the month of the URL as a Monday-first grid, each event on the days it spans', async () => {
    const { lists } = open('/agenda?month=2026-03');
    const grid = await screen.findByRole('table', { name: 'Events of March 2026' }, { timeout: 25_000 });
    const between = lists.at(-1)!.get('filter[between]')!.split(',');
    expect(between.map((d) => new Date(d).getTime())).toEqual([
      new Date(2026, 2, 1).getTime(),
      new Date(2026, 3, 1).getTime(),
    ]);
    expect(lists.at(-1)!.get('sort')).toBe('startAt');
    expect(within(grid).getAllByRole('columnheader')[0]!.textContent).toBe('Mon');
    const cellOf = (day: number) =>
      within(grid)
        .getByLabelText(new RegExp(`March ${day}, 2026`))
        .closest('td')!;
    expect(within(cellOf(10)).getByRole('link', { name: 'Aids fair' }).getAttribute('href')).toBe(
      `/agenda/${FAIR}`,
    );
    expect(within(cellOf(11)).getByRole('link', { name: 'Aids fair' })).toBeTruthy();
    expect(within(cellOf(12)).queryByRole('link')).toBeNull();
    expect(within(cellOf(20)).getByRole('link', { name: 'Switch webinar' })).toBeTruthy();
    const months = screen.getByRole('navigation', { name: 'Other months and views' });
    expect(within(months).getByRole('link', { name: 'Previous month' }).getAttribute('href')).toBe(
      '/agenda?month=2026-02',
    );
    expect(within(months).getByRole('link', { name: 'Next month' }).getAttribute('href')).toBe(
      '/agenda?month=2026-04',
    );
    expect(within(months).getByRole('link', { name: 'Show as a list' }).getAttribute('href')).toBe(
      '/agenda?month=2026-03&view=list',
    );
  });

  it('lays a member’s month out in their own time zone, not the device’s', async () => {
    // fourteen hours ahead of UTC: the fair ends on the 12th there, the webinar is on the 21st
    const { lists } = open(
      '/agenda?month=2026-03',
      undefined,
      meDocument({ timezone: 'Pacific/Kiritimati' }),
    );
    const grid = await screen.findByRole('table', { name: 'Events of March 2026' }, { timeout: 25_000 });
    expect(lists.at(-1)!.get('filter[between]')).toBe('2026-02-28T10:00:00.000Z,2026-03-31T10:00:00.000Z');
    const cellOf = (day: number) =>
      within(grid)
        .getByLabelText(new RegExp(`March ${day}, 2026`))
        .closest('td')!;
    for (const day of [10, 11, 12])
      expect(within(cellOf(day)).getByRole('link', { name: 'Aids fair' })).toBeTruthy();
    expect(within(cellOf(20)).queryByRole('link')).toBeNull();
    expect(within(cellOf(21)).getByRole('link', { name: 'Switch webinar' })).toBeTruthy();
    // March 2026 begins on a Sunday there as anywhere: the grid's first row starts on Monday 23 February
    expect(within(grid).getAllByRole('columnheader')[0]!.textContent).toBe('Mon');
  });

  it('shows the list view the editor chose, with where each event takes place', async () => {
    open('/agenda?month=2026-03', { title: '', view: 'list' });
    const list = await screen.findByRole('list', { name: 'Events of March 2026' }, { timeout: 25_000 });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('link').textContent)).toEqual([
      'Aids fair',
      'Switch webinar',
    ]);
    expect(items[0]!.textContent).toContain('Town hall, Lyon');
    expect(items[1]!.textContent).toContain('Online');
  });

  it('shows an online event at {path}/{id} with its link to join, its organiser, description, likes and comments', async () => {
    open(`/agenda/${WEBINAR}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Switch webinar' }, { timeout: 25_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /Join the event online/ }).getAttribute('href')).toBe(
      'https://meet.example.org/w',
    );
    expect(screen.getByText('Organised by The fab team')).toBeTruthy();
    expect(await screen.findByText('Come and try.')).toBeTruthy();
    // its likes and comments, as a visitor reads them
    expect(screen.getByText('3 likes')).toBeTruthy();
    expect(await screen.findByText('Will it be recorded?', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '1 comment' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to comment' })).toBeTruthy();
  });

  it('an event above the reader’s level opens the unauthorized screen', async () => {
    const { location } = open(`/agenda/${HIDDEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Access denied' }, { timeout: 25_000 }),
    ).toBeTruthy();
    expect(location.history?.at(-1)).toBe(
      `/errors/unauthorized?redirectUrl=${encodeURIComponent(`/agenda/${HIDDEN}`)}`,
    );
  });
});
