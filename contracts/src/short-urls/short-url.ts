import { z } from 'zod/v4';
import { APP_ADMINS_ONLY } from '../resources/access.ts';
import { singleLine } from '../resources/fields.ts';
import { defineResource } from '../resources/definition.ts';

/** A short link: `{base}/s/{token}` leads to `url` (seed 001 §2, §3). */
export const shortUrlResource = defineResource({
  type: 'app-short-urls',
  singular: 'app-short-url',
  category: 'shorturl',
  eventPrefix: 'AppShortUrl',
  module: 'short-urls',
  menu: { group: 'application', icon: 'link' },
  attributes: z.object({
    token: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only'),
    url: singleLine(
      z
        .string()
        .trim()
        .min(1)
        .max(2048)
        .refine(
          (v) => v.startsWith('/') || /^https?:\/\//.test(v),
          'a site path such as /about or an http(s) URL',
        ),
    ),
    name: z.string().trim().max(255).nullable().default(null),
  }),
  unique: ['token'],
  access: APP_ADMINS_ONLY,
  filters: ['token'],
  search: ['token', 'url', 'name'],
  sorts: ['token', 'name', 'url'],
  defaultSort: { field: 'token', direction: 'asc' },
  title: 'token',
});
