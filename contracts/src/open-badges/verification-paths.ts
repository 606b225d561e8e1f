/**
 * The public verification addresses of open badges (no sign-in): Open Badges 2.0 hosted verification and the
 * Open Badges 3.0 credentials with their status lists. Served under the API prefix, so the site's one origin serves
 * the documents, the pages that link to them and the verifiers that fetch them. The query side routes these paths;
 * the documents name themselves with them (an assertion's `jsonURL` and `imageURL`), and the web links to them.
 */
export const OPEN_BADGES_VERIFICATION_PREFIX = '/api/v1/open-badges';

export const openBadgesVerificationPaths = {
  assertion: (id: string) => `${OPEN_BADGES_VERIFICATION_PREFIX}/v2/assertions/${encodeURIComponent(id)}`,
  assertionImage: (id: string) =>
    `${OPEN_BADGES_VERIFICATION_PREFIX}/v2/assertions/${encodeURIComponent(id)}/image`,
  badge: (id: string) => `${OPEN_BADGES_VERIFICATION_PREFIX}/v2/badges/${encodeURIComponent(id)}`,
  /** the badge's image as a PNG (the platform's default badge image when the badge has none) */
  badgeImage: (id: string) => `${OPEN_BADGES_VERIFICATION_PREFIX}/v2/badges/${encodeURIComponent(id)}/image`,
  issuer: (id: string) => `${OPEN_BADGES_VERIFICATION_PREFIX}/v2/issuers/${encodeURIComponent(id)}`,
  revocations: (issuerId: string) =>
    `${OPEN_BADGES_VERIFICATION_PREFIX}/v2/issuers/${encodeURIComponent(issuerId)}/revocations`,
  credential: (id: string) => `${OPEN_BADGES_VERIFICATION_PREFIX}/v3/credentials/${encodeURIComponent(id)}`,
  statusList: (listId: string) =>
    `${OPEN_BADGES_VERIFICATION_PREFIX}/v3/status/${encodeURIComponent(listId)}`,
} as const;

/** The absolute verification URLs of a site whose public address is `baseUrl` (PUBLIC_URL, no trailing slash). */
export function openBadgesVerificationUrls(baseUrl: string) {
  const base = baseUrl.replace(/\/+$/, '');
  const p = openBadgesVerificationPaths;
  return {
    assertion: (id: string) => base + p.assertion(id),
    assertionImage: (id: string) => base + p.assertionImage(id),
    badge: (id: string) => base + p.badge(id),
    badgeImage: (id: string) => base + p.badgeImage(id),
    issuer: (id: string) => base + p.issuer(id),
    revocations: (issuerId: string) => base + p.revocations(issuerId),
    credential: (id: string) => base + p.credential(id),
    statusList: (listId: string) => base + p.statusList(listId),
  };
}

export type OpenBadgesVerificationUrls = ReturnType<typeof openBadgesVerificationUrls>;
