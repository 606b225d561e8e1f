import { z } from 'zod/v4';
import { APP_ADMINS_ONLY } from '@platform/contracts/resources/access';
import { defineResource, resourceEventContracts } from '@platform/contracts/resources/definition';

/**
 * The record type of the includes case of the resource bench (issue 15): a product with two to-one
 * relationships, one to a type of the layer (its category, a tag) and one to a hand-written type (the member
 * who listed it, a user). Served only by the bench's platform (query/server.ts adds it to the catalogue).
 */
export const benchProductResource = defineResource({
  type: 'bench-products',
  singular: 'bench-product',
  category: 'benchproduct',
  eventPrefix: 'BenchProduct',
  module: 'bench',
  menu: { group: null, icon: 'inventory_2', hidden: true },
  attributes: z.object({
    name: z.string().trim().min(1).max(255),
    description: z.string().max(10_000).nullable().default(null),
    /** in cents */
    price: z.number().int().min(0).max(100_000_000).default(0),
  }),
  relationships: { category: { type: 'tags' }, owner: { type: 'users' } },
  softDeletable: true,
  access: { ...APP_ADMINS_ONLY, index: 'signedIn', show: 'signedIn' },
  sorts: ['name', 'price'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

export const benchProductEventContracts = resourceEventContracts(benchProductResource);
