import { readFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import { seedClient, uploadPublicFile, type SeedClient } from './client.ts';

/**
 * The demo site's rental catalogue (seed 001 §3 Rental): categories, published models of assistive-technology
 * equipment with their prices in cents and an image each (assets/rental/{slug}.png, uploaded as the file fields'
 * files), item conditions, one stock kept by the demo rental administrator, and two or three items of each model.
 */
export const demoRentalCategories = ['Mobility', 'Communication', 'Daily living'] as const;
type DemoCategory = (typeof demoRentalCategories)[number];

export const demoRentalConditions = [
  { key: 'new', name: 'New', value: 3 },
  { key: 'good', name: 'Good', value: 2 },
  { key: 'worn', name: 'Worn', value: 1 },
] as const;
type DemoCondition = (typeof demoRentalConditions)[number]['key'];

export interface DemoRentalModel {
  slug: string;
  name: string;
  category: DemoCategory;
  shortDescription: string;
  description: string;
  /** cents per day */
  rentingPrice: number;
  /** cents */
  shippingPrice: number;
  items: Array<{ stockId: string; condition: DemoCondition; conditionDescription?: string }>;
}

export const demoRentalModels: DemoRentalModel[] = [
  {
    slug: 'folding-wheelchair',
    name: 'Folding wheelchair',
    category: 'Mobility',
    shortDescription: 'A light manual wheelchair that folds into a car boot.',
    description:
      'Self-propelled folding wheelchair, 45 cm seat, removable footrests and armrests, puncture-proof tyres. ' +
      'Weighs 13 kg; carries up to 120 kg.',
    rentingPrice: 350,
    shippingPrice: 2500,
    items: [
      { stockId: 'WCH-001', condition: 'new' },
      { stockId: 'WCH-002', condition: 'good' },
      { stockId: 'WCH-003', condition: 'worn', conditionDescription: 'Scratches on the left armrest.' },
    ],
  },
  {
    slug: 'standing-frame',
    name: 'Standing frame',
    category: 'Mobility',
    shortDescription: 'A supine standing frame for children and teenagers, adjustable as they grow.',
    description:
      'Tilting standing frame from 0 to 90 degrees, with chest, hip and knee supports and a tray. Fits users ' +
      'from 100 to 160 cm.',
    rentingPrice: 600,
    shippingPrice: 4500,
    items: [
      { stockId: 'STF-001', condition: 'good' },
      { stockId: 'STF-002', condition: 'good' },
    ],
  },
  {
    slug: 'portable-ramp',
    name: 'Portable ramp',
    category: 'Mobility',
    shortDescription: 'A folding aluminium ramp for steps and thresholds up to 20 cm.',
    description:
      'Two-part folding ramp, 150 cm long, anti-slip surface, carrying handle. Holds up to 300 kg.',
    rentingPrice: 250,
    shippingPrice: 3000,
    items: [
      { stockId: 'RMP-001', condition: 'new' },
      { stockId: 'RMP-002', condition: 'worn', conditionDescription: 'One carrying handle replaced.' },
    ],
  },
  {
    slug: 'eye-gaze-tablet',
    name: 'Eye-gaze communication tablet',
    category: 'Communication',
    shortDescription: 'A speech-generating tablet controlled by eye gaze, with symbol and text vocabularies.',
    description:
      'A 13-inch tablet with an integrated eye tracker, symbol-based and text-based communication software, ' +
      'loud speakers and a mounting plate for wheelchairs and tables.',
    rentingPrice: 1500,
    shippingPrice: 1500,
    items: [
      { stockId: 'EGT-001', condition: 'new' },
      { stockId: 'EGT-002', condition: 'good' },
      { stockId: 'EGT-003', condition: 'good' },
    ],
  },
  {
    slug: 'bath-lift',
    name: 'Bath lift',
    category: 'Daily living',
    shortDescription: 'A battery-powered seat that lowers into the bath and raises again.',
    description:
      'Reclining bath lift with a hand control, suction feet and a rechargeable battery. Lowers to 6 cm from ' +
      'the bottom of the bath; carries up to 140 kg.',
    rentingPrice: 400,
    shippingPrice: 3500,
    items: [
      { stockId: 'BTL-001', condition: 'good' },
      { stockId: 'BTL-002', condition: 'worn' },
    ],
  },
];

export const DEMO_RENTAL_STOCK = 'Main warehouse';
/** published long before any demo start, so that the catalogue shows at once */
const PUBLISHED_AT = '2025-01-01T00:00:00.000Z';

const ref = (type: string, id: string) => ({ data: { type, id } });

/**
 * Seeds the rental catalogue through the command API as a rental administrator would. Every command carries an
 * Idempotency-Key derived from what it seeds, so running it again appends only what is missing (demo.ts).
 * `keepers`: the users the stock lists (the demo rental administrator).
 */
export async function seedDemoRental(options: {
  baseUrl: string;
  adminToken: string;
  logger: Logger;
  keepers: readonly string[];
}): Promise<{ models: Map<string, { id: string; items: string[] }>; position: string }> {
  const client: SeedClient = seedClient(options.baseUrl, options.adminToken);
  const create = (type: string, key: string, attributes: object, relationships: object = {}) =>
    client.command('POST', `/${type}`, { data: { type, attributes, relationships } }, `seed:rental:${key}`);

  const categories = new Map<string, string>();
  for (const name of demoRentalCategories)
    categories.set(name, (await create('rental-model-categories', `category:${name}`, { name })).id);
  const conditions = new Map<string, string>();
  for (const { key, name, value } of demoRentalConditions)
    conditions.set(key, (await create('rental-item-conditions', `condition:${key}`, { name, value })).id);
  const stock = await create(
    'rental-stocks',
    'stock:main',
    { name: DEMO_RENTAL_STOCK },
    { users: { data: options.keepers.map((id) => ({ type: 'users', id })) } },
  );

  const models = new Map<string, { id: string; items: string[] }>();
  let position = stock.position;
  const later = (at: string) => {
    if (BigInt(at) > BigInt(position)) position = at;
  };
  for (const model of demoRentalModels) {
    const { items, category, ...attributes } = model;
    const created = await create(
      'rental-models',
      `model:${model.slug}`,
      { ...attributes, publishedAt: PUBLISHED_AT },
      { category: ref('rental-model-categories', categories.get(category)!) },
    );
    const { id } = created;
    later(created.position);
    later(await seedModelImage(options, client, model, id, created.position));
    const itemIds: string[] = [];
    models.set(model.slug, { id, items: itemIds });
    for (const item of items) {
      const createdItem = await create(
        'rental-items',
        `item:${item.stockId}`,
        { stockId: item.stockId, conditionDescription: item.conditionDescription ?? null },
        {
          rentalModel: ref('rental-models', id),
          condition: ref('rental-item-conditions', conditions.get(item.condition)!),
          stocks: { data: [{ type: 'rental-stocks', id: stock.id }] },
        },
      );
      itemIds.push(createdItem.id);
      later(createdItem.position);
    }
  }
  options.logger.info({ models: demoRentalModels.length }, 'demo rental catalogue seeded');
  return { models, position };
}

/**
 * The model's image, uploaded once through the file fields' route (POST /services/files, a public image) and set
 * as the model's images; a model that has images already keeps them. Answers the position of the last change.
 */
async function seedModelImage(
  options: { baseUrl: string; adminToken: string },
  client: SeedClient,
  model: DemoRentalModel,
  id: string,
  at: string,
): Promise<string> {
  const current = (await client.get(`/rental-models/${id}?minPosition=${at}`)) as {
    data: { relationships?: { images?: { data?: unknown[] } } };
  };
  if ((current.data.relationships?.images?.data ?? []).length > 0) return at;
  const bytes = new Uint8Array(await readFile(new URL(`./assets/rental/${model.slug}.png`, import.meta.url)));
  const file = await uploadPublicFile(options, {
    bytes,
    fileName: `${model.slug}.png`,
    mimeType: 'image/png',
    family: 'image',
    name: `${model.name}.png`,
    description: model.name,
  });
  const set = await client.command(
    'PATCH',
    `/rental-models/${id}`,
    {
      data: {
        type: 'rental-models',
        id,
        relationships: { images: { data: [{ type: 'files', id: file }] } },
      },
    },
    `seed:rental:model-image:${model.slug}`,
  );
  return set.position;
}
