import { CONSENT_COOKIE } from './storage-keys.ts';

/**
 * Cookie consent (seed 000 §3-5): a map of cookie id to boolean. Essentials are always on; the video
 * providers are optional, and without their consent an embedded video shows a placeholder.
 */
export const COOKIE_CATALOGUE = [
  { id: 'essentials', group: 'essentials', required: true },
  { id: 'youtube', group: 'video', required: false },
  { id: 'vimeo', group: 'video', required: false },
] as const;

export type CookieId = (typeof COOKIE_CATALOGUE)[number]['id'];
export type OptionalCookieId = Extract<(typeof COOKIE_CATALOGUE)[number], { required: false }>['id'];
export type CookieConsent = Partial<Record<string, boolean>>;

const REQUIRED = COOKIE_CATALOGUE.filter((c) => c.required).map((c) => c.id);
const OPTIONAL = COOKIE_CATALOGUE.filter((c) => !c.required).map((c) => c.id) as OptionalCookieId[];

/** Stored JSON: anything but an object of booleans is treated as empty (and so as "not decided yet"). */
export function parseConsent(raw: string | null | undefined): CookieConsent {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.every(([, v]) => typeof v === 'boolean')) return {};
  return Object.fromEntries(entries) as CookieConsent;
}

/** The first-visit dialog stays until a choice is saved; an empty map means nothing was saved. */
export function hasDecided(consent: CookieConsent): boolean {
  return Object.keys(consent).length > 0;
}

/** Essentials forced on, unknown ids dropped, optional ids defaulting to off. */
export function normaliseConsent(choices: CookieConsent): Record<CookieId, boolean> {
  const out = {} as Record<CookieId, boolean>;
  for (const id of REQUIRED) out[id] = true;
  for (const id of OPTIONAL) out[id] = choices[id] === true;
  return out;
}

export const acceptAll = (): Record<CookieId, boolean> =>
  normaliseConsent(Object.fromEntries(OPTIONAL.map((id) => [id, true])));
export const rejectAll = (): Record<CookieId, boolean> => normaliseConsent({});

export function allows(consent: CookieConsent, id: CookieId): boolean {
  return REQUIRED.includes(id as (typeof REQUIRED)[number]) || consent[id] === true;
}

/** The cookies_consent cookie, so the server side can read the same choice; 365 days, whole site. */
export function consentCookie(consent: CookieConsent, secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify(consent));
  const maxAge = CONSENT_COOKIE.maxAgeDays * 24 * 60 * 60;
  return `${CONSENT_COOKIE.name}=${value}; max-age=${maxAge}; path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
