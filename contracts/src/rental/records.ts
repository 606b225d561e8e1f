import { z } from 'zod/v4';
import { RENTAL_INVOICING_STRATEGIES } from '../accounts/reference.ts';
import { SlugSchema, slugify } from '../organizations/events.ts';
import type { AccessRule } from '../resources/access.ts';
import { defineResource } from '../resources/definition.ts';
import { file } from '../resources/files.ts';
import { NO_VAT_INVOICING_STRATEGIES } from './strategies.ts';

/**
 * The rental catalogue's plain records (seed 001 §3 Rental) on the resource layer: models and their categories
 * (read by everyone, a model once published), and what only the rental administrators read: items, item
 * conditions, stocks and invoicing strategies. Every type depends on the rental feature (FEATURE_RENTAL): with it
 * off, their routes answer 404 and their menu entries are left out. Commands, steps and bookings are workflows of
 * their own, not records of this file.
 */

/** Who keeps the rental catalogue: rental administrators, administrators and application administrators. */
export const RENTAL_ADMINS: AccessRule = { roles: ['rental_admin', 'admin', 'app_admin'] };

/** Every action for the rental administrators: items, stocks, conditions, invoicing strategies. */
const RENTAL_ADMINS_ONLY = {
  see: RENTAL_ADMINS,
  index: RENTAL_ADMINS,
  show: RENTAL_ADMINS,
  create: RENTAL_ADMINS,
  update: RENTAL_ADMINS,
  delete: RENTAL_ADMINS,
  softDelete: RENTAL_ADMINS,
  restore: RENTAL_ADMINS,
} as const;

/** The public catalogue: everyone reads it (a model only once published), rental administrators keep it. */
const RENTAL_CATALOGUE = { ...RENTAL_ADMINS_ONLY, index: 'everyone', show: 'everyone' } as const;

const name = z.string().trim().min(1).max(255);
const note = (max: number) => z.string().trim().max(max).nullable().default(null);
/** an amount in cents (seed 001 §9: amounts are kept in cents) */
const cents = z.number().int().min(0).max(100_000_000);
const instant = z.string().datetime({ offset: true });

export const rentalModelCategoryResource = defineResource({
  type: 'rental-model-categories',
  singular: 'rental-model-category',
  category: 'rentalmodelcategory',
  eventPrefix: 'RentalModelCategory',
  module: 'rental',
  feature: 'rental',
  menu: { group: 'rental', icon: 'category' },
  attributes: z.object({ name }),
  unique: ['name'],
  access: RENTAL_CATALOGUE,
  search: ['name'],
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

/**
 * A model members rent (a folding wheelchair), shown at `{path}/{rentalModel}` of a page with the rental models
 * component: found by its slug as by its id. The slug is derived from the name when none is given and stays when
 * the name changes (links keep working). Prices are in cents: rentingPrice per day, shippingPrice per command
 * shipped (seed 001 §9).
 */
export const rentalModelResource = defineResource({
  type: 'rental-models',
  singular: 'rental-model',
  category: 'rentalmodel',
  eventPrefix: 'RentalModel',
  module: 'rental',
  feature: 'rental',
  menu: { group: 'rental', icon: 'accessible' },
  attributes: z.object({
    name,
    slug: SlugSchema.optional(),
    shortDescription: note(1000),
    description: note(20_000),
    /** in cents, per day */
    rentingPrice: cents,
    /** in cents */
    shippingPrice: cents.default(0),
  }),
  relationships: {
    images: file({ family: 'image', many: true }),
    documents: file({ family: 'doc', many: true }),
  },
  traits: { publishable: true, categorised: { type: 'rental-model-categories' } },
  softDeletable: true,
  unique: ['slug'],
  lookupBy: 'slug',
  beforeChange: (next) => (next.slug ? {} : { slug: slugify(next.name) }),
  invariants: ({ slug }) =>
    SlugSchema.safeParse(slug).success
      ? []
      : [{ attribute: 'slug', detail: 'give a slug: the name makes none' }],
  access: RENTAL_CATALOGUE,
  filters: ['slug'],
  search: ['name', 'shortDescription'],
  sorts: ['name', 'rentingPrice'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

/** How worn an item is: a value to order by (higher is better) and its name (new, good, worn). */
export const rentalItemConditionResource = defineResource({
  type: 'rental-item-conditions',
  singular: 'rental-item-condition',
  category: 'rentalitemcondition',
  eventPrefix: 'RentalItemCondition',
  module: 'rental',
  feature: 'rental',
  menu: { group: 'rental', icon: 'star_half' },
  attributes: z.object({ value: z.number().int().min(0).max(1000), name }),
  access: RENTAL_ADMINS_ONLY,
  search: ['name'],
  sorts: ['value', 'name'],
  // version 2: its table has the index of its descending default sort (issue 21's bench)
  version: 2,
  defaultSort: { field: 'value', direction: 'desc' },
  title: 'name',
});

/** Where items are kept, and the members who keep them (they prepare and take back the commands' items). */
export const rentalStockResource = defineResource({
  type: 'rental-stocks',
  singular: 'rental-stock',
  category: 'rentalstock',
  eventPrefix: 'RentalStock',
  module: 'rental',
  feature: 'rental',
  menu: { group: 'rental', icon: 'warehouse' },
  attributes: z.object({ name }),
  relationships: { users: { type: 'users', many: true } },
  unique: ['name'],
  access: RENTAL_ADMINS_ONLY,
  search: ['name'],
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

/**
 * A period an item cannot be rented (a repair, a loan outside the platform): from startAt up to endAt, which
 * comes after it. The availability rules read them with the commands' periods.
 */
export const RentalUnavailabilitySchema = z
  .object({ startAt: instant, endAt: instant, reason: note(500) })
  .strict()
  .superRefine((period, context) => {
    if (Date.parse(period.endAt) <= Date.parse(period.startAt))
      context.addIssue({ code: 'custom', path: ['endAt'], message: 'must come after startAt' });
  });
export type RentalUnavailability = z.infer<typeof RentalUnavailabilitySchema>;

/** One physical item of a model, labelled with its stock reference (stockId), kept in one or more stocks. */
export const rentalItemResource = defineResource({
  type: 'rental-items',
  singular: 'rental-item',
  category: 'rentalitem',
  eventPrefix: 'RentalItem',
  module: 'rental',
  feature: 'rental',
  menu: { group: 'rental', icon: 'inventory_2' },
  attributes: z.object({
    stockId: z.string().trim().min(1).max(100),
    conditionDescription: note(2000),
    comment: note(2000),
    /** a validated list, stored as one JSON attribute */
    unavailabilities: z.array(RentalUnavailabilitySchema).max(500).default([]),
  }),
  relationships: {
    rentalModel: { type: 'rental-models', required: true },
    condition: { type: 'rental-item-conditions' },
    stocks: { type: 'rental-stocks', many: true },
  },
  softDeletable: true,
  unique: ['stockId'],
  access: RENTAL_ADMINS_ONLY,
  filters: ['stockId'],
  search: ['stockId', 'conditionDescription', 'comment'],
  sorts: ['stockId'],
  defaultSort: { field: 'stockId', direction: 'asc' },
  title: 'stockId',
});

/** The strategy of members who have none of their own: a standard invoice, VAT applied (strategies.ts). */
export const DEFAULT_INVOICING_STRATEGY = 'standard';

/**
 * How a member's rentals are invoiced (users' rentalInvoicingStrategy): the rules are written against the fixed
 * ids of contracts/src/accounts/reference.ts (no_vat and no_vat_debit_note apply no VAT, standard does), which
 * users' events store: they exist from the start and are kept; rental administrators rename them and add their
 * own (which apply VAT).
 */
export const rentalInvoicingStrategyResource = defineResource({
  type: 'rental-invoicing-strategies',
  singular: 'rental-invoicing-strategy',
  category: 'rentalinvoicingstrategy',
  eventPrefix: 'RentalInvoicingStrategy',
  module: 'rental',
  feature: 'rental',
  menu: { group: 'rental', icon: 'receipt_long' },
  attributes: z.object({ name }),
  fixedRows: {
    rows: RENTAL_INVOICING_STRATEGIES.map(({ id, name }) => ({ id, attributes: { name } })),
    kept: [DEFAULT_INVOICING_STRATEGY, ...NO_VAT_INVOICING_STRATEGIES],
    first: [DEFAULT_INVOICING_STRATEGY],
  },
  access: RENTAL_ADMINS_ONLY,
  search: ['name'],
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

/** The rental records, in their admin menu order. */
export const rentalResources = [
  rentalModelResource,
  rentalModelCategoryResource,
  rentalItemResource,
  rentalStockResource,
  rentalItemConditionResource,
  rentalInvoicingStrategyResource,
] as const;
