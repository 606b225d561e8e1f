import { z } from 'zod/v4';
import { defineEvent, type EventContract } from './event-contracts.ts';

/**
 * Site paths (page paths, redirection from/to paths) are compared in one normal form, shared by the
 * command side (uniqueness claims), the route resolver and the web router: a leading '/', runs of '/'
 * collapsed to one (the spec rewrites '//' to '/'), no trailing '/' except for the root. Case is kept:
 * URL paths are case-sensitive.
 */
export function normalisePath(raw: string): string {
  const collapsed = `/${raw.trim()}`.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed;
}

export const PATH_MAX_LENGTH = 2048;

/** Why a raw path cannot be a site path, or null when it can. Checked on the raw input before normalising. */
export function pathProblem(raw: string): string | null {
  if (raw.trim() === '') return 'path is required';
  if (raw.length > PATH_MAX_LENGTH) return `path must be at most ${PATH_MAX_LENGTH} characters`;
  if (/[\s?#]/.test(raw.trim())) return 'path must not contain spaces, "?" or "#"';
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw.trim())) return 'path must be a site path, not an absolute URL';
  return null;
}

/** A site path as typed by a user: validated, then normalised. */
export const SitePathSchema = z
  .string()
  .superRefine((raw, ctx) => {
    const problem = pathProblem(raw);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
  })
  .transform(normalisePath);

/**
 * Who holds a claimed value: a page or a redirection holds a path; the same claim streams guard organization
 * slugs, users' e-mail addresses and the unique attributes of resources (command-api/src/claims/unique-values.ts,
 * UniqueValueScope). The type is the owner's JSON:API type or singular name ('app-page', 'user', 'app-short-urls').
 */
export const PathOwnerSchema = z.object({
  type: z.string().regex(/^[a-z][a-z-]*$/),
  id: z.string().uuid(),
});
export type PathOwner = z.infer<typeof PathOwnerSchema>;

// Events of the `pathclaim-<sha1(path)>` streams that guard path uniqueness across pages and redirections.
export const PathClaimedSchema = z.object({ path: z.string(), owner: PathOwnerSchema });
export type PathClaimed = z.infer<typeof PathClaimedSchema>;
export const PathReleasedSchema = z.object({ path: z.string(), owner: PathOwnerSchema });
export type PathReleased = z.infer<typeof PathReleasedSchema>;

export const PathClaimedEvent = defineEvent('PathClaimed', PathClaimedSchema);
export const PathReleasedEvent = defineEvent('PathReleased', PathReleasedSchema);
export const pathClaimEventContracts: EventContract[] = [PathClaimedEvent, PathReleasedEvent];
