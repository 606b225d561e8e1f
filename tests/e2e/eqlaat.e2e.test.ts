import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { checkA11yInBothThemes } from './support/a11y.ts';
import { asAdmin, one } from './support/admin-api.ts';
import { openContext, pageOfTest } from './support/browser.ts';
import { DEMO_PASSWORD, shot, signIn } from './support/demo.ts';
import { describeFocus, isFocused, tabTo } from './support/focus.ts';
import { LARGEST_TEXT, measureReflow, storeAccessibility } from './support/reflow.ts';

/**
 * The eqlaat team's screens in the back office: the week calendar (/admin/resources/eqlaat-calendar, its state
 * in the address), a project's current status on its screen, a report's PDF link; refused to a member outside
 * the team. Everything here is this run's own: a member of the team, a project with a step, two appointments in
 * a week of 2031 that no other test writes in, and a report.
 */

const CALENDAR = '/admin/resources/eqlaat-calendar';
const WEEK = '2031-03-03';
const NEXT_WEEK = '2031-03-10';

const many = (type: string, ids: string[]) => ({ data: ids.map((id) => ({ type, id })) });

/** A validated member of this run, with the demo password and the given roles, signed in through the API later. */
async function createMember(run: string, who: string, roles: string[]) {
  const email = `${who}-${run}@example.org`;
  const created = await asAdmin('POST', '/users', {
    data: {
      type: 'users',
      attributes: {
        email,
        firstName: who === 'team' ? 'Team' : 'Plain',
        lastName: `Member ${run}`,
        password: DEMO_PASSWORD,
        emailVerified: true,
      },
    },
  });
  const id = created.data.id as string;
  const granted = await asAdmin('PATCH', `/users/${id}`, {
    data: {
      type: 'users',
      id,
      attributes: { validated: true },
      relationships: {
        roles: many('roles', roles),
        accessLevel: { data: { type: 'access-levels', id: 'member_level_1' } },
      },
    },
  });
  // a session reads its roles from the read model: the grant is there before anyone signs in
  await asAdmin('GET', `/users/${id}?minPosition=${granted.meta.position}`);
  return { id, email, name: `${who === 'team' ? 'Team' : 'Plain'} Member ${run}` };
}

interface Fixture {
  team: { id: string; email: string; name: string };
  plain: { id: string; email: string };
  project: { id: string; title: string };
  report: { id: string; title: string };
  trial: { id: string; title: string };
  followUp: { id: string; title: string };
}

let fixture: Fixture;

beforeAll(async () => {
  const run = randomUUID().slice(0, 6);
  const team = await createMember(run, 'team', ['eqlaat_member']);
  const plain = await createMember(run, 'plain', []);
  const projectTitle = `Eye-gaze communication ${run}`;
  const project = await asAdmin('POST', '/eqlaat-projects', {
    data: {
      type: 'eqlaat-projects',
      attributes: { title: projectTitle, priority: 'high', patientRecord: `EQ-${run}` },
      relationships: { users: many('users', [team.id]) },
    },
  });
  await asAdmin('POST', '/eqlaat-project-steps', {
    data: {
      type: 'eqlaat-project-steps',
      attributes: { doneAt: '2031-02-20T09:00:00Z', comment: 'Tablet lent for a trial.' },
      relationships: {
        project: one('eqlaat-projects', project.data.id),
        statuses: many('eqlaat-project-statuses', ['testing']),
      },
    },
  });
  const reportTitle = `Trial notes ${run}`;
  const report = await asAdmin('POST', '/eqlaat-reports', {
    data: {
      type: 'eqlaat-reports',
      attributes: { title: reportTitle, content: '<p>Calibrated twice; reads well from the armchair.</p>' },
      relationships: { reportable: one('eqlaat-projects', project.data.id) },
    },
  });
  // the browser's time zone is Europe/Paris (support/browser.ts): 09:00 on Tuesday, 14:00 on Thursday there
  const appointment = (title: string, startAt: string, endAt: string, extra: Record<string, unknown>) =>
    asAdmin('POST', '/eqlaat-appointments', {
      data: {
        type: 'eqlaat-appointments',
        attributes: { title, startAt, endAt, location: 'Day centre, room 2', beneficiaryInvited: true },
        relationships: { managers: many('users', [team.id]), ...extra },
      },
    });
  const trialTitle = `Eye-gaze trial ${run}`;
  const trial = await appointment(trialTitle, '2031-03-04T08:00:00Z', '2031-03-04T09:30:00Z', {
    project: one('eqlaat-projects', project.data.id),
    report: one('eqlaat-reports', report.data.id),
  });
  const followUpTitle = `Follow-up visit ${run}`;
  const followUp = await appointment(followUpTitle, '2031-03-06T13:00:00Z', '2031-03-06T14:00:00Z', {});
  // the screens read what the writes did
  await asAdmin(
    'GET',
    `/eqlaat-appointments?filter[between]=2031-03-03T00:00:00Z,2031-03-10T00:00:00Z&minPosition=${followUp.meta.position}`,
  );
  fixture = {
    team,
    plain,
    project: { id: project.data.id, title: projectTitle },
    report: { id: report.data.id, title: reportTitle },
    trial: { id: trial.data.id, title: trialTitle },
    followUp: { id: followUp.data.id, title: followUpTitle },
  };
}, 120_000);

async function signedInPage(
  email: string,
  viewport = { width: 1280, height: 900 },
  { largest = false } = {},
): Promise<Page> {
  const { context } = await openContext({ viewport });
  if (largest) await storeAccessibility(context, LARGEST_TEXT);
  const page = await pageOfTest(context, true);
  await signIn(page, email);
  return page;
}

/** A day of the calendar: its list item, found by its heading. */
const day = (page: Page, name: string): Locator =>
  page
    .getByRole('list', { name: 'Days of the week' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name }) });

/** Presses Shift+Tab until `locator` has focus, at most `max` times. */
async function shiftTabTo(page: Page, locator: Locator, max = 10): Promise<void> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Shift+Tab');
    if (await isFocused(locator)) return;
  }
  throw new Error(`Shift+Tab never reached ${locator.toString()}; focus is on ${await describeFocus(page)}`);
}

async function openWeek(page: Page, query = `n=${WEEK}`): Promise<void> {
  await page.goto(`${CALENDAR}?${query}`);
  await page.getByRole('heading', { level: 1, name: 'Eqlaat calendar' }).waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: /appointments? this week\.$/ })
    .waitFor();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function expectReflow(page: Page, what: string): Promise<void> {
  const report = await measureReflow(page);
  expect(report.overflow, `${what} scrolls sideways: ${report.widest.join('; ')}`).toBeLessThanOrEqual(0);
  expect(report.outside, `${what}: text beyond the left or right edge`).toEqual([]);
  expect(report.clipped, `${what}: elements that cut their own text`).toEqual([]);
}

describe('the eqlaat calendar and records, end to end', () => {
  test('a team member reads a week by its address, moves between weeks and opens an appointment by keyboard, then follows its project to its status', async () => {
    const { team, project, report, trial, followUp } = fixture;
    const page = await signedInPage(team.email);
    await openWeek(page);
    await page.getByRole('status').filter({ hasText: '2 appointments this week.' }).waitFor();

    // its menu entry, current, in the eqlaat group of the side menu
    const side = page.locator('[data-admin-side-menu]').getByRole('navigation', { name: 'Administration' });
    const entry = side.getByRole('link', { name: 'Eqlaat calendar' });
    await expect.poll(() => entry.getAttribute('aria-current')).toBe('page');

    // each appointment under its day, with its time range, title and place
    const tuesday = day(page, 'Tuesday, March 4');
    const trialLink = tuesday.getByRole('link', { name: new RegExp(trial.title) });
    expect((await trialLink.innerText()).replace(/\s+/g, ' ')).toMatch(
      new RegExp(`^9:00 – 10:30 AM ${trial.title}$`),
    );
    await tuesday.getByText('Day centre, room 2').waitFor();
    await day(page, 'Thursday, March 6')
      .getByRole('link', { name: new RegExp(followUp.title) })
      .waitFor();
    expect(await day(page, 'Monday, March 3').innerText()).toContain('No appointment.');
    await checkA11yInBothThemes(page, 'the eqlaat calendar', 'eqlaat-calendar');

    // the next week and back, by keyboard: each a link, the address keeps the week
    await page.getByRole('heading', { level: 1 }).click();
    const weeks = page.getByRole('navigation', { name: 'Weeks' });
    const next = weeks.getByRole('link', { name: 'Next week' });
    await tabTo(page, next, 10);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('n') === NEXT_WEEK);
    await page.getByRole('status').filter({ hasText: 'No appointments this week.' }).waitFor();
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).first().innerText()).toMatch(
      /^Week of March 10\s–\s16, 2031$/,
    );
    const previous = weeks.getByRole('link', { name: 'Previous week' });
    await shiftTabTo(page, previous);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('n') === WEEK);
    await page.getByRole('status').filter({ hasText: '2 appointments this week.' }).waitFor();

    // an appointment's details, by keyboard: the address names it, Escape closes them and the focus comes back
    await tabTo(page, trialLink, 10);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('a') === trial.id);
    const dialog = page.getByRole('dialog', { name: trial.title });
    await dialog.getByRole('link', { name: project.title }).waitFor();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    const details = (await dialog.innerText()).replace(/\s+/g, ' ');
    expect(details).toContain('Tuesday, March 4, 2031');
    expect(details).toContain('Location Day centre, room 2');
    expect(details).toContain('Beneficiary invited Yes');
    expect(details).toContain(`Led by ${team.name}`);
    await dialog.getByRole('link', { name: report.title }).waitFor();
    await checkA11yInBothThemes(page, 'an appointment’s details', 'eqlaat-calendar-appointment');
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.searchParams.has('a') && url.searchParams.get('n') === WEEK);
    await expect.poll(() => isFocused(trialLink)).toBe(true);

    // a reload keeps what the address says: the details open again, and lead to the project
    await page.goto(`${CALENDAR}?n=${WEEK}&a=${trial.id}`);
    const reopened = page.getByRole('dialog', { name: trial.title });
    const projectLink = reopened.getByRole('link', { name: project.title });
    await tabTo(page, projectLink, 10);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/admin/resources/eqlaat-projects/show/${project.id}`);
    const status = page.locator('section').filter({
      has: page.getByRole('heading', { level: 2, name: 'Current status' }),
    });
    const badges = status.getByRole('list', { name: 'Statuses of the latest step' });
    await badges.getByText('Testing', { exact: true }).waitFor();
    expect(await badges.getByRole('listitem').allInnerTexts()).toEqual(['Testing']);
    expect(await status.innerText()).toContain('Since February 20, 2031.');
    expect(await status.getByRole('link', { name: 'Add a step' }).getAttribute('href')).toBe(
      `/admin/resources/eqlaat-project-steps/create?project=${project.id}`,
    );
    await checkA11yInBothThemes(page, 'an eqlaat project with its status', 'eqlaat-project');

    // the step's form opens with the project chosen, named
    await status.getByRole('link', { name: 'Add a step' }).click();
    await page.waitForURL(`**/admin/resources/eqlaat-project-steps/create?project=${project.id}`);
    const projectBox = page.getByRole('combobox', { name: 'Project (required)', exact: true });
    await expect.poll(() => projectBox.inputValue(), { timeout: 30_000 }).toBe(project.title);
    await page.goBack();
    await page.waitForURL(`**/admin/resources/eqlaat-projects/show/${project.id}`);

    // the project's report, as a PDF download
    await page.goto(`/admin/resources/eqlaat-reports/show/${report.id}`);
    const pdf = page.getByRole('link', { name: 'Download as PDF' });
    await pdf.waitFor();
    expect(await pdf.getAttribute('href')).toBe(`/api/v1/services/eqlaat-reports/${report.id}/show/pdf`);
    expect(await pdf.getAttribute('download')).not.toBeNull();
  }, 180_000);

  test('a manager’s appointments only, chosen from the week’s managers, kept in the address', async () => {
    const { team, trial } = fixture;
    const page = await signedInPage(team.email);
    await openWeek(page);
    await page.getByRole('button', { name: /Led by/ }).click();
    await page.getByRole('option', { name: team.name }).click();
    await page.waitForURL((url) => url.searchParams.get('u') === team.id);
    await page
      .getByRole('status')
      .filter({ hasText: `2 appointments led by ${team.name} this week.` })
      .waitFor();
    await page.reload();
    await page
      .getByRole('status')
      .filter({ hasText: `led by ${team.name}` })
      .waitFor();
    await day(page, 'Tuesday, March 4')
      .getByRole('link', { name: new RegExp(trial.title) })
      .waitFor();
  }, 120_000);

  test('nothing scrolls sideways or is cut at 320 px, nor with the largest text', async () => {
    const { team, trial, project } = fixture;
    const narrow = await signedInPage(team.email, { width: 320, height: 800 });
    await openWeek(narrow, `n=${WEEK}&a=${trial.id}`);
    await narrow
      .getByRole('dialog', { name: trial.title })
      .getByRole('link', { name: project.title })
      .waitFor();
    await expectReflow(narrow, 'the appointment’s details at 320 px');
    await narrow.keyboard.press('Escape');
    await narrow.getByRole('dialog').waitFor({ state: 'detached' });
    await expectReflow(narrow, 'the calendar at 320 px');
    await shot(narrow, 'eqlaat-calendar-320');
    await narrow.goto(`/admin/resources/eqlaat-projects/show/${project.id}`);
    await narrow.getByRole('list', { name: 'Statuses of the latest step' }).waitFor();
    await expectReflow(narrow, 'the project at 320 px');
    // the appointment's own page (seed 000 §2.2), as a link to it opens it
    await narrow.goto(`/services/eqlaat/appointments/${trial.id}`);
    await narrow.getByRole('heading', { level: 1, name: trial.title }).waitFor({ timeout: 30_000 });
    await narrow.getByRole('link', { name: project.title }).waitFor();
    await expectReflow(narrow, 'the appointment’s page at 320 px');
    await checkA11yInBothThemes(narrow, 'the appointment’s page', 'eqlaat-appointment-page-320');

    const largest = await signedInPage(team.email, { width: 1280, height: 900 }, { largest: true });
    await openWeek(largest);
    await expectReflow(largest, 'the calendar with the largest text');
    await shot(largest, 'eqlaat-calendar-largest-text');
    await largest.goto(`/admin/resources/eqlaat-projects/show/${project.id}`);
    await largest.getByRole('list', { name: 'Statuses of the latest step' }).waitFor();
    await expectReflow(largest, 'the project with the largest text');
  }, 180_000);

  test('a member outside the team has no calendar entry, and the calendar answers with the unauthorized screen', async () => {
    const page = await signedInPage(fixture.plain.email);
    await page.goto('/admin/dashboard');
    const side = page.locator('[data-admin-side-menu]').getByRole('navigation', { name: 'Administration' });
    await side.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await side.getByRole('link', { name: 'Eqlaat calendar' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Eqlaat calendar' }).count()).toBe(0);

    await page.goto(`${CALENDAR}?n=${WEEK}`);
    await page.waitForURL(
      `**/errors/unauthorized?redirectUrl=${encodeURIComponent(`${CALENDAR}?n=${WEEK}`)}`,
    );
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText(fixture.trial.title).count()).toBe(0);

    // nor does the appointment's own page open to them
    const appointment = `/services/eqlaat/appointments/${fixture.trial.id}`;
    await page.goto(appointment);
    await page.waitForURL(`**/errors/unauthorized?redirectUrl=${encodeURIComponent(appointment)}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText(fixture.trial.title).count()).toBe(0);
  }, 120_000);
});
