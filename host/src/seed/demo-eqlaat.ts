import type { Logger } from 'pino';
import type { EqlaatPriority, EqlaatProjectStatus } from '@platform/contracts/eqlaat/records';
import { memberSession, must, seedClient } from './client.ts';
import { DEMO_PASSWORD } from './demo-accounts.ts';

/**
 * The Eqlaat programme's demo records (seed 001 §3 "### Eqlaat programme"): three project categories, four patients'
 * projects in different statuses, the steps that brought them there, three appointments in the week of the seeding
 * and the next, and one report. Nothing identifies anyone: a project names its patient by a file reference of the
 * team's own (`patientRecord`) and says no more of the patient than the need. The categories are written by the
 * machine credential (administrators keep the lists), the rest by the demo eqlaat member signed in over HTTP, as
 * the team would; every write has an Idempotency-Key derived from what it seeds, so running it again (a site
 * seeded by an earlier DEMO_CONTENT_VERSION, an interrupted start) appends only what is missing. Seeded only when
 * the eqlaat feature is on (FEATURE_EQLAAT); only the eqlaat team and administrators read any of it.
 */

/** the demo account of the eqlaat team, who follows the projects and leads the appointments */
export const DEMO_EQLAAT_MEMBER = 'eqlaat@demo.example';

const KEY = 'seed:eqlaat';
const DAY = 24 * 60 * 60 * 1000;
const ref = (type: string, id: string) => ({ data: { type, id } });
const refs = (type: string, ids: readonly string[]) => ({ data: ids.map((id) => ({ type, id })) });

export const demoEqlaatCategories = ['Mobility', 'Communication', 'Home adaptation'] as const;
type DemoEqlaatCategory = (typeof demoEqlaatCategories)[number];

export interface DemoEqlaatProject {
  key: string;
  title: string;
  priority: EqlaatPriority;
  patientRecord: string;
  reason: string;
  request: string;
  description: string;
  categories: DemoEqlaatCategory[];
  /** days after the seeding the team means to take it in hand, or null */
  manageInDays: number | null;
  /** the steps in the order they were done, each `daysAgo` before the seeding: the last one is the status */
  steps: Array<{ statuses: EqlaatProjectStatus[]; daysAgo: number; comment: string }>;
}

export const demoEqlaatProjects: DemoEqlaatProject[] = [
  {
    key: 'powered-wheelchair',
    title: 'Powered wheelchair for school days',
    priority: 'high',
    patientRecord: 'EQ-2026-014',
    reason: 'Needs to move between classrooms without help',
    request: 'A powered wheelchair the pupil can drive at school, and a way to take it on the school bus.',
    description:
      '<p>Two powered bases tried at school with the school staff; the chosen one is in daily use.</p>',
    categories: ['Mobility'],
    manageInDays: null,
    steps: [
      { statuses: ['pending'], daysAgo: 120, comment: 'Request received from the family.' },
      { statuses: ['testing'], daysAgo: 80, comment: 'Two powered bases lent for a trial at school.' },
      { statuses: ['funding'], daysAgo: 60, comment: 'Funding file sent with the trial notes.' },
      { statuses: ['getting_started'], daysAgo: 30, comment: 'Chair delivered; driving sessions planned.' },
      { statuses: ['following_up'], daysAgo: 10, comment: 'In daily use: a check at school next week.' },
    ],
  },
  {
    key: 'eye-gaze',
    title: 'Eye-gaze communication at home',
    priority: 'urgent',
    patientRecord: 'EQ-2026-021',
    reason: 'Needs a way to talk with visitors and carers',
    request: 'A communication device the patient can use from bed and from the armchair.',
    description: '<p>Trial of an eye-gaze tablet at home, on a floor stand and on a table mount.</p>',
    categories: ['Communication'],
    manageInDays: null,
    steps: [
      { statuses: ['pending'], daysAgo: 40, comment: 'Request received from the care network.' },
      { statuses: ['needs_assessing'], daysAgo: 30, comment: 'Home visit to assess the positions.' },
      { statuses: ['testing'], daysAgo: 12, comment: 'Eye-gaze tablet lent for a four-week trial.' },
    ],
  },
  {
    key: 'bathroom-access',
    title: 'Bathroom access',
    priority: 'normal',
    patientRecord: 'EQ-2025-087',
    reason: 'Needs to wash safely without help',
    request: 'Advice on replacing the bath with a level-access shower.',
    description:
      '<p>Level-access shower with a folding seat and grab rails; works done by a local builder.</p>',
    categories: ['Home adaptation', 'Mobility'],
    manageInDays: null,
    steps: [
      { statuses: ['pending'], daysAgo: 200, comment: 'Request received from the patient.' },
      { statuses: ['needs_assessing'], daysAgo: 180, comment: 'Home visit with the occupational therapist.' },
      { statuses: ['funding'], daysAgo: 150, comment: 'Quotes and funding file sent.' },
      { statuses: ['getting_started'], daysAgo: 90, comment: 'Works started.' },
      { statuses: ['closed'], daysAgo: 20, comment: 'Works done and checked with the patient.' },
    ],
  },
  {
    key: 'adapted-cutlery',
    title: 'Adapted cutlery trial',
    priority: 'low',
    patientRecord: 'EQ-2026-032',
    reason: 'Needs to eat without help at mealtimes',
    request: 'To try cutlery with thick, weighted handles before buying a set.',
    description: '',
    categories: [],
    manageInDays: 7,
    steps: [{ statuses: ['pending'], daysAgo: 3, comment: 'Request received through the day centre.' }],
  },
];

export interface DemoEqlaatAppointment {
  key: string;
  title: string;
  location: string;
  /** the project it is about (a key of demoEqlaatProjects), or null */
  project: string | null;
  beneficiaryInvited: boolean;
  /** days after the Monday of the seeding's week (0 to 4 this week, 7 to 11 the next) */
  day: number;
  /** UTC, office hours */
  start: string;
  end: string;
}

export const demoEqlaatAppointments: DemoEqlaatAppointment[] = [
  {
    key: 'eye-gaze-trial-review',
    title: 'Eye-gaze trial review at home',
    location: "At the patient's home",
    project: 'eye-gaze',
    beneficiaryInvited: true,
    day: 2,
    start: '10:00',
    end: '11:30',
  },
  {
    key: 'day-centre-referrals',
    title: 'Referrals meeting with the day centre',
    location: 'Day centre, room 2',
    project: null,
    beneficiaryInvited: false,
    day: 4,
    start: '14:00',
    end: '15:00',
  },
  {
    key: 'wheelchair-check',
    title: 'Powered wheelchair check at school',
    location: 'School, ground floor',
    project: 'powered-wheelchair',
    beneficiaryInvited: true,
    day: 8,
    start: '09:30',
    end: '10:30',
  },
];

export const demoEqlaatReport = {
  key: 'seating-assessment',
  project: 'powered-wheelchair',
  title: 'Seating and driving assessment',
  content:
    '<p>Two powered bases were tried at school over two weeks.</p>' +
    '<ul><li>The mid-wheel drive base turns in the classroom doorways.</li>' +
    '<li>The joystick is mounted on the right armrest.</li></ul>' +
    '<p>Next: a check at school once the chair is in daily use.</p>',
};

/** The Monday of the week `now` falls in, at 00:00 UTC, in milliseconds. */
export function mondayOfWeek(now: number): number {
  const date = new Date(now);
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return midnight - ((date.getUTCDay() + 6) % 7) * DAY;
}

export interface DemoEqlaat {
  categories: Map<string, string>;
  projects: Map<string, string>;
  appointments: Map<string, string>;
  report: string;
}

export async function seedDemoEqlaat(options: {
  baseUrl: string;
  adminToken: string;
  logger: Logger;
  clock?: () => Date;
  /** the position the demo accounts' grants were written at (memberSession) */
  grantedAt?: string;
  /** the id of the demo eqlaat member (DEMO_EQLAAT_MEMBER), named in the projects' users and as manager */
  member: string;
}): Promise<DemoEqlaat> {
  const now = (options.clock ?? (() => new Date()))().getTime();
  const daysAgo = (days: number) => new Date(now - days * DAY).toISOString();
  const admin = seedClient(options.baseUrl, options.adminToken);
  const team = await memberSession(
    options.baseUrl,
    DEMO_EQLAAT_MEMBER,
    DEMO_PASSWORD,
    options.adminToken,
    options.grantedAt,
  );
  const create = async (type: string, key: string, attributes: object, relationships: object = {}) =>
    must(await team.call('POST', `/${type}`, { data: { type, attributes, relationships } }, key), key).body
      .data.id as string;
  const member = refs('users', [options.member]);

  const categories = new Map<string, string>();
  for (const name of demoEqlaatCategories) {
    const type = 'eqlaat-project-categories';
    const { id } = await admin.command(
      'POST',
      `/${type}`,
      { data: { type, attributes: { name } } },
      `${KEY}:category:${name}`,
    );
    categories.set(name, id);
  }

  const projects = new Map<string, string>();
  for (const project of demoEqlaatProjects) {
    const { key: name, steps, categories: names, manageInDays, ...attributes } = project;
    const key = `${KEY}:project:${name}`;
    const id = await create(
      'eqlaat-projects',
      key,
      { ...attributes, manageAt: manageInDays === null ? null : daysAgo(-manageInDays) },
      {
        categories: refs(
          'eqlaat-project-categories',
          names.map((name) => categories.get(name)!),
        ),
        users: member,
      },
    );
    projects.set(name, id);
    // in the order they were done: the project's status is the last one's
    for (const [index, step] of steps.entries())
      await create(
        'eqlaat-project-steps',
        `${key}:step:${index}`,
        { doneAt: daysAgo(step.daysAgo), comment: step.comment },
        {
          project: ref('eqlaat-projects', id),
          statuses: refs('eqlaat-project-statuses', step.statuses),
        },
      );
  }

  const monday = mondayOfWeek(now);
  const at = (day: number, time: string) => {
    const [hours, minutes] = time.split(':').map(Number);
    return new Date(monday + day * DAY + (hours! * 60 + minutes!) * 60_000).toISOString();
  };
  const appointments = new Map<string, string>();
  for (const appointment of demoEqlaatAppointments) {
    const { key, project, day, start, end, ...attributes } = appointment;
    const id = await create(
      'eqlaat-appointments',
      `${KEY}:appointment:${key}`,
      { ...attributes, startAt: at(day, start), endAt: at(day, end) },
      {
        ...(project ? { project: ref('eqlaat-projects', projects.get(project)!) } : {}),
        managers: member,
      },
    );
    appointments.set(key, id);
  }

  const report = await create(
    'eqlaat-reports',
    `${KEY}:report:${demoEqlaatReport.key}`,
    { title: demoEqlaatReport.title, content: demoEqlaatReport.content },
    { reportable: ref('eqlaat-projects', projects.get(demoEqlaatReport.project)!) },
  );

  options.logger.info(
    { projects: projects.size, appointments: appointments.size },
    'demo eqlaat records seeded',
  );
  return { categories, projects, appointments, report };
}
