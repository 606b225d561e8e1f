import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import { deriveId } from '@platform/command-api/handler';
import type { AccessLevel } from '@platform/contracts/enums';
import { openBadgeResource } from '@platform/contracts/open-badges/records';
import { demoOrganizations } from './demo-accounts.ts';
import { seedClient, uploadPublicFile, type SeedClient } from './client.ts';

/**
 * The demo open badges (issue 20): the environment's issuer threshold, the issuer organization and the member who
 * acts as it, and two published badges of three modules each, with their images (assets/open-badges/{key}.png).
 * Through the command API as an administrator would, every command with an Idempotency-Key derived from what it
 * seeds, so running it again appends only what is missing (demo.ts).
 */

/** The demo environment's openBadgeIssuerAccessLevel: the Demo Fab Lab (member_level_2) issues, the Demo Care Network (friendly_member) does not. */
export const DEMO_OPEN_BADGE_ISSUER_LEVEL: AccessLevel = 'member_level_2';
/** the demo issuer organization */
export const DEMO_OPEN_BADGE_ISSUER = 'demo-fab-lab';
/** the demo member who acts as the issuer organization (a member of it) */
export const DEMO_OPEN_BADGE_ISSUER_MEMBER = 'member1@demo.example';

/** published long before any demo start, so that the badges show at once */
const PUBLISHED_AT = '2025-01-01T00:00:00.000Z';

export interface DemoOpenBadge {
  key: string;
  title: string;
  description: string;
  /** days; null: never expires */
  validityDuration: number | null;
  modules: Array<{ title: string; content: string }>;
}

export const demoOpenBadges: DemoOpenBadge[] = [
  {
    key: 'switch-access',
    title: 'Switch access basics',
    description:
      'Sets up single-switch and two-switch scanning on a communication device and adapts it to the user.',
    validityDuration: 730,
    modules: [
      {
        title: 'Choosing a switch',
        content: 'Switch types, activation force and feedback; finding a reliable body site with the user.',
      },
      {
        title: 'Mounting and positioning',
        content:
          'Mounting arms and clamps, positioning for wheelchair and table use, checking reach and fatigue.',
      },
      {
        title: 'Scanning settings',
        content:
          'Row-column and linear scanning, scan speed, auto-scan versus step-scan, and reviewing them over time.',
      },
    ],
  },
  {
    key: 'wheelchair-fitting',
    title: 'Manual wheelchair fitting',
    description:
      'Measures a user, fits a manual wheelchair and checks it in use, following a written procedure.',
    validityDuration: null,
    modules: [
      {
        title: 'Measuring the user',
        content: 'Seat width and depth, back height, footrest length; recording them.',
      },
      {
        title: 'Adjusting the chair',
        content: 'Axle position, seat angle, backrest and footrests; pressure care and cushion choice.',
      },
      {
        title: 'Checking in use',
        content: 'Propulsion, transfers and kerbs with the user; what to review at the follow-up visit.',
      },
    ],
  },
];

/**
 * A demo badge's id: the one the command API derives from its creation's Idempotency-Key (ADR 0005), also sent as
 * the document's id, so that a badge's page has the same address on every demo site (the browser tests open it).
 */
export const demoOpenBadgeId = (key: string): string =>
  deriveId(demoOpenBadgeKey(key), openBadgeResource.type);
const demoOpenBadgeKey = (key: string) => `seed:open-badges:badge:${key}`;

/** A stable uuid from a name (the seeded modules keep their ids when the seed runs again). */
function nameUuid(name: string): string {
  const hex = createHash('sha256').update(`demo-open-badges:${name}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Seeds the open badges; `accounts`: the demo accounts' ids by e-mail address. Answers the badges' ids by key. */
export async function seedDemoOpenBadges(options: {
  baseUrl: string;
  adminToken: string;
  logger: Logger;
  accounts: ReadonlyMap<string, string>;
}): Promise<Map<string, string>> {
  const client = seedClient(options.baseUrl, options.adminToken);
  await client.command(
    'PATCH',
    '/app-environments/main',
    {
      data: {
        type: 'app-environments',
        id: 'main',
        attributes: { openBadgeIssuerAccessLevel: DEMO_OPEN_BADGE_ISSUER_LEVEL },
      },
    },
    'seed:open-badges:issuer-level',
  );
  // the issuer organization's id: its creation, sent again with its key, answers as the first time (ADR 0005)
  const issuer = demoOrganizations.find((o) => o.slug === DEMO_OPEN_BADGE_ISSUER)!;
  const { id: organizationId } = await client.command(
    'POST',
    '/organizations',
    {
      data: {
        type: 'organizations',
        attributes: { name: issuer.name, slug: issuer.slug, country: issuer.country },
        relationships: { accessLevel: { data: { type: 'access-levels', id: issuer.accessLevel } } },
      },
    },
    `seed:organization:${issuer.slug}`,
  );
  const member = options.accounts.get(DEMO_OPEN_BADGE_ISSUER_MEMBER)!;
  await client.command(
    'PATCH',
    `/users/${member}/relationships/acting-as-organization`,
    { data: { type: 'organizations', id: organizationId } },
    'seed:open-badges:issuer-member-acts',
  );

  const badges = new Map<string, string>();
  for (const badge of demoOpenBadges) {
    const { id, position } = await client.command(
      'POST',
      '/open-badges',
      {
        data: {
          type: 'open-badges',
          id: demoOpenBadgeId(badge.key),
          attributes: {
            title: badge.title,
            description: badge.description,
            version: '1',
            validityDuration: badge.validityDuration,
            publishedAt: PUBLISHED_AT,
            modules: badge.modules.map((module, index) => ({
              id: nameUuid(`${badge.key}:${index + 1}`),
              position: index + 1,
              ...module,
            })),
          },
          relationships: { organization: { data: { type: 'organizations', id: organizationId } } },
        },
      },
      demoOpenBadgeKey(badge.key),
    );
    await seedBadgeImage(options, client, badge, id, position);
    badges.set(badge.key, id);
  }
  options.logger.info({ badges: demoOpenBadges.length }, 'demo open badges seeded');
  return badges;
}

/**
 * The badge's image (a PNG, as Open Badges bake their assertions into it), uploaded through the file fields' route
 * and set on the badge; a badge that has an image keeps it.
 */
async function seedBadgeImage(
  options: { baseUrl: string; adminToken: string },
  client: SeedClient,
  badge: DemoOpenBadge,
  id: string,
  at: string,
): Promise<void> {
  const current = (await client.get(`/open-badges/${id}?minPosition=${at}`)) as {
    data: { relationships?: { image?: { data?: unknown } } };
  };
  if (current.data.relationships?.image?.data) return;
  const bytes = new Uint8Array(
    await readFile(new URL(`./assets/open-badges/${badge.key}.png`, import.meta.url)),
  );
  const file = await uploadPublicFile(options, {
    bytes,
    fileName: `${badge.key}.png`,
    mimeType: 'image/png',
    family: 'image',
    name: `${badge.title} badge`,
    description: `The ${badge.title} badge`,
  });
  await client.command(
    'PATCH',
    `/open-badges/${id}`,
    { data: { type: 'open-badges', id, relationships: { image: { data: { type: 'files', id: file } } } } },
    `seed:open-badges:badge-image:${badge.key}`,
  );
}
