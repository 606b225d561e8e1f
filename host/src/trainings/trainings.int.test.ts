import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';
import {
  doc,
  FUTURE,
  ids,
  many,
  one,
  PAST,
  person,
  pointers,
  type Person,
} from '@platform/tests/support/layer-test-types';

/**
 * Trainings (issue 23, the training half) on the real platform: the reference lists, training resources and
 * requests, the reviews' rules (objective and recipients, rating range, a published resource only) with the
 * resource's review count and average kept by its projection, trainings with their sessions and addresses; bad
 * input answers 422 on its pointer, and each viewer (visitor, member, administrator) is answered as the rules say.
 */
let app: AccountsTestApp;
let position = '0';
let member: Person;
let otherMember: Person;

const noted = (answer: Answer): Answer => {
  const at = answer.body?.meta?.position;
  if (typeof at === 'string' && BigInt(at) > BigInt(position)) position = at;
  return answer;
};
const ok = (answer: Answer, status = 201): Answer => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return noted(answer);
};
const admin = async (method: string, path: string, body?: unknown) =>
  noted(await app.admin(method, path, body));
const as = async (who: Person, method: string, path: string, body?: unknown) =>
  noted(await who.browser.call(method, `/api/v1${path}`, body === undefined ? {} : { body }));
const visitor = (method: string, path: string, body?: unknown) =>
  app.browser().call(method, `/api/v1${path}`, body === undefined ? {} : { body });
const create = async (type: string, attributes: object, relationships?: Record<string, unknown>) =>
  ok(await admin('POST', `/${type}`, doc(type, { ...attributes }, relationships))).body.data.id as string;
/** A record as it reads after the latest write. */
async function read(type: string, id: string): Promise<Answer['body']> {
  const answer = await app.admin('GET', `/${type}/${id}?minPosition=${position}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const list = async (path: string) => {
  const answer = await app.admin('GET', `${path}${path.includes('?') ? '&' : '?'}minPosition=${position}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer;
};

beforeAll(async () => {
  app = await startAccountsApp({});
  member = await person(app, 'trainee@example.test');
  otherMember = await person(app, 'other-trainee@example.test');
});
afterAll(async () => {
  await app?.close();
});

describe('the reference lists', () => {
  it('are written by administrators and read by everyone, with their names checked', async () => {
    for (const type of [
      'training-resource-themes',
      'training-resource-types',
      'training-categories',
      'training-levels',
      'training-types',
    ]) {
      const id = await create(type, { name: `Switch access (${type})` });
      expect(ids(await list(`/${type}?page[size]=100`))).toContain(id);
      expect((await read(type, id)).attributes.name).toBe(`Switch access (${type})`);
      const empty = await admin('POST', `/${type}`, doc(type, { name: '  ' }));
      expect(empty.status).toBe(422);
      expect(pointers(empty)).toEqual(['/data/attributes/name']);
      const taken = await admin('POST', `/${type}`, doc(type, { name: `Switch access (${type})` }));
      expect(taken.status).toBe(409);
      expect((await as(member, 'POST', `/${type}`, doc(type, { name: `Mine (${type})` }))).status).toBe(403);
      expect((await visitor('POST', `/${type}`, doc(type, { name: `Anyone (${type})` }))).status).toBe(401);
      const seen = await visitor('GET', `/${type}/${id}?minPosition=${position}`);
      expect(seen.status).toBe(200);
    }
  });
});

describe('training resources and requests', () => {
  it('are created, listed and read with their relationships; a theme counts its published resources', async () => {
    const theme = await create('training-resource-themes', { name: 'Eye gaze' });
    const kind = await create('training-resource-types', { name: 'Video tutorial' });
    const first = await create(
      'training-resources',
      {
        title: 'Calibrating an eye tracker',
        description: '<p>Step by step.</p>',
        externalUrl: 'https://example.org/calibration',
        originalAuthors: 'A rehabilitation team',
        licenseId: 'CC-BY-4.0',
        publishedAt: PAST,
      },
      {
        themes: many('training-resource-themes', [theme]),
        resourceType: one('training-resource-types', kind),
      },
    );
    const draft = await create(
      'training-resources',
      { title: 'Eye gaze games' },
      {
        themes: many('training-resource-themes', [theme]),
        originalResources: many('training-resources', [first]),
      },
    );
    expect((await read('training-resource-themes', theme)).attributes.resourcesCount).toBe(1);
    const document = await read('training-resources', first);
    expect(document.attributes).toMatchObject({
      title: 'Calibrating an eye tracker',
      licenseId: 'CC-BY-4.0',
      recordsCount: 0,
      likesCount: 0,
      reviewsCount: 0,
      reviewsAverageRating: null,
    });
    expect(document.relationships.themes.data).toEqual([{ type: 'training-resource-themes', id: theme }]);
    expect(ids(await list(`/training-resources?filter[themes]=${theme}`)).sort()).toEqual(
      [first, draft].sort(),
    );
    // a visitor reads the published one only
    const seen = await visitor('GET', `/training-resources?filter[themes]=${theme}&minPosition=${position}`);
    expect(ids(seen)).toEqual([first]);

    const bad = await admin(
      'POST',
      '/training-resources',
      doc(
        'training-resources',
        { title: '', externalUrl: 'not a link' },
        { themes: many('training-resource-themes', ['0a000000-0000-4000-8000-00000000dead']) },
      ),
    );
    expect(bad.status).toBe(422);
    expect(pointers(bad)).toEqual(
      expect.arrayContaining(['/data/attributes/title', '/data/attributes/externalUrl']),
    );
    const missingTheme = await admin(
      'POST',
      '/training-resources',
      doc(
        'training-resources',
        { title: 'Lost' },
        { themes: many('training-resource-themes', ['0a000000-0000-4000-8000-00000000dead']) },
      ),
    );
    expect(missingTheme.status).toBe(422);
    expect(pointers(missingTheme)).toEqual(['/data/relationships/themes/data/0/id']);
    // a member without a contributor's level does not write training resources; a visitor neither
    expect(
      (await as(member, 'POST', '/training-resources', doc('training-resources', { title: 'Mine' }))).status,
    ).toBe(403);
    expect(
      (await visitor('POST', '/training-resources', doc('training-resources', { title: 'X' }))).status,
    ).toBe(401);

    // a member requests a resource that does not exist yet
    const request = ok(
      await as(
        member,
        'POST',
        '/training-resource-requests',
        doc(
          'training-resource-requests',
          {
            title: 'Eye gaze for beginners, in Catalan',
            inspirationUrl: 'https://example.org/inspiration',
            otherTheme: 'Communication boards',
            publishedAt: PAST,
          },
          {
            themes: many('training-resource-themes', [theme]),
            extendedResources: many('training-resources', [first]),
          },
        ),
      ),
    ).body.data.id as string;
    const requested = await read('training-resource-requests', request);
    expect(requested.attributes).toMatchObject({ otherTheme: 'Communication boards', recordsCount: 0 });
    expect(requested.relationships.extendedResources.data).toEqual([
      { type: 'training-resources', id: first },
    ]);
    const badRequest = await as(
      member,
      'POST',
      '/training-resource-requests',
      doc('training-resource-requests', { title: 'Bad', inspirationUrl: 'nowhere' }),
    );
    expect(badRequest.status).toBe(422);
    expect(pointers(badRequest)).toEqual(['/data/attributes/inspirationUrl']);
    // another member does not change it; its author does
    const patch = (who: Person, attributes: Record<string, unknown>) =>
      as(
        who,
        'PATCH',
        `/training-resource-requests/${request}`,
        doc('training-resource-requests', attributes, undefined, request),
      );
    expect((await patch(otherMember, { title: 'Taken over' })).status).toBe(403);
    ok(await patch(member, { description: '<p>Short videos.</p>' }), 200);
    // a resource answers the request
    const answer = await create(
      'training-resources',
      { title: 'Eye gaze for beginners', publishedAt: PAST },
      { originalRequests: many('training-resource-requests', [request]) },
    );
    expect((await read('training-resources', answer)).relationships.originalRequests.data).toEqual([
      { type: 'training-resource-requests', id: request },
    ]);
  });
});

describe('the reviews of a training resource', () => {
  const review = (resource: string, attributes: Record<string, unknown>) =>
    doc('training-resource-reviews', attributes, { resource: one('training-resources', resource) });

  it('come with a file their author uploaded, named by the review and read back with it', async () => {
    const resource = await create('training-resources', { title: 'Sip-and-puff basics', publishedAt: PAST });
    const form = new FormData();
    form.append('family', 'doc,image,video,audio');
    form.append('file', new Blob(['%PDF-1.4 class notes'], { type: 'application/pdf' }), 'class-notes.pdf');
    const uploaded = await fetch(app.url('/api/v1/services/files'), {
      method: 'POST',
      headers: { Cookie: `atc_session=${member.browser.cookie()}`, 'X-Requested-With': 'XMLHttpRequest' },
      body: form,
    });
    const file = (await uploaded.json()) as { data: { id: string }; meta: { position: string } };
    expect(uploaded.status, JSON.stringify(file)).toBe(201);
    noted({ status: 201, headers: uploaded.headers, body: file });
    const written = ok(
      await as(
        member,
        'POST',
        '/training-resource-reviews',
        doc(
          'training-resource-reviews',
          { objective: 'personal', reviewRating: 5 },
          { resource: one('training-resources', resource), file: one('files', file.data.id) },
        ),
      ),
    ).body.data.id as string;
    const read = await app.admin(
      'GET',
      `/training-resource-reviews/${written}?include=file&minPosition=${position}`,
    );
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.relationships.file.data).toEqual({ type: 'files', id: file.data.id });
    expect(read.body.included).toContainEqual(expect.objectContaining({ type: 'files', id: file.data.id }));
    // a file that is not one is refused on its relationship
    const unknown = await as(
      member,
      'POST',
      '/training-resource-reviews',
      doc(
        'training-resource-reviews',
        { objective: 'personal', reviewRating: 5 },
        { resource: one('training-resources', resource), file: one('files', randomUUID()) },
      ),
    );
    expect(unknown.status).toBe(422);
    expect(pointers(unknown)).toEqual(['/data/relationships/file/data/id']);
  });

  it('take recipients for project, integration and other objectives only, a rating from 1 to 5, a published resource', async () => {
    const resource = await create('training-resources', { title: 'Head pointer basics', publishedAt: PAST });
    const draft = await create('training-resources', { title: 'Head pointer, advanced' });
    const later = await create('training-resources', { title: 'Head pointer, expert', publishedAt: FUTURE });
    const refused = async (body: unknown, pointer: string) => {
      const answer = await as(member, 'POST', '/training-resource-reviews', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(pointers(answer)).toEqual([pointer]);
    };
    await refused(
      review(resource, { objective: 'personal', recipientsCount: 3, reviewRating: 4 }),
      '/data/attributes/recipientsCount',
    );
    for (const objective of ['project', 'integration', 'other'])
      await refused(review(resource, { objective, reviewRating: 4 }), '/data/attributes/recipientsCount');
    await refused(review(resource, { objective: 'sharing', reviewRating: 4 }), '/data/attributes/objective');
    for (const rating of [0, 6, 3.5])
      await refused(
        review(resource, { objective: 'personal', reviewRating: rating }),
        '/data/attributes/reviewRating',
      );
    await refused(
      review(resource, { objective: 'project', recipientsCount: 0, reviewRating: 4 }),
      '/data/attributes/recipientsCount',
    );
    for (const unpublished of [draft, later])
      await refused(
        review(unpublished, { objective: 'personal', reviewRating: 4 }),
        '/data/relationships/resource',
      );
    await refused(
      doc('training-resource-reviews', { objective: 'personal', reviewRating: 4 }),
      '/data/relationships/resource',
    );
    // a visitor does not review
    const anonymous = await visitor(
      'POST',
      '/training-resource-reviews',
      review(resource, { objective: 'personal', reviewRating: 4 }),
    );
    expect(anonymous.status).toBe(401);
    // a personal review, and one for a project with its recipients
    const personal = ok(
      await as(
        member,
        'POST',
        '/training-resource-reviews',
        review(resource, { objective: 'personal', reviewRating: 4, reviewComment: 'Clear.' }),
      ),
    ).body.data.id as string;
    const project = ok(
      await as(
        otherMember,
        'POST',
        '/training-resource-reviews',
        review(resource, {
          objective: 'project',
          objectiveComment: 'A class of eight pupils',
          recipientsCount: 8,
          reviewRating: 5,
          reviewedAt: '2026-03-01T10:00:00Z',
        }),
      ),
    ).body.data.id as string;
    const figures = async () => {
      const { attributes } = await read('training-resources', resource);
      return [attributes.reviewsCount, attributes.reviewsAverageRating];
    };
    expect(await figures()).toEqual([2, 4.5]);
    expect((await read('training-resource-reviews', project)).attributes).toMatchObject({
      objective: 'project',
      recipientsCount: 8,
      reviewRating: 5,
    });
    expect(ids(await list(`/training-resource-reviews?filter[resource]=${resource}`)).sort()).toEqual(
      [personal, project].sort(),
    );

    // its author changes a review; the objective and recipients still hold together on the record it leaves
    const patch = (who: Person, id: string, attributes: Record<string, unknown>) =>
      as(
        who,
        'PATCH',
        `/training-resource-reviews/${id}`,
        doc('training-resource-reviews', attributes, undefined, id),
      );
    expect((await patch(otherMember, personal, { reviewRating: 1 })).status).toBe(403);
    const toPersonal = await patch(otherMember, project, { objective: 'personal' });
    expect(toPersonal.status).toBe(422);
    expect(pointers(toPersonal)).toEqual(['/data/attributes/recipientsCount']);
    ok(await patch(member, personal, { reviewRating: 2 }), 200);
    expect(await figures()).toEqual([2, 3.5]);

    // a soft-deleted review leaves the figures; restored, it is back
    ok(await as(otherMember, 'POST', `/training-resource-reviews/${project}/soft-delete`), 200);
    expect(await figures()).toEqual([1, 2]);
    ok(await admin('POST', `/training-resource-reviews/${project}/restore`), 200);
    expect(await figures()).toEqual([2, 3.5]);
    ok(await admin('POST', `/training-resource-reviews/${personal}/soft-delete`), 200);
    ok(await admin('POST', `/training-resource-reviews/${project}/soft-delete`), 200);
    expect(await figures()).toEqual([0, null]);
  });
});

describe('trainings, their sessions and addresses', () => {
  it('lists a training’s sessions, each ending after it starts, at an address others than its organization do not read', async () => {
    const category = await create('training-categories', { name: 'Alternative communication' });
    const level = await create('training-levels', { name: 'Beginner' });
    const kind = await create('training-types', { name: 'Workshop' });
    const training = await create(
      'trainings',
      { title: 'Communication boards in class', publishedAt: PAST },
      {
        trainingCategory: one('training-categories', category),
        trainingLevel: one('training-levels', level),
        trainingType: one('training-types', kind),
      },
    );
    const organization = await create(
      'organizations',
      { name: 'Training Lab' },
      { accessLevel: one('access-levels', null) },
    );
    const address = await create(
      'addresses',
      {
        fullName: 'Training Lab',
        siret: '73282932000074',
        line1: '1 rue de la Paix',
        postalCode: '75002',
        city: 'Paris',
      },
      { organization: one('organizations', organization) },
    );
    const badAddress = await admin(
      'POST',
      '/addresses',
      doc('addresses', { fullName: 'Nowhere', siret: '12', line1: '', postalCode: '75002', city: 'Paris' }),
    );
    expect(badAddress.status).toBe(422);
    expect(pointers(badAddress).sort()).toEqual(['/data/attributes/line1', '/data/attributes/siret']);

    const session = (startAt: string, endAt: string, withTraining = true) =>
      doc(
        'training-sessions',
        { startAt, endAt },
        {
          ...(withTraining ? { training: one('trainings', training) } : {}),
          address: one('addresses', address),
        },
      );
    const backwards = await admin(
      'POST',
      '/training-sessions',
      session('2030-03-02T09:00:00Z', '2030-03-01T17:00:00Z'),
    );
    expect(backwards.status).toBe(422);
    expect(pointers(backwards)).toEqual(['/data/attributes/endAt']);
    const noTraining = await admin(
      'POST',
      '/training-sessions',
      session('2030-03-01T09:00:00Z', '2030-03-01T17:00:00Z', false),
    );
    expect(noTraining.status).toBe(422);
    expect(pointers(noTraining)).toEqual(['/data/relationships/training']);
    const first = ok(
      await admin('POST', '/training-sessions', session('2030-03-01T09:00:00Z', '2030-03-01T17:00:00Z')),
    ).body.data.id as string;
    const second = ok(
      await admin('POST', '/training-sessions', session('2030-03-08T09:00:00Z', '2030-03-08T17:00:00Z')),
    ).body.data.id as string;
    expect(ids(await list(`/training-sessions?filter[training]=${training}`))).toEqual([first, second]);
    expect((await read('trainings', training)).attributes.sessionsCount).toBe(2);
    // a visitor reads the training and its sessions; the address is its organization's and the administrators'
    const seen = await visitor(
      'GET',
      `/training-sessions?filter[training]=${training}&minPosition=${position}`,
    );
    expect(ids(seen)).toEqual([first, second]);
    expect((await visitor('GET', `/addresses/${address}?minPosition=${position}`)).status).not.toBe(200);
    expect((await as(member, 'GET', `/addresses/${address}?minPosition=${position}`)).status).not.toBe(200);
    expect((await as(member, 'POST', '/trainings', doc('trainings', { title: 'Mine' }))).status).toBe(403);
  });
});
