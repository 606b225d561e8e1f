import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { ACCESS_LEVEL_WEIGHTS, ROLES } from '@platform/contracts/enums';
import { SYSTEM_USER_ID } from '@platform/contracts/metadata';
import {
  allows,
  APP_ADMINS,
  RESOURCE_ACTIONS,
  either,
  type AccessRule,
  type RecordFacts,
  type ResourceAction,
  type ViewerFacts,
} from '@platform/contracts/resources/access';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import { defineResource, type ResourceDefinition } from '@platform/contracts/resources/definition';
import { recordFacts } from '@platform/contracts/resources/state';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
  type Browser,
} from '@platform/tests/support/apps/accounts-app';
import { TEST_ADMIN_TOKEN } from '@platform/tests/support/http';

/**
 * The access matrix: every action of every resource of the catalogue, taken by five viewers, answers as the
 * definition's rules say (contracts' `allows`, row rules on the record's facts). The test walks the catalogue,
 * so a new type is covered without editing it; a type whose records someone may create needs a fixture below.
 */

/** Valid attributes for a record of a type; `n` is fresh for every record, so unique values never collide. */
type Fixture = (n: number) => {
  attributes: Record<string, unknown>;
  /** relationship name -> id(s); the owner, the organization and to-many users relationships have defaults */
  relationships?: Record<string, string | string[] | null | { type: string; id: string }>;
};

/** The published record of the test's commentable and reportable type that comments and reports are about. */
let matrixPost = '';
/** The rental model the rental items of the matrix are items of. */
let matrixRentalModel = '';
/** What the repository's interactions and the forum's subjects and messages are made in. */
let matrixRepositoryItem = '';
let matrixForumCategory = '';
let matrixForumSubject = '';
/** The published training resource the reviews of the matrix are about, and the training of its sessions. */
let matrixTrainingResource = '';
let matrixTraining = '';
/** The survey the choices of the matrix belong to. */
let matrixSurvey = '';
/** The patient's project the eqlaat steps and reports of the matrix are about. */
let matrixEqlaatProject = '';
/** The file and the container the admin files of the matrix are made of. */
let matrixFile = '';
/** The file (not public) the account documents of the matrix give their owner. */
let matrixPrivateFile = '';
let matrixFileContainer = '';
/** The service the software authorizations of the matrix grant. */
let matrixSoftwareService = '';
/** The advanced form the matrix's fields and workflows belong to. */
let matrixForm = '';
/** The AAC product and system the matrix's installed systems and software accesses name. */
let matrixAacProduct = '';
let matrixAacSystem = '';
let filesDir = '';

const FIXTURES: Record<string, Fixture> = {
  'app-redirections': (n) => ({ attributes: { fromPath: `/matrix-from-${n}`, toPath: `/matrix-to-${n}` } }),
  'app-short-urls': (n) => ({ attributes: { token: `matrix-${n}`, url: `/matrix/${n}` } }),
  'admin-tags': (n) => ({ attributes: { name: `Matrix admin tag ${n}` } }),
  jobs: (n) => ({ attributes: { name: `Matrix job ${n}` } }),
  'user-categories': (n) => ({ attributes: { name: `Matrix category ${n}`, color: '#115CA8' } }),
  'newsletter-types': (n) => ({ attributes: { name: `Matrix newsletter ${n}` } }),
  'stats-banned-origins': (n) => ({ attributes: { origin: `https://matrix-${n}.example` } }),
  coupons: (n) => ({ attributes: { name: `Matrix coupon ${n}`, amount: 500 } }),
  'language-lines': (n) => ({ attributes: { name: `matrix.line.${n}`, text: { en: `Line ${n}` } } }),
  notifications: (n) => ({ attributes: { notificationType: 'matrix-check', message: `Message ${n}` } }),
  tags: (n) => ({ attributes: { name: `Matrix tag ${n}` } }),
  organizations: (n) => ({ attributes: { name: `Matrix organization ${n}` } }),
  // the organization is the row rules' organization A; the year is in the editable window
  'organization-year-states': (n) => ({
    attributes: { year: new Date().getUTCFullYear(), achievements: { matrix: n } },
  }),
  comments: (n) => ({
    attributes: { content: `Matrix comment ${n}` },
    relationships: { commentable: { type: 'test-matrix-posts', id: matrixPost } },
  }),
  reports: (n) => ({
    attributes: { reason: 'other', details: `Matrix report ${n}` },
    relationships: { reportable: { type: 'test-matrix-posts', id: matrixPost } },
  }),
  'rental-model-categories': (n) => ({ attributes: { name: `Matrix rental category ${n}` } }),
  'rental-models': (n) => ({ attributes: { name: `Matrix rental model ${n}`, rentingPrice: 300 } }),
  'rental-item-conditions': (n) => ({ attributes: { name: `Matrix condition ${n}`, value: n % 1000 } }),
  'rental-stocks': (n) => ({ attributes: { name: `Matrix stock ${n}` } }),
  'rental-items': (n) => ({
    attributes: { stockId: `MATRIX-${n}` },
    relationships: { rentalModel: matrixRentalModel },
  }),
  'rental-invoicing-strategies': (n) => ({ attributes: { name: `Matrix invoicing ${n}` } }),
  'open-badges': (n) => ({ attributes: { title: `Matrix badge ${n}` } }),
  // publications and community (issue 21); articles are in no category, so the category's rule stays out
  articles: (n) => ({ attributes: { title: `Matrix article ${n}` }, relationships: { layout: 'simple' } }),
  categories: (n) => ({ attributes: { name: `Matrix content category ${n}` } }),
  'blog-posts': (n) => ({ attributes: { title: `Matrix blog post ${n}` } }),
  'calendar-events': (n) => ({
    attributes: {
      title: `Matrix event ${n}`,
      startAt: '2030-01-01T10:00:00Z',
      endAt: '2030-01-01T12:00:00Z',
    },
  }),
  'repository-categories': (n) => ({ attributes: { name: `Matrix repository category ${n}` } }),
  'repository-items': (n) => ({ attributes: { title: `Matrix repository item ${n}` } }),
  'external-repository-interactions': (n) => ({
    attributes: {
      externalId: `matrix-${n}`,
      externalUrl: `https://www.thingiverse.com/thing:${n}`,
      status: 'pulled',
      externalRepositoryType: 'thingiverse',
    },
    relationships: { repositoryItem: matrixRepositoryItem },
  }),
  'file-containers': (n) => ({ attributes: { name: `Matrix container ${n}`, path: `matrix/box-${n}` } }),
  'admin-files': (n) => ({
    attributes: { name: `Matrix file ${n}` },
    relationships: { file: matrixFile, fileContainer: matrixFileContainer },
  }),
  'forum-categories': (n) => ({ attributes: { name: `Matrix forum category ${n}` } }),
  'forum-subjects': (n) => ({
    attributes: { title: `Matrix subject ${n}` },
    relationships: { category: matrixForumCategory },
  }),
  'forum-subject-messages': (n) => ({
    attributes: { content: `<p>Matrix message ${n}</p>` },
    relationships: { subject: matrixForumSubject },
  }),
  // trainings (issue 23)
  'training-resource-themes': (n) => ({ attributes: { name: `Matrix theme ${n}` } }),
  'training-resource-types': (n) => ({ attributes: { name: `Matrix resource type ${n}` } }),
  'training-categories': (n) => ({ attributes: { name: `Matrix training category ${n}` } }),
  'training-levels': (n) => ({ attributes: { name: `Matrix training level ${n}` } }),
  'training-types': (n) => ({ attributes: { name: `Matrix training type ${n}` } }),
  'training-resources': (n) => ({ attributes: { title: `Matrix training resource ${n}` } }),
  'training-resource-requests': (n) => ({ attributes: { title: `Matrix request ${n}` } }),
  'training-resource-reviews': () => ({
    attributes: { objective: 'project', recipientsCount: 12, reviewRating: 4 },
    relationships: { resource: matrixTrainingResource },
  }),
  trainings: (n) => ({ attributes: { title: `Matrix training ${n}` } }),
  'training-sessions': () => ({
    attributes: { startAt: '2030-02-01T09:00:00Z', endAt: '2030-02-01T17:00:00Z' },
    relationships: { training: matrixTraining },
  }),
  // surveys (issue 23)
  surveys: (n) => ({ attributes: { question: `Matrix survey ${n}?` } }),
  'survey-choices': (n) => ({
    attributes: { text: `Matrix choice ${n}` },
    relationships: { survey: matrixSurvey },
  }),
  'mailing-templates': (n) => ({ attributes: { subject: `Matrix newsletter ${n}` } }),
  // the contacts (a form's inputs are made by its submissions alone: no fixture)
  'light-users': (n) => ({
    attributes: { firstName: 'Matrix', lastName: `Contact ${n}`, email: `matrix-contact-${n}@example.org` },
  }),
  'light-user-forms': (n) => ({ attributes: { title: `Matrix form ${n}` } }),
  'light-user-reports': (n) => ({
    attributes: {
      name: `Matrix report ${n}`,
      queryString: 'filter[hasMailSubscription]=true&filter[locale]=fr',
    },
  }),
  // the software catalogue (stats and associations are made by the software's and the member's calls alone)
  'software-installations': (n) => ({
    attributes: { installationId: `matrix-installation-${n}`, deviceId: `matrix-device-${n}` },
  }),
  'software-groups': (n) => ({ attributes: { name: `Matrix group ${n}` } }),
  'software-services': (n) => ({ attributes: { name: `Matrix service ${n}` } }),
  'software-service-authorizations': (n) => ({
    attributes: { email: `matrix-licence-${n}@example.org` },
    relationships: { service: matrixSoftwareService },
  }),
  'stats-events': (n) => ({ attributes: { name: `matrix-event-${n}` } }),
  // the advanced forms (responses and workflow runs are made by a visitor's calls alone)
  forms: (n) => ({ attributes: { name: `Matrix advanced form ${n}` } }),
  'form-fields': (n) => ({
    attributes: { title: `Matrix question ${n}`, position: n },
    relationships: { form: matrixForm, fieldType: 'long_text' },
  }),
  'form-workflows': (n) => ({
    attributes: {
      name: `Matrix workflow ${n}`,
      config: { userIds: ['00000000-0000-4000-8000-000000000001'] },
    },
    relationships: { form: matrixForm, workflowType: 'notify_users' },
  }),
  // a member's account (the owner is member A by default): movements and documents
  'account-transactions': (n) => ({ attributes: { amount: 100 + n, operation: 'credit' } }),
  'account-documents': (n) => ({
    attributes: { name: `Matrix invoice ${n}`, documentType: 'invoice' },
    relationships: { file: matrixPrivateFile },
  }),
  // the Eqlaat programme: the team's records (the eqlaat_member role; its own test tries that role)
  'eqlaat-project-statuses': (n) => ({ attributes: { name: `Matrix status ${n}` } }),
  'eqlaat-project-categories': (n) => ({ attributes: { name: `Matrix project category ${n}` } }),
  'eqlaat-projects': (n) => ({ attributes: { title: `Matrix project ${n}` } }),
  'eqlaat-project-steps': (n) => ({
    attributes: { comment: `Matrix step ${n}` },
    relationships: { project: matrixEqlaatProject },
  }),
  'eqlaat-appointments': (n) => ({
    attributes: {
      title: `Matrix appointment ${n}`,
      startAt: '2030-03-01T09:00:00Z',
      endAt: '2030-03-01T10:00:00Z',
    },
  }),
  'eqlaat-reports': (n) => ({
    attributes: { title: `Matrix report ${n}` },
    relationships: { reportable: { type: 'eqlaat-projects', id: matrixEqlaatProject } },
  }),
  // the AAC catalogue (the access and integration types are fixed rows)
  'aac-products': (n) => ({ attributes: { name: `Matrix AAC product ${n}` } }),
  'aac-sellers': (n) => ({ attributes: { name: `Matrix seller ${n}` } }),
  'aac-systems': (n) => ({ attributes: { name: `Matrix system ${n}` } }),
  'aac-keyboard-types': (n) => ({ attributes: { name: `Matrix keyboard ${n}` } }),
  'aac-pictogram-types': (n) => ({ attributes: { name: `Matrix pictograms ${n}` } }),
  'aac-conjugation-types': (n) => ({ attributes: { name: `Matrix conjugation ${n}` } }),
  'aac-installed-systems': (n) => ({
    attributes: { note: `Matrix note ${n}` },
    relationships: { device: matrixAacProduct, system: matrixAacSystem },
  }),
  'aac-software-accesses': (n) => ({
    attributes: { note: `Matrix note ${n}` },
    relationships: { product: matrixAacProduct, accessType: 'scanning' },
  }),
  // reminders on the eqlaat records (FEATURE_REMINDERS), a project's existing solutions
  reminders: (n) => ({
    attributes: { title: `Matrix reminder ${n}`, remindAt: '2099-01-01T00:00:00.000Z' },
    relationships: { remindable: { type: 'eqlaat-projects', id: matrixEqlaatProject } },
  }),
  'ad-project-existing-solutions': (n) => ({
    attributes: { name: `Matrix solution ${n}` },
    relationships: { project: matrixEqlaatProject },
  }),
  addresses: (n) => ({
    attributes: {
      fullName: `Matrix venue ${n}`,
      line1: `${n} rue du Test`,
      postalCode: '75002',
      city: 'Paris',
    },
  }),
};

/** What comments and reports are about: the catalogue has no commentable type yet. */
const postResource = defineResource({
  type: 'test-matrix-posts',
  singular: 'test-matrix-post',
  category: 'testmatrixpost',
  eventPrefix: 'TestMatrixPost',
  module: 'tests',
  menu: { group: 'rental', icon: 'article' },
  attributes: z.object({ name: z.string().trim().min(1).max(100) }),
  traits: { commentable: true, reportable: true },
  access: { see: APP_ADMINS, index: 'everyone', show: 'everyone', create: APP_ADMINS, update: APP_ADMINS },
});

/**
 * A type of the test's own with row rules on every kind of action (the catalogue has few yet): owner, author
 * (through the acting organization) and member rules, soft deletion. It proves the matrix itself: it agrees with
 * rules the layer serves, and reports each cell when told rules the layer does not serve.
 */
const probeResource = defineResource({
  type: 'test-matrix-probes',
  singular: 'test-matrix-probe',
  category: 'testmatrixprobe',
  eventPrefix: 'TestMatrixProbe',
  module: 'tests',
  menu: { group: 'rental', icon: 'science' },
  attributes: z.object({ name: z.string().trim().min(1).max(100) }),
  relationships: { owner: { type: 'users' }, helpers: { type: 'users', many: true } },
  ownedBy: 'owner',
  softDeletable: true,
  traits: { publicationItem: true },
  access: {
    see: APP_ADMINS,
    index: either(APP_ADMINS, 'owner'),
    show: either(APP_ADMINS, 'owner'),
    create: APP_ADMINS,
    update: either(APP_ADMINS, 'owner'),
    delete: either(APP_ADMINS, 'author'),
    softDelete: either(APP_ADMINS, { member: 'helpers' }),
    restore: APP_ADMINS,
  },
});
/**
 * Records each member reads their own of, in screens every signed-in member opens (see: signedIn): the history
 * of another member's record is a read of a row the viewer may not read.
 */
const diaryResource = defineResource({
  type: 'test-matrix-diaries',
  singular: 'test-matrix-diary',
  category: 'testmatrixdiary',
  eventPrefix: 'TestMatrixDiary',
  module: 'tests',
  menu: { group: 'rental', icon: 'book' },
  attributes: z.object({ name: z.string().trim().min(1).max(100) }),
  relationships: { owner: { type: 'users' } },
  ownedBy: 'owner',
  access: {
    see: 'signedIn',
    index: either(APP_ADMINS, 'owner'),
    show: either(APP_ADMINS, 'owner'),
    create: APP_ADMINS,
    update: APP_ADMINS,
    delete: APP_ADMINS,
  },
});
const probeFixture: Fixture = (n) => ({ attributes: { name: `Probe ${n}` } });

const VIEWER_NAMES = ['visitor', 'member A', 'member B', 'app_admin', 'admin'] as const;
type ViewerName = (typeof VIEWER_NAMES)[number];

interface MatrixViewer {
  name: ViewerName;
  facts: ViewerFacts;
  call(method: string, path: string, body?: unknown): Promise<Answer>;
}

/** What the bootstrap token is to the rules (infra's bootstrapAdminViewer): an administrator with every role. */
const BOOTSTRAP: ViewerFacts = {
  userId: SYSTEM_USER_ID,
  roles: ROLES,
  accessWeight: Math.max(...Object.values(ACCESS_LEVEL_WEIGHTS)),
  isAdmin: true,
};
/** a validated member's level, which the members' organizations give them */
const MEMBER_LEVEL = 'member_level_1';

let app: AccountsTestApp;
let viewers: MatrixViewer[];
let memberA: string;
let organizationA: string;
/** the position of the latest write the test made, for reading it back */
let lastPosition = 0n;
let serial = 0;

const notePosition = (position: unknown) => {
  if (typeof position === 'string' && BigInt(position) > lastPosition) lastPosition = BigInt(position);
};
const noteWrite = (answer: Answer) => notePosition(answer.body?.meta?.position);

async function setup(answer: Promise<Answer>, what: string): Promise<Answer> {
  const done = await answer;
  if (done.status >= 300) throw new Error(`setup: ${what}: ${done.status} ${JSON.stringify(done.body)}`);
  noteWrite(done);
  return done;
}

async function organization(name: string): Promise<string> {
  const created = await setup(
    app.admin('POST', '/organizations', {
      data: {
        type: 'organizations',
        attributes: { name },
        relationships: { accessLevel: { data: { type: 'access-levels', id: MEMBER_LEVEL } } },
      },
    }),
    `organization ${name}`,
  );
  return created.body.data.id as string;
}

/** A signed-in viewer: a real account, with its roles or its organization, acting as that organization. */
async function signedIn(
  name: ViewerName,
  email: string,
  grant: { role?: 'admin' | 'app_admin'; organization?: string },
): Promise<MatrixViewer> {
  const user = await createUser(app, { email });
  notePosition(user.position);
  if (grant.role)
    await setup(
      app.admin('PATCH', `/users/${user.id}`, {
        data: { type: 'users', relationships: { roles: { data: [{ type: 'roles', id: grant.role }] } } },
      }),
      `grant ${grant.role}`,
    );
  if (grant.organization)
    await setup(
      app.admin('POST', `/organizations/${grant.organization}/relationships/users`, {
        data: [{ type: 'users', id: user.id }],
      }),
      `join ${name}`,
    );
  const browser: Browser = app.browser();
  expect((await signIn(browser, email)).status).toBe(200);
  if (grant.organization)
    await setup(
      browser.call('PATCH', '/api/v1/users/me/relationships/acting-as-organization', {
        body: { data: { type: 'organizations', id: grant.organization } },
      }),
      `${name} acts as their organization`,
    );
  const facts: ViewerFacts = {
    userId: user.id,
    roles: grant.role ? [grant.role] : [],
    accessWeight: grant.organization ? ACCESS_LEVEL_WEIGHTS[MEMBER_LEVEL] : 0,
    isAdmin: grant.role === 'admin',
    actingAsOrganizationId: grant.organization ?? null,
  };
  return {
    name,
    facts,
    call: (method, path, body) => browser.call(method, `/api/v1${path}`, body === undefined ? {} : { body }),
  };
}

beforeAll(async () => {
  filesDir = await mkdtemp(join(tmpdir(), 'access-matrix-files-'));
  app = await startAccountsApp(
    {},
    {
      resources: [...resourceCatalogue, probeResource, diaryResource, postResource],
      files: { dir: filesDir, limits: { file: 1024 * 1024, image: 1024 * 1024, adminFile: 1024 * 1024 } },
    },
  );
  const post = await setup(
    app.admin('POST', '/test-matrix-posts', {
      data: { type: 'test-matrix-posts', attributes: { name: 'Matrix post' } },
    }),
    'matrix post',
  );
  matrixPost = post.body.data.id as string;
  const rentalModel = await setup(
    app.admin('POST', '/rental-models', {
      data: { type: 'rental-models', attributes: { name: 'Matrix rental model', rentingPrice: 100 } },
    }),
    'matrix rental model',
  );
  matrixRentalModel = rentalModel.body.data.id as string;
  const made = async (type: string, attributes: object, relationships: object = {}) =>
    (
      await setup(
        app.admin('POST', `/${type}`, { data: { type, attributes, relationships } }),
        `matrix ${type}`,
      )
    ).body.data.id as string;
  matrixRepositoryItem = await made('repository-items', {
    title: 'Matrix repository item',
    publishedAt: '2020-01-01T00:00:00Z',
  });
  matrixForumCategory = await made('forum-categories', { name: 'Matrix forum' });
  matrixForumSubject = await made(
    'forum-subjects',
    { title: 'Matrix subject' },
    { category: { data: { type: 'forum-categories', id: matrixForumCategory } } },
  );
  matrixTrainingResource = await made('training-resources', {
    title: 'Matrix training resource',
    publishedAt: '2020-01-01T00:00:00Z',
  });
  matrixTraining = await made('trainings', { title: 'Matrix training', publishedAt: '2020-01-01T00:00:00Z' });
  matrixSurvey = await made('surveys', { question: 'Matrix survey?' });
  matrixEqlaatProject = await made('eqlaat-projects', { title: 'Matrix project' });
  matrixSoftwareService = await made('software-services', { name: 'Matrix software service' });
  matrixForm = await made('forms', { name: 'Matrix form' });
  matrixAacProduct = await made('aac-products', {
    name: 'Matrix AAC device',
    isDevice: true,
    publishedAt: '2020-01-01T00:00:00Z',
  });
  matrixAacSystem = await made('aac-systems', { name: 'Matrix AAC system' });
  const form = new FormData();
  form.append('file', new Blob([Buffer.from('%PDF-1.4\n% matrix\ntrailer << >>\n%%EOF\n')]), 'matrix.pdf');
  const uploaded = await fetch(app.url('/api/v1/services/files'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  matrixFile = ((await uploaded.json()) as { data: { id: string } }).data.id;
  const privateForm = new FormData();
  privateForm.append('isPublic', 'false');
  privateForm.append(
    'file',
    new Blob([Buffer.from('%PDF-1.4\n% matrix invoice\ntrailer << >>\n%%EOF\n')]),
    'invoice.pdf',
  );
  const privateUpload = await fetch(app.url('/api/v1/services/files'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    body: privateForm,
  });
  expect(privateUpload.status).toBe(201);
  matrixPrivateFile = ((await privateUpload.json()) as { data: { id: string } }).data.id;
  matrixFileContainer = await made('file-containers', { name: 'Matrix files', path: 'matrix/files' });
  organizationA = await organization('Matrix Lab A');
  const organizationB = await organization('Matrix Lab B');
  const visitor = app.browser();
  const a = await signedIn('member A', 'member-a@example.test', { organization: organizationA });
  memberA = a.facts.userId!;
  viewers = [
    {
      name: 'visitor',
      facts: { userId: null, roles: [], accessWeight: 0, isAdmin: false },
      call: (method, path, body) =>
        visitor.call(method, `/api/v1${path}`, body === undefined ? {} : { body }),
    },
    a,
    await signedIn('member B', 'member-b@example.test', { organization: organizationB }),
    await signedIn('app_admin', 'app-admin@example.test', { role: 'app_admin' }),
    await signedIn('admin', 'admin@example.test', { role: 'admin' }),
  ];
  // the server sees each viewer as the rules are told it is
  for (const viewer of viewers.slice(1)) {
    const me = await viewer.call('GET', `/users/me?minPosition=${lastPosition}`);
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect({
      roles: me.body.data.relationships.roles.data.map((r: { id: string }) => r.id),
      weight: me.body.meta.effectiveAccessWeight,
      acting: me.body.data.relationships.actingAsOrganization.data?.id ?? null,
    }).toEqual({
      roles: viewer.facts.roles,
      weight: viewer.facts.accessWeight,
      acting: viewer.facts.actingAsOrganizationId,
    });
  }
});
afterAll(async () => {
  await app?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

interface Mismatch {
  type: string;
  action: ResourceAction;
  viewer: ViewerName;
  rule: string;
  expected: string;
  got: string;
}

/** A record the actions are taken on: its id and what its row rules look at (null: the type has none). */
interface Target {
  id: string;
  facts: RecordFacts | null;
}

const refused = (viewer: MatrixViewer) => (viewer.facts.userId === null ? '401' : '403');

/** The relationships of a new record: the fixture's, and the row rules' subjects (member A, organization A). */
function relationshipsOf(definition: ResourceDefinition, fixture: ReturnType<Fixture>) {
  const values: Record<string, string | string[] | null | { type: string; id: string }> = {
    ...fixture.relationships,
  };
  for (const [name, spec] of Object.entries(definition.relationships)) {
    // a read-only relationship is another workflow's (an organization's members): a new record has none
    if (name in values || spec.readOnly) continue;
    if (name === definition.ownedBy) values[name] = memberA;
    else if (spec.type === 'users' && spec.many) values[name] = [memberA];
    else if (name === 'organization' && spec.type === 'organizations') values[name] = organizationA;
  }
  return values;
}

function createDocument(definition: ResourceDefinition, fixture: Fixture) {
  const made = fixture(++serial);
  const attributes = { ...made.attributes };
  // a publishable record is published, at no level, unless the fixture says otherwise: the rules alone decide
  if (definition.traits.publishable && !('publishedAt' in attributes))
    attributes.publishedAt = '2020-01-01T00:00:00Z';
  const relationships = relationshipsOf(definition, made);
  const document = {
    data: {
      type: definition.type,
      attributes,
      relationships: Object.fromEntries(
        Object.entries(relationships).map(([name, value]) => {
          const type = definition.relationships[name]!.type;
          const data =
            value === null
              ? null
              : Array.isArray(value)
                ? value.map((id) => ({ type, id }))
                : typeof value === 'object'
                  ? value
                  : { type, id: value };
          return [name, { data }];
        }),
      ),
    },
  };
  return { document, relationships };
}

/**
 * A create document as a viewer sends it: without the attributes and relationships the definition's field rules
 * keep from them (a publishable item's publishedAt and accessLevel, set by publishers only), which the update
 * leaves out likewise.
 */
function writableBy<D extends { data: { attributes: object; relationships: object } }>(
  definition: ResourceDefinition,
  viewer: MatrixViewer,
  document: D,
): D {
  const keep = (rules: Record<string, { write: AccessRule }>, values: object) =>
    Object.fromEntries(
      Object.entries(values).filter(([name]) => !rules[name] || allows(rules[name].write, viewer.facts)),
    );
  return {
    ...document,
    data: {
      ...document.data,
      attributes: keep(definition.fieldAccess, document.data.attributes),
      relationships: keep(definition.relationshipAccess, document.data.relationships),
    },
  };
}

/**
 * The matrix of one type: every action by every viewer, each answer compared with what `access` allows. `access`
 * is the definition's own unless a test tells the matrix other rules (to see it report them).
 */
async function accessMatrix(
  definition: ResourceDefinition,
  options: { access?: Record<ResourceAction, AccessRule>; fixture?: Fixture } = {},
): Promise<Mismatch[]> {
  const { type } = definition;
  const access = options.access ?? definition.access;
  const fixture = options.fixture ?? FIXTURES[type];
  const creatable = [BOOTSTRAP, ...viewers.map((v) => v.facts)].some((v) => allows(access.create, v));
  if (!fixture && creatable)
    throw new Error(`add a fixture for ${type} to FIXTURES in host/src/resources/access-matrix.int.test.ts`);
  const mismatches: Mismatch[] = [];
  const check = (
    action: ResourceAction,
    viewer: MatrixViewer,
    /** the rules the expectation was made from: the action's own, and show's for a list or a history */
    rules: readonly ResourceAction[],
    expected: string,
    got: Answer,
    gotText?: string,
  ) => {
    const text = gotText ?? String(got.status);
    if (text === expected) return;
    const detail = got.status >= 400 ? ` (${got.body?.errors?.[0]?.code ?? ''})` : '';
    mismatches.push({
      type,
      action,
      viewer: viewer.name,
      rule: rules.map((name) => `${name} ${JSON.stringify(access[name])}`).join('; '),
      expected,
      got: text + detail,
    });
  };

  /** A record of the type's own, made by the bootstrap token; a fixed row when nobody may create one. */
  const record = async (): Promise<Target> => {
    if (fixture) {
      const { document, relationships } = createDocument(definition, fixture);
      const created = await setup(app.admin('POST', `/${type}`, document), `create a ${definition.singular}`);
      return {
        id: created.body.data.id as string,
        facts: recordFacts(definition, { createdBy: SYSTEM_USER_ID, relationships }),
      };
    }
    const row = definition.fixedRows.rows[0];
    if (row) return { id: row.id, facts: recordFacts(definition, { createdBy: null, relationships: {} }) };
    return { id: randomUUID(), facts: null };
  };

  /** A read: refused by the type-level rule (401/403), or 200 when the row is readable, 404 when hidden. */
  const readExpectation = (viewer: MatrixViewer, rules: AccessRule[], target: Target) => {
    if (!rules.every((rule) => allows(rule, viewer.facts))) return refused(viewer);
    return target.facts && rules.every((rule) => allows(rule, viewer.facts, target.facts!)) ? '200' : '404';
  };

  /** A write on a record: refused by the type-level rule (401/403) or by the row rule (403), else done. */
  const writeExpectation = (viewer: MatrixViewer, rule: AccessRule, target: Target) => {
    if (!allows(rule, viewer.facts)) return refused(viewer);
    if (!target.facts) return '404';
    return allows(rule, viewer.facts, target.facts) ? '200' : '403';
  };

  // reads of one record (listed, found, its history) and creates, by every viewer at once
  const read = await record();
  const position = lastPosition;
  await Promise.all(
    viewers.map(async (viewer) => {
      const list = await viewer.call('GET', `/${type}?page[size]=100&minPosition=${position}`);
      const listed = list.status === 200 && list.body.data.some((r: { id: string }) => r.id === read.id);
      // listed to those who may read the record: the list's rule and the find's on the row
      const indexExpected = !allows(access.index, viewer.facts)
        ? refused(viewer)
        : read.facts &&
            allows(access.index, viewer.facts, read.facts) &&
            allows(access.show, viewer.facts, read.facts)
          ? '200 listed'
          : '200 unlisted';
      const listGot = list.status === 200 ? `200 ${listed ? 'listed' : 'unlisted'}` : undefined;
      check('index', viewer, ['index', 'show'], indexExpected, list, listGot);

      const found = await viewer.call('GET', `/${type}/${read.id}?minPosition=${position}`);
      check('show', viewer, ['show'], readExpectation(viewer, [access.show], read), found);

      // the history asks see and show (on the record, for row rules)
      const history = await viewer.call('GET', `/${type}/${read.id}/history`);
      check(
        'see',
        viewer,
        ['see', 'show'],
        readExpectation(viewer, [access.see, access.show], read),
        history,
      );

      const document = fixture
        ? writableBy(definition, viewer, createDocument(definition, fixture).document)
        : { data: { type, attributes: {} } };
      const created = await viewer.call('POST', `/${type}`, document);
      noteWrite(created);
      const createExpected = allows(access.create, viewer.facts) ? '201' : refused(viewer);
      check('create', viewer, ['create'], createExpected, created);
    }),
  );

  // the writes on a record: a record of its own for each viewer and action (a fixed row is shared: nobody may
  // write the fixed-row-only types of the catalogue), made first, all at once
  const writes: Array<{ action: ResourceAction; method: string; path: (id: string) => string }> = [
    { action: 'update', method: 'PATCH', path: (id) => `/${type}/${id}` },
    { action: 'delete', method: 'DELETE', path: (id) => `/${type}/${id}` },
    ...(definition.softDeletable
      ? [
          {
            action: 'softDelete' as const,
            method: 'POST',
            path: (id: string) => `/${type}/${id}/soft-delete`,
          },
          { action: 'restore' as const, method: 'POST', path: (id: string) => `/${type}/${id}/restore` },
        ]
      : []),
  ];
  const cells = await Promise.all(
    writes.flatMap((write) =>
      viewers.map(async (viewer) => {
        const target = await record();
        if (write.action === 'restore' && fixture)
          await setup(
            app.admin('POST', `/${type}/${target.id}/soft-delete`),
            `soft-delete a ${definition.singular}`,
          );
        return { ...write, viewer, target };
      }),
    ),
  );
  await Promise.all(
    cells.map(async ({ action, method, path, viewer, target }) => {
      // an update sets fresh valid values (attributes with field rules of their own, or kept once set, left out)
      const body =
        action === 'update'
          ? {
              data: {
                type,
                id: target.id,
                attributes: fixture
                  ? Object.fromEntries(
                      Object.entries(fixture(++serial).attributes).filter(
                        ([name]) => !(name in definition.fieldAccess) && !definition.immutable.includes(name),
                      ),
                    )
                  : {},
              },
            }
          : undefined;
      const answer = await viewer.call(method, path(target.id), body);
      noteWrite(answer);
      check(action, viewer, [action], writeExpectation(viewer, access[action], target), answer);
    }),
  );

  // in the order of the actions and the viewers, whatever order the answers came in
  const order = (m: Mismatch) =>
    RESOURCE_ACTIONS.indexOf(m.action) * VIEWER_NAMES.length + VIEWER_NAMES.indexOf(m.viewer);
  mismatches.sort((a, b) => order(a) - order(b));
  return mismatches;
}

/** The mismatches as a table: which rule and which answer disagree. */
function table(mismatches: Mismatch[]): string {
  const columns = ['type', 'action', 'viewer', 'expected', 'got', 'rule'] as const;
  const widths = columns.map((c) => Math.max(c.length, ...mismatches.map((m) => m[c].length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ');
  return [
    line(columns),
    widths.map((w) => '-'.repeat(w)).join('-|-'),
    ...mismatches.map((m) => line(columns.map((c) => m[c]))),
  ].join('\n');
}

function expectAgreement(mismatches: Mismatch[]) {
  if (mismatches.length)
    throw new Error(`${mismatches.length} answers disagree with the rules:\n${table(mismatches)}`);
}

describe('the access matrix of the catalogue', () => {
  it.each(resourceCatalogue.map((definition) => [definition.type, definition] as const))(
    '%s: every action by every viewer answers as its rules say',
    async (_type, definition) => {
      expectAgreement(await accessMatrix(definition));
    },
  );
});

/**
 * The publication requests' actions (issue 21, plan §3.1, §4): hand-written routes on the items' streams, so not
 * walked from the catalogue. Each cell acts on a blog post of its own written by member A (its author), with a
 * pending request for the decisions: a member submits what they keep, only publishers decide.
 */
describe('the access matrix of the publication requests', () => {
  const EXPECTED: Record<'submit' | 'accept' | 'refuse', Record<ViewerName, string>> = {
    submit: { visitor: '401', 'member A': '201', 'member B': '403', app_admin: '201', admin: '201' },
    accept: { visitor: '401', 'member A': '403', 'member B': '403', app_admin: '200', admin: '200' },
    refuse: { visitor: '401', 'member A': '403', 'member B': '403', app_admin: '200', admin: '200' },
  };
  const requestsOf = (id: string) => `/services/publishables/blog-posts/${id}/publication-requests`;
  const submitBody = {
    data: { type: 'publication-requests', attributes: { description: 'Ready', targetedPublishedAt: null } },
  };

  it('submit, accept and refuse answer as the rules say for every viewer', async () => {
    const author = viewers.find((v) => v.name === 'member A')!;
    const draft = async () =>
      (
        await setup(
          author.call('POST', '/blog-posts', {
            data: { type: 'blog-posts', attributes: { title: `Matrix request ${++serial}` } },
          }),
          'matrix blog post',
        )
      ).body.data.id as string;
    const pending = async () => {
      const id = await draft();
      const submitted = await setup(author.call('POST', requestsOf(id), submitBody), 'matrix request');
      return { id, requestId: submitted.body.data.id as string };
    };
    const got = await Promise.all(
      viewers.map(async (viewer) => {
        const submit = await viewer.call('POST', requestsOf(await draft()), submitBody);
        const a = await pending();
        const accept = await viewer.call('POST', `${requestsOf(a.id)}/${a.requestId}/accept`, {});
        const r = await pending();
        const refuse = await viewer.call('POST', `${requestsOf(r.id)}/${r.requestId}/refuse`, {
          data: { attributes: { refuseReason: 'Not yet' } },
        });
        return [viewer.name, { submit, accept, refuse }] as const;
      }),
    );
    const cells = (pick: (answer: Answer) => string) =>
      Object.fromEntries(
        (['submit', 'accept', 'refuse'] as const).map((action) => [
          action,
          Object.fromEntries(got.map(([name, answers]) => [name, pick(answers[action])])),
        ]),
      );
    expect(cells((answer) => String(answer.status))).toEqual(EXPECTED);
    // the refusals say why: a visitor is not signed in, the others may not
    for (const [name, answers] of got)
      for (const answer of Object.values(answers))
        if (answer.status >= 400)
          expect(answer.body.errors[0].code, name).toBe(
            name === 'visitor' ? 'auth.unauthenticated' : 'auth.forbidden',
          );
  });
});

describe('the access matrix itself', () => {
  it('agrees with owner, author and member rules on every action', async () => {
    expectAgreement(await accessMatrix(probeResource, { fixture: probeFixture }));
  });

  // a disagreement the matrix found once: the history route asked see and show of the viewer alone, never the
  // show rule on the record, so a member read the history of another member's record that its find hid (404)
  it('finds the history of a record hidden by a row rule hidden too (404)', async () => {
    expectAgreement(await accessMatrix(diaryResource, { fixture: probeFixture }));
  });

  it('reports every cell where the rules it is told and the answers disagree', async () => {
    const told = { ...probeResource.access, show: 'everyone' as const, restore: 'signedIn' as const };
    const mismatches = await accessMatrix(probeResource, { fixture: probeFixture, access: told });
    expect(mismatches.map((m) => `${m.action} ${m.viewer}: expected ${m.expected}, got ${m.got}`)).toEqual([
      // the layer still lists only to the owner and administrators, finds likewise, and keeps restore to them
      'show visitor: expected 200, got 401 (auth.unauthenticated)',
      'show member B: expected 200, got 404 (not_found)',
      'restore member A: expected 200, got 403 (auth.forbidden)',
      'restore member B: expected 200, got 403 (auth.forbidden)',
    ]);
    expect(table(mismatches)).toMatch(
      /test-matrix-probes \| show +\| member B +\| 200 +\| 404 \(not_found\) +\| show "everyone"/,
    );
  });
});
