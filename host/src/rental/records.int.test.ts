import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rentalResources } from '@platform/contracts/rental/records';
import {
  createUser,
  grantRoles,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';
import { capturedLogger, TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import { demoRentalCategories, demoRentalModels, DEMO_RENTAL_STOCK } from '../seed/demo-rental.ts';
import { DEMO_PASSWORD } from '../seed/demo-accounts.ts';
import { seedDemo } from '../seed/demo.ts';

/**
 * The rental catalogue's records (contracts/src/rental/records.ts) on the real platform: each action on each
 * type by a visitor, a member, a rental administrator and an administrator; bad input; the rental feature
 * switched off; and the demo seed's catalogue.
 */

type ViewerName = 'visitor' | 'member' | 'rental_admin' | 'admin';
const VIEWERS: readonly ViewerName[] = ['visitor', 'member', 'rental_admin', 'admin'];
type Call = (method: string, path: string, body?: unknown) => Promise<Answer>;

let app: AccountsTestApp;
const as = {} as Record<ViewerName, Call>;
let rentalAdminId = '';
/** the position of the latest write, for reading it back */
let position = 0n;
let serial = 0;

const note = (answer: Answer): Answer => {
  const at = answer.body?.meta?.position;
  if (typeof at === 'string' && BigInt(at) > position) position = BigInt(at);
  return answer;
};

async function viewer(
  email: string,
  role: 'rental_admin' | 'admin' | null,
): Promise<{ id: string; call: Call }> {
  const user = await createUser(app, { email });
  if (BigInt(user.position) > position) position = BigInt(user.position);
  if (role) {
    const granted = BigInt(await grantRoles(app, user.id, [role]));
    if (granted > position) position = granted;
  }
  const browser = app.browser();
  expect((await signIn(browser, email)).status).toBe(200);
  return {
    id: user.id,
    call: async (method, path, body) =>
      note(await browser.call(method, `/api/v1${path}`, body === undefined ? {} : { body })),
  };
}

const doc = (type: string, attributes: object, relationships: Record<string, unknown> = {}) => ({
  data: { type, attributes, relationships },
});
const ref = (type: string, id: string) => ({ data: { type, id } });
const refs = (type: string, ids: string[]) => ({ data: ids.map((id) => ({ type, id })) });

/** The bootstrap token, its writes noted for reading them back. */
const admin = async (method: string, path: string, body?: unknown) =>
  note(await app.admin(method, path, body));

async function created(answer: Promise<Answer>): Promise<string> {
  const done = await answer;
  expect(done.status, JSON.stringify(done.body)).toBe(201);
  return done.body.data.id as string;
}

beforeAll(async () => {
  app = await startAccountsApp();
  as.visitor = async (method, path, body) =>
    note(await app.browser().call(method, `/api/v1${path}`, body === undefined ? {} : { body }));
  as.member = (await viewer('rental-member@example.test', null)).call;
  const rentalAdmin = await viewer('rental-admin@example.test', 'rental_admin');
  rentalAdminId = rentalAdmin.id;
  as.rental_admin = rentalAdmin.call;
  as.admin = (await viewer('rental-administrator@example.test', 'admin')).call;
});
afterAll(async () => {
  await app?.close();
});

/** A valid new record of each type; a rental item needs a model. */
async function fixture(
  type: string,
): Promise<{ attributes: object; relationships?: Record<string, unknown> }> {
  const n = ++serial;
  switch (type) {
    case 'rental-model-categories':
      return { attributes: { name: `Category ${n}` } };
    case 'rental-models':
      return {
        attributes: { name: `Model ${n}`, rentingPrice: 450, publishedAt: '2020-01-01T00:00:00Z' },
      };
    case 'rental-item-conditions':
      return { attributes: { name: `Condition ${n}`, value: n } };
    case 'rental-stocks':
      return { attributes: { name: `Stock ${n}` }, relationships: { users: refs('users', [rentalAdminId]) } };
    case 'rental-items': {
      const model = await created(
        admin('POST', '/rental-models', doc('rental-models', (await fixture('rental-models')).attributes)),
      );
      return {
        attributes: { stockId: `ITEM-${n}` },
        relationships: { rentalModel: ref('rental-models', model) },
      };
    }
    case 'rental-invoicing-strategies':
      return { attributes: { name: `Invoicing ${n}` } };
    default:
      throw new Error(`no fixture for ${type}`);
  }
}

/** Everyone reads the models and categories; rental administrators and administrators write all six. */
const PUBLIC_READ = new Set(['rental-models', 'rental-model-categories']);
const writes = (viewer: ViewerName) => (viewer === 'visitor' ? 401 : viewer === 'member' ? 403 : 'ok');
const reads = (type: string, viewer: ViewerName) => (PUBLIC_READ.has(type) ? 'ok' : writes(viewer));
const outcome = (answer: Answer) => (answer.status >= 200 && answer.status < 300 ? 'ok' : answer.status);

describe('the rental records, action by action and viewer by viewer', () => {
  for (const { type, softDeletable } of rentalResources)
    it(`${type}: create, list, find, update${softDeletable ? ', soft delete, restore' : ''}, delete`, async () => {
      const got: Record<string, Record<ViewerName, unknown>> = {};
      const expected: Record<string, Record<ViewerName, unknown>> = {};
      const record = (action: string, who: ViewerName, answer: Answer, wanted: unknown) => {
        (got[action] ??= {} as Record<ViewerName, unknown>)[who] = outcome(answer);
        (expected[action] ??= {} as Record<ViewerName, unknown>)[who] = wanted;
      };

      for (const who of VIEWERS) {
        const { attributes, relationships } = await fixture(type);
        record(
          'create',
          who,
          await as[who]('POST', `/${type}`, doc(type, attributes, relationships)),
          writes(who),
        );
      }
      const { attributes, relationships } = await fixture(type);
      const id = await created(admin('POST', `/${type}`, doc(type, attributes, relationships)));
      for (const who of VIEWERS) {
        const list = await as[who]('GET', `/${type}?page[size]=100&minPosition=${position}`);
        record('index', who, list, reads(type, who));
        if (list.status === 200)
          expect(
            list.body.data.map((r: { id: string }) => r.id),
            `${who} lists the record`,
          ).toContain(id);
        record('show', who, await as[who]('GET', `/${type}/${id}`), reads(type, who));
      }
      const name = type === 'rental-items' ? 'stockId' : 'name';
      for (const who of VIEWERS)
        record(
          'update',
          who,
          await as[who]('PATCH', `/${type}/${id}`, {
            data: { type, id, attributes: { [name]: `Renamed ${++serial}` } },
          }),
          writes(who),
        );
      if (softDeletable)
        for (const who of VIEWERS) {
          record('softDelete', who, await as[who]('POST', `/${type}/${id}/soft-delete`), writes(who));
          // each viewer's attempt starts from a live record
          if (writes(who) === 'ok')
            record('restore', who, await as[who]('POST', `/${type}/${id}/restore`), 'ok');
        }
      for (const who of VIEWERS) {
        // a record of its own for each delete, so that a refused one is refused by the rule, not by a 404
        const own = await fixture(type);
        const target = await created(admin('POST', `/${type}`, doc(type, own.attributes, own.relationships)));
        record('delete', who, await as[who]('DELETE', `/${type}/${target}`), writes(who));
      }
      expect(got).toEqual(expected);
    });
});

describe('rental models', () => {
  it('derive a unique slug from the name, are found by it, and are hidden from the public until published', async () => {
    const category = await created(
      as.rental_admin(
        'POST',
        '/rental-model-categories',
        doc('rental-model-categories', { name: 'Seating' }),
      ),
    );
    const draft = await as.rental_admin(
      'POST',
      '/rental-models',
      doc(
        'rental-models',
        { name: 'Tilt-in-space Chair', rentingPrice: 800, shippingPrice: 3000 },
        {
          category: ref('rental-model-categories', category),
        },
      ),
    );
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const at = position;
    // unpublished: the public neither lists nor finds it; the rental administrator does
    expect((await as.visitor('GET', `/rental-models/tilt-in-space-chair?minPosition=${at}`)).status).toBe(
      404,
    );
    const listed = await as.member('GET', `/rental-models?filter[category]=${category}&minPosition=${at}`);
    expect(listed.body.data).toEqual([]);
    // but it exists, asked by its slug as by its id (the web then shows "not allowed", not "not found")
    for (const key of ['tilt-in-space-chair', 'Tilt-In-Space-Chair', draft.body.data.id])
      expect((await as.visitor('GET', `/services/publishables/rental-models/${key}`)).body.data.exists).toBe(
        true,
      );
    expect(
      (await as.visitor('GET', '/services/publishables/rental-models/no-such-chair')).body.data.exists,
    ).toBe(false);
    const found = await as.rental_admin('GET', `/rental-models/tilt-in-space-chair?include=category`);
    expect(found.status).toBe(200);
    expect(found.body.data.id).toBe(draft.body.data.id);
    expect(found.body.data.attributes).toMatchObject({
      slug: 'tilt-in-space-chair',
      rentingPrice: 800,
      shippingPrice: 3000,
      publishedAt: null,
      shortDescription: null,
    });
    expect(found.body.data.relationships.category.data).toEqual({
      type: 'rental-model-categories',
      id: category,
    });
    expect(found.body.included[0].attributes.name).toBe('Seating');

    const published = await as.rental_admin('PATCH', `/rental-models/${draft.body.data.id}`, {
      data: {
        type: 'rental-models',
        id: draft.body.data.id,
        attributes: { publishedAt: '2020-01-01T00:00:00Z' },
      },
    });
    expect(published.status).toBe(200);
    const shown = await as.visitor('GET', `/rental-models/tilt-in-space-chair?minPosition=${position}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.attributes.shippingPrice).toBe(3000);

    // the slug is taken: a second model of the same name is refused
    const twin = await as.rental_admin(
      'POST',
      '/rental-models',
      doc('rental-models', { name: 'Tilt-in-space chair', rentingPrice: 1 }),
    );
    expect(twin.status).toBe(409);
  });

  it('refuse bad prices and a category that does not exist, each on its pointer', async () => {
    const bad = await as.rental_admin(
      'POST',
      '/rental-models',
      doc('rental-models', { name: 'Hoist', rentingPrice: -1 }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toContain(
      '/data/attributes/rentingPrice',
    );
    const missing = await as.rental_admin(
      'POST',
      '/rental-models',
      doc(
        'rental-models',
        { name: 'Hoist', rentingPrice: 100 },
        {
          category: ref('rental-model-categories', '00000000-0000-4000-8000-000000000000'),
        },
      ),
    );
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].source.pointer).toMatch(/^\/data\/relationships\/category/);
  });
});

describe('rental items', () => {
  it('keep their model, condition, stocks and unavailabilities; a stock id is unique', async () => {
    const model = await created(
      as.rental_admin(
        'POST',
        '/rental-models',
        doc('rental-models', { name: 'Rollator', rentingPrice: 200 }),
      ),
    );
    const condition = await created(
      as.rental_admin(
        'POST',
        '/rental-item-conditions',
        doc('rental-item-conditions', { name: 'Good', value: 2 }),
      ),
    );
    const stock = await created(
      as.rental_admin(
        'POST',
        '/rental-stocks',
        doc('rental-stocks', { name: 'North depot' }, { users: refs('users', [rentalAdminId]) }),
      ),
    );
    const unavailabilities = [
      { startAt: '2030-03-01T00:00:00.000Z', endAt: '2030-03-10T00:00:00.000Z', reason: 'Brake repair' },
    ];
    const item = await as.rental_admin(
      'POST',
      '/rental-items',
      doc(
        'rental-items',
        { stockId: 'ROL-001', conditionDescription: 'Like new', unavailabilities },
        {
          rentalModel: ref('rental-models', model),
          condition: ref('rental-item-conditions', condition),
          stocks: refs('rental-stocks', [stock]),
        },
      ),
    );
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    const read = await as.rental_admin(
      'GET',
      `/rental-items/${item.body.data.id}?include=rentalModel,stocks&minPosition=${position}`,
    );
    expect(read.body.data.attributes).toMatchObject({ stockId: 'ROL-001', unavailabilities, comment: null });
    expect(read.body.data.relationships).toMatchObject({
      rentalModel: { data: { type: 'rental-models', id: model } },
      condition: { data: { type: 'rental-item-conditions', id: condition } },
      stocks: { data: [{ type: 'rental-stocks', id: stock }] },
    });
    expect(read.body.included.map((r: { type: string }) => r.type).sort()).toEqual([
      'rental-models',
      'rental-stocks',
    ]);
    const byModel = await as.admin('GET', `/rental-items?filter[rentalModel]=${model}`);
    expect(byModel.body.data.map((r: { id: string }) => r.id)).toEqual([item.body.data.id]);
    const stocks = await as.rental_admin('GET', `/rental-stocks/${stock}`);
    expect(stocks.body.data.relationships.users.data).toEqual([{ type: 'users', id: rentalAdminId }]);

    const twin = await as.rental_admin(
      'POST',
      '/rental-items',
      doc('rental-items', { stockId: 'ROL-001' }, { rentalModel: ref('rental-models', model) }),
    );
    expect(twin.status).toBe(409);
  });

  it('refuse an unavailability that ends before it starts, and an item without a model (422 on the field)', async () => {
    const model = await created(
      as.rental_admin(
        'POST',
        '/rental-models',
        doc('rental-models', { name: 'Shower chair', rentingPrice: 150 }),
      ),
    );
    const reversed = await as.rental_admin(
      'POST',
      '/rental-items',
      doc(
        'rental-items',
        {
          stockId: 'SHC-001',
          unavailabilities: [
            { startAt: '2030-01-01T00:00:00Z', endAt: '2030-01-05T00:00:00Z', reason: null },
            { startAt: '2030-02-10T00:00:00Z', endAt: '2030-02-01T00:00:00Z', reason: 'Typo' },
          ],
        },
        { rentalModel: ref('rental-models', model) },
      ),
    );
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
      '/data/attributes/unavailabilities/1/endAt',
    ]);

    const orphan = await as.rental_admin(
      'POST',
      '/rental-items',
      doc('rental-items', { stockId: 'SHC-002' }),
    );
    expect(orphan.status).toBe(422);
    expect(orphan.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
      '/data/relationships/rentalModel',
    ]);

    // an update may not clear the model either, nor reverse a period
    const item = await created(
      as.rental_admin(
        'POST',
        '/rental-items',
        doc('rental-items', { stockId: 'SHC-003' }, { rentalModel: ref('rental-models', model) }),
      ),
    );
    const cleared = await as.rental_admin('PATCH', `/rental-items/${item}`, {
      data: { type: 'rental-items', id: item, relationships: { rentalModel: { data: null } } },
    });
    expect(cleared.status).toBe(422);
    const patched = await as.rental_admin('PATCH', `/rental-items/${item}`, {
      data: {
        type: 'rental-items',
        id: item,
        attributes: {
          unavailabilities: [{ startAt: '2030-01-02T00:00:00Z', endAt: '2030-01-02T00:00:00Z' }],
        },
      },
    });
    expect(patched.status).toBe(422);
    expect(patched.body.errors[0].source.pointer).toBe('/data/attributes/unavailabilities/0/endAt');
  });
});

describe('rental invoicing strategies', () => {
  it('start with standard, no_vat and no_vat_debit_note, which cannot be deleted', async () => {
    const list = await as.rental_admin('GET', '/rental-invoicing-strategies?page[size]=100');
    expect(list.status).toBe(200);
    expect(list.body.data.slice(0, 1).map((r: { id: string }) => r.id)).toEqual(['standard']);
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual(
      expect.arrayContaining(['standard', 'no_vat', 'no_vat_debit_note']),
    );
    for (const id of ['standard', 'no_vat', 'no_vat_debit_note'])
      expect((await as.admin('DELETE', `/rental-invoicing-strategies/${id}`)).status).toBe(409);
    const renamed = await as.rental_admin('PATCH', '/rental-invoicing-strategies/no_vat', {
      data: { type: 'rental-invoicing-strategies', id: 'no_vat', attributes: { name: 'Exempt from VAT' } },
    });
    expect(renamed.status).toBe(200);
  });
});

describe('with the rental feature off', () => {
  let off: AccountsTestApp;
  beforeAll(async () => {
    off = await startAccountsApp({}, { features: { rental: false } });
  });
  afterAll(async () => {
    await off?.close();
  });

  it('answers 404 on every route of the rental types, and serves the rest', async () => {
    for (const { type } of rentalResources) {
      const answers = [
        await off.admin('GET', `/${type}`),
        await off.admin('GET', `/${type}/00000000-0000-4000-8000-000000000000`),
        await off.admin('GET', `/${type}/00000000-0000-4000-8000-000000000000/history`),
        await off.admin('GET', `/services/publishables/${type}/00000000-0000-4000-8000-000000000000`),
        await off.admin('POST', `/${type}`, doc(type, { name: 'Anything' })),
        await off.admin(
          'PATCH',
          `/${type}/00000000-0000-4000-8000-000000000000`,
          doc(type, { name: 'Anything' }),
        ),
        await off.admin('DELETE', `/${type}/00000000-0000-4000-8000-000000000000`),
      ];
      expect(
        answers.map((a) => a.status),
        type,
      ).toEqual([404, 404, 404, 404, 404, 404, 404]);
    }
    // the fixed rows exist but are not served either
    expect((await off.admin('GET', '/rental-invoicing-strategies/no_vat')).status).toBe(404);
    expect((await off.admin('GET', '/coupons')).status).toBe(200);
    expect(
      (await off.admin('GET', '/services/publishables/coupons/00000000-0000-4000-8000-000000000000')).status,
    ).toBe(200);
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

  it('holds a published rental catalogue: categories, models with prices, items with conditions, one stock', async () => {
    const outcome = await seedDemo({
      eventStore: demo.platform.eventStore,
      contracts: demo.platform.contracts,
      baseUrl: demo.url(''),
      publicUrl: demo.platform.accounts.context.publicUrl,
      adminToken: TEST_ADMIN_TOKEN,
      logger: capturedLogger().logger,
    });
    expect(outcome).toBe('seeded');
    // every seeding command was answered: the latest event stored is the position to read at
    const [latest] = await demo.platform.sql<{ head: string }[]>`
      select max(global_position)::text as head from es_events`;
    const head = latest!.head;
    const visitor = demo.browser();
    const models = await visitor.call(
      'GET',
      `/api/v1/rental-models?page[size]=100&include=category&minPosition=${head}`,
    );
    expect(models.status).toBe(200);
    expect(models.body.data.map((m: { attributes: { slug: string } }) => m.attributes.slug).sort()).toEqual(
      demoRentalModels.map((m) => m.slug).sort(),
    );
    for (const model of models.body.data) expect(model.attributes.rentingPrice).toBeGreaterThan(0);
    expect(
      models.body.included.map((c: { attributes: { name: string } }) => c.attributes.name).sort(),
    ).toEqual([...demoRentalCategories].sort());

    const items = await demo.admin('GET', `/rental-items?page[size]=100&minPosition=${head}`);
    expect(items.body.data).toHaveLength(demoRentalModels.reduce((n, m) => n + m.items.length, 0));
    for (const item of items.body.data) {
      expect(item.relationships.condition.data).not.toBeNull();
      expect(item.relationships.stocks.data).toHaveLength(1);
    }
    const conditions = await demo.admin('GET', '/rental-item-conditions');
    expect(conditions.body.data.map((c: { attributes: { name: string } }) => c.attributes.name)).toEqual([
      'New',
      'Good',
      'Worn',
    ]);
    const stocks = await demo.admin('GET', '/rental-stocks');
    expect(stocks.body.data.map((s: { attributes: { name: string } }) => s.attributes.name)).toEqual([
      DEMO_RENTAL_STOCK,
    ]);
    // kept by the demo rental administrator, who reads the items
    const rentalAdmin = demo.browser();
    const login = await signIn(rentalAdmin, 'rental-admin@demo.example', DEMO_PASSWORD);
    expect(login.status).toBe(200);
    const me = await rentalAdmin.call('GET', `/api/v1/users/me?minPosition=${login.body.meta.position}`);
    expect(stocks.body.data[0].relationships.users.data).toEqual([{ type: 'users', id: me.body.data.id }]);
    expect((await rentalAdmin.call('GET', '/api/v1/rental-items')).status).toBe(200);
  });
});
