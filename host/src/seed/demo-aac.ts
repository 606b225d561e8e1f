import type { Logger } from 'pino';
import { DEMO_PASSWORD } from './demo-accounts.ts';
import { memberSession, must, seedClient } from './client.ts';

/**
 * The demo site's AAC products catalogue (seed 001 §3, ADR 0064): the systems, sellers and kinds the products are
 * described by, four published products (two devices, two programs) with what the devices have installed and how
 * each is reached, and a demo member's contribution waiting for a moderator. Shown by the "Communication aids"
 * page (the aac-products component, demo-content.ts). Written with Idempotency-Keys, so running it again appends
 * nothing. Seeded with the AAC products feature on.
 */

const KEY = 'seed:aac';

/** the demo member whose contribution waits for a moderator */
export const DEMO_AAC_CONTRIBUTOR = 'member1@demo.example';

export const demoAacSystems = [
  { key: 'ios', name: 'iPadOS', description: 'Apple tablets.' },
  { key: 'android', name: 'Android', description: 'Android tablets and phones.' },
  { key: 'windows', name: 'Windows', description: 'Windows computers and dedicated devices.' },
] as const;

export const demoAacSellers = [
  {
    key: 'cluj',
    name: 'Cluj Assistive Technology',
    description: 'Advice, trials and sales across Transylvania.',
    website: 'https://example.org/cluj-assistive-technology',
  },
  {
    key: 'europe',
    name: 'Talking Tools Europe',
    description: 'A distributor of communication devices and software.',
    website: 'https://example.org/talking-tools',
  },
] as const;

export const demoAacKinds = {
  'aac-keyboard-types': [
    { key: 'qwerty', name: 'QWERTY' },
    { key: 'alphabetical', name: 'Alphabetical' },
    { key: 'frequency', name: 'By letter frequency' },
  ],
  'aac-pictogram-types': [
    { key: 'arasaac', name: 'ARASAAC pictograms' },
    { key: 'photos', name: 'Photographs' },
  ],
  'aac-conjugation-types': [
    { key: 'automatic', name: 'Automatic conjugation' },
    { key: 'none', name: 'No conjugation' },
  ],
} as const;

type Kinds = typeof demoAacKinds;
type KindKey<T extends keyof Kinds> = Kinds[T][number]['key'];

export interface DemoAacProduct {
  key: string;
  name: string;
  shortDescription: string;
  description: string;
  isDevice: boolean;
  website: string;
  systems: Array<(typeof demoAacSystems)[number]['key']>;
  accessTypes: string[];
  integrationType: 'direct' | 'third_party';
  keyboards: Array<KindKey<'aac-keyboard-types'>>;
  pictograms: Array<KindKey<'aac-pictogram-types'>>;
  conjugations: Array<KindKey<'aac-conjugation-types'>>;
  sellers: Array<(typeof demoAacSellers)[number]['key']>;
  installed?: Array<{ system: (typeof demoAacSystems)[number]['key']; note: string }>;
  accessNotes?: Array<{ accessType: string; note: string }>;
}

export const demoAacProducts: readonly DemoAacProduct[] = [
  {
    key: 'talkgrid',
    name: 'TalkGrid',
    shortDescription: 'Pictogram grids that speak, for tablets.',
    description:
      '<p>Grids of pictograms and words that speak aloud, with a keyboard for those who spell. Pages are made with the person and their family.</p>',
    isDevice: false,
    website: 'https://example.org/talkgrid',
    systems: ['ios', 'android'],
    accessTypes: ['pointing', 'scanning'],
    integrationType: 'third_party',
    keyboards: ['qwerty', 'alphabetical'],
    pictograms: ['arasaac', 'photos'],
    conjugations: ['automatic'],
    sellers: ['cluj', 'europe'],
    accessNotes: [{ accessType: 'scanning', note: 'One or two switches, by row then column.' }],
  },
  {
    key: 'eyespeak',
    name: 'EyeSpeak 13',
    shortDescription: 'A 13-inch speech device controlled by the eyes.',
    description:
      '<p>A robust speech-generating device with a built-in eye tracker, for people who cannot use their hands.</p>',
    isDevice: true,
    website: 'https://example.org/eyespeak',
    systems: ['windows'],
    accessTypes: ['eye_pointer', 'pointing'],
    integrationType: 'direct',
    keyboards: ['qwerty', 'frequency'],
    pictograms: ['arasaac'],
    conjugations: ['automatic'],
    sellers: ['europe'],
    installed: [{ system: 'windows', note: 'Windows 11, locked to the communication software.' }],
    accessNotes: [
      { accessType: 'eye_pointer', note: 'Dwell or blink to select; calibrated in two minutes.' },
    ],
  },
  {
    key: 'switchspeaker',
    name: 'Switch Speaker',
    shortDescription: 'One big button, one recorded message.',
    description:
      '<p>A first step into communication: a message recorded by a carer, played with a press.</p>',
    isDevice: true,
    website: 'https://example.org/switch-speaker',
    systems: [],
    accessTypes: ['pointing'],
    integrationType: 'direct',
    keyboards: [],
    pictograms: ['photos'],
    conjugations: ['none'],
    sellers: ['cluj'],
  },
  {
    key: 'headwriter',
    name: 'HeadWriter',
    shortDescription: 'Write and speak with a head pointer.',
    description:
      '<p>Word prediction and speech for computers, driven by head movements through the camera.</p>',
    isDevice: false,
    website: 'https://example.org/headwriter',
    systems: ['windows'],
    accessTypes: ['head_pointer', 'scanning'],
    integrationType: 'third_party',
    keyboards: ['frequency'],
    pictograms: [],
    conjugations: ['automatic'],
    sellers: ['europe'],
  },
];

/** the member's contribution, waiting unpublished */
export const demoAacContribution = {
  name: 'PicTalk Lite',
  shortDescription: 'A free pictogram board for phones.',
  isDevice: false,
} as const;

const many = (type: string, ids: readonly string[]) => ({ data: ids.map((id) => ({ type, id })) });

export async function seedDemoAac(options: {
  baseUrl: string;
  adminToken: string;
  logger: Logger;
}): Promise<void> {
  const admin = seedClient(options.baseUrl, options.adminToken);
  const systems = new Map<string, string>();
  for (const { key, ...attributes } of demoAacSystems)
    systems.set(
      key,
      (
        await admin.command(
          'POST',
          '/aac-systems',
          { data: { type: 'aac-systems', attributes } },
          `${KEY}:system:${key}`,
        )
      ).id,
    );
  const sellers = new Map<string, string>();
  for (const { key, ...attributes } of demoAacSellers)
    sellers.set(
      key,
      (
        await admin.command(
          'POST',
          '/aac-sellers',
          { data: { type: 'aac-sellers', attributes } },
          `${KEY}:seller:${key}`,
        )
      ).id,
    );
  const kinds = new Map<string, string>();
  for (const [type, rows] of Object.entries(demoAacKinds))
    for (const { key, name } of rows)
      kinds.set(
        `${type}:${key}`,
        (
          await admin.command(
            'POST',
            `/${type}`,
            { data: { type, attributes: { name } } },
            `${KEY}:${type}:${key}`,
          )
        ).id,
      );
  const kindIds = (type: keyof Kinds, keys: readonly string[]) =>
    keys.map((key) => kinds.get(`${type}:${key}`)!);

  let position = '0';
  for (const product of demoAacProducts) {
    const made = await admin.command(
      'POST',
      '/aac-products',
      {
        data: {
          type: 'aac-products',
          attributes: {
            name: product.name,
            shortDescription: product.shortDescription,
            description: product.description,
            isDevice: product.isDevice,
            website: product.website,
            publishedAt: '2026-01-05T09:00:00.000Z',
          },
          relationships: {
            compatibleSystems: many(
              'aac-systems',
              product.systems.map((key) => systems.get(key)!),
            ),
            accessTypes: many('aac-access-types', product.accessTypes),
            integrationType: { data: { type: 'aac-integration-types', id: product.integrationType } },
            keyboardTypes: many('aac-keyboard-types', kindIds('aac-keyboard-types', product.keyboards)),
            pictogramTypes: many('aac-pictogram-types', kindIds('aac-pictogram-types', product.pictograms)),
            conjugationTypes: many(
              'aac-conjugation-types',
              kindIds('aac-conjugation-types', product.conjugations),
            ),
            sellers: many(
              'aac-sellers',
              product.sellers.map((key) => sellers.get(key)!),
            ),
          },
        },
      },
      `${KEY}:product:${product.key}`,
    );
    position = made.position;
    for (const [index, installed] of (product.installed ?? []).entries())
      await admin.command(
        'POST',
        '/aac-installed-systems',
        {
          data: {
            type: 'aac-installed-systems',
            attributes: { note: installed.note },
            relationships: {
              device: { data: { type: 'aac-products', id: made.id } },
              system: { data: { type: 'aac-systems', id: systems.get(installed.system)! } },
            },
          },
        },
        `${KEY}:installed:${product.key}:${index}`,
      );
    for (const [index, access] of (product.accessNotes ?? []).entries())
      await admin.command(
        'POST',
        '/aac-software-accesses',
        {
          data: {
            type: 'aac-software-accesses',
            attributes: { note: access.note },
            relationships: {
              product: { data: { type: 'aac-products', id: made.id } },
              accessType: { data: { type: 'aac-access-types', id: access.accessType } },
            },
          },
        },
        `${KEY}:access:${product.key}:${index}`,
      );
  }

  // a member's contribution, waiting for a moderator (signed in only while it is missing: a sign-in is an event)
  const mine = (await admin.get(
    `/aac-products?filter[search]=${encodeURIComponent(demoAacContribution.name)}&minPosition=${position}`,
  )) as { data: unknown[] };
  if (mine.data.length === 0) {
    const member = await memberSession(
      options.baseUrl,
      DEMO_AAC_CONTRIBUTOR,
      DEMO_PASSWORD,
      options.adminToken,
    );
    must(
      await member.call(
        'POST',
        '/aac-products',
        {
          data: {
            type: 'aac-products',
            attributes: demoAacContribution,
            relationships: { accessTypes: many('aac-access-types', ['pointing']) },
          },
        },
        `${KEY}:contribution`,
      ),
      'the demo AAC contribution',
    );
  }
  options.logger.info({ products: demoAacProducts.length }, 'demo AAC catalogue seeded');
}
