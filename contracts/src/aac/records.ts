import { z } from 'zod/v4';
import { ADMINISTRATORS, type AccessRule } from '../resources/access.ts';
import { defineResource } from '../resources/definition.ts';
import { richText, singleLine } from '../resources/fields.ts';
import { file } from '../resources/files.ts';

/**
 * The catalogue of augmentative and alternative communication products (seed 000 §1, seed 001 §3 "AAC catalogue",
 * §4 the access and integration types, §6 the aacProducts menu group and the aac_moderator role), behind
 * FEATURE_AAC_PRODUCTS, ADR 0064:
 *
 * - an AAC product (a communication device or software) with what it runs on, how it is accessed (pointing, a
 *   head or eye pointer, scanning), whether its software comes built in or from a third party, its keyboards,
 *   pictograms and conjugation, and who sells it;
 * - the reference lists the products are described by: systems (name, description, icon), keyboard, pictogram and
 *   conjugation types, sellers (name, description, website, logo);
 * - what a device has installed (a system, with a note) and how a product is reached by each access type (a note).
 *
 * Everyone reads the published products and the lists; a signed-in member contributes a product, which waits
 * unpublished for the AAC moderators (the aac_moderator role), who keep the catalogue and publish.
 */

const name = singleLine(z.string().trim().min(1).max(255));
const note = z.string().trim().max(5000).nullable().default(null);
const website = z
  .string()
  .trim()
  .url()
  .max(2048)
  .regex(/^https?:\/\//i, 'An address starting with https://')
  .nullable()
  .default(null);

/** The AAC moderators: they keep the catalogue and publish the members' contributions (administrators pass too). */
export const AAC_MODERATORS: AccessRule = { roles: ['aac_moderator'] };

/** The access types of seed 001 §4, in their order. */
export const AAC_ACCESS_TYPES = ['pointing', 'head_pointer', 'eye_pointer', 'scanning'] as const;
/** The integration types of seed 001 §4: software built into the device, or from a third party. */
export const AAC_INTEGRATION_TYPES = ['direct', 'third_party'] as const;

/** How many products the compare page sets side by side, at most. */
export const AAC_COMPARE_MAX = 4;

/** A list everyone reads and the moderators keep. */
const moderatedList = {
  see: AAC_MODERATORS,
  index: 'everyone',
  show: 'everyone',
  create: AAC_MODERATORS,
  update: AAC_MODERATORS,
  delete: AAC_MODERATORS,
} as const;
/** A fixed list everyone reads and nobody changes: the platform's rules are written against its ids. */
const fixedList = { see: AAC_MODERATORS, index: 'everyone', show: 'everyone' } as const;

const common = { module: 'aac', feature: 'aacProducts' } as const;

export const aacAccessTypeResource = defineResource({
  ...common,
  type: 'aac-access-types',
  singular: 'aac-access-type',
  category: 'aacaccesstype',
  eventPrefix: 'AacAccessType',
  menu: { group: 'aacProducts', icon: 'touch_app' },
  attributes: z.object({ name }),
  fixedRows: { rows: AAC_ACCESS_TYPES.map((id) => ({ id, attributes: { name: id } })) },
  access: fixedList,
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

export const aacIntegrationTypeResource = defineResource({
  ...common,
  type: 'aac-integration-types',
  singular: 'aac-integration-type',
  category: 'aacintegrationtype',
  eventPrefix: 'AacIntegrationType',
  menu: { group: 'aacProducts', icon: 'integration_instructions' },
  attributes: z.object({ name }),
  fixedRows: { rows: AAC_INTEGRATION_TYPES.map((id) => ({ id, attributes: { name: id } })) },
  access: fixedList,
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

/** A system a product runs on or is compatible with (seed 001 §3 System: name, description, icon). */
export const aacSystemResource = defineResource({
  ...common,
  type: 'aac-systems',
  singular: 'aac-system',
  category: 'aacsystem',
  eventPrefix: 'AacSystem',
  menu: { group: 'aacProducts', icon: 'devices' },
  attributes: z.object({ name, description: note }),
  relationships: { icon: file({ family: ['image', 'svg'] }) },
  access: moderatedList,
  search: ['name'],
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

/** A named kind a product is described by: keyboard, pictogram and conjugation types (seed 001 §3). */
function namedList(type: string, singular: string, eventPrefix: string, icon: string) {
  return defineResource({
    ...common,
    type,
    singular,
    category: singular.replace(/-/g, ''),
    eventPrefix,
    menu: { group: 'aacProducts', icon },
    attributes: z.object({ name }),
    access: moderatedList,
    search: ['name'],
    sorts: ['name'],
    defaultSort: { field: 'name', direction: 'asc' },
    title: 'name',
  });
}

export const aacKeyboardTypeResource = namedList(
  'aac-keyboard-types',
  'aac-keyboard-type',
  'AacKeyboardType',
  'keyboard',
);
export const aacPictogramTypeResource = namedList(
  'aac-pictogram-types',
  'aac-pictogram-type',
  'AacPictogramType',
  'emoji_symbols',
);
export const aacConjugationTypeResource = namedList(
  'aac-conjugation-types',
  'aac-conjugation-type',
  'AacConjugationType',
  'spellcheck',
);

/** Who sells products (seed 001 §3 Seller: name, description, website, logo, products). */
export const aacSellerResource = defineResource({
  ...common,
  type: 'aac-sellers',
  singular: 'aac-seller',
  category: 'aacseller',
  eventPrefix: 'AacSeller',
  menu: { group: 'aacProducts', icon: 'storefront' },
  attributes: z.object({ name, description: note, website }),
  relationships: { logo: file({ family: ['image', 'svg'] }) },
  counts: { productsCount: { type: 'aac-products', via: 'sellers', kind: 'count', published: true } },
  access: moderatedList,
  search: ['name'],
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

/**
 * An AAC product: a communication device or software, described by the reference lists. Publishable: a member's
 * contribution waits unpublished (only its author and the moderators see it) until a moderator publishes it; only
 * the moderators set publishedAt and the access level.
 */
export const aacProductResource = defineResource({
  ...common,
  type: 'aac-products',
  singular: 'aac-product',
  category: 'aacproduct',
  eventPrefix: 'AacProduct',
  menu: { group: 'aacProducts', icon: 'record_voice_over' },
  attributes: z.object({
    name,
    shortDescription: z.string().trim().max(500).nullable().default(null),
    description: richText(z.string().max(100_000)).default(''),
    website,
    /** a device (hardware that may have systems installed) rather than software alone */
    isDevice: z.boolean().default(false),
  }),
  relationships: {
    image: file({ family: 'image' }),
    sellers: { type: 'aac-sellers', many: true },
    compatibleSystems: { type: 'aac-systems', many: true },
    accessTypes: { type: 'aac-access-types', many: true },
    integrationType: { type: 'aac-integration-types' },
    keyboardTypes: { type: 'aac-keyboard-types', many: true },
    pictogramTypes: { type: 'aac-pictogram-types', many: true },
    conjugationTypes: { type: 'aac-conjugation-types', many: true },
  },
  traits: { publishable: { publishedBy: AAC_MODERATORS }, authored: true },
  softDeletable: true,
  access: {
    see: AAC_MODERATORS,
    index: 'everyone',
    show: 'everyone',
    create: 'signedIn',
    update: { anyOf: [AAC_MODERATORS, 'author'] },
    softDelete: AAC_MODERATORS,
    restore: AAC_MODERATORS,
    delete: ADMINISTRATORS,
  },
  // the to-many relationships filter by containment too: filter[compatibleSystems]=<id>, filter[accessTypes]=<id>
  filters: ['isDevice'],
  search: ['name', 'shortDescription'],
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

/** A system installed on a device (seed 001 §3 Installed system: note, device, system). */
export const aacInstalledSystemResource = defineResource({
  ...common,
  type: 'aac-installed-systems',
  singular: 'aac-installed-system',
  category: 'aacinstalledsystem',
  eventPrefix: 'AacInstalledSystem',
  menu: { group: 'aacProducts', icon: 'install_desktop' },
  attributes: z.object({ note }),
  relationships: {
    device: { type: 'aac-products', required: true, immutable: true, readGate: true },
    system: { type: 'aac-systems', required: true },
  },
  access: moderatedList,
  defaultSort: { field: 'createdAt', direction: 'asc' },
});

/** How a product is reached by one access type (seed 001 §3 Software access: note). */
export const aacSoftwareAccessResource = defineResource({
  ...common,
  type: 'aac-software-accesses',
  singular: 'aac-software-access',
  category: 'aacsoftwareaccess',
  eventPrefix: 'AacSoftwareAccess',
  menu: { group: 'aacProducts', icon: 'accessibility_new' },
  attributes: z.object({ note }),
  relationships: {
    product: { type: 'aac-products', required: true, immutable: true, readGate: true },
    accessType: { type: 'aac-access-types', required: true },
  },
  access: moderatedList,
  defaultSort: { field: 'createdAt', direction: 'asc' },
});

export const aacResources = [
  aacProductResource,
  aacSellerResource,
  aacSystemResource,
  aacInstalledSystemResource,
  aacSoftwareAccessResource,
  aacAccessTypeResource,
  aacIntegrationTypeResource,
  aacKeyboardTypeResource,
  aacPictogramTypeResource,
  aacConjugationTypeResource,
];
