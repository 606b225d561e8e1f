import { urlOf } from '@platform/contracts/endpoints';
import { fileEndpoints } from '@platform/contracts/files/endpoints';
import { openBadgesVerificationPaths } from '@platform/contracts/open-badges/verification-paths';
import { openBadgeEndpoints } from '@platform/contracts/open-badges/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';

/**
 * The member's open badges as GET /services/open-badges/my-assertions answers them (the shared plan of issue 20):
 * each assertion with its badge's title and image and its issuer's name; `expired` by the platform's clock.
 */
const when = z.string().nullable().optional().default(null);
const text = z.string().nullable().optional().default(null);

const AssertionSchema = z.object({
  type: z.literal('open-badge-assertions'),
  id: z.string(),
  attributes: z.object({
    recipientName: text,
    issuedAt: when,
    expiresAt: when,
    revokedAt: when,
    revocationReason: text,
    expired: z.boolean().optional().default(false),
    revoked: z.boolean().optional().default(false),
    badgeTitle: text,
    badgeImageId: text,
    issuerName: text,
  }),
});

const ListSchema = z.object({
  data: z.array(AssertionSchema),
  meta: z
    .object({
      total: z.number().optional(),
      page: z.object({ totalPages: z.number() }).passthrough().optional(),
    })
    .passthrough()
    .optional(),
});

/** One of the member's badges as the account page shows it. */
export interface MyBadgeView {
  id: string;
  title: string | null;
  issuerName: string | null;
  recipientName: string | null;
  issuedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  revocationReason: string | null;
  expired: boolean;
  revoked: boolean;
  /** the badge's image as the files layer serves it (same origin), null when the badge has none */
  imageSrc: string | null;
  /** the badge image baked with the assertion's URL (Open Badges 2.0), same origin (ADR 0030: every assertion has
   * one, the platform's default image baked when the badge has none) */
  bakedImageHref: string;
  /** the signed Open Badges 3.0 credential, same origin */
  credentialHref: string;
}

export const MY_BADGES_PAGE_SIZE = 20;

/**
 * One page of the member's badges, newest first. The downloads are named by the verification paths (contracts)
 * relative to this origin, not by the assertion's absolute `imageURL`, so that a download stays on the site that
 * serves the page (a link to another origin would open instead of saving).
 */
export async function readMyBadges(api: ApiClient, page: number, signal?: AbortSignal) {
  const doc = await api.call(openBadgeEndpoints.myAssertions, {
    schema: ListSchema,
    query: { 'page[number]': page, 'page[size]': MY_BADGES_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
  const badges: MyBadgeView[] = doc.data.map(({ id, attributes: a }) => ({
    id,
    title: a.badgeTitle,
    issuerName: a.issuerName,
    recipientName: a.recipientName,
    issuedAt: a.issuedAt,
    expiresAt: a.expiresAt,
    revokedAt: a.revokedAt,
    revocationReason: a.revocationReason,
    expired: a.expired,
    revoked: a.revoked || a.revokedAt !== null,
    imageSrc: a.badgeImageId ? urlOf(fileEndpoints.file, { ref: a.badgeImageId }) : null,
    bakedImageHref: openBadgesVerificationPaths.assertionImage(id),
    credentialHref: openBadgesVerificationPaths.credential(id),
  }));
  const total = doc.meta?.total ?? badges.length;
  return {
    badges,
    total,
    totalPages: doc.meta?.page?.totalPages ?? Math.max(1, Math.ceil(total / MY_BADGES_PAGE_SIZE)),
  };
}
