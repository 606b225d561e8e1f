import express, { type Request, type Response, type Router } from 'express';
import { NotFoundError } from '@platform/contracts/errors';
import {
  openBadgesVerificationPaths as paths,
  openBadgesVerificationUrls,
} from '@platform/contracts/open-badges/verification-paths';
import { BAKED_IMAGE_CONTENT_TYPE, bakeImage, toPng } from '@platform/infra/open-badges/baked-png';
import { defaultBadgePng } from '@platform/infra/open-badges/default-image';
import {
  OB2_CONTENT_TYPE,
  ob2Assertion,
  ob2BadgeClass,
  ob2Issuer,
  ob2RevocationList,
  type Ob2Badge,
  type Ob2Organization,
} from '@platform/infra/open-badges/ob2';
import {
  issueCredential,
  OB3_CONTENT_TYPE,
  statusListCredential,
  type Ob3StatusEntry,
  type PlatformSigner,
} from '@platform/infra/open-badges/ob3';
import type { QueryModule, QueryModuleDeps } from '../app.ts';

/**
 * Open badges verified outside the platform (ADR 0030): public, no sign-in, under the API prefix so the site's one
 * origin serves the documents and the verifiers that fetch them.
 *
 * - GET /open-badges/v2/assertions/{id}               Assertion (hosted verification), application/ld+json
 * - GET /open-badges/v2/assertions/{id}/image         the badge image baked with the assertion URL, image/png
 * - GET /open-badges/v2/badges/{id}                   BadgeClass
 * - GET /open-badges/v2/badges/{id}/image             the badge's image as a PNG (the platform's default when none)
 * - GET /open-badges/v2/issuers/{id}                  Issuer Profile (the organization)
 * - GET /open-badges/v2/issuers/{id}/revocations      RevocationList
 * - GET /open-badges/v3/credentials/{id}              the signed OpenBadgeCredential, application/vc+ld+json
 * - GET /open-badges/v3/status/{listId}               the signed Bitstring Status List credential
 *
 * Unknown ids answer 404 (a JSON:API error); a revoked assertion's documents say so, an expired one's `expires` /
 * `validUntil` is past: they are still served, as verifiers need them to tell.
 */

/** An assertion as the verification documents need it. */
export interface VerificationAssertion {
  id: string;
  badgeId: string;
  issuerId: string;
  recipientEmail: string;
  recipientSalt: string | null;
  issuedAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  revocationReason: string | null;
  evidence: string | null;
  /**
   * its bit in the 3.0 status lists (ADR 0030: numbered in `$all` order by a projection); null while that
   * projection has not numbered it yet (its credential answers 404 until then)
   */
  status: Ob3StatusEntry | null;
}

/** A badge; `imageUrl` and `criteriaUrl` absolute (the files layer's public URLs). */
export type VerificationBadge = Omit<Ob2Badge, 'organizationId'> & { organizationId: string };

/** The reads the routes need, from the read models (the port the open badges read side implements). */
export interface VerificationReader {
  /** an issued assertion, revoked or not; null when unknown or deleted */
  assertion(id: string): Promise<VerificationAssertion | null>;
  /** a published badge; null when unknown, deleted or unpublished */
  badge(id: string): Promise<VerificationBadge | null>;
  /** an organization that issues badges; `url` its site or the platform's address */
  organization(id: string): Promise<Ob2Organization | null>;
  /** the issuer's revoked assertions (null: no such organization) */
  revokedAssertions(issuerId: string): Promise<{ id: string; revocationReason: string | null }[] | null>;
  /** a status list's revoked indexes and the time its state began (null: no such list) */
  statusList(listId: string): Promise<{ revokedIndexes: number[]; validFrom: string } | null>;
  /** the bytes of the badge's image (any format sharp reads), null when it has none (the default image serves) */
  badgeImage(badgeId: string): Promise<Buffer | null>;
}

export interface VerificationRoutesOptions {
  /** the reads, or how to make them from the query side's deps (its read pool) */
  reader: VerificationReader | ((deps: QueryModuleDeps) => VerificationReader);
  /** the projections the reads depend on: a request's minPosition waits for them */
  projections?: readonly string[];
  /** the site's public address (PUBLIC_URL) */
  publicUrl: string;
  /** the platform's signer (ADR 0030), loaded once by the host */
  signer: () => Promise<PlatformSigner>;
}

const PREFIX_LENGTH = '/api/v1'.length;
/** a verification path as an Express pattern below the API prefix the query API is mounted at (`:id` unencoded) */
const route = (path: (id: string) => string, name = 'id') =>
  path('\u0000').slice(PREFIX_LENGTH).replace('%00', `:${name}`);

function send(res: Response, contentType: string, body: unknown) {
  res.status(200).type(contentType).set('Cache-Control', 'no-cache').send(JSON.stringify(body));
}

const found = <T>(value: T | null, what: string): T => {
  if (value === null) throw new NotFoundError(`No such ${what}`);
  return value;
};

const param = (req: Request, name: string) => String(req.params[name] ?? '');

export function openBadgesVerificationRoutes(options: VerificationRoutesOptions): QueryModule {
  const { publicUrl } = options;
  const site = { baseUrl: publicUrl };

  return (deps) => {
    const reader = typeof options.reader === 'function' ? options.reader(deps) : options.reader;
    /** the badge's image, or the platform's default badge image (a BadgeClass requires one, ADR 0030) */
    const imageOf = async (badgeId: string) =>
      (await reader.badgeImage(badgeId)) ?? (await defaultBadgePng());
    const router: Router = express.Router();
    if (options.projections?.length) router.use('/open-badges', deps.readAfter(options.projections));
    // verifiers fetch these from anywhere (browsers included): public reads, no credentials
    router.use('/open-badges', (_req, res, next) => {
      res.set('Access-Control-Allow-Origin', '*');
      next();
    });

    router.get(route(paths.assertion), async (req, res) => {
      const assertion = found(await reader.assertion(param(req, 'id')), 'assertion');
      send(
        res,
        OB2_CONTENT_TYPE,
        ob2Assertion(site, { ...assertion, salt: assertion.recipientSalt ?? undefined }),
      );
    });

    router.get(route(paths.assertionImage), async (req, res) => {
      const assertion = found(await reader.assertion(param(req, 'id')), 'assertion');
      const baked = await bakeImage(
        await imageOf(assertion.badgeId),
        openBadgesVerificationUrls(publicUrl).assertion(assertion.id),
      );
      res
        .status(200)
        .type(BAKED_IMAGE_CONTENT_TYPE)
        .set('Cache-Control', 'no-cache')
        .set('Content-Disposition', `inline; filename="badge-${assertion.id}.png"`)
        .send(baked);
    });

    router.get(route(paths.badge), async (req, res) => {
      const badge = found(await reader.badge(param(req, 'id')), 'badge');
      send(res, OB2_CONTENT_TYPE, ob2BadgeClass(site, badge));
    });

    router.get(route(paths.badgeImage), async (req, res) => {
      const badge = found(await reader.badge(param(req, 'id')), 'badge');
      res
        .status(200)
        .type('image/png')
        .set('Cache-Control', 'no-cache')
        .send(await toPng(await imageOf(badge.id)));
    });

    router.get(route(paths.issuer), async (req, res) => {
      const organization = found(await reader.organization(param(req, 'id')), 'issuer');
      send(res, OB2_CONTENT_TYPE, ob2Issuer(site, organization));
    });

    router.get(route(paths.revocations), async (req, res) => {
      const id = param(req, 'id');
      const revoked = found(await reader.revokedAssertions(id), 'issuer');
      send(res, OB2_CONTENT_TYPE, ob2RevocationList(site, id, revoked));
    });

    router.get(route(paths.credential), async (req, res) => {
      const assertion = found(await reader.assertion(param(req, 'id')), 'assertion');
      const status = found(assertion.status, 'credential status entry');
      const [badge, organization] = await Promise.all([
        reader.badge(assertion.badgeId),
        reader.organization(assertion.issuerId),
      ]);
      const credential = await issueCredential(
        {
          baseUrl: publicUrl,
          assertion: { ...assertion, salt: assertion.recipientSalt ?? undefined },
          badge: found(badge, 'badge'),
          organization: found(organization, 'issuer'),
          status,
        },
        await options.signer(),
      );
      send(res, OB3_CONTENT_TYPE, credential);
    });

    router.get(route(paths.statusList, 'listId'), async (req, res) => {
      const listId = param(req, 'listId');
      const list = found(await reader.statusList(listId), 'status list');
      send(
        res,
        OB3_CONTENT_TYPE,
        await statusListCredential({ baseUrl: publicUrl, listId, ...list }, await options.signer()),
      );
    });

    return router;
  };
}
