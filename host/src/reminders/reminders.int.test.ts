import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';
import { doc, person, pointers, type Person } from '@platform/tests/support/layer-test-types';

/**
 * Reminders (seed 001 §3 reminder; ADR 0063) as the eqlaat team uses them: a member sets a reminder on a project;
 * when its time comes on the platform's clock, the reminders' job tells its author once (a notification leading to
 * the project) and marks it sent; moved to a later time it waits and is sent again then; put aside, it is not sent.
 * Nobody but the platform writes sentAt, and nobody outside the team reads a reminder. A project's existing
 * solutions are the team's records too.
 */

// a few minutes: sessions outlive them, so the members stay signed in while the clock moves
const SOON = 2 * 60_000;
let app: AccountsTestApp;
let member: Person;
let colleague: Person;
let outsider: Person;

const created = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.data.id as string, position: answer.body.meta.position as string };
};

const job = () => app.platform.jobs.find((j) => j.name === 'reminders.send')!;

async function project(title: string) {
  return created(
    await member.browser.call('POST', '/api/v1/eqlaat-projects', { body: doc('eqlaat-projects', { title }) }),
  );
}

async function remind(projectId: string, title: string, remindAt: Date, by: Person = member) {
  return created(
    await by.browser.call('POST', '/api/v1/reminders', {
      body: doc(
        'reminders',
        { title, message: 'Call the family back', remindAt: remindAt.toISOString() },
        { remindable: { data: { type: 'eqlaat-projects', id: projectId } } },
      ),
    }),
  );
}

/** The reminder notifications a member has, with this title. */
async function told(who: Person, title: string) {
  const answer = await who.browser.call('GET', '/api/v1/notifications?page[size]=100');
  return (answer.body.data as Array<{ attributes: Record<string, unknown> }>).filter(
    (n) => n.attributes.notificationType === 'reminder' && String(n.attributes.message).startsWith(title),
  );
}

/** Runs the job's pass until the reminder is read as sent (the job's timer may have sent it first). */
async function sentAt(id: string): Promise<string> {
  let value: unknown = null;
  await expect
    .poll(
      async () => {
        await job().run();
        const read = await member.browser.call('GET', `/api/v1/reminders/${id}`);
        value = read.body.data.attributes.sentAt;
        return value;
      },
      { timeout: 20_000, interval: 100 },
    )
    .not.toBeNull();
  return String(value);
}

beforeAll(async () => {
  app = await startAccountsApp();
  [member, colleague, outsider] = await Promise.all([
    person(app, 'reminders-member@example.org', { roles: ['eqlaat_member'] }),
    person(app, 'reminders-colleague@example.org', { roles: ['eqlaat_member'] }),
    person(app, 'reminders-outsider@example.org', { accessLevel: 'member_level_2' }),
  ]);
});
afterAll(async () => {
  await app?.close();
});

describe('a reminder', () => {
  it('tells its author once when its time comes, leading to its project, and is marked sent', async () => {
    const made = await project('Reminded project');
    const reminder = await remind(made.id, 'Call the family', new Date(app.now().getTime() + SOON));
    await job().run();
    const waiting = await member.browser.call(
      'GET',
      `/api/v1/reminders/${reminder.id}?minPosition=${reminder.position}`,
    );
    expect(waiting.body.data.attributes.sentAt).toBeNull();
    expect(await told(member, 'Call the family')).toEqual([]);

    app.advance(2 * SOON);
    await sentAt(reminder.id);
    await job().run();
    // the notification is appended before the mark, but read through its own projection: waited for
    await expect.poll(async () => (await told(member, 'Call the family')).length).toBe(1);
    const notes = await told(member, 'Call the family');
    expect(notes[0]!.attributes).toMatchObject({
      message: 'Call the family: Call the family back',
      actionUrl: `/admin/resources/eqlaat-projects/show/${made.id}`,
    });
    // the colleague who did not set it is told nothing
    expect(await told(colleague, 'Call the family')).toEqual([]);
    // the history says the platform sent it
    const history = await member.browser.call('GET', `/api/v1/reminders/${reminder.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.data).toHaveLength(2);
  });

  it('moved to a later time, waits for it and is sent again then; put aside, is not sent', async () => {
    const made = await project('Moved project');
    const reminder = await remind(made.id, 'Book the fitting', new Date(app.now().getTime() + SOON));
    app.advance(2 * SOON);
    await sentAt(reminder.id);
    const moved = await member.browser.call('PATCH', `/api/v1/reminders/${reminder.id}`, {
      body: {
        data: {
          type: 'reminders',
          id: reminder.id,
          attributes: { remindAt: new Date(app.now().getTime() + SOON).toISOString() },
        },
      },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const waiting = await member.browser.call(
      'GET',
      `/api/v1/reminders/${reminder.id}?minPosition=${moved.body.meta.position}`,
    );
    expect(waiting.body.data.attributes.sentAt).toBeNull();
    await expect.poll(async () => (await told(member, 'Book the fitting')).length).toBe(1);

    const aside = await remind(made.id, 'Put aside', new Date(app.now().getTime() + SOON));
    const deleted = await member.browser.call('POST', `/api/v1/reminders/${aside.id}/soft-delete`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await member.browser.call('GET', `/api/v1/reminders?minPosition=${deleted.body.meta.position}`);

    app.advance(2 * SOON);
    await sentAt(reminder.id);
    await expect.poll(async () => (await told(member, 'Book the fitting')).length).toBe(2);
    await job().run();
    expect(await told(member, 'Put aside')).toEqual([]);
  });

  it('is written by the team alone, its sentAt by the platform alone', async () => {
    const made = await project('Guarded project');
    const reminder = await remind(made.id, 'Guarded', new Date(app.now().getTime() + SOON));
    const forged = await member.browser.call('PATCH', `/api/v1/reminders/${reminder.id}`, {
      body: {
        data: { type: 'reminders', id: reminder.id, attributes: { sentAt: new Date().toISOString() } },
      },
    });
    expect(forged.status).toBe(403);
    expect(pointers(forged)).toEqual(['/data/attributes/sentAt']);
    // the colleague of the team reads it; nobody else does
    expect(
      (
        await colleague.browser.call(
          'GET',
          `/api/v1/reminders/${reminder.id}?minPosition=${reminder.position}`,
        )
      ).status,
    ).toBe(200);
    expect((await outsider.browser.call('GET', `/api/v1/reminders/${reminder.id}`)).status).toBe(403);
    expect((await outsider.browser.call('GET', '/api/v1/reminders')).status).toBe(403);
    expect((await app.browser().call('GET', '/api/v1/reminders')).status).toBe(401);
    const refused = await outsider.browser.call('POST', '/api/v1/reminders', {
      body: doc(
        'reminders',
        { title: 'Mine', remindAt: new Date().toISOString() },
        { remindable: { data: { type: 'eqlaat-projects', id: made.id } } },
      ),
    });
    expect(refused.status).toBe(403);
    // bad input: no time, a type that cannot be reminded of
    const bad = await member.browser.call('POST', '/api/v1/reminders', {
      body: doc(
        'reminders',
        { title: 'No time' },
        { remindable: { data: { type: 'blog-posts', id: made.id } } },
      ),
    });
    expect(bad.status).toBe(422);
    expect(pointers(bad)).toContain('/data/attributes/remindAt');
  });
});

describe("a project's existing solutions", () => {
  it('are kept by the team with their reasons, an address only of the web', async () => {
    const made = await project('Solutions project');
    const solution = await member.browser.call('POST', '/api/v1/ad-project-existing-solutions', {
      body: doc(
        'ad-project-existing-solutions',
        {
          name: 'Folding ramp',
          url: 'https://example.org/ramp',
          reasons: 'Too heavy for the patient to carry',
        },
        { project: { data: { type: 'eqlaat-projects', id: made.id } } },
      ),
    });
    const kept = created(solution);
    const read = await colleague.browser.call(
      'GET',
      `/api/v1/ad-project-existing-solutions?filter[project]=${made.id}&minPosition=${kept.position}`,
    );
    expect(read.body.data.map((s: { id: string }) => s.id)).toEqual([kept.id]);
    const script = await member.browser.call('POST', '/api/v1/ad-project-existing-solutions', {
      body: doc(
        'ad-project-existing-solutions',
        { name: 'Bad', url: 'javascript:alert(1)' },
        { project: { data: { type: 'eqlaat-projects', id: made.id } } },
      ),
    });
    expect(script.status).toBe(422);
    expect(pointers(script)).toEqual(['/data/attributes/url']);
    expect(
      (await outsider.browser.call('GET', `/api/v1/ad-project-existing-solutions/${kept.id}`)).status,
    ).toBe(403);
  });
});
