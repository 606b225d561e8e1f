import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
  type Browser,
} from '@platform/tests/support/apps/accounts-app';

/**
 * The access matrix of the open badge training sessions (the sibling of resources/access-matrix.int.test.ts, whose
 * records are the layer's): every route of the sessions' workflow taken by each kind of viewer, each on a session of
 * its own in the state the action needs, so that an answer is the viewer's and not the state's. A visitor is asked
 * to sign in; a session is not found by whoever has no part in it; the trainee works through the modules; the
 * issuer organization's acting member (its level reaching the threshold) and administrators decide, award and
 * revoke.
 */

const SESSIONS = '/api/v1/services/open-badges/sessions';
const PAST = '2020-01-01T00:00:00.000Z';

const VIEWERS = ['visitor', 'trainee', 'other member', 'issuer', 'other issuer', 'admin'] as const;
type ViewerKind = (typeof VIEWERS)[number];

let app: AccountsTestApp;
let position = '0';
let badge = '';
let issuerOrg = '';
const browsers = {} as Record<ViewerKind, Browser>;

const ok = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  if (answer.body?.meta?.position) position = String(answer.body.meta.position);
  return answer;
};
const one = (type: string, id: string | null) => ({ data: id === null ? null : { type, id } });

async function person(email: string, role?: string) {
  const { id, position: createdAt } = await createUser(app, {
    email,
    firstName: 'Sam',
    lastName: email.split('@')[0]!,
  });
  if (role)
    ok(
      await app.admin('PATCH', `/users/${id}`, {
        data: { type: 'users', relationships: { roles: { data: [{ type: 'roles', id: role }] } } },
      }),
    );
  if (BigInt(createdAt) > BigInt(position)) position = createdAt;
  ok(await app.admin('GET', `/users/${id}?minPosition=${position}`));
  const browser = app.browser();
  ok(await signIn(browser, email));
  return { browser, id };
}

async function organization(name: string): Promise<string> {
  const created = ok(
    await app.admin('POST', '/organizations', {
      data: {
        type: 'organizations',
        attributes: { name },
        relationships: { accessLevel: one('access-levels', 'member_level_2') },
      },
    }),
  );
  return created.body.data.id as string;
}

/** A member of the organization acting as it (an issuer: the organization's level reaches the threshold). */
async function issuerOf(email: string, organizationId: string): Promise<Browser> {
  const { browser, id } = await person(email);
  ok(
    await app.admin('POST', `/organizations/${organizationId}/relationships/users`, {
      data: [{ type: 'users', id }],
    }),
  );
  ok(
    await browser.call(
      'PATCH',
      `/api/v1/users/me/relationships/acting-as-organization?minPosition=${position}`,
      { body: one('organizations', organizationId) },
    ),
  );
  ok(await browser.call('GET', `/api/v1/users/me?minPosition=${position}`));
  return browser;
}

const request = (browser: Browser) =>
  browser.call('POST', SESSIONS, {
    body: {
      data: { type: 'open-badge-training-sessions', attributes: { badgeId: badge, issuerId: issuerOrg } },
    },
  });
const act = (browser: Browser, id: string, attributes: Record<string, unknown>) =>
  browser.call('POST', `${SESSIONS}/${id}/actions`, { body: { data: { attributes } } });
const award = (browser: Browser, id: string) =>
  browser.call('POST', `${SESSIONS}/${id}/assertion`, {
    body: { data: { attributes: { recipientName: 'Sam Trainee' } } },
  });

const STAGES = ['requested', 'accepted', 'started', 'finished', 'awarded'] as const;
type Stage = (typeof STAGES)[number];

/** A session of the trainee's brought to the stage by its people (the issuer deciding, the trainee training). */
async function sessionAt(stage: Stage): Promise<{ id: string; assertionId: string | null }> {
  const reached = (s: Stage) => STAGES.indexOf(stage) >= STAGES.indexOf(s);
  const { trainee, issuer } = browsers;
  const id = ok(await request(trainee)).body.data.id as string;
  if (reached('accepted')) ok(await act(issuer, id, { action: 'accept' }));
  if (reached('started')) ok(await act(trainee, id, { action: 'start-module', position: 1 }));
  if (reached('finished')) {
    ok(await act(trainee, id, { action: 'finish-module', position: 1 }));
    ok(await act(trainee, id, { action: 'start-module', position: 2 }));
    ok(await act(trainee, id, { action: 'finish-module', position: 2 }));
  }
  const assertionId = reached('awarded') ? (ok(await award(issuer, id)).body.data.id as string) : null;
  return { id, assertionId };
}

interface Row {
  action: string;
  /** the session the action is tried on (none: the request makes one) */
  stage: Stage | null;
  take: (browser: Browser, session: { id: string; assertionId: string | null }) => Promise<Answer>;
  expected: Record<ViewerKind, number>;
}

const ROWS: Row[] = [
  {
    action: 'request a session (POST sessions)',
    stage: null,
    take: (b) => request(b),
    // any member with a verified e-mail asks for a training, the issuer's members and administrators included
    expected: {
      visitor: 401,
      trainee: 201,
      'other member': 201,
      issuer: 201,
      'other issuer': 201,
      admin: 201,
    },
  },
  {
    action: 'read a session (GET sessions/{id})',
    stage: 'requested',
    take: (b, s) => b.call('GET', `${SESSIONS}/${s.id}?minPosition=${position}`),
    expected: {
      visitor: 401,
      trainee: 200,
      'other member': 404,
      issuer: 200,
      'other issuer': 404,
      admin: 200,
    },
  },
  ...(['accept', 'refuse'] as const).map((action): Row => ({
    action: `${action} a request`,
    stage: 'requested',
    take: (b, s) => act(b, s.id, action === 'refuse' ? { action, reason: 'The group is full' } : { action }),
    expected: {
      visitor: 401,
      trainee: 403,
      'other member': 404,
      issuer: 200,
      'other issuer': 404,
      admin: 200,
    },
  })),
  {
    action: 'start a module',
    stage: 'accepted',
    take: (b, s) => act(b, s.id, { action: 'start-module', position: 1 }),
    // the trainee's alone: the issuer and administrators have a part in the session, but not its modules
    expected: {
      visitor: 401,
      trainee: 200,
      'other member': 404,
      issuer: 403,
      'other issuer': 404,
      admin: 403,
    },
  },
  {
    action: 'finish a module',
    stage: 'started',
    take: (b, s) => act(b, s.id, { action: 'finish-module', position: 1 }),
    expected: {
      visitor: 401,
      trainee: 200,
      'other member': 404,
      issuer: 403,
      'other issuer': 404,
      admin: 403,
    },
  },
  {
    action: 'award the assertion (POST sessions/{id}/assertion)',
    stage: 'finished',
    take: (b, s) => award(b, s.id),
    expected: {
      visitor: 401,
      trainee: 403,
      'other member': 404,
      issuer: 201,
      'other issuer': 404,
      admin: 201,
    },
  },
  {
    action: 'revoke the assertion (POST assertions/{id}/revoke)',
    stage: 'awarded',
    take: (b, s) =>
      b.call('POST', `/api/v1/services/open-badges/assertions/${s.assertionId}/revoke`, {
        body: { data: { attributes: { reason: 'Awarded by mistake' } } },
      }),
    // an assertion is public: whoever is not its issuer organization (at the threshold) nor an administrator is
    // refused, not told it does not exist
    expected: {
      visitor: 401,
      trainee: 403,
      'other member': 403,
      issuer: 200,
      'other issuer': 403,
      admin: 200,
    },
  },
];

beforeAll(async () => {
  app = await startAccountsApp();
  ok(
    await app.admin('PATCH', '/app-environments/main', {
      data: {
        type: 'app-environments',
        id: 'main',
        attributes: { openBadgeIssuerAccessLevel: 'member_level_2' },
      },
    }),
  );
  ok(await app.admin('GET', `/app-environments/main?minPosition=${position}`));
  issuerOrg = await organization(`Seating Lab ${randomUUID().slice(0, 8)}`);
  const otherOrg = await organization(`Mobility Lab ${randomUUID().slice(0, 8)}`);
  browsers.visitor = app.browser();
  browsers.trainee = (await person('matrix-trainee@example.test')).browser;
  browsers['other member'] = (await person('matrix-other@example.test')).browser;
  browsers.issuer = await issuerOf('matrix-issuer@example.test', issuerOrg);
  browsers['other issuer'] = await issuerOf('matrix-other-issuer@example.test', otherOrg);
  browsers.admin = (await person('matrix-admin@example.test', 'admin')).browser;
  const modules = [
    { id: randomUUID(), position: 1, title: 'Assessment', content: 'Assess the seating needs' },
    { id: randomUUID(), position: 2, title: 'Fitting', content: 'Fit the chair' },
  ];
  badge = ok(
    await browsers.issuer.call('POST', '/api/v1/open-badges', {
      body: {
        data: {
          type: 'open-badges',
          attributes: { title: 'Seating assessor', validityDuration: 365, modules, publishedAt: PAST },
        },
      },
    }),
  ).body.data.id as string;
});
afterAll(async () => {
  await app?.close();
});

describe('the open badge training sessions’ access matrix', () => {
  it.each(ROWS.map((row) => [row.action, row] as const))('%s, as each kind of viewer', async (_, row) => {
    const answers = {} as Record<ViewerKind, number>;
    for (const viewer of VIEWERS) {
      const session = row.stage ? await sessionAt(row.stage) : { id: '', assertionId: null };
      const answer = await row.take(browsers[viewer], session);
      answers[viewer] = answer.status;
      if (answer.body?.meta?.position) position = String(answer.body.meta.position);
    }
    expect(answers).toEqual(row.expected);
  });
});
