import { moduleEventContracts } from '@platform/contracts/registry';
import { openBadgeResource } from '@platform/contracts/open-badges/records';
import { openBadgeSessionResource } from '@platform/contracts/open-badges/session';
import { openBadgeVersionRoutes } from '@platform/command-api/open-badges/badge-versions';
import { openBadgeSessionRoutes } from '@platform/command-api/open-badges/routes';
import {
  assertionsCountExtension,
  type AssertionsCountFeed,
} from '@platform/projectors/open-badges/assertions-count';
import { openBadgeAssertionsFeed } from '@platform/projectors/open-badges/assertions-feed';
import { openBadgeSessionModulesExtension } from '@platform/projectors/open-badges/sessions';
import { openBadgeStatusIndexProjection } from '@platform/projectors/open-badges/status-index';
import { openBadgeSessionQueryRoutes } from '@platform/query-api/open-badges/sessions-routes';
import {
  VERIFICATION_PROJECTIONS,
  verificationReader,
} from '@platform/query-api/open-badges/verification-reader';
import { openBadgesVerificationRoutes } from '@platform/query-api/open-badges/verification-routes';
import { loadPlatformSigner } from '@platform/infra/open-badges/signing-key';
import type { PlatformSigner } from '@platform/infra/open-badges/ob3';
import type { ModuleDescriptor, ServeContext } from '../module-descriptor.ts';

/**
 * The open badges' verification routes (ADR 0030) of one platform: the reads over its read models and blob store,
 * the site's public address, and its signer, loaded once (the configured key, else the one kept in the database;
 * a failed load is tried again by the next request).
 */
function verificationRoutes({ auth, files, sql, openBadgesSigningKey }: ServeContext) {
  const publicUrl = auth.context.publicUrl;
  let signer: Promise<PlatformSigner> | undefined;
  return openBadgesVerificationRoutes({
    publicUrl,
    reader: (deps) =>
      verificationReader({ readPool: deps.readPool, store: files.store, publicUrl, clock: deps.clock }),
    projections: VERIFICATION_PROJECTIONS,
    signer: () =>
      (signer ??= loadPlatformSigner({ configuredKey: openBadgesSigningKey, sql }).catch((error: unknown) => {
        signer = undefined;
        throw error;
      })),
  });
}

/**
 * The open badges as one module (issue 20, ADR 0029): the badges are a resource of the catalogue (switched by
 * FEATURE_OPEN_BADGES like their routes here); the module adds their new versions, the training sessions' and
 * assertions' workflow (events, command routes, reads), the modules' times in the sessions' projection and the
 * badges' `assertionsCount` from the assertions issued and revoked. Sessions and assertions are read-only records
 * of the layer (the back office lists them with their history; the assertions' revocations the layer reads as
 * updates). The verification documents (Open Badges 2.0 and 3.0, ADR 0030) are served from the read models, with
 * the status-index projection numbering each issued assertion's bit in the 3.0 status lists. When the feature is
 * off, none of its routes answer.
 */
export function openBadgesModule(options: { assertionsCount?: AssertionsCountFeed } = {}): ModuleDescriptor {
  return {
    name: 'openBadges',
    eventContracts: moduleEventContracts.openBadges,
    command: ({ features, auth }) =>
      features.openBadges
        ? [openBadgeVersionRoutes, openBadgeSessionRoutes({ publicUrl: auth.context.publicUrl })]
        : [],
    query: (context) =>
      context.features.openBadges ? [openBadgeSessionQueryRoutes(), verificationRoutes(context)] : [],
    projections: [openBadgeStatusIndexProjection],
    resourceWorkflows: [
      {
        resource: openBadgeResource,
        projection: assertionsCountExtension(options.assertionsCount ?? openBadgeAssertionsFeed),
      },
      { resource: openBadgeSessionResource, projection: openBadgeSessionModulesExtension },
    ],
  };
}
