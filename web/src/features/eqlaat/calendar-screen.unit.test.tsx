import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';
import { consentDecided, FIRST_RENDER, listMeta, meDocument, route } from '../../kit/admin/admin-testing.ts';
import { dayIn, startOfDay } from '../../kit/time/zone.ts';
import { mondayOf } from './calendar-week.ts';

const PROJECT = '0a000000-0000-4000-8000-0000000000e1';
const REPORT = '0a000000-0000-4000-8000-0000000000e2';
const FIRST = '0a000000-0000-4000-8000-0000000000f1';
const SECOND = '0a000000-0000-4000-8000-0000000000f2';
const ANN = '0a000000-0000-4000-8000-0000000000a1';
const BEN = '0a000000-0000-4000-8000-0000000000b1';
const CALENDAR = '/admin/resources/eqlaat-calendar';

// the member's zone decides the days (meDocument's Europe/Paris), not the machine's: wall-clock times of March
// 2031 in Paris, UTC+1 until the clocks go forward on the 30th
const PARIS = 'Europe/Paris';
const paris = (d: number, h: number, min = 0) => new Date(Date.UTC(2031, 2, d, h - 1, min)).toISOString();
const users = [
  { type: 'users', id: ANN, attributes: { firstName: 'Ann', lastName: 'Lee' } },
  { type: 'users', id: BEN, attributes: { firstName: 'Ben', lastName: 'Cole' } },
];
const project = { type: 'eqlaat-projects', id: PROJECT, attributes: { title: 'Eye-gaze at home' } };

function appointment(id: string, title: string, startAt: string, endAt: string, managers: string[]) {
  return {
    type: 'eqlaat-appointments',
    id,
    attributes: { title, location: 'Day centre, room 2', startAt, endAt, beneficiaryInvited: true },
    relationships: {
      project: { data: { type: 'eqlaat-projects', id: PROJECT } },
      report: { data: id === FIRST ? { type: 'eqlaat-reports', id: REPORT } : null },
      managers: { data: managers.map((m) => ({ type: 'users', id: m })) },
    },
  };
}
// Thursday first in the answer: the screen puts each under its day, in time order
const week = [
  appointment(SECOND, 'Follow-up at school', paris(6, 14), paris(6, 15), [BEN]),
  appointment(FIRST, 'Eye-gaze trial', paris(4, 9), paris(4, 10, 30), [ANN, BEN]),
];

function fakeServer(appointments = week) {
  const lists: FakeRequest[] = [];
  const finds: FakeRequest[] = [];
  const handlers = [
    route(
      'GET',
      '/api/v1/eqlaat-appointments',
      () => fakeJson(200, { data: appointments, included: [...users, project], meta: listMeta(2, 1, 100) }),
      lists,
    ),
    route(
      'GET',
      /^\/api\/v1\/eqlaat-appointments\/[^/]+$/,
      (request) => {
        const found = appointments.find((a) => request.url.pathname.endsWith(a.id));
        if (!found) return fakeJson(404, { errors: [{ status: '404', code: 'not_found' }] });
        return fakeJson(200, {
          data: found,
          included: [
            ...users,
            project,
            { type: 'eqlaat-reports', id: REPORT, attributes: { title: 'Trial notes' } },
          ],
        });
      },
      finds,
    ),
  ];
  return { handlers, lists, finds };
}

const member = () => meDocument({ roles: ['eqlaat_member'] });

describe('the eqlaat calendar (/admin/resources/eqlaat-calendar)', () => {
  it('shows the week of n day by day, each appointment under its day in time order', async () => {
    consentDecided();
    const server = fakeServer();
    renderApp(`${CALENDAR}?n=2031-03-03`, { me: member(), handlers: server.handlers });
    await screen.findByRole('heading', { level: 1, name: 'Eqlaat calendar' }, FIRST_RENDER);
    await screen.findByText('2 appointments this week.');
    const query = server.lists[0]!.url.searchParams;
    // from the start of Monday 3 March to that of Monday 10 March, in Paris
    expect(query.get('filter[between]')).toBe('2031-03-02T23:00:00.000Z,2031-03-09T23:00:00.000Z');
    expect(query.get('include')).toBe('managers,project');
    expect(query.get('page[size]')).toBe('100');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/^Week of March 3\s–\s9, 2031$/);

    const days = within(screen.getByRole('list', { name: 'Days of the week' }))
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(days).toEqual([
      'Monday, March 3',
      'Tuesday, March 4',
      'Wednesday, March 5',
      'Thursday, March 6',
      'Friday, March 7',
      'Saturday, March 8',
      'Sunday, March 9',
    ]);
    const tuesday = screen.getByRole('heading', { level: 3, name: 'Tuesday, March 4' }).parentElement!;
    const trial = within(tuesday).getByRole('link', { name: /Eye-gaze trial/ });
    expect(trial.textContent).toMatch(/^9:00\s–\s10:30\sAM Eye-gaze trial$/);
    expect(trial.getAttribute('href')).toBe(`${CALENDAR}?n=2031-03-03&a=${FIRST}`);
    expect(tuesday.textContent).toContain('Day centre, room 2');
    const monday = screen.getByRole('heading', { level: 3, name: 'Monday, March 3' }).parentElement!;
    expect(within(monday).getByText('No appointment.')).toBeTruthy();

    const weeks = screen.getByRole('navigation', { name: 'Weeks' });
    expect(within(weeks).getByRole('link', { name: 'Previous week' }).getAttribute('href')).toBe(
      `${CALENDAR}?n=2031-02-24`,
    );
    expect(within(weeks).getByRole('link', { name: 'Next week' }).getAttribute('href')).toBe(
      `${CALENDAR}?n=2031-03-10`,
    );
    expect(within(weeks).getByRole('link', { name: 'This week' }).getAttribute('href')).toBe(CALENDAR);
  });

  it('counts the days in the member’s own zone, whatever the browser’s', async () => {
    consentDecided();
    const me = member();
    me.data.attributes.timezone = 'America/New_York';
    // 3:00 on Monday 3 March in Paris is 21:00 on Sunday 2 March in New York: the last day of the week before
    const early = appointment(FIRST, 'Early call', '2031-03-03T02:00:00.000Z', '2031-03-03T03:00:00.000Z', [
      ANN,
    ]);
    const server = fakeServer([early]);
    renderApp(`${CALENDAR}?n=2031-02-24`, { me, handlers: server.handlers });
    await screen.findByText('1 appointment this week.', {}, FIRST_RENDER);
    // from the start of Monday 24 February to that of Monday 3 March, in New York
    expect(server.lists[0]!.url.searchParams.get('filter[between]')).toBe(
      '2031-02-24T05:00:00.000Z,2031-03-03T05:00:00.000Z',
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(
      /^Week of February 24\s–\sMarch 2, 2031$/,
    );
    const days = within(screen.getByRole('list', { name: 'Days of the week' }))
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(days[0]).toBe('Monday, February 24');
    expect(days[6]).toBe('Sunday, March 2');
    const sunday = screen.getByRole('heading', { level: 3, name: 'Sunday, March 2' }).parentElement!;
    expect(within(sunday).getByRole('link', { name: /Early call/ }).textContent).toMatch(
      /^9:00\s–\s10:00\sPM Early call$/,
    );
  });

  it('opens on the current week, today marked for everyone', async () => {
    consentDecided();
    const server = fakeServer([]);
    renderApp(CALENDAR, { me: member(), handlers: server.handlers });
    await screen.findByText('No appointments this week.', {}, FIRST_RENDER);
    // the current week of the member's zone, from its Monday's start there
    const monday = mondayOf(new Date(), PARIS);
    expect(server.lists[0]!.url.searchParams.get('filter[between]')).toBe(
      `${startOfDay(monday, PARIS).toISOString()},${startOfDay(monday.add({ days: 7 }), PARIS).toISOString()}`,
    );
    // an empty week says so, and lists no days
    expect(screen.queryByRole('list', { name: 'Days of the week' })).toBeNull();
  });

  it('marks today with aria-current and says so in its heading', async () => {
    consentDecided();
    // around noon of today in the member's zone
    const noon = startOfDay(dayIn(new Date(), PARIS), PARIS).getTime() + 12 * 3_600_000;
    const start = new Date(noon).toISOString();
    const end = new Date(noon + 3_600_000).toISOString();
    const server = fakeServer([appointment(FIRST, 'Today’s visit', start, end, [ANN])]);
    renderApp(CALENDAR, { me: member(), handlers: server.handlers });
    const heading = await screen.findByRole('heading', { level: 3, name: /\(today\)$/ }, FIRST_RENDER);
    expect(heading.parentElement!.getAttribute('aria-current')).toBe('date');
    expect(document.querySelectorAll('[aria-current="date"]')).toHaveLength(1);
  });

  it('opens an appointment’s details from the address, and closing them takes a out of it', async () => {
    consentDecided();
    const server = fakeServer();
    const { location } = renderApp(`${CALENDAR}?n=2031-03-03`, { me: member(), handlers: server.handlers });
    const trial = await screen.findByRole('link', { name: /Eye-gaze trial/ }, FIRST_RENDER);
    await userEvent.click(trial);
    const dialog = await screen.findByRole('dialog', { name: 'Eye-gaze trial' });
    expect(location.history!.at(-1)).toBe(`${CALENDAR}?n=2031-03-03&a=${FIRST}`);
    await within(dialog).findByRole('link', { name: 'Eye-gaze at home' });
    expect(server.finds[0]!.url.searchParams.get('include')).toBe('managers,project,report');
    expect(within(dialog).getByRole('link', { name: 'Eye-gaze at home' }).getAttribute('href')).toBe(
      `/admin/resources/eqlaat-projects/show/${PROJECT}`,
    );
    expect(within(dialog).getByRole('link', { name: 'Trial notes' }).getAttribute('href')).toBe(
      `/admin/resources/eqlaat-reports/show/${REPORT}`,
    );
    expect(dialog.textContent).toContain('Tuesday, March 4, 2031');
    expect(dialog.textContent).toContain('Beneficiary invitedYes');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ann Lee', 'Ben Cole']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.history!.at(-1)).toBe(`${CALENDAR}?n=2031-03-03`);
    // the focus goes back to the appointment it came from
    await waitFor(() => expect(document.activeElement).toBe(trial));
  });

  it('opens the details of an appointment of another week, as a shared link names it', async () => {
    consentDecided();
    const server = fakeServer();
    renderApp(`${CALENDAR}?n=2031-04-07&a=${SECOND}`, {
      me: member(),
      handlers: [
        route('GET', '/api/v1/eqlaat-appointments', () =>
          fakeJson(200, { data: [], included: [], meta: listMeta(0, 1, 100) }),
        ),
        ...server.handlers,
      ],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Follow-up at school' }, FIRST_RENDER);
    expect(within(dialog).getByText('None')).toBeTruthy();
  });

  it('keeps to one manager’s appointments, chosen among the week’s managers', async () => {
    consentDecided();
    const server = fakeServer();
    const { location } = renderApp(`${CALENDAR}?n=2031-03-03&u=${ANN}`, {
      me: member(),
      handlers: server.handlers,
    });
    await screen.findByText('1 appointment led by Ann Lee this week.', {}, FIRST_RENDER);
    expect(screen.queryByRole('link', { name: /Follow-up at school/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Eye-gaze trial/ })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /Led by/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Anyone in the team', 'Ann Lee', 'Ben Cole']);
    await userEvent.click(options[2]!);
    await screen.findByText('2 appointments led by Ben Cole this week.');
    expect(location.history!.at(-1)).toBe(`${CALENDAR}?n=2031-03-03&u=${BEN}`);
  });

  it('is the eqlaat team’s alone: another member gets the unauthorized screen', async () => {
    consentDecided();
    const server = fakeServer();
    const { location } = renderApp(`${CALENDAR}?n=2031-03-03`, {
      me: meDocument({ roles: ['contributor'] }),
      handlers: server.handlers,
    });
    await waitFor(
      () =>
        expect(location.history!.at(-1)).toBe(
          `/errors/unauthorized?redirectUrl=${encodeURIComponent(`${CALENDAR}?n=2031-03-03`)}`,
        ),
      FIRST_RENDER,
    );
    expect(server.lists).toEqual([]);
  });

  it('says when the week could not be read, with a way to try again', async () => {
    consentDecided();
    let fail = true;
    const server = fakeServer();
    renderApp(`${CALENDAR}?n=2031-03-03`, {
      me: member(),
      handlers: [
        (request) =>
          fail && request.url.pathname === '/api/v1/eqlaat-appointments'
            ? fakeJson(403, { errors: [{ status: '403', code: 'forbidden' }] })
            : undefined,
        ...server.handlers,
      ],
    });
    const retry = await screen.findByRole('button', { name: 'Try again' }, FIRST_RENDER);
    expect(retry.closest('[role="alert"]')!.textContent).toContain('You are not allowed to do this.');
    fail = false;
    await userEvent.click(retry);
    await screen.findByText('2 appointments this week.');
  });
});
