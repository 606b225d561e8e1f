import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';
import { doc, FUTURE, many, one, PAST, pointers } from '@platform/tests/support/layer-test-types';

/**
 * Survey answers (issue 23, ADR 0043): decided on the survey's stream, counted by the answers' projection, read
 * back with the reader's own answer; every rule's bad input, as a visitor, a member and an administrator; and a
 * crowd of one organization's members racing for its one answer.
 */
let app: AccountsTestApp;
beforeAll(async () => {
  app = await startAccountsApp({});
});
afterAll(async () => {
  await app?.close();
});

/** The position of the last write a test made, for reading its own writes (`minPosition`). */
let lastPosition = '0';
const created = (answer: Answer): string => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  lastPosition = String(answer.body.meta.position);
  return answer.body.data.id as string;
};

async function survey(attributes: Record<string, unknown> = {}, texts = ['Joystick', 'Switch', 'Eye gaze']) {
  const id = created(
    await app.admin('POST', '/surveys', doc('surveys', { question: 'Which access method?', ...attributes })),
  );
  const choices: string[] = [];
  for (const [position, text] of texts.entries())
    choices.push(
      created(
        await app.admin(
          'POST',
          '/survey-choices',
          doc('survey-choices', { text, position }, { survey: one('surveys', id) }),
        ),
      ),
    );
  return { id, choices, position: lastPosition };
}

const body = (choices: readonly string[], newChoice?: string) => ({
  data: {
    type: 'survey-answers',
    ...(newChoice !== undefined ? { attributes: { newChoice } } : {}),
    relationships: { choices: many('survey-choices', choices) },
  },
});

/** A visitor's browser: keeps the survey cookie the platform issues, as a browser would. */
function visitor() {
  let cookie: string | null = null;
  async function call(method: string, path: string, payload?: unknown): Promise<Answer> {
    const response = await fetch(app.url(`/api/v1${path}`), {
      method,
      headers: {
        'X-Requested-With': 'XMLHttpRequest',
        'Content-Type': 'application/vnd.api+json',
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    for (const set of response.headers.getSetCookie()) {
      const match = /^(atc_survey_visitor=[^;]*)/.exec(set);
      if (match) cookie = match[1]!;
    }
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  }
  return { call, cookie: () => cookie };
}

const answer = (
  who: { call(method: string, path: string, options?: unknown): Promise<Answer> },
  id: string,
  payload: unknown,
) => who.call('POST', `/services/surveys/${id}/answers`, payload);

async function results(id: string, position: string, reader?: { call: ReturnType<typeof visitor>['call'] }) {
  const path = `/services/surveys/${id}/results?minPosition=${position}`;
  const read = reader ? await reader.call('GET', path) : await app.admin('GET', path);
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  return read.body.data.attributes;
}

let signIns = 0;
/** A signed-in member, each from their own address (sign-in attempts are limited per address). */
const member = async (label: string) => {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.test`;
  const { id } = await createUser(app, { email });
  const browser = app.browser();
  const n = ++signIns;
  const ip = `10.23.${n >> 8}.${n & 255}`;
  const login = await browser.call('POST', '/auth/login', {
    body: { email, password: 'correct horse battery' },
    ip,
  });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return {
    id,
    call: (method: string, path: string, payload?: unknown) =>
      browser.call(method, `/api/v1${path}`, { ip, ...(payload === undefined ? {} : { body: payload }) }),
  };
};

describe('a visitor answers a survey that needs no sign-in', () => {
  it('is counted once by the survey cookie, sees the results with their own answer, and another visitor counts too', async () => {
    const { id, choices } = await survey();
    const first = visitor();
    const stored = await answer(first, id, body([choices[1]!]));
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    expect(stored.body.data.type).toBe('survey-answers');
    expect(first.cookie()).toMatch(/^atc_survey_visitor=/);

    const mine = await results(id, stored.body.meta.position, first);
    expect(mine.answersCount).toBe(1);
    expect(mine.myAnswer.choices).toEqual([choices[1]]);
    expect(mine.choices.map((c: { answersCount: number }) => c.answersCount)).toEqual([0, 1, 0]);

    const again = await answer(first, id, body([choices[0]!]));
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('conflict.survey_already_answered');

    const second = visitor();
    const other = await answer(second, id, body([choices[1]!]));
    expect(other.status).toBe(201);
    const seen = await results(id, other.body.meta.position, visitor());
    expect(seen.answersCount).toBe(2);
    expect(seen.myAnswer).toBeNull();
    expect(seen.choices.map((c: { answersCount: number }) => c.answersCount)).toEqual([0, 2, 0]);
    // the survey's own document carries the count, and each choice its own
    const read = await app.admin('GET', `/surveys/${id}?minPosition=${other.body.meta.position}`);
    expect(read.body.data.attributes.answersCount).toBe(2);
    const listed = await app.admin(
      'GET',
      `/survey-choices?filter[survey]=${id}&minPosition=${other.body.meta.position}`,
    );
    expect(
      listed.body.data.map((c: { attributes: { answersCount: number } }) => c.attributes.answersCount),
    ).toEqual([0, 2, 0]);
  });
});

describe('an answer refused', () => {
  it('outside openAt–closeAt: 409 with the reason', async () => {
    const later = await survey({ openAt: FUTURE });
    const early = await answer(visitor(), later.id, body([later.choices[0]!]));
    expect(early.status).toBe(409);
    expect(early.body.errors[0].code).toBe('conflict.survey_not_open');
    const past = await survey({ openAt: PAST, closeAt: '2001-01-01T00:00:00.000Z' });
    const late = await answer(visitor(), past.id, body([past.choices[0]!]));
    expect(late.status).toBe(409);
    expect(late.body.errors[0].code).toBe('conflict.survey_closed');
  });

  it('too many choices, a choice of another survey, a malformed id, a refused new choice: 422 on the field', async () => {
    const single = await survey();
    const other = await survey();
    const who = visitor();
    const many2 = await answer(who, single.id, body([single.choices[0]!, single.choices[1]!]));
    expect(many2.status).toBe(422);
    expect(many2.body.errors[0].code).toBe('validation.survey_too_many_choices');
    expect(pointers(many2)).toEqual(['/data/relationships/choices']);

    const multiple = await survey({ allowMultiple: true, maxSelectedChoices: 2 });
    const three = await answer(who, multiple.id, body(multiple.choices));
    expect(three.status).toBe(422);
    expect(three.body.errors[0].code).toBe('validation.survey_too_many_choices');

    const foreign = await answer(who, single.id, body([other.choices[0]!]));
    expect(foreign.status).toBe(422);
    expect(pointers(foreign)).toEqual(['/data/relationships/choices/data/0/id']);

    const malformed = await answer(who, single.id, body(['not-a-choice']));
    expect(malformed.status).toBe(422);
    expect(pointers(malformed)).toEqual(['/data/relationships/choices/data/0/id']);

    const none = await answer(who, single.id, body([]));
    expect(none.status).toBe(422);
    expect(none.body.errors[0].code).toBe('validation.required');

    const added = await answer(who, single.id, body([], 'My own'));
    expect(added.status).toBe(422);
    expect(pointers(added)).toEqual(['/data/attributes/newChoice']);

    for (const bad of [
      null,
      [],
      'x',
      { data: 'x' },
      { data: { relationships: { choices: { data: 'x' } } } },
    ]) {
      const refused = await answer(who, single.id, bad);
      expect(refused.status, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
      expect(refused.status, JSON.stringify(bad)).toBeLessThan(500);
    }
    // nothing of these was stored
    const read = await results(single.id, single.position);
    expect(read.answersCount).toBe(0);
  });

  it('a visitor where sign-in is required: 401; the API token: 403; an unknown survey: 404', async () => {
    const { id, choices } = await survey({ requireAuth: true });
    const anonymous = await answer(visitor(), id, body([choices[0]!]));
    expect(anonymous.status).toBe(401);
    const token = await app.admin('POST', `/services/surveys/${id}/answers`, body([choices[0]!]));
    expect(token.status).toBe(403);
    expect((await answer(visitor(), randomUUID(), body([choices[0]!]))).status).toBe(404);
    expect((await answer(visitor(), 'not-a-survey', body([choices[0]!]))).status).toBe(404);
    expect((await app.admin('GET', `/services/surveys/${randomUUID()}/results`)).status).toBe(404);
  });

  it('a member writing a survey or a choice: 403 (editors write them)', async () => {
    const someone = await member('writer');
    const write = await someone.call('POST', '/surveys', doc('surveys', { question: 'Mine?' }));
    expect(write.status).toBe(403);
    const flagged = await app.admin(
      'POST',
      '/survey-choices',
      doc(
        'survey-choices',
        { text: 'x', addedByUser: true },
        { survey: one('surveys', (await survey()).id) },
      ),
    );
    expect(flagged.status).toBe(403);
  });
});

describe('a member answers', () => {
  it('once, with a choice of their own where the survey takes one; the choice is a record marked addedByUser', async () => {
    const { id, choices } = await survey({ requireAuth: true, allowMultiple: true, allowNewChoice: true });
    const someone = await member('adder');
    const stored = await answer(someone, id, body([choices[0]!], 'Head mouse'));
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    const mine = await results(id, stored.body.meta.position, someone);
    expect(mine.myAnswer.choices).toHaveLength(2);
    const added = mine.choices.find((c: { addedByUser: boolean }) => c.addedByUser);
    expect(added).toMatchObject({ text: 'Head mouse', answersCount: 1 });
    expect(mine.myAnswer.choices).toEqual([choices[0], added.id]);
    const record = await app.admin(
      'GET',
      `/survey-choices/${added.id}?minPosition=${stored.body.meta.position}`,
    );
    expect(record.body.data.attributes).toMatchObject({
      text: 'Head mouse',
      addedByUser: true,
      answersCount: 1,
    });
    const again = await answer(someone, id, body([choices[1]!]));
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('conflict.survey_already_answered');

    // answers are the survey's workflow: the editor's version (If-Match from the create) is not made stale by them
    const edited = await app.admin(
      'PATCH',
      `/surveys/${id}`,
      doc('surveys', { question: 'Which access methods?' }, undefined, id),
      { 'If-Match': '"0"' },
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const history = await app.admin('GET', `/surveys/${id}/history`);
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain('surveyAnswered');
  });
});

describe('the results in the reader’s language', () => {
  it('name each choice in its translation, else in the platform’s language', async () => {
    const { id, choices } = await survey();
    const translated = await app.admin(
      'PATCH',
      `/survey-choices/${choices[0]}`,
      doc('survey-choices', { text: 'Manette' }, undefined, choices[0]),
      { 'Accept-Edition-Language': 'fr' },
    );
    expect(translated.status, JSON.stringify(translated.body)).toBe(200);
    const read = await fetch(
      app.url(`/api/v1/services/surveys/${id}/results?minPosition=${translated.body.meta.position}`),
      { headers: { 'Accept-Language': 'fr' } },
    );
    const texts = ((await read.json()) as { data: { attributes: { choices: Array<{ text: string }> } } }).data
      .attributes.choices;
    expect(texts.map((c) => c.text)).toEqual(['Manette', 'Switch', 'Eye gaze']);
    expect(read.headers.get('vary')).toContain('Accept-Language');
    expect((await results(id, translated.body.meta.position)).choices[0].text).toBe('Joystick');
  });
});

describe('one answer per organization', () => {
  it('100 members of one organization answering at once: exactly one stored, 99 refused with 409', async () => {
    const { id, choices } = await survey({ requireAuth: true, onePerOrganization: true });
    const organization = created(
      await app.admin(
        'POST',
        '/organizations',
        doc(
          'organizations',
          { name: `Survey lab ${randomUUID()}` },
          { accessLevel: one('access-levels', null) },
        ),
      ),
    );
    const members = await Promise.all(Array.from({ length: 100 }, (_, n) => member(`crowd${n}`)));
    const joined = await app.admin('POST', `/organizations/${organization}/relationships/users`, {
      data: members.map((m) => ({ type: 'users', id: m.id })),
    });
    expect([200, 204], JSON.stringify(joined.body)).toContain(joined.status);
    const after = joined.body?.meta?.position ?? '0';
    // a member acting for no organization cannot take the organization's slot
    const alone = await answer(members[0]!, id, body([choices[0]!]));
    expect(alone.status).toBe(403);
    expect(alone.body.errors[0].code).toBe('auth.survey_organization_required');
    let acted = BigInt(after);
    for (const m of members) {
      const acting = await m.call(
        'PATCH',
        `/users/me/relationships/acting-as-organization?minPosition=${after}`,
        one('organizations', organization),
      );
      expect([200, 204], JSON.stringify(acting.body)).toContain(acting.status);
      const at = acting.body?.meta?.position ?? acting.headers.get('x-event-position');
      if (typeof at === 'string' && BigInt(at) > acted) acted = BigInt(at);
    }

    expect(acted > BigInt(after), 'the acting choices answer their positions').toBe(true);
    // each answer is decided once the viewers' projection holds every member's acting organization: without
    // minPosition a member whose choice is not projected yet acts for no organization (403)
    const answers = await Promise.all(
      members.map((m, n) =>
        m.call(
          'POST',
          `/services/surveys/${id}/answers?minPosition=${acted}`,
          body([choices[n % choices.length]!]),
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.filter((s) => s === 201),
      JSON.stringify(statuses),
    ).toHaveLength(1);
    expect(
      statuses.filter((s) => s === 409),
      JSON.stringify(answers.filter((a) => a.status !== 409 && a.status !== 201).map((a) => a.body)),
    ).toHaveLength(99);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.errors[0].code).toBe('conflict.survey_organization_answered');

    const winner = answers.find((a) => a.status === 201)!;
    const read = await results(id, winner.body.meta.position, members[1]!);
    expect(read.answersCount).toBe(1);
    expect(read.choices.reduce((sum: number, c: { answersCount: number }) => sum + c.answersCount, 0)).toBe(
      1,
    );
    expect(read.organizationAnswered).toBe(true);
    const stored = await app.platform.sql<{ n: number }[]>`
      select count(*)::int as n from es_events where stream_id = ${`survey-${id}`} and event_type = 'SurveyAnswered'`;
    expect(stored[0]!.n).toBe(1);
  });
});
