import { ACCESS_LEVEL_WEIGHTS } from '../enums.ts';
import { htmlText } from '../content/rich-text.ts';
import { APP_ADMINS, either, type AccessRule } from '../resources/access.ts';

/**
 * Who does what with the publications (issue 21): articles, blog posts, calendar events and repository items.
 * Publishers set the publication's date and level and decide the publication requests; contributors write items
 * and ask for their publication; an item is kept by its author (its creator, or a member acting as its
 * organization) and the publishers.
 */

/** Those who publish and decide publication requests: administrators and application administrators. */
export const PUBLISHERS: AccessRule = APP_ADMINS;

/**
 * Those who write publication items: publishers, contributors, organization administrators and members from
 * level 1 (seed 001 §9: member_level_1 weighs 300).
 */
export const CONTRIBUTORS: AccessRule = either(
  APP_ADMINS,
  { roles: ['contributor', 'organization_admin'] },
  { minWeight: ACCESS_LEVEL_WEIGHTS.member_level_1 },
);

/** Those who keep one item: publishers, and its author (its creator, or a member acting as its organization). */
export const KEEPERS: AccessRule = either(PUBLISHERS, 'author');

/** The access of every publication item: read by everyone (as its level and date allow), written by its keepers. */
export const PUBLICATION_ACCESS = {
  see: CONTRIBUTORS,
  index: 'everyone',
  show: 'everyone',
  create: CONTRIBUTORS,
  update: KEEPERS,
  softDelete: KEEPERS,
  restore: PUBLISHERS,
  delete: PUBLISHERS,
} as const satisfies Record<string, AccessRule>;

/** Seed 001 §9: "Content short description default length is 200 characters." */
export const CONTENT_SHORT_DESCRIPTION_LENGTH = 200;

/**
 * An item's excerpt: its short description when it has one, otherwise its content's text (tags stripped), cut
 * to `max` characters at a word boundary with "…". Pure: the server's documents and the web's cards agree.
 */
export function excerpt(
  shortDescription: string | null | undefined,
  html: string | null | undefined,
  max = CONTENT_SHORT_DESCRIPTION_LENGTH,
): string {
  const own = shortDescription?.trim();
  if (own) return own;
  const text = htmlText(html ?? '');
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  // a single word longer than the excerpt is cut where the excerpt ends
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
