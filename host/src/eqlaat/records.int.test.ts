import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EQLAAT_PROJECT_STATUSES } from '@platform/contracts/eqlaat/records';
import {
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';
import { doc, ids, many, one, person, pointers, type Person } from '@platform/tests/support/layer-test-types';

/**
 * The Eqlaat programme's records (seed 001 §3, §4) as the team uses them: only eqlaat members and administrators
 * read or write a patient's project and what names it; the project keeps its latest step and its counts; an
 * appointment ends after it starts and is listed by week; a report is on a project or an appointment, and its
 * secured files are the team's. The access matrix tries every action of these types as five other viewers.
 */

let app: AccountsTestApp;
let team: Person;
let colleague: Person;
let member: Person;
let appAdmin: Person;
let serial = 0;

const api = (who: Person, method: string, path: string, body?: unknown) =>
  who.browser.call(method, `/api/v1${path}`, body === undefined ? {} : { body });
const position = (answer: Answer) => answer.body.meta.position as string;
const created = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.id as string;
};

async function project(who: Person, attributes: Record<string, unknown> = {}, relationships = {}) {
  const made = await api(
    who,
    'POST',
    '/eqlaat-projects',
    doc('eqlaat-projects', { title: `Project ${++serial}`, ...attributes }, relationships),
  );
  return { id: created(made), position: position(made) };
}

beforeAll(async () => {
  app = await startAccountsApp();
  team = await person(app, 'eqlaat-team@example.org', { roles: ['eqlaat_member'] });
  colleague = await person(app, 'eqlaat-colleague@example.org', { roles: ['eqlaat_member'] });
  // the highest access level and the back office's usual role: neither opens a patient's project
  member = await person(app, 'eqlaat-member@example.org', { accessLevel: 'member_level_2' });
  appAdmin = await person(app, 'eqlaat-app-admin@example.org', { roles: ['app_admin'] });
});
afterAll(async () => {
  await app?.close();
});

describe('a patient project', () => {
  it('is written and read by the eqlaat team, and by nobody else but administrators', async () => {
    const category = await api(
      team,
      'POST',
      '/eqlaat-project-categories',
      doc('eqlaat-project-categories', { name: 'Mobility' }),
    );
    // the lists are kept by administrators
    expect(category.status).toBe(403);
    const mobility = created(
      await app.admin(
        'POST',
        '/eqlaat-project-categories',
        doc('eqlaat-project-categories', { name: `Mobility ${randomUUID()}` }),
      ),
    );
    const made = await project(
      team,
      {
        title: 'Powered wheelchair for school days',
        priority: 'high',
        reason: 'The manual chair tires the pupil before noon',
        patientRecord: 'EQ-2026-014',
        note: 'Ask the school about the lift',
      },
      {
        categories: many('eqlaat-project-categories', [mobility]),
        users: many('users', [team.id, colleague.id]),
      },
    );
    const read = await api(colleague, 'GET', `/eqlaat-projects/${made.id}?minPosition=${made.position}`);
    expect(read.status).toBe(200);
    expect(read.body.data.attributes).toMatchObject({
      title: 'Powered wheelchair for school days',
      priority: 'high',
      patientRecord: 'EQ-2026-014',
      // seed 001 §9: the short reason is cut at 30 characters
      shortReason: 'The manual chair tires the pu…',
      stepsCount: 0,
      appointmentsCount: 0,
    });
    expect(read.body.data.relationships.users.data.map((u: { id: string }) => u.id).sort()).toEqual(
      [team.id, colleague.id].sort(),
    );

    for (const outsider of [member, appAdmin]) {
      expect((await api(outsider, 'GET', `/eqlaat-projects/${made.id}`)).status).toBe(403);
      expect((await api(outsider, 'GET', '/eqlaat-projects')).status).toBe(403);
      const write = await api(
        outsider,
        'PATCH',
        `/eqlaat-projects/${made.id}`,
        doc('eqlaat-projects', { note: 'Read by someone outside the team' }, undefined, made.id),
      );
      expect(write.status).toBe(403);
      expect((await api(outsider, 'GET', `/eqlaat-projects/${made.id}/history`)).status).toBe(403);
    }
    const visitor = await app.browser().call('GET', `/api/v1/eqlaat-projects/${made.id}`);
    expect(visitor.status).toBe(401);
    expect((await app.admin('GET', `/eqlaat-projects/${made.id}`)).status).toBe(200);
  });

  it('refuses a priority it does not know and a title left empty, on their fields', async () => {
    const refused = await api(
      team,
      'POST',
      '/eqlaat-projects',
      doc('eqlaat-projects', { title: '  ', priority: 'whenever' }),
    );
    expect(refused.status).toBe(422);
    expect(pointers(refused).sort()).toEqual(['/data/attributes/priority', '/data/attributes/title']);
  });

  it('is soft-deleted by the team and restored only by an administrator', async () => {
    const made = await project(team);
    const deleted = await api(team, 'POST', `/eqlaat-projects/${made.id}/soft-delete`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
    expect((await api(team, 'POST', `/eqlaat-projects/${made.id}/restore`)).status).toBe(403);
    const restored = await app.admin('POST', `/eqlaat-projects/${made.id}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBeLessThan(300);
  });
});

describe("a project's steps", () => {
  it('keep the latest step and the count on the project, and are read only with the project', async () => {
    const made = await project(team);
    const step = (statuses: string[], doneAt: string) =>
      api(
        team,
        'POST',
        '/eqlaat-project-steps',
        doc(
          'eqlaat-project-steps',
          { doneAt, comment: `Moved to ${statuses.join(' and ')}` },
          { project: one('eqlaat-projects', made.id), statuses: many('eqlaat-project-statuses', statuses) },
        ),
      );
    created(await step(['needs_assessing'], '2026-01-10T09:00:00Z'));
    const second = await step(['testing', 'funding'], '2026-02-01T09:00:00Z');
    const latest = created(second);

    const read = await api(team, 'GET', `/eqlaat-projects/${made.id}?minPosition=${position(second)}`);
    expect(read.body.data.attributes.stepsCount).toBe(2);
    expect(read.body.data.relationships.latestStep.data).toEqual({
      type: 'eqlaat-project-steps',
      id: latest,
    });
    const steps = await api(
      colleague,
      'GET',
      `/eqlaat-project-steps?filter[project]=${made.id}&include=statuses&minPosition=${position(second)}`,
    );
    expect(steps.status).toBe(200);
    expect(ids(steps)).toContain(latest);
    expect(steps.body.included.map((s: { id: string }) => s.id).sort()).toEqual(
      ['funding', 'needs_assessing', 'testing'].sort(),
    );
    expect((await api(member, 'GET', `/eqlaat-project-steps/${latest}`)).status).toBe(403);
  });

  it('must name an existing project, and keep it', async () => {
    const missing = await api(
      team,
      'POST',
      '/eqlaat-project-steps',
      doc('eqlaat-project-steps', { comment: 'No project' }),
    );
    expect(missing.status, JSON.stringify(missing.body)).toBe(422);
    expect(pointers(missing), JSON.stringify(missing.body)).toContain('/data/relationships/project');
    const unknown = await api(
      team,
      'POST',
      '/eqlaat-project-steps',
      doc('eqlaat-project-steps', {}, { project: one('eqlaat-projects', randomUUID()) }),
    );
    expect(unknown.status, JSON.stringify(unknown.body)).toBe(422);
    expect(pointers(unknown), JSON.stringify(unknown.body)).toEqual(['/data/relationships/project/data/id']);

    const first = await project(team);
    const other = await project(team);
    const step = created(
      await api(
        team,
        'POST',
        '/eqlaat-project-steps',
        doc('eqlaat-project-steps', {}, { project: one('eqlaat-projects', first.id) }),
      ),
    );
    const moved = await api(
      team,
      'PATCH',
      `/eqlaat-project-steps/${step}`,
      doc('eqlaat-project-steps', {}, { project: one('eqlaat-projects', other.id) }, step),
    );
    expect(moved.status).toBe(422);
    expect(pointers(moved), JSON.stringify(moved.body)).toContain('/data/relationships/project');
  });
});

describe('the project statuses', () => {
  it("are the seed's nine from the start, kept, and extended by administrators only", async () => {
    const list = await api(team, 'GET', '/eqlaat-project-statuses?page[size]=50');
    expect(list.status).toBe(200);
    expect(ids(list)).toEqual(expect.arrayContaining([...EQLAAT_PROJECT_STATUSES]));
    const closed = list.body.data.find((s: { id: string }) => s.id === 'closed');
    expect(closed.attributes).toMatchObject({ name: 'Closed', canCombine: false });
    expect((await app.admin('DELETE', '/eqlaat-project-statuses/pending')).status).toBe(409);
    const added = await api(
      team,
      'POST',
      '/eqlaat-project-statuses',
      doc('eqlaat-project-statuses', { name: 'Waiting for a grant' }),
    );
    expect(added.status).toBe(403);
    expect((await api(member, 'GET', '/eqlaat-project-statuses')).status).toBe(403);
  });
});

describe('appointments', () => {
  it('end after they start, and are listed by the weeks they overlap', async () => {
    const made = await project(team);
    const backwards = await api(
      team,
      'POST',
      '/eqlaat-appointments',
      doc('eqlaat-appointments', {
        title: 'Backwards',
        startAt: '2031-05-05T10:00:00Z',
        endAt: '2031-05-05T09:00:00Z',
      }),
    );
    expect(backwards.status).toBe(422);
    expect(pointers(backwards)).toEqual(['/data/attributes/endAt']);

    const appointment = (title: string, startAt: string, endAt: string) =>
      api(
        team,
        'POST',
        '/eqlaat-appointments',
        doc(
          'eqlaat-appointments',
          { title, startAt, endAt, location: 'Day centre, room 2', beneficiaryInvited: true },
          { project: one('eqlaat-projects', made.id), managers: many('users', [team.id]) },
        ),
      );
    const inWeek = created(await appointment('Trial', '2031-05-06T09:00:00Z', '2031-05-06T10:30:00Z'));
    const last = await appointment('Follow-up', '2031-05-20T14:00:00Z', '2031-05-20T15:00:00Z');
    const nextFortnight = created(last);

    const week = await api(
      colleague,
      'GET',
      `/eqlaat-appointments?filter[between]=2031-05-05T00:00:00Z,2031-05-12T00:00:00Z&minPosition=${position(last)}`,
    );
    expect(week.status).toBe(200);
    expect(ids(week)).toContain(inWeek);
    expect(ids(week)).not.toContain(nextFortnight);
    const read = await api(team, 'GET', `/eqlaat-projects/${made.id}?minPosition=${position(last)}`);
    expect(read.body.data.attributes.appointmentsCount).toBe(2);
    expect((await api(member, 'GET', '/eqlaat-appointments')).status).toBe(403);
  });
});

describe('reports', () => {
  it('are on a project or an appointment, nothing else', async () => {
    const made = await project(team);
    const onProject = await api(
      team,
      'POST',
      '/eqlaat-reports',
      doc(
        'eqlaat-reports',
        { title: 'Assessment', content: '<p>Seat width measured.</p><script>alert(1)</script>' },
        { reportable: { data: { type: 'eqlaat-projects', id: made.id } } },
      ),
    );
    const report = created(onProject);
    const read = await api(team, 'GET', `/eqlaat-reports/${report}?minPosition=${position(onProject)}`);
    // rich text is sanitised on the way in
    expect(read.body.data.attributes.content).toBe('<p>Seat width measured.</p>');

    const elsewhere = await api(
      team,
      'POST',
      '/eqlaat-reports',
      doc('eqlaat-reports', { title: 'Elsewhere' }, { reportable: { data: { type: 'users', id: team.id } } }),
    );
    expect(elsewhere.status).toBe(422);
    expect(pointers(elsewhere), JSON.stringify(elsewhere.body)).toEqual([
      '/data/relationships/reportable/data/type',
    ]);
  });

  it('keep their files secured: attached and read by the team, refused to others', async () => {
    const made = await project(team);
    const report = created(
      await api(
        team,
        'POST',
        '/eqlaat-reports',
        doc(
          'eqlaat-reports',
          { title: 'Home visit' },
          { reportable: { data: { type: 'eqlaat-projects', id: made.id } } },
        ),
      ),
    );
    const attach = (who: Person) => {
      const form = new FormData();
      form.append('model[type]', 'eqlaat-reports');
      form.append('model[id]', report);
      form.append(
        'files[]',
        new Blob([Buffer.from('%PDF-1.4\n% visit\ntrailer << >>\n%%EOF\n')]),
        'visit.pdf',
      );
      return fetch(app.url('/api/v1/services/secured-files'), {
        method: 'POST',
        headers: { Cookie: `atc_session=${who.browser.cookie()}`, 'X-Requested-With': 'XMLHttpRequest' },
        body: form,
      });
    };
    expect((await attach(member)).status).toBe(403);
    const attached = await attach(team);
    expect(attached.status).toBe(201);
    const body = (await attached.json()) as {
      data: Array<{ attributes: { url: string } }>;
      meta: { position: string };
    };
    const url = `${body.data[0]!.attributes.url}?minPosition=${body.meta.position}`;
    const show = (who: Person) =>
      fetch(app.url(url), { headers: { Cookie: `atc_session=${who.browser.cookie()}` } });
    const byColleague = await show(colleague);
    expect(byColleague.status).toBe(200);
    expect(
      Buffer.from(await byColleague.arrayBuffer())
        .subarray(0, 8)
        .toString(),
    ).toBe('%PDF-1.4');
    // a secured file the member may not read is not named to them
    expect((await show(member)).status).toBe(404);
  });
});

describe('with the eqlaat feature off', () => {
  it('serves none of its records', async () => {
    const off = await startAccountsApp({}, { features: { eqlaat: false } });
    try {
      for (const type of [
        'eqlaat-projects',
        'eqlaat-project-steps',
        'eqlaat-appointments',
        'eqlaat-reports',
      ]) {
        expect((await off.admin('GET', `/${type}`)).status, type).toBe(404);
      }
      const refused = await off.admin('POST', '/eqlaat-projects', doc('eqlaat-projects', { title: 'Off' }));
      expect(refused.status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
