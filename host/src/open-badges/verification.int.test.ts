import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBadgesVerificationUrls } from '@platform/contracts/open-badges/verification-paths';
import { openBadgeSessionStreamId } from '@platform/contracts/open-badges/session';
import { handleCommand } from '@platform/command-api/handler';
import { openBadgeSessionDecider } from '@platform/command-api/open-badges/session';
import { defaultPublicUrl } from '@platform/infra/config';
import { readBakedAssertionUrl } from '@platform/infra/open-badges/baked-png';
import { hashedIdentity } from '@platform/infra/open-badges/ob2';
import { verifyIndependently } from '@platform/infra/open-badges/testing/independent-verifier';
import {
  Assertion,
  BadgeClass,
  Profile,
  RevocationList,
  sameOrigin,
} from '@platform/infra/open-badges/testing/ob2-rules';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
  type Browser,
} from '@platform/tests/support/apps/accounts-app';
import { capturedLogger, TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import { DEMO_OPEN_BADGE_RECIPIENT } from '../seed/demo-open-badge-assertion.ts';
import { seedDemo } from '../seed/demo.ts';

/**
 * Open badges verified on the real platform (ADR 0030): a member's session awarded through the API, then a verifier
 * that holds nothing but the assertion URL follows the 2.0 documents, reads the baked image back and verifies the
 * 3.0 credential with an independent library; a revocation shows in all three; unknown or unpublished records are
 * 404; a retried award finishes a partial one; the demo seed's assertion verifies.
 */

const PAST = '2020-01-01T00:00:00.000Z';
const SESSIONS = '/api/v1/services/open-badges/sessions';
const MEMBER_EMAIL = 'verified-trainee@example.test';
const SITE = 'https://seating-lab.example/';

let app: AccountsTestApp;
let publicUrl = '';
let issuerOrg = '';
let quietOrg = '';
let member: Browser;
let issuer: Browser;
let issuerId = '';
let badge = '';
let imageBadge = '';
let unpublishedBadge = '';
let position = '0';

const ok = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  if (answer.body?.meta?.position) position = String(answer.body.meta.position);
  return answer;
};
const one = (type: string, id: string | null) => ({ data: id === null ? null : { type, id } });

async function person(email: string) {
  const { id, position: createdAt } = await createUser(app, {
    email,
    firstName: 'Sam',
    lastName: 'Verified',
  });
  if (BigInt(createdAt) > BigInt(position)) position = createdAt;
  ok(await app.admin('GET', `/users/${id}?minPosition=${position}`));
  const browser = app.browser();
  ok(await signIn(browser, email));
  return { browser, id };
}

async function organization(name: string, level: string, externalUrl?: string): Promise<string> {
  const created = ok(
    await app.admin('POST', '/organizations', {
      data: {
        type: 'organizations',
        attributes: { name, ...(externalUrl ? { externalUrl } : {}) },
        relationships: { accessLevel: one('access-levels', level) },
      },
    }),
  );
  return created.body.data.id as string;
}

const act = (browser: Browser, id: string, attributes: Record<string, unknown>) =>
  browser.call('POST', `${SESSIONS}/${id}/actions`, { body: { data: { attributes } } });
const award = (id: string) =>
  issuer.call('POST', `${SESSIONS}/${id}/assertion`, {
    body: { data: { attributes: { recipientName: 'Sam Verified', evidence: 'Fitted two chairs' } } },
  });

/** A session of the member on `badge`, accepted and worked through to its finish. */
async function finishedSession(): Promise<string> {
  const requested = ok(
    await member.call('POST', SESSIONS, {
      body: {
        data: { type: 'open-badge-training-sessions', attributes: { badgeId: badge, issuerId: issuerOrg } },
      },
    }),
  );
  const id = requested.body.data.id as string;
  ok(await act(issuer, id, { action: 'accept' }));
  for (const position of [1, 2]) {
    ok(await act(member, id, { action: 'start-module', position }));
    app.advance(60_000);
    ok(await act(member, id, { action: 'finish-module', position }));
  }
  return id;
}

/** The verifier's fetch: a public URL of the site, answered by the platform under test. */
async function fetchPublic(url: string) {
  expect(url.startsWith(publicUrl), url).toBe(true);
  return fetch(app.url(url.slice(publicUrl.length)));
}
async function getJson(url: string) {
  const res = await fetchPublic(url);
  return { status: res.status, type: res.headers.get('content-type'), body: await res.json() };
}
/** Waits until the verification documents' read models hold what was written so far. */
async function caughtUp(assertionUrl: string) {
  const res = await fetch(app.url(`${assertionUrl.slice(publicUrl.length)}?minPosition=${position}`));
  expect(res.status).toBeLessThan(500);
}

/** What a verifier fetches for the 3.0 credential's status: the status list it names. */
async function statusOf(credential: Record<string, unknown>) {
  const statusUrl = (credential.credentialStatus as { statusListCredential: string }).statusListCredential;
  const list = await getJson(statusUrl);
  expect(list.status).toBe(200);
  return verifyIndependently(credential, new Map([[statusUrl, list.body]]));
}

beforeAll(async () => {
  app = await startAccountsApp();
  publicUrl = defaultPublicUrl().replace(/\/+$/, '');
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
  issuerOrg = await organization(`Seating Lab ${randomUUID().slice(0, 8)}`, 'member_level_2', SITE);
  quietOrg = await organization(`Quiet Club ${randomUUID().slice(0, 8)}`, 'member_level_2');
  ({ browser: member } = await person(MEMBER_EMAIL));
  ({ browser: issuer, id: issuerId } = await person('verifying-issuer@example.test'));
  ok(
    await app.admin('POST', `/organizations/${issuerOrg}/relationships/users`, {
      data: [{ type: 'users', id: issuerId }],
    }),
  );
  ok(
    await issuer.call(
      'PATCH',
      `/api/v1/users/me/relationships/acting-as-organization?minPosition=${position}`,
      {
        body: one('organizations', issuerOrg),
      },
    ),
  );
  // the session reads the acting organization from the users' read model: wait until it is there
  ok(await issuer.call('GET', `/api/v1/users/me?minPosition=${position}`));
  const modules = [
    { id: randomUUID(), position: 1, title: 'Assessment', content: 'Assess the seating needs' },
    { id: randomUUID(), position: 2, title: 'Fitting', content: 'Fit the chair' },
  ];
  const createBadge = async (publishedAt: string | null, image?: string) =>
    ok(
      await issuer.call('POST', '/api/v1/open-badges', {
        body: {
          data: {
            type: 'open-badges',
            attributes: {
              title: 'Seating assessor',
              description: 'Assesses seating',
              validityDuration: 365,
              modules,
              publishedAt,
            },
            ...(image ? { relationships: { image: one('files', image) } } : {}),
          },
        },
      }),
    ).body.data.id as string;
  badge = await createBadge(PAST);
  unpublishedBadge = await createBadge(null);
  // a badge with its own image (a JPEG: served as a PNG)
  const form = new FormData();
  form.append('family', 'image');
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2266aa' } })
    .jpeg()
    .toBuffer();
  form.append('file', new Blob([new Uint8Array(jpeg)]), 'seating.jpg');
  const uploaded = await fetch(app.url('/api/v1/services/files'), {
    method: 'POST',
    headers: { Cookie: `atc_session=${issuer.cookie()}`, 'X-Requested-With': 'XMLHttpRequest' },
    body: form,
  });
  const file = (await uploaded.json()) as { data: { id: string }; meta?: { position?: string } };
  expect(uploaded.status, JSON.stringify(file)).toBe(201);
  if (file.meta?.position) position = String(file.meta.position);
  imageBadge = await createBadge(PAST, file.data.id);
});
afterAll(async () => {
  await app?.close();
});

describe('open badges verified from the assertion URL alone', () => {
  it('serves the 2.0 documents, the baked image and a 3.0 credential an independent verifier accepts, then their revocation', async () => {
    const session = await finishedSession();
    const assertionId = ok(await award(session)).body.data.id as string;
    const urls = openBadgesVerificationUrls(publicUrl);
    const assertionUrl = urls.assertion(assertionId);
    await caughtUp(assertionUrl);

    const assertion = await getJson(assertionUrl);
    expect(assertion.status).toBe(200);
    expect(assertion.type).toMatch(/^application\/ld\+json/);
    expect(Assertion.parse(assertion.body)).toBeTruthy();
    expect(assertion.body.id).toBe(assertionUrl);
    expect(assertion.body.recipient.identity).toBe(
      hashedIdentity(MEMBER_EMAIL, assertion.body.recipient.salt),
    );
    expect(assertion.body.evidence).toEqual({ type: 'Evidence', narrative: 'Fitted two chairs' });
    expect(assertion.body).not.toHaveProperty('revoked');
    // the stored salt: the same document every time
    expect((await getJson(assertionUrl)).body.recipient).toEqual(assertion.body.recipient);

    const badgeClass = await getJson(assertion.body.badge);
    expect(BadgeClass.parse(badgeClass.body)).toBeTruthy();
    expect(badgeClass.body).toMatchObject({ id: urls.badge(badge), name: 'Seating assessor', version: '1' });
    expect(badgeClass.body.criteria.narrative).toContain('1. Assessment\n2. Fitting');
    // no image of its own: the platform's default badge image, a PNG
    const image = await fetchPublic(badgeClass.body.image);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({
      format: 'png',
      width: 256,
    });

    const profile = await getJson(badgeClass.body.issuer);
    expect(Profile.parse(profile.body)).toBeTruthy();
    expect(profile.body).toMatchObject({ id: urls.issuer(issuerOrg), url: SITE });
    expect(sameOrigin(profile.body.id, assertion.body.id)).toBe(true);
    const revocations = await getJson(profile.body.revocationList);
    expect(RevocationList.parse(revocations.body)).toBeTruthy();
    expect(revocations.body.revokedAssertions).toEqual([]);

    const baked = await fetchPublic(assertion.body.image);
    expect(baked.headers.get('content-type')).toBe('image/png');
    expect(readBakedAssertionUrl(Buffer.from(await baked.arrayBuffer()))).toBe(assertionUrl);

    const credential = await getJson(urls.credential(assertionId));
    expect(credential.status).toBe(200);
    expect(credential.type).toMatch(/^application\/vc\+ld\+json/);
    expect(credential.body.credentialStatus).toMatchObject({ statusListCredential: urls.statusList('1') });
    expect(await statusOf(credential.body)).toMatchObject({
      verified: true,
      proofVerified: true,
      statusVerified: true,
      revoked: false,
    });

    ok(
      await issuer.call('POST', `/api/v1/services/open-badges/assertions/${assertionId}/revoke`, {
        body: { data: { attributes: { reason: 'Issued by mistake' } } },
      }),
    );
    await caughtUp(assertionUrl);
    expect((await getJson(assertionUrl)).body).toMatchObject({
      revoked: true,
      revocationReason: 'Issued by mistake',
    });
    expect((await getJson(urls.revocations(issuerOrg))).body.revokedAssertions).toEqual([
      { id: assertionUrl, revocationReason: 'Issued by mistake' },
    ]);
    // the credential handed out before still names its bit, which is now set
    expect(await statusOf(credential.body)).toMatchObject({ proofVerified: true, revoked: true });
    const again = await getJson(urls.credential(assertionId));
    expect(again.body.credentialStatus).toEqual(credential.body.credentialStatus);
  });

  it('serves a badge’s own image from the blob store, as a PNG', async () => {
    const urls = openBadgesVerificationUrls(publicUrl);
    await caughtUp(urls.badge(imageBadge));
    const badgeClass = await getJson(urls.badge(imageBadge));
    expect(badgeClass.status).toBe(200);
    expect(badgeClass.body.image).toBe(urls.badgeImage(imageBadge));
    const image = await fetchPublic(badgeClass.body.image);
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({
      format: 'png',
      width: 40,
      height: 30,
    });
  });

  it('answers 404 for an unpublished badge and for unknown assertions, badges, issuers and status lists', async () => {
    const urls = openBadgesVerificationUrls(publicUrl);
    const unknown = randomUUID();
    for (const url of [
      urls.badge(unpublishedBadge),
      urls.badgeImage(unpublishedBadge),
      urls.badge(unknown),
      urls.assertion(unknown),
      urls.assertion('not-an-id'),
      urls.assertionImage(unknown),
      urls.credential(unknown),
      urls.issuer(unknown),
      // an organization that issues nothing has no issuer profile
      urls.issuer(quietOrg),
      urls.revocations(quietOrg),
      urls.statusList('99'),
      urls.statusList('x'),
    ]) {
      const answer = await getJson(url);
      expect(answer.status, url).toBe(404);
      expect(answer.body.errors?.[0]?.status, url).toBe('404');
    }
  });

  it('finishes a partial award (the session’s issue recorded, the assertion’s stream not) when retried', async () => {
    const session = await finishedSession();
    const assertionId = randomUUID();
    // the first half of an award that stopped before the assertion's own stream was written
    await handleCommand(
      { eventStore: app.platform.eventStore, contracts: app.platform.contracts },
      {
        streamId: openBadgeSessionStreamId(session),
        decider: openBadgeSessionDecider,
        command: {
          type: 'IssueOpenBadgeAssertion',
          data: {
            sessionId: session,
            assertionId,
            caller: { isAdmin: false, actingAsOrganizationId: issuerOrg, mayIssue: true },
            recipientName: 'Sam Verified',
            recipientEmail: MEMBER_EMAIL,
            recipientSalt: 'a1b2c3d4e5f6a7b8',
            evidence: null,
            validityDuration: 365,
          },
          metadata: {
            now: app.now(),
            actor: { userId: issuerId, actingAsOrganizationId: issuerOrg, impersonatorId: null },
            correlationId: randomUUID(),
            causationId: randomUUID(),
          },
        },
      },
    );
    const retried = ok(await award(session));
    expect(retried.status).toBe(201);
    expect(retried.body.data.id).toBe(assertionId);
    const assertionUrl = openBadgesVerificationUrls(publicUrl).assertion(assertionId);
    await caughtUp(assertionUrl);
    const assertion = await getJson(assertionUrl);
    expect(assertion.status).toBe(200);
    expect(assertion.body.recipient).toMatchObject({
      salt: 'a1b2c3d4e5f6a7b8',
      identity: hashedIdentity(MEMBER_EMAIL, 'a1b2c3d4e5f6a7b8'),
    });
    // once whole, a further award is the second one: refused
    const twice = await award(session);
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0].code).toBe('conflict.open_badge_session_state');
  });

  it('verifies the demo seed’s awarded assertion', async () => {
    const outcome = await seedDemo({
      eventStore: app.platform.eventStore,
      contracts: app.platform.contracts,
      baseUrl: app.url(''),
      publicUrl: app.platform.accounts.context.publicUrl,
      adminToken: TEST_ADMIN_TOKEN,
      logger: capturedLogger().logger,
      // the open badges' part of the demo: the rental catalogue's images and commands are not needed here
      features: { rental: false },
    });
    expect(outcome).toBe('seeded');
    const [latest] = await app.platform.sql<{ head: string }[]>`
      select max(global_position)::text as head from es_events`;
    position = latest!.head;
    const list = ok(await app.admin('GET', `/open-badge-assertions?page[size]=100&minPosition=${position}`))
      .body.data as {
      id: string;
      attributes: { recipientEmail: string; jsonURL: string; imageURL: string };
    }[];
    const demo = list.find((a) => a.attributes.recipientEmail === DEMO_OPEN_BADGE_RECIPIENT);
    expect(demo).toBeDefined();
    const urls = openBadgesVerificationUrls(publicUrl);
    // stored under PUBLIC_URL, as an award's are and as the documents say, not the seeding's local address
    expect(publicUrl).not.toBe(app.url('').replace(/\/+$/, ''));
    expect(demo!.attributes).toMatchObject({
      jsonURL: urls.assertion(demo!.id),
      imageURL: urls.assertionImage(demo!.id),
    });
    await caughtUp(urls.assertion(demo!.id));
    const assertion = await getJson(urls.assertion(demo!.id));
    expect(Assertion.parse(assertion.body)).toBeTruthy();
    expect(BadgeClass.parse((await getJson(assertion.body.badge)).body)).toBeTruthy();
    const credential = await getJson(urls.credential(demo!.id));
    expect(await statusOf(credential.body)).toMatchObject({ verified: true, revoked: false });
  });
});
