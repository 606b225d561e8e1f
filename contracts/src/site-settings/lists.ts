import { z } from 'zod/v4';
import { APP_ADMINS } from '../resources/access.ts';
import { defineResource } from '../resources/definition.ts';

/**
 * Small lists administrators keep for the rest of the catalogue. Jobs and user categories, whose ids users'
 * events store, are resources with fixed rows (contracts/src/accounts/reference-lists.ts).
 */
const name = z.string().trim().min(1).max(255);
const adminLists = {
  see: APP_ADMINS,
  index: 'everyone',
  show: 'everyone',
  create: APP_ADMINS,
  update: APP_ADMINS,
  delete: APP_ADMINS,
} as const;

export const adminTagResource = defineResource({
  type: 'admin-tags',
  singular: 'admin-tag',
  category: 'admintag',
  eventPrefix: 'AdminTag',
  module: 'site-settings',
  menu: { group: 'accounts', icon: 'sell' },
  attributes: z.object({ name }),
  unique: ['name'],
  access: { ...adminLists, index: APP_ADMINS, show: APP_ADMINS },
  search: ['name'],
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

export const newsletterTypeResource = defineResource({
  type: 'newsletter-types',
  singular: 'newsletter-type',
  category: 'newslettertype',
  eventPrefix: 'NewsletterType',
  module: 'site-settings',
  menu: { group: 'contacts', icon: 'mail' },
  attributes: z.object({ name }),
  access: adminLists,
  search: ['name'],
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});
