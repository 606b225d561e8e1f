import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';
import { capturedLogger, TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import { DEMO_PASSWORD } from '../seed/demo-accounts.ts';
import {
  demoOpenBadges,
  DEMO_OPEN_BADGE_ISSUER_LEVEL,
  DEMO_OPEN_BADGE_ISSUER_MEMBER,
} from '../seed/demo-open-badges.ts';
import { seedDemo } from '../seed/demo.ts';

/**
 * The open badges' records (contracts/src/open-badges/records.ts) on the real platform: every action by a visitor,
 * a plain member, a member acting as an organization under the environment's issuer threshold, members acting as
 * issuer organizations (their own badges only) and an administrator; the modules saved with the badge; the new
 * versions; the feature switched off; the demo seed's badges.
 */

type ViewerName = 'visitor' | 'member' | 'low' | 'issuer' | 'otherIssuer' | 'admin';
type Call = (method: string, path: string, body?: unknown) => Promise<Answer>;

let app: AccountsTestApp;
const as = {} as Record<ViewerName, Call>;
let issuerOrg = '';
let otherOrg = '';
/** the position of the latest write, for reading it back */
let position = 0n;
let serial = 0;

const note = (answer: Answer): Answer => {
  const at = answer.body?.meta?.position;
  if (typeof at === 'string' && BigInt(at) > position) position = BigInt(at);
  return answer;
};
/** a read after every write so far */
const after = (path: string) => `${path}${path.includes('?') ? '&' : '?'}minPosition=${position}`;
const admin = async (method: string, path: string, body?: unknown) =>
  note(await app.admin(method, path, body));

async function organization(name: string, level: string): Promise<string> {
  const done = await admin('POST', '/organizations', {
    data: {
      type: 'organizations',
      attributes: { name },
      relationships: { accessLevel: { data: { type: 'access-levels', id: level } } },
    },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(201);
  return done.body.data.id as string;
}

/** A signed-in member, acting as `acting` (of which they are made a member) when given. */
async function viewer(email: string, options: { role?: 'admin'; acting?: string } = {}): Promise<Call> {
  const user = await createUser(app, { email });
  if (BigInt(user.position) > position) position = BigInt(user.position);
  if (options.role) {
    const granted = await admin('PATCH', `/users/${user.id}`, {
      data: { type: 'users', relationships: { roles: { data: [{ type: 'roles', id: options.role }] } } },
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
  }
  if (options.acting) {
    const joined = await admin('POST', `/organizations/${options.acting}/relationships/users`, {
      data: [{ type: 'users', id: user.id }],
    });
    expect(joined.status, JSON.stringify(joined.body)).toBeLessThan(300);
    const acting = await admin('PATCH', `/users/${user.id}/relationships/acting-as-organization`, {
      data: { type: 'organizations', id: options.acting },
    });
    expect(acting.status, JSON.stringify(acting.body)).toBe(200);
  }
  const browser = app.browser();
  expect((await signIn(browser, email)).status).toBe(200);
  return async (method, path, body) =>
    note(await browser.call(method, `/api/v1${path}`, body === undefined ? {} : { body }));
}

/** Sets the environment's issuer threshold and waits until it is read. */
async function threshold(level: string | null) {
  const done = await admin('PATCH', '/app-environments/main', {
    data: { type: 'app-environments', id: 'main', attributes: { openBadgeIssuerAccessLevel: level } },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  const read = await app.admin('GET', after('/app-environments/main'));
  expect(read.body.data.attributes.openBadgeIssuerAccessLevel).toBe(level);
}

const moduleOf = (position: number, title = `Module ${position}`) => ({
  id: randomUUID(),
  position,
  title,
  content: `What module ${position} teaches.`,
});
const badgeDoc = (attributes: object = {}, relationships: object = {}) => ({
  data: {
    type: 'open-badges',
    attributes: { title: `Badge ${++serial}`, modules: [moduleOf(1), moduleOf(2)], ...attributes },
    relationships,
  },
});
const orgRef = (id: string) => ({ organization: { data: { type: 'organizations', id } } });
const patch = (id: string, attributes: object) => ({ data: { type: 'open-badges', id, attributes } });

async function created(answer: Promise<Answer>): Promise<string> {
  const done = await answer;
  expect(done.status, JSON.stringify(done.body)).toBe(201);
  return done.body.data.id as string;
}

beforeAll(async () => {
  app = await startAccountsApp();
  issuerOrg = await organization('Issuing Lab', 'member_level_2');
  otherOrg = await organization('Other Issuing Lab', 'member_level_2');
  const lowOrg = await organization('Friendly Network', 'friendly_member');
  as.visitor = async (method, path, body) =>
    note(await app.browser().call(method, `/api/v1${path}`, body === undefined ? {} : { body }));
  as.member = await viewer('ob-member@example.test');
  as.low = await viewer('ob-low@example.test', { acting: lowOrg });
  as.issuer = await viewer('ob-issuer@example.test', { acting: issuerOrg });
  as.otherIssuer = await viewer('ob-other@example.test', { acting: otherOrg });
  as.admin = await viewer('ob-admin@example.test', { role: 'admin' });
  await threshold('member_level_1');
  // every viewer's session reads what was written (memberships, acting organizations)
  for (const call of Object.values(as)) await call('GET', after('/open-badges'));
});
afterAll(async () => {
  await app?.close();
});

describe('open badges: who does what', () => {
  it('lets the issuers of the badge’s organization and administrators create it, nobody else (401/403)', async () => {
    expect((await as.visitor('POST', '/open-badges', badgeDoc())).status).toBe(401);
    expect((await as.member('POST', '/open-badges', badgeDoc())).status).toBe(403);
    expect((await as.low('POST', '/open-badges', badgeDoc())).status).toBe(403);
    // an issuer creates for their own organization only
    expect((await as.otherIssuer('POST', '/open-badges', badgeDoc({}, orgRef(issuerOrg)))).status).toBe(403);
    const own = await created(as.issuer('POST', '/open-badges', badgeDoc()));
    const byAdmin = await created(as.admin('POST', '/open-badges', badgeDoc({}, orgRef(issuerOrg))));
    for (const id of [own, byAdmin]) {
      const read = await as.admin('GET', after(`/open-badges/${id}`));
      expect(read.body.data.relationships.organization.data).toEqual({
        type: 'organizations',
        id: issuerOrg,
      });
      expect(read.body.data.attributes).toMatchObject({
        assertionsCount: 0,
        version: '1',
        publishedAt: null,
      });
    }
  });

  it('reads a badge for everyone once published, before that for its issuers and administrators', async () => {
    const id = await created(as.issuer('POST', '/open-badges', badgeDoc()));
    const status = async (who: ViewerName) => (await as[who]('GET', after(`/open-badges/${id}`))).status;
    expect(await status('visitor')).toBe(404);
    expect(await status('member')).toBe(404);
    expect(await status('low')).toBe(404);
    expect(await status('otherIssuer')).toBe(404);
    expect(await status('issuer')).toBe(200);
    expect(await status('admin')).toBe(200);
    // publishing is an update: only the keepers
    const publish = patch(id, { publishedAt: '2020-01-01T00:00:00Z' });
    expect((await as.member('PATCH', `/open-badges/${id}`, publish)).status).toBe(403);
    expect((await as.low('PATCH', `/open-badges/${id}`, publish)).status).toBe(403);
    expect((await as.otherIssuer('PATCH', `/open-badges/${id}`, publish)).status).toBe(403);
    expect((await as.issuer('PATCH', `/open-badges/${id}`, publish)).status).toBe(200);
    for (const who of ['visitor', 'member', 'low', 'otherIssuer'] as const)
      expect(await status(who)).toBe(200);
    const list = await as.visitor('GET', after('/open-badges?page[size]=100'));
    expect(list.body.data.map((b: { id: string }) => b.id)).toContain(id);
    // what the web sees: canEdit for the keepers only
    const canEdit = async (who: ViewerName) =>
      (await as[who]('GET', after(`/open-badges/${id}`))).body.data.attributes.canEdit;
    expect(await canEdit('issuer')).toBe(true);
    expect(await canEdit('admin')).toBe(true);
    expect(await canEdit('otherIssuer')).toBe(false);
    expect(await canEdit('low')).toBe(false);
    expect(await canEdit('visitor')).toBe(false);
    // the history: for those who see the badges' screens
    expect((await as.issuer('GET', after(`/open-badges/${id}/history`))).status).toBe(200);
    expect((await as.member('GET', after(`/open-badges/${id}/history`))).status).toBe(403);
  });

  it('updates, soft-deletes, restores and deletes for the keepers only', async () => {
    const id = await created(as.issuer('POST', '/open-badges', badgeDoc()));
    expect((await as.visitor('PATCH', `/open-badges/${id}`, patch(id, { title: 'X' }))).status).toBe(401);
    for (const who of ['member', 'low', 'otherIssuer'] as const) {
      expect((await as[who]('PATCH', `/open-badges/${id}`, patch(id, { title: 'X' }))).status, who).toBe(403);
      expect((await as[who]('POST', `/open-badges/${id}/soft-delete`)).status, who).toBe(403);
      expect((await as[who]('DELETE', `/open-badges/${id}`)).status, who).toBe(403);
    }
    expect((await as.issuer('PATCH', `/open-badges/${id}`, patch(id, { title: 'Renamed' }))).status).toBe(
      200,
    );
    expect((await as.admin('PATCH', `/open-badges/${id}`, patch(id, { version: '2' }))).status).toBe(200);
    // the issuer organization is never changed
    const moved = await as.admin('PATCH', `/open-badges/${id}`, {
      data: { type: 'open-badges', id, relationships: orgRef(otherOrg) },
    });
    expect(moved.status).toBe(422);
    expect((await as.issuer('POST', `/open-badges/${id}/soft-delete`)).status).toBe(200);
    expect((await as.issuer('POST', `/open-badges/${id}/restore`)).status).toBe(200);
    expect((await as.issuer('DELETE', `/open-badges/${id}`)).status).toBeLessThan(300);
    expect((await as.admin('GET', after(`/open-badges/${id}`))).status).toBe(404);
  });

  it('follows the environment’s threshold as it changes: an issuer under it is refused', async () => {
    const id = await created(as.issuer('POST', '/open-badges', badgeDoc()));
    try {
      await threshold('friendly_member');
      // the friendly network reaches it now, for its own badges
      const lows = await created(as.low('POST', '/open-badges', badgeDoc()));
      expect((await as.low('PATCH', `/open-badges/${id}`, patch(id, { title: 'No' }))).status).toBe(403);
      expect((await as.low('PATCH', `/open-badges/${lows}`, patch(lows, { title: 'Yes' }))).status).toBe(200);
      await threshold(null);
      // nobody issues: the badge is the administrators' alone
      expect((await as.issuer('PATCH', `/open-badges/${id}`, patch(id, { title: 'No' }))).status).toBe(403);
      expect((await as.issuer('POST', '/open-badges', badgeDoc())).status).toBe(403);
      expect((await as.issuer('GET', after(`/open-badges/${id}`))).status).toBe(404);
      expect((await as.admin('PATCH', `/open-badges/${id}`, patch(id, { title: 'Kept' }))).status).toBe(200);
    } finally {
      await threshold('member_level_1');
    }
    expect((await as.issuer('PATCH', `/open-badges/${id}`, patch(id, { title: 'Mine' }))).status).toBe(200);
  });
});

describe('open badges: modules', () => {
  it('saves changed modules and drops removed ones in one event of the badge’s stream', async () => {
    const [one, two, three] = [moduleOf(1), moduleOf(2), moduleOf(3)];
    const id = await created(as.issuer('POST', '/open-badges', badgeDoc({ modules: [three, one, two] })));
    const first = await as.issuer('GET', after(`/open-badges/${id}`));
    expect(first.body.data.attributes.modules.map((m: { id: string }) => m.id)).toEqual([
      one!.id,
      two!.id,
      three!.id,
    ]);
    const saved = await as.issuer(
      'PATCH',
      `/open-badges/${id}`,
      patch(id, {
        modules: [
          { ...three!, position: 2 },
          { ...one!, title: 'Getting started' },
        ],
      }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const read = await as.issuer('GET', after(`/open-badges/${id}`));
    expect(read.body.data.attributes.modules).toEqual([
      { ...one!, title: 'Getting started' },
      { ...three!, position: 2 },
    ]);
    const events = await app.platform.sql<{ event_type: string }[]>`
      select event_type from es_events where stream_id = ${`openbadge-${id}`} order by stream_version`;
    expect(events.map((e) => e.event_type)).toEqual(['OpenBadgeCreated', 'OpenBadgeUpdated']);
  });

  it('refuses bad modules with a 422 on each module’s field, and assertionsCount as an attribute', async () => {
    const pointers = async (modules: unknown[]) => {
      const refused = await as.issuer('POST', '/open-badges', badgeDoc({ modules }));
      expect(refused.status).toBe(422);
      return refused.body.errors.map((e: { source?: { pointer?: string } }) => e.source?.pointer);
    };
    expect(await pointers([moduleOf(1), moduleOf(3)])).toEqual(['/data/attributes/modules/1/position']);
    expect(await pointers([moduleOf(1), moduleOf(1)])).toEqual(['/data/attributes/modules/1/position']);
    const twice = moduleOf(1);
    expect(await pointers([twice, { ...twice, position: 2 }])).toEqual(['/data/attributes/modules/1/id']);
    expect(await pointers([{ ...moduleOf(1), title: '' }])).toEqual(['/data/attributes/modules/0/title']);
    expect(await pointers([{ ...moduleOf(1), id: 'nope' }])).toEqual(['/data/attributes/modules/0/id']);
    const id = await created(as.issuer('POST', '/open-badges', badgeDoc()));
    const bad = await as.issuer('PATCH', `/open-badges/${id}`, patch(id, { modules: [moduleOf(2)] }));
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe('/data/attributes/modules/0/position');
    expect((await as.issuer('POST', '/open-badges', badgeDoc({ assertionsCount: 3 }))).status).toBe(422);
    expect((await as.admin('PATCH', `/open-badges/${id}`, patch(id, { assertionsCount: 3 }))).status).toBe(
      422,
    );
  });
});

describe('open badges: new versions', () => {
  it('copies a badge into an unpublished next version linked both ways, once', async () => {
    const old = await created(
      as.issuer(
        'POST',
        '/open-badges',
        badgeDoc({ version: '1.3', validityDuration: 365, publishedAt: '2020-01-01T00:00:00Z' }),
      ),
    );
    const path = `/services/open-badges/badges/${old}/new-version`;
    expect((await as.visitor('POST', path)).status).toBe(401);
    expect((await as.member('POST', path)).status).toBe(403);
    expect((await as.otherIssuer('POST', path)).status).toBe(403);
    expect((await as.issuer('POST', `/services/open-badges/badges/${randomUUID()}/new-version`)).status).toBe(
      404,
    );
    const next = await created(as.issuer('POST', path));
    const [before, after_] = [
      await as.issuer('GET', after(`/open-badges/${old}`)),
      await as.issuer('GET', after(`/open-badges/${next}`)),
    ];
    expect(before.body.data.relationships.newestBadge.data).toEqual({ type: 'open-badges', id: next });
    expect(after_.body.data.relationships.previousBadge.data).toEqual({ type: 'open-badges', id: old });
    expect(after_.body.data.relationships.organization.data.id).toBe(issuerOrg);
    expect(after_.body.data.attributes).toMatchObject({
      title: before.body.data.attributes.title,
      version: '1.4',
      validityDuration: 365,
      publishedAt: null,
    });
    const titles = (doc: Answer) => doc.body.data.attributes.modules.map((m: { title: string }) => m.title);
    expect(titles(after_)).toEqual(titles(before));
    const ids = (doc: Answer) => doc.body.data.attributes.modules.map((m: { id: string }) => m.id);
    expect(ids(after_)).not.toEqual(ids(before));
    // unpublished: visitors do not read it yet
    expect((await as.visitor('GET', after(`/open-badges/${next}`))).status).toBe(404);
    // a badge has one next version: the next one is made from the newest
    expect((await as.issuer('POST', path)).status).toBe(409);
    const third = await created(as.admin('POST', `/services/open-badges/badges/${next}/new-version`));
    const read = await as.admin('GET', after(`/open-badges/${third}`));
    expect(read.body.data.attributes.version).toBe('1.5');
    // the links are kept by the new-version route alone
    const written = await as.admin('PATCH', `/open-badges/${old}`, {
      data: { type: 'open-badges', id: old, relationships: { newestBadge: { data: null } } },
    });
    expect(written.status).toBe(422);
  });

  it('answers a retried request (Idempotency-Key) with the same new badge', async () => {
    const old = await created(as.admin('POST', '/open-badges', badgeDoc({}, orgRef(issuerOrg))));
    const path = `/api/v1/services/open-badges/badges/${old}/new-version`;
    const key = randomUUID();
    const first = await app.admin('POST', path.replace('/api/v1', ''), undefined, { 'idempotency-key': key });
    const again = await app.admin('POST', path.replace('/api/v1', ''), undefined, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
  });
});

describe('with the open badges feature off', () => {
  let off: AccountsTestApp;
  beforeAll(async () => {
    off = await startAccountsApp({}, { features: { openBadges: false } });
  });
  afterAll(async () => {
    await off?.close();
  });

  it('answers 404 on every open badges route, and serves the rest', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const answers = [
      await off.admin('GET', '/open-badges'),
      await off.admin('GET', `/open-badges/${id}`),
      await off.admin('GET', `/open-badges/${id}/history`),
      await off.admin('GET', `/services/publishables/open-badges/${id}`),
      await off.admin('POST', '/open-badges', badgeDoc()),
      await off.admin('PATCH', `/open-badges/${id}`, patch(id, { title: 'X' })),
      await off.admin('DELETE', `/open-badges/${id}`),
      await off.admin('POST', `/services/open-badges/badges/${id}/new-version`),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    expect((await off.admin('GET', '/rental-models')).status).toBe(200);
  });
});

describe('the demo seed', () => {
  let demo: AccountsTestApp;
  beforeAll(async () => {
    demo = await startAccountsApp();
  });
  afterAll(async () => {
    await demo?.close();
  });

  it('holds two published badges of three modules by the demo issuer, whose member keeps them', async () => {
    const outcome = await seedDemo({
      eventStore: demo.platform.eventStore,
      contracts: demo.platform.contracts,
      baseUrl: demo.url(''),
      publicUrl: demo.platform.accounts.context.publicUrl,
      adminToken: TEST_ADMIN_TOKEN,
      logger: capturedLogger().logger,
      // the open badges' part of the demo: the rental catalogue's images and commands are not needed here
      features: { rental: false },
    });
    expect(outcome).toBe('seeded');
    const [latest] = await demo.platform.sql<{ head: string }[]>`
      select max(global_position)::text as head from es_events`;
    const head = latest!.head;
    const environment = await demo.admin('GET', `/app-environments/main?minPosition=${head}`);
    expect(environment.body.data.attributes.openBadgeIssuerAccessLevel).toBe(DEMO_OPEN_BADGE_ISSUER_LEVEL);
    const badges = await demo
      .browser()
      .call('GET', `/api/v1/open-badges?page[size]=100&include=organization&minPosition=${head}`);
    expect(badges.status).toBe(200);
    expect(badges.body.data.map((b: { attributes: { title: string } }) => b.attributes.title).sort()).toEqual(
      demoOpenBadges.map((b) => b.title).sort(),
    );
    for (const badge of badges.body.data) {
      expect(badge.attributes.modules.map((m: { position: number }) => m.position)).toEqual([1, 2, 3]);
      expect(badge.attributes.canEdit).toBe(false);
    }
    expect(badges.body.included.map((o: { attributes: { slug: string } }) => o.attributes.slug)).toEqual([
      'demo-fab-lab',
    ]);
    // the demo issuer member keeps them; the care network's member (under the threshold) does not
    const issuer = demo.browser();
    const login = await signIn(issuer, DEMO_OPEN_BADGE_ISSUER_MEMBER, DEMO_PASSWORD);
    expect(login.status).toBe(200);
    const theirs = await issuer.call('GET', `/api/v1/open-badges?minPosition=${login.body.meta.position}`);
    expect(theirs.body.data.map((b: { attributes: { canEdit: boolean } }) => b.attributes.canEdit)).toEqual([
      true,
      true,
    ]);
  });
});
