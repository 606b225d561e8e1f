import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';
import { consentDecided, FIRST_RENDER, meDocument, route } from '../../kit/admin/admin-testing.ts';

const APPOINTMENT = '0a000000-0000-4000-8000-0000000000f1';
const PROJECT = '0a000000-0000-4000-8000-0000000000e1';
const REPORT = '0a000000-0000-4000-8000-0000000000e2';
const ANN = '0a000000-0000-4000-8000-0000000000a1';
const BEN = '0a000000-0000-4000-8000-0000000000b1';
const PAGE = `/services/eqlaat/appointments/${APPOINTMENT}`;

// in the member's time zone (meDocument's Europe/Paris, UTC+1 in early March), whichever the test machine's is:
// Tuesday 4 March 2031, 9:00 to 10:30
const paris = (d: number, h: number, min = 0) => new Date(Date.UTC(2031, 2, d, h - 1, min)).toISOString();

const appointmentDocument = (report: boolean, startAt = paris(4, 9), endAt = paris(4, 10, 30)) => ({
  data: {
    type: 'eqlaat-appointments',
    id: APPOINTMENT,
    attributes: {
      title: 'Eye-gaze trial with the speech therapist',
      location: 'Day centre, room 2',
      startAt,
      endAt,
      beneficiaryInvited: true,
    },
    relationships: {
      project: { data: { type: 'eqlaat-projects', id: PROJECT } },
      report: { data: report ? { type: 'eqlaat-reports', id: REPORT } : null },
      managers: {
        data: [
          { type: 'users', id: ANN },
          { type: 'users', id: BEN },
        ],
      },
    },
  },
  included: [
    { type: 'users', id: ANN, attributes: { firstName: 'Ann', lastName: 'Lee' } },
    { type: 'users', id: BEN, attributes: { firstName: 'Ben', lastName: 'Cole' } },
    { type: 'eqlaat-projects', id: PROJECT, attributes: { title: 'Eye-gaze at home' } },
    ...(report ? [{ type: 'eqlaat-reports', id: REPORT, attributes: { title: 'Trial notes' } }] : []),
  ],
});

/** The record's find, answered by `answer`; every read of it is kept. */
function appointmentServer(answer: () => Response) {
  const finds: FakeRequest[] = [];
  return {
    finds,
    handlers: [route('GET', /^\/api\/v1\/eqlaat-appointments\/[^/]+$/, answer, finds)],
  };
}

const refusal = (status: number, code: string) => () =>
  fakeJson(status, { errors: [{ status: String(status), code, detail: code }] });

const member = () => meDocument({ roles: ['eqlaat_member'] });

describe('an eqlaat appointment’s page (/services/eqlaat/appointments/{appointment})', () => {
  it('shows the appointment: its title, when, where, who, its project and report, and the way to the calendar', async () => {
    consentDecided();
    const server = appointmentServer(() => fakeJson(200, appointmentDocument(true)));
    renderApp(PAGE, { me: member(), handlers: server.handlers });
    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: 'Eye-gaze trial with the speech therapist' },
      FIRST_RENDER,
    );
    await waitFor(() => expect(document.title).toMatch(/^Eye-gaze trial with the speech therapist \|/));
    expect(server.finds[0]!.url.pathname).toBe(`/api/v1/eqlaat-appointments/${APPOINTMENT}`);
    expect(server.finds[0]!.url.searchParams.get('include')?.split(',')).toEqual(
      expect.arrayContaining(['project', 'managers']),
    );

    const page = heading.parentElement!;
    expect(within(page).getByRole('heading', { level: 2, name: 'Details' })).toBeTruthy();
    const facts = page.querySelector('dl')!;
    const fact = (name: string) => {
      const term = within(facts)
        .getAllByRole('term')
        .find((dt) => dt.textContent === name);
      return term!.nextElementSibling as HTMLElement;
    };
    expect(fact('When').textContent).toMatch(/^Tuesday, March 4, 2031(,| at) 9:00\s(AM\s)?–\s10:30\sAM$/);
    expect(fact('Location').textContent).toBe('Day centre, room 2');
    expect(fact('Beneficiary invited').textContent).toBe('Yes');
    expect(
      within(fact('Led by'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ann Lee', 'Ben Cole']);
    expect(within(fact('Project')).getByRole('link', { name: 'Eye-gaze at home' }).getAttribute('href')).toBe(
      `/admin/resources/eqlaat-projects/show/${PROJECT}`,
    );
    expect(within(fact('Report')).getByRole('link', { name: 'Trial notes' }).getAttribute('href')).toBe(
      `/admin/resources/eqlaat-reports/show/${REPORT}`,
    );

    const backOffice = screen.getByRole('region', { name: 'In the back office' });
    expect(within(backOffice).getByRole('link', { name: 'Open in the calendar' }).getAttribute('href')).toBe(
      `/admin/resources/eqlaat-calendar?n=2031-03-04&a=${APPOINTMENT}`,
    );
    expect(
      within(backOffice).getByRole('link', { name: 'Open the appointment’s record' }).getAttribute('href'),
    ).toBe(`/admin/resources/eqlaat-appointments/show/${APPOINTMENT}`);
  });

  it('opens the calendar on the appointment’s day in the member’s own zone', async () => {
    consentDecided();
    const me = member();
    me.data.attributes.timezone = 'America/New_York';
    // 3:00 on Tuesday 4 March in Paris is 21:00 on Monday 3 March in New York
    const server = appointmentServer(() =>
      fakeJson(200, appointmentDocument(true, '2031-03-04T02:00:00.000Z', '2031-03-04T03:00:00.000Z')),
    );
    renderApp(PAGE, { me, handlers: server.handlers });
    const open = await screen.findByRole('link', { name: 'Open in the calendar' }, FIRST_RENDER);
    expect(open.getAttribute('href')).toBe(`/admin/resources/eqlaat-calendar?n=2031-03-03&a=${APPOINTMENT}`);
  });

  it('says when the appointment has no report', async () => {
    consentDecided();
    const server = appointmentServer(() => fakeJson(200, appointmentDocument(false)));
    renderApp(PAGE, { me: member(), handlers: server.handlers });
    await screen.findByRole('heading', { level: 1 }, FIRST_RENDER);
    const report = within(document.querySelector('dl')!)
      .getAllByRole('term')
      .find((dt) => dt.textContent === 'Report')!.nextElementSibling!;
    expect(report.textContent).toBe('None');
    expect(screen.queryByRole('link', { name: 'Trial notes' })).toBeNull();
  });

  it('sends a visitor to sign in, and back here afterwards, before reading anything', async () => {
    consentDecided();
    const server = appointmentServer(() => fakeJson(200, appointmentDocument(true)));
    const { location } = renderApp(PAGE, { handlers: server.handlers });
    await waitFor(
      () =>
        expect(location.history!.at(-1)).toBe(
          `/auth/sign-in?guarded=auth&redirectUrl=${encodeURIComponent(PAGE)}`,
        ),
      FIRST_RENDER,
    );
    expect(server.finds).toEqual([]);
  });

  it('offers to sign in again, back here, when the session has expired (401)', async () => {
    consentDecided();
    const server = appointmentServer(refusal(401, 'auth.unauthenticated'));
    renderApp(PAGE, { me: member(), handlers: server.handlers });
    const dialog = await screen.findByRole('alertdialog', { name: 'Your session has expired' }, FIRST_RENDER);
    expect(within(dialog).getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe(
      `/auth/sign-in?redirectUrl=${encodeURIComponent(PAGE)}`,
    );
  });

  it('gives a member the record’s rule refuses (403) the unauthorized screen, with the way back here', async () => {
    consentDecided();
    const server = appointmentServer(refusal(403, 'forbidden'));
    const { location } = renderApp(PAGE, {
      me: meDocument({ roles: ['contributor'] }),
      handlers: server.handlers,
    });
    await waitFor(
      () =>
        expect(location.history!.at(-1)).toBe(`/errors/unauthorized?redirectUrl=${encodeURIComponent(PAGE)}`),
      FIRST_RENDER,
    );
    expect(server.finds).toHaveLength(1);
  });

  it('gives an unknown appointment (404) the not-found screen', async () => {
    consentDecided();
    const server = appointmentServer(refusal(404, 'not_found'));
    const { location } = renderApp(PAGE, { me: member(), handlers: server.handlers });
    await waitFor(() => expect(location.history!.at(-1)).toBe('/errors/not-found'), FIRST_RENDER);
    // in place of the appointment's address: Back does not return to a page that would send there again
    expect(location.history).toEqual(['/errors/not-found']);
  });
});
