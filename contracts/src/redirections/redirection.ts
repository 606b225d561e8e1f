import { z } from 'zod/v4';
import { normalisePath, SitePathSchema } from '../paths.ts';
import { APP_ADMINS } from '../resources/access.ts';
import { singleLine } from '../resources/fields.ts';
import { defineResource } from '../resources/definition.ts';
import { updatesEnvironment } from '../resources/hooks.ts';

/** Where a redirection leads: a site path (which may carry its own query string) or an absolute http(s) URL. */
export const RedirectionTargetSchema = z
  .string()
  .trim()
  // a failed check stops the parse here, as zod 3 did: zod 4 would still transform and refine the value
  .min(1, { abort: true })
  .max(2048, { abort: true })
  .transform((v) => (v.startsWith('/') ? normalizeTarget(v) : v))
  .refine(isRedirectionTarget, 'must be a path such as /new-page or an http(s) URL');

function normalizeTarget(value: string): string {
  const cut = value.search(/[?#]/);
  return cut === -1 ? normalisePath(value) : normalisePath(value.slice(0, cut)) + value.slice(cut);
}

function isRedirectionTarget(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith('/')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The name shown when an editor gave none (seed 001 §3: built from the target path). */
export function redirectionDisplayName(name: string | null, toPath: string): string {
  return name ?? `Redirection to ${toPath}`;
}

/**
 * A redirection from an old site path to a new one (seed 000 §2.6, 001 §3): the route resolver follows it with
 * the query string kept. Its from path is claimed among the page paths (ADR 0002), so a page and a redirection
 * never share one; saving or deleting one marks the app environment as updated.
 */
export const redirectionResource = defineResource({
  type: 'app-redirections',
  singular: 'app-redirection',
  category: 'redirection',
  eventPrefix: 'AppRedirection',
  module: 'redirections',
  menu: { group: 'application', icon: 'alt_route' },
  attributes: z.object({
    name: z.string().trim().min(1).max(255).nullable().default(null),
    fromPath: singleLine(SitePathSchema),
    toPath: singleLine(RedirectionTargetSchema),
  }),
  unique: ['fromPath'],
  claimScopes: { fromPath: 'path' },
  // a redirection to its own path would loop forever in the browser
  invariants: ({ fromPath, toPath }) =>
    typeof toPath === 'string' && toPath.split(/[?#]/)[0] === fromPath
      ? [{ attribute: 'toPath', detail: 'toPath must differ from fromPath' }]
      : [],
  derived: {
    displayName: ({ name, toPath }) =>
      redirectionDisplayName((name as string | null) ?? null, String(toPath)),
  },
  reactors: [updatesEnvironment],
  // public: the web's route resolver follows them for every visitor
  access: {
    see: APP_ADMINS,
    index: 'everyone',
    show: 'everyone',
    create: APP_ADMINS,
    update: APP_ADMINS,
    delete: APP_ADMINS,
  },
  filters: ['fromPath', 'toPath'],
  search: ['name', 'fromPath', 'toPath'],
  sorts: ['name', 'fromPath', 'toPath'],
  defaultSort: { field: 'fromPath', direction: 'asc' },
  title: 'fromPath',
  // the hand-written module (before the resource layer) stored flat payloads: version 1 of these two events
  upcasters: {
    created: {
      1: (payload) => {
        const { id, name, fromPath, toPath } = payload as Record<string, unknown>;
        return { id, attributes: { name: name ?? null, fromPath, toPath }, relationships: {} };
      },
    },
    deleted: { 1: (payload) => ({ id: (payload as { id: string }).id }) },
  },
});
