import type { Request, Response } from 'express';
import { ACCESS_LEVEL_WEIGHTS, LOCALES, type Locale } from '@platform/contracts/enums';
import { tagColour } from '@platform/contracts/content/tag';
import { allows } from '@platform/contracts/resources/access';
import { PUBLISHERS } from '@platform/contracts/publications/access';
import { viewerOf, type Viewer } from '@platform/infra/http/viewer';
import { resourceObject, type ResourceObject } from '@platform/query-api/jsonapi/document';
import { isoOfValue } from '@platform/query-api/jsonapi/sql';

/**
 * What the community section's hand-written reads share (handwritten-repository.ts, handwritten-forum.ts): the
 * reader's locale and access levels, a publication item's author and flags, and the tags they include. Written
 * for the readers the bench sends (visitors and members who keep none of the records), without the editors' view
 * of unpublished records.
 */

export const iso = isoOfValue;

/** The access levels a viewer reaches (ADR 0003). */
export const levelsOf = (viewer: Viewer): string[] =>
  Object.entries(ACCESS_LEVEL_WEIGHTS)
    .filter(([, weight]) => weight <= viewer.accessWeight)
    .map(([level]) => level);

/** The reader's locale: Accept-Language among the platform's, else the default one. */
export function localeOf(req: Request): Locale {
  const accepted = req.get('accept-language') ? req.acceptsLanguages([...LOCALES]) : false;
  return typeof accepted === 'string' ? (accepted as Locale) : 'en';
}

/** Which locales other than the reader's have text: the translations', and the default one. */
export const otherLocales = (translations: Record<string, unknown>, locale: Locale): string[] =>
  LOCALES.filter((l) => l !== locale && (l === 'en' || l in translations));

/** A publication item's author: its organization when it has one, else its creator; null when neither is left. */
export function authorOf(
  createdBy: string | null,
  creatorName: string | null,
  organizationId: string | null,
  organizationName: string | null,
) {
  if (organizationId && organizationName !== null)
    return { type: 'organizations', id: organizationId, name: organizationName };
  if (creatorName !== null && createdBy) return { type: 'users', id: createdBy, name: creatorName.trim() };
  return null;
}

/** canEdit / canDelete of a record kept by its author and the publishers. */
export function keeperFlags(res: Response, createdBy: string | null, organizationId: string | null) {
  const viewer = viewerOf(res);
  const author =
    viewer.userId !== null &&
    (createdBy === viewer.userId ||
      (organizationId !== null && viewer.actingAsOrganizationId === organizationId));
  const keeper = author || allows(PUBLISHERS, viewer);
  return { canEdit: keeper, canDelete: keeper };
}

const user = (id: string | null) => ({ data: id ? { type: 'users', id } : null });

/** The relationships every publication item's document carries. */
export const itemRelationships = (row: {
  organization_id: string | null;
  created_by: string | null;
  updated_by: string | null;
}) => ({
  organization: { data: row.organization_id ? { type: 'organizations', id: row.organization_id } : null },
  createdBy: user(row.created_by),
  updatedBy: user(row.updated_by),
});

/** An included tag, from `json_build_object('id', 'name', 'created_at', 'updated_at', 'version')`. */
export function includedTag(row: Record<string, unknown>, fields: Record<string, string[]>): ResourceObject {
  const id = String(row.id);
  return resourceObject(
    'tags',
    id,
    { name: row.name, colour: tagColour(id), createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) },
    { self: `/api/v1/tags/${id}`, meta: { version: String(row.version) }, fields },
  );
}
