import { z } from 'zod';
import { defineEvent, type EventContract } from '../event-contracts.ts';
import { normalisePath } from '../paths.ts';

export const redirectionStreamId = (id: string) => `redirection-${id}`;

/** Where a redirection leads: a site path (which may carry its own query string) or an absolute http(s) URL. */
export const RedirectionTargetSchema = z
  .string()
  .trim()
  .min(1)
  .max(2048)
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

const id = z.string().uuid();

export const AppRedirectionCreated = defineEvent(
  'AppRedirectionCreated',
  z.object({
    id,
    name: z.string().trim().min(1).max(255).nullable(),
    fromPath: z.string(),
    toPath: z.string(),
  }),
);
export const AppRedirectionDeleted = defineEvent(
  'AppRedirectionDeleted',
  z.object({ id, fromPath: z.string() }),
);

export type AppRedirectionCreatedData = z.infer<typeof AppRedirectionCreated.schema>;
export type AppRedirectionDeletedData = z.infer<typeof AppRedirectionDeleted.schema>;

export type RedirectionEvent =
  | { type: 'AppRedirectionCreated'; data: AppRedirectionCreatedData }
  | { type: 'AppRedirectionDeleted'; data: AppRedirectionDeletedData };

export const redirectionsEventContracts: EventContract[] = [AppRedirectionCreated, AppRedirectionDeleted];
