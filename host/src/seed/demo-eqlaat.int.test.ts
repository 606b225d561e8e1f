import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceFeatures } from '@platform/contracts/resources/definition';
import { signIn, startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';
import { onlyFeatures } from '@platform/tests/support/features';
import { capturedLogger, TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import { DEMO_PASSWORD } from './demo-accounts.ts';
import {
  DEMO_EQLAAT_MEMBER,
  demoEqlaatAppointments,
  demoEqlaatCategories,
  demoEqlaatProjects,
  demoEqlaatReport,
  mondayOfWeek,
  seedDemoEqlaat,
} from './demo-eqlaat.ts';
import { seedDemo } from './demo.ts';

/**
 * The demo site's eqlaat records (demo-eqlaat.ts), seeded by seedDemo when the eqlaat feature is on: read by the
 * demo eqlaat member, refused to a plain demo member, counted on the home page, and never seeded twice. The other
 * features' demo content is left out (demo.int.test.ts seeds it all), so that this file seeds only what it reads.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = { id: string; type: string; attributes: Record<string, any>; relationships: Record<string, any> };

const DAY = 24 * 60 * 60 * 1000;

/** Every other feature's demo content off: the demo site, its accounts, and the eqlaat records when `eqlaat`. */
const onlyEqlaat = (eqlaat: boolean): Partial<ResourceFeatures> =>
  eqlaat ? onlyFeatures('eqlaat') : onlyFeatures();

const seedOptions = (site: AccountsTestApp, features: Partial<ResourceFeatures>) => ({
  eventStore: site.platform.eventStore,
  contracts: site.platform.contracts,
  baseUrl: site.url(''),
  publicUrl: site.platform.accounts.context.publicUrl,
  adminToken: TEST_ADMIN_TOKEN,
  logger: capturedLogger().logger,
  features,
});

/** The latest event stored: every seeding command was answered, so a read at it sees them all. */
const head = async (site: AccountsTestApp): Promise<string> => {
  const [row] = await site.platform.sql<{ head: string }[]>`
    select max(global_position)::text as head from es_events`;
  return row!.head;
};

/** The events stored beyond the demo accounts' sign-ins (a run signs its accounts in again). */
const seededEvents = async (site: AccountsTestApp): Promise<number> => {
  const [row] = await site.platform.sql<{ n: string }[]>`
    select count(*)::text as n from es_events where event_type <> 'UserSignedIn'`;
  return Number(row?.n);
};

const sorted = (values: readonly string[]) => [...values].sort();

describe('demo eqlaat records', () => {
  let app: AccountsTestApp;
  let seededAt = 0;
  beforeAll(async () => {
    app = await startAccountsApp();
    seededAt = Date.now();
    expect(await seedDemo(seedOptions(app, onlyEqlaat(true)))).toBe('seeded');
  });
  afterAll(async () => {
    await app?.close();
  });

  it("are the eqlaat member's: four projects in four statuses, three appointments this week and next, a report", async () => {
    const at = await head(app);
    const team = app.browser();
    const login = await signIn(team, DEMO_EQLAAT_MEMBER, DEMO_PASSWORD);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const read = async (path: string) => {
      const answer = await team.call(
        'GET',
        `/api/v1${path}${path.includes('?') ? '&' : '?'}minPosition=${at}`,
      );
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body as { data: Doc[]; included?: Doc[]; meta: { total: number } };
    };
    const me = (await team.call('GET', `/api/v1/users/me?minPosition=${login.body.meta.position}`)).body.data
      .id as string;

    // the categories, kept by administrators, read by the team
    const categories = await read('/eqlaat-project-categories');
    expect(sorted(categories.data.map((c) => c.attributes.name as string))).toEqual(
      sorted(demoEqlaatCategories),
    );

    // four projects, each with its own priority and file reference, followed by the demo member
    const projects = await read('/eqlaat-projects?page[size]=50&include=latestStep');
    expect(projects.meta.total).toBe(demoEqlaatProjects.length);
    expect(sorted(projects.data.map((p) => p.attributes.title as string))).toEqual(
      sorted(demoEqlaatProjects.map((p) => p.title)),
    );
    expect(new Set(projects.data.map((p) => p.attributes.priority)).size).toBe(demoEqlaatProjects.length);
    for (const project of projects.data) {
      expect(project.attributes.patientRecord, project.attributes.title).toMatch(/^EQ-\d{4}-\d{3}$/);
      expect(project.relationships.users.data, project.attributes.title).toEqual([{ type: 'users', id: me }]);
      const spec = demoEqlaatProjects.find((p) => p.title === project.attributes.title)!;
      expect(project.attributes.stepsCount, spec.title).toBe(spec.steps.length);
    }

    // their status, the statuses of their latest step: one pending, one testing, one following up, one closed
    const latest = new Map((projects.included ?? []).map((step) => [step.id, step]));
    const statuses = projects.data.map((project) => {
      const step = latest.get(project.relationships.latestStep.data.id as string)!;
      return (step.relationships.statuses.data as Array<{ id: string }>).map((s) => s.id).join(',');
    });
    expect(sorted(statuses)).toEqual(['closed', 'following_up', 'pending', 'testing']);
    const steps = await read('/eqlaat-project-steps?page[size]=100');
    expect(steps.meta.total).toBe(demoEqlaatProjects.reduce((n, p) => n + p.steps.length, 0));
    for (const step of steps.data)
      expect(Date.parse(step.attributes.doneAt as string)).toBeLessThan(seededAt);

    // three appointments led by the demo member, in the week of the seeding and the next, on weekdays in office
    // hours (UTC); two of them on a project
    const monday = mondayOfWeek(seededAt);
    const fortnight = `${new Date(monday).toISOString()},${new Date(monday + 14 * DAY).toISOString()}`;
    const appointments = await read(`/eqlaat-appointments?page[size]=50&filter[between]=${fortnight}`);
    expect(sorted(appointments.data.map((a) => a.attributes.title as string))).toEqual(
      sorted(demoEqlaatAppointments.map((a) => a.title)),
    );
    for (const appointment of appointments.data) {
      const { title, startAt, endAt } = appointment.attributes;
      const [start, end] = [new Date(startAt as string), new Date(endAt as string)];
      expect([1, 2, 3, 4, 5], title).toContain(start.getUTCDay());
      expect(start.getUTCHours(), title).toBeGreaterThanOrEqual(8);
      expect(end.getUTCHours() * 60 + end.getUTCMinutes(), title).toBeLessThanOrEqual(18 * 60);
      expect(appointment.relationships.managers.data, title).toEqual([{ type: 'users', id: me }]);
    }
    const onProjects = appointments.data.filter((a) => a.relationships.project.data !== null);
    expect(onProjects).toHaveLength(2);
    const projectIds = new Set(projects.data.map((p) => p.id));
    for (const a of onProjects) expect(projectIds.has(a.relationships.project.data.id as string)).toBe(true);

    // one report, with its rich text, on a project
    const reports = await read('/eqlaat-reports');
    expect(reports.data).toHaveLength(1);
    const report = reports.data[0]!;
    expect(report.attributes.title).toBe(demoEqlaatReport.title);
    expect(report.attributes.content).toContain('<ul><li>');
    const reportable = report.relationships.reportable.data as { type: string; id: string };
    expect(reportable.type).toBe('eqlaat-projects');
    expect(projects.data.find((p) => p.id === reportable.id)?.attributes.title).toBe(
      demoEqlaatProjects.find((p) => p.key === demoEqlaatReport.project)!.title,
    );
  });

  it('are refused to a plain demo member', async () => {
    const at = await head(app);
    const member = app.browser();
    expect((await signIn(member, 'member2@demo.example', DEMO_PASSWORD)).status).toBe(200);
    for (const type of ['eqlaat-projects', 'eqlaat-project-steps', 'eqlaat-appointments', 'eqlaat-reports']) {
      const answer = await member.call('GET', `/api/v1/${type}?minPosition=${at}`);
      expect(answer.status, type).toBe(403);
    }
  });

  it('count four accompanied patients on the home page', async () => {
    const at = await head(app);
    const stats = await app.browser().call('GET', `/api/v1/services/home-stats?minPosition=${at}`);
    expect(stats.status, JSON.stringify(stats.body)).toBe(200);
    expect(stats.body.data.accompaniedPatientsCount).toBe(demoEqlaatProjects.length);
  });

  it('are seeded once: a run again (a site topped up) appends nothing', async () => {
    const before = await seededEvents(app);
    const users = await app.admin('GET', `/users?page[size]=100&minPosition=${await head(app)}`);
    const member = (users.body.data as Doc[]).find((u) => u.attributes.email === DEMO_EQLAAT_MEMBER)!.id;
    await seedDemoEqlaat({
      baseUrl: app.url(''),
      adminToken: TEST_ADMIN_TOKEN,
      logger: capturedLogger().logger,
      member,
      // a later run: the appointments' week moved on, the records seeded first stay as they were
      clock: () => new Date(Date.now() + 10 * DAY),
    });
    expect(await seededEvents(app)).toBe(before);
    expect(await seedDemo(seedOptions(app, onlyEqlaat(true)))).toBe('already-seeded');
    expect(await seededEvents(app)).toBe(before);
  });
});

describe('demo seed with the eqlaat feature off', () => {
  let site: AccountsTestApp;
  beforeAll(async () => {
    site = await startAccountsApp();
  });
  afterAll(async () => {
    await site?.close();
  });

  it('seeds no eqlaat record, and the home page counts no accompanied patient', async () => {
    expect(await seedDemo(seedOptions(site, onlyEqlaat(false)))).toBe('seeded');
    const at = await head(site);
    const projects = await site.admin('GET', `/eqlaat-projects?minPosition=${at}`);
    expect(projects.status).toBe(200);
    expect(projects.body.meta.total).toBe(0);
    const categories = await site.admin('GET', `/eqlaat-project-categories?minPosition=${at}`);
    expect(categories.body.data).toHaveLength(0);
    const stats = await site.browser().call('GET', `/api/v1/services/home-stats?minPosition=${at}`);
    expect(stats.body.data.accompaniedPatientsCount).toBe(0);
  });
});
