import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionDurationSeconds } from '@platform/contracts/open-badges/session-state';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
  type Browser,
} from '@platform/tests/support/apps/accounts-app';

const PAST = '2020-01-01T00:00:00.000Z';
const SESSIONS = '/api/v1/services/open-badges/sessions';

let app: AccountsTestApp;
let issuerOrg = '';
let lowOrg = '';
let member: Browser;
let memberId = '';
let other: Browser;
let unverified: Browser;
let issuer: Browser;
let lowIssuer: Browser;
let admin: Browser;
let badge = '';
let unpublishedBadge = '';
let position = '0';

const ok = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  if (answer.body?.meta?.position) position = String(answer.body.meta.position);
  return answer;
};
const one = (type: string, id: string | null) => ({ data: id === null ? null : { type, id } });

async function person(email: string, options: { emailVerified?: boolean; role?: string } = {}) {
  const { id, position: createdAt } = await createUser(app, {
    email,
    firstName: 'Sam',
    lastName: email.split('@')[0]!,
    ...(options.emailVerified !== undefined ? { emailVerified: options.emailVerified } : {}),
  });
  if (options.role)
    ok(
      await app.admin('PATCH', `/users/${id}`, {
        data: { type: 'users', relationships: { roles: { data: [{ type: 'roles', id: options.role }] } } },
      }),
    );
  if (BigInt(createdAt) > BigInt(position)) position = createdAt;
  ok(await app.admin('GET', `/users/${id}?minPosition=${position}`));
  const browser = app.browser();
  ok(await signIn(browser, email));
  return { browser, id };
}

async function organization(name: string, level: string): Promise<string> {
  const created = ok(
    await app.admin('POST', '/organizations', {
      data: {
        type: 'organizations',
        attributes: { name },
        relationships: { accessLevel: one('access-levels', level) },
      },
    }),
  );
  return created.body.data.id as string;
}

/** Joins the organization and acts as it (the session then carries its access level). */
async function actAs(browser: Browser, userId: string, organizationId: string) {
  ok(
    await app.admin('POST', `/organizations/${organizationId}/relationships/users`, {
      data: [{ type: 'users', id: userId }],
    }),
  );
  ok(
    await browser.call(
      'PATCH',
      `/api/v1/users/me/relationships/acting-as-organization?minPosition=${position}`,
      { body: one('organizations', organizationId) },
    ),
  );
  // a session reads its acting organization from the users' read model: the switch must be there before it acts
  ok(await browser.call('GET', `/api/v1/users/me?minPosition=${position}`));
}

async function setThreshold(level: string | null) {
  ok(
    await app.admin('PATCH', '/app-environments/main', {
      data: { type: 'app-environments', id: 'main', attributes: { openBadgeIssuerAccessLevel: level } },
    }),
  );
  // the threshold is read from the environment's read model
  ok(await app.admin('GET', `/app-environments/main?minPosition=${position}`));
}

const request = (browser: Browser, attributes: Record<string, unknown>) =>
  browser.call('POST', SESSIONS, { body: { data: { type: 'open-badge-training-sessions', attributes } } });
const act = (browser: Browser, id: string, attributes: Record<string, unknown>) =>
  browser.call('POST', `${SESSIONS}/${id}/actions`, { body: { data: { attributes } } });
const award = (browser: Browser, id: string) =>
  browser.call('POST', `${SESSIONS}/${id}/assertion`, {
    body: { data: { attributes: { recipientName: 'Sam Trainee', evidence: 'Fitted two chairs' } } },
  });
const read = (browser: Browser, id: string) =>
  browser.call('GET', `${SESSIONS}/${id}?minPosition=${position}`);

async function requested(): Promise<string> {
  const answer = ok(await request(member, { badgeId: badge, issuerId: issuerOrg }));
  expect(answer.status).toBe(201);
  return answer.body.data.id as string;
}

beforeAll(async () => {
  app = await startAccountsApp();
  await setThreshold('member_level_2');
  issuerOrg = await organization(`Seating Lab ${randomUUID().slice(0, 8)}`, 'member_level_2');
  lowOrg = await organization(`Small Club ${randomUUID().slice(0, 8)}`, 'member_level_1');
  ({ browser: member, id: memberId } = await person('trainee@example.test'));
  ({ browser: other } = await person('other-trainee@example.test'));
  ({ browser: unverified } = await person('unverified@example.test', { emailVerified: false }));
  const issuing = await person('issuer@example.test');
  issuer = issuing.browser;
  await actAs(issuer, issuing.id, issuerOrg);
  const low = await person('low-issuer@example.test');
  lowIssuer = low.browser;
  await actAs(lowIssuer, low.id, issuerOrg);
  ({ browser: admin } = await person('badge-admin@example.test', { role: 'admin' }));
  const modules = [
    { id: randomUUID(), position: 1, title: 'Assessment', content: 'Assess the seating needs' },
    { id: randomUUID(), position: 2, title: 'Fitting', content: 'Fit the chair' },
  ];
  const createBadge = async (publishedAt: string | null) =>
    ok(
      await issuer.call('POST', '/api/v1/open-badges', {
        body: {
          data: {
            type: 'open-badges',
            attributes: { title: 'Seating assessor', validityDuration: 365, modules, publishedAt },
          },
        },
      }),
    ).body.data.id as string;
  badge = await createBadge(PAST);
  unpublishedBadge = await createBadge(null);
});
afterAll(async () => {
  await app?.close();
});

describe('a training session over HTTP', () => {
  it('goes from the request through the modules in order to an assertion, then its revocation', async () => {
    const id = await requested();
    const asMember = ok(await read(member, id)).body.data.attributes;
    expect(asMember).toMatchObject({
      status: 'requested',
      badgeId: badge,
      badgeTitle: 'Seating assessor',
      issuerId: issuerOrg,
      userId: memberId,
      memberName: 'Sam trainee',
      allowedActions: [],
      currentPosition: null,
      assertionId: null,
    });
    expect(asMember.modules).toEqual([
      {
        position: 1,
        title: 'Assessment',
        content: 'Assess the seating needs',
        startedAt: null,
        finishedAt: null,
      },
      { position: 2, title: 'Fitting', content: 'Fit the chair', startedAt: null, finishedAt: null },
    ]);
    expect(ok(await read(issuer, id)).body.data.attributes).toMatchObject({
      allowedActions: ['accept', 'refuse'],
      canIssue: true,
    });

    const accepted = ok(await act(issuer, id, { action: 'accept' }));
    expect(accepted.body.data.attributes).toMatchObject({ status: 'accepted', allowedActions: [] });
    expect(ok(await read(member, id)).body.data.attributes).toMatchObject({
      status: 'accepted',
      allowedActions: ['start-module'],
      currentPosition: 1,
    });

    ok(await act(member, id, { action: 'start-module', position: 1 }));
    app.advance(60_000);
    ok(await act(member, id, { action: 'finish-module', position: 1 }));
    app.advance(10_000);
    const started = ok(await act(member, id, { action: 'start-module' }));
    expect(started.body.data.attributes).toMatchObject({
      status: 'in_progress',
      currentPosition: 2,
      allowedActions: ['finish-module'],
    });
    app.advance(120_000);
    const finished = ok(await act(member, id, { action: 'finish-module' }));
    // the sum of the modules' durations on the platform's clock: the 180 s it was moved, and the real time the
    // requests took (the test clock runs on from the real one)
    const durationSeconds = finished.body.data.attributes.durationSeconds as number;
    expect(finished.body.data.attributes.status).toBe('finished');
    expect(durationSeconds).toBe(sessionDurationSeconds(finished.body.data.attributes.modules));
    expect(durationSeconds).toBeGreaterThanOrEqual(180);
    expect(durationSeconds).toBeLessThan(240);

    const session = ok(await read(issuer, id)).body.data.attributes;
    expect(session).toMatchObject({
      status: 'finished',
      durationSeconds,
      allowedActions: ['issue-assertion'],
    });
    expect(
      session.modules.every((m: { startedAt: string; finishedAt: string }) => m.startedAt && m.finishedAt),
    ).toBe(true);

    const awarded = ok(await award(issuer, id));
    expect(awarded.status).toBe(201);
    const assertionId = awarded.body.data.id as string;
    expect(ok(await read(member, id)).body.data.attributes).toMatchObject({ status: 'awarded', assertionId });

    const mine = ok(
      await member.call('GET', `/api/v1/services/open-badges/my-assertions?minPosition=${position}`),
    ).body.data;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      id: assertionId,
      attributes: {
        recipientName: 'Sam Trainee',
        evidence: 'Fitted two chairs',
        badgeTitle: 'Seating assessor',
        expired: false,
        revoked: false,
        jsonURL: expect.stringMatching(new RegExp(`/api/v1/open-badges/v2/assertions/${assertionId}$`)),
      },
    });
    const issuedAt = Date.parse(mine[0].attributes.issuedAt);
    expect(Date.parse(mine[0].attributes.expiresAt) - issuedAt).toBe(365 * 24 * 3600 * 1000);
    const count = async () =>
      ok(await app.admin('GET', `/open-badges/${badge}?minPosition=${position}`)).body.data.attributes
        .assertionsCount;
    expect(await count()).toBe(1);

    // in the back office, read-only, with their history
    const backOffice = ok(
      await admin.call('GET', `/api/v1/open-badge-training-sessions/${id}?minPosition=${position}`),
    );
    expect(backOffice.body.data.attributes).toMatchObject({ status: 'awarded', durationSeconds });
    const history = ok(await admin.call('GET', `/api/v1/open-badge-training-sessions/${id}/history`));
    expect(history.body.data.length).toBeGreaterThanOrEqual(7);
    expect((await member.call('GET', `/api/v1/open-badge-training-sessions/${id}`)).status).toBe(403);

    const revoke = (browser: Browser) =>
      browser.call('POST', `/api/v1/services/open-badges/assertions/${assertionId}/revoke`, {
        body: { data: { attributes: { reason: 'Issued by mistake' } } },
      });
    expect((await revoke(member)).status).toBe(403);
    ok(await revoke(issuer));
    const again = await revoke(issuer);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('conflict.open_badge_assertion_revoked');
    expect(await count()).toBe(0);
    const revoked = ok(
      await admin.call('GET', `/api/v1/open-badge-assertions/${assertionId}?minPosition=${position}`),
    );
    expect(revoked.body.data.attributes).toMatchObject({ revocationReason: 'Issued by mistake' });
  });

  it('refuses a session on an unpublished badge or an unknown one (422 on badgeId)', async () => {
    for (const badgeId of [unpublishedBadge, randomUUID()]) {
      const answer = await request(member, { badgeId, issuerId: issuerOrg });
      expect(answer.status).toBe(422);
      expect(answer.body.errors[0].source.pointer).toBe('/data/attributes/badgeId');
    }
  });

  it('refuses an issuer organization under the threshold (422 on issuerId)', async () => {
    const answer = await request(member, { badgeId: badge, issuerId: lowOrg });
    expect(answer.status).toBe(422);
    expect(answer.body.errors[0].source.pointer).toBe('/data/attributes/issuerId');
  });

  it('refuses a visitor (401) and a member whose e-mail is not verified (403)', async () => {
    expect((await request(app.browser(), { badgeId: badge, issuerId: issuerOrg })).status).toBe(401);
    expect((await request(unverified, { badgeId: badge, issuerId: issuerOrg })).status).toBe(403);
  });

  it('refuses modules out of order, a module finished before it is started, and an assertion twice (409)', async () => {
    const id = await requested();
    ok(await act(admin, id, { action: 'accept' }));
    const conflict = async (answer: Answer) => {
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      expect(answer.body.errors[0].code).toBe('conflict.open_badge_session_state');
    };
    await conflict(await act(member, id, { action: 'start-module', position: 2 }));
    await conflict(await act(member, id, { action: 'finish-module', position: 1 }));
    await conflict(await award(issuer, id));
    ok(await act(member, id, { action: 'start-module' }));
    ok(await act(member, id, { action: 'finish-module' }));
    ok(await act(member, id, { action: 'start-module' }));
    ok(await act(member, id, { action: 'finish-module' }));
    ok(await award(admin, id));
    await conflict(await award(issuer, id));
  });

  it('lets each viewer do only their part', async () => {
    const id = await requested();
    // a visitor is asked to sign in; another member does not find the session
    expect((await app.browser().call('GET', `${SESSIONS}/${id}`)).status).toBe(401);
    expect((await act(app.browser(), id, { action: 'accept' })).status).toBe(401);
    expect((await read(other, id)).status).toBe(404);
    expect((await act(other, id, { action: 'accept' })).status).toBe(404);
    // the member may not decide their own request
    expect((await act(member, id, { action: 'accept' })).status).toBe(403);
    // lists: the member's own, the issuer's organization's, every one for administrators
    const listed = async (browser: Browser) =>
      ok(
        await browser.call('GET', `${SESSIONS}?filter[status]=requested&minPosition=${position}`),
      ).body.data.map((s: { id: string }) => s.id);
    expect(await listed(member)).toContain(id);
    expect(await listed(issuer)).toContain(id);
    expect(await listed(admin)).toContain(id);
    expect(await listed(other)).not.toContain(id);
    // an administrator decides as an issuer
    ok(await act(admin, id, { action: 'refuse', reason: 'The next session is full' }));
    expect(ok(await read(member, id)).body.data.attributes).toMatchObject({
      status: 'refused',
      refusedReason: 'The next session is full',
      allowedActions: [],
    });
  });

  it('lets two accepts at once decide once: one wins, the other is a conflict', async () => {
    const id = await requested();
    const answers = await Promise.all([
      act(issuer, id, { action: 'accept' }),
      act(admin, id, { action: 'accept' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const history = ok(await admin.call('GET', `/api/v1/open-badge-training-sessions/${id}/history`)).body
      .data;
    expect(
      history.filter(
        (e: { attributes: { eventType: string } }) => e.attributes.eventType === 'OpenBadgeSessionAccepted',
      ),
    ).toHaveLength(1);
  });

  it('refuses the issuer organization once its level is under the threshold (403), and shows it no action', async () => {
    const id = await requested();
    const setLevel = async (level: string) => {
      ok(
        await app.admin('PATCH', `/organizations/${issuerOrg}`, {
          data: {
            type: 'organizations',
            id: issuerOrg,
            relationships: { accessLevel: one('access-levels', level) },
          },
        }),
      );
      ok(await app.admin('GET', `/organizations/${issuerOrg}?minPosition=${position}`));
      // a new sign-in carries the organization's level as it now is
      ok(await signIn(lowIssuer, 'low-issuer@example.test'));
    };
    await setLevel('member_level_1');
    try {
      expect(ok(await read(lowIssuer, id)).body.data.attributes).toMatchObject({
        allowedActions: [],
        canIssue: false,
      });
      expect((await act(lowIssuer, id, { action: 'accept' })).status).toBe(403);
    } finally {
      await setLevel('member_level_2');
    }
    ok(await act(lowIssuer, id, { action: 'accept' }));
  });
});
