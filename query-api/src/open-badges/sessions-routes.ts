import express, { type Response, type Router } from 'express';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { NotFoundError, UnauthenticatedError } from '@platform/contracts/errors';
import { isExpired, openBadgeAssertionResource } from '@platform/contracts/open-badges/assertion';
import { openBadgeEndpoints as endpoints } from '@platform/contracts/open-badges/endpoints';
import { mayIssueOpenBadges } from '@platform/contracts/open-badges/issuer';
import {
  openBadgeSessionResource,
  OpenBadgeSessionStatusSchema,
  type OpenBadgeSessionModuleTimes,
} from '@platform/contracts/open-badges/session';
import {
  currentModulePosition,
  openBadgeSessionStatus,
  openBadgeSessionViewer,
  sessionAllowedActions,
  type OpenBadgeViewerFacts,
} from '@platform/contracts/open-badges/session-state';
import { allows, APP_ADMINS } from '@platform/contracts/resources/access';
import { resourceTable } from '@platform/infra/resources/table';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { viewerOf, type Viewer } from '@platform/infra/http/viewer';
import type { QueryModule } from '../app.ts';
import { listDocument, resourceObject, sendDocument, singleDocument } from '../jsonapi/document.ts';
import { parseListQuery, parseResourceQuery } from '../jsonapi/query.ts';
import { isoTimestamp } from '../jsonapi/sql.ts';
import { consistencyOf } from '../min-position.ts';

const SESSION_TYPE = 'open-badge-training-sessions';
const ASSERTION_TYPE = 'open-badge-assertions';
const uuid = z.string().uuid();
const sessions = resourceTable(openBadgeSessionResource);
const assertions = resourceTable(openBadgeAssertionResource);
const assertionColumn = (name: string) => assertions.attributes.find((a) => a.name === name)!.column;
const ms = z.number().nullable();

const BadgeModule = z
  .object({ position: z.number(), content: z.string().nullable().optional() })
  .passthrough();
const SessionRow = z.object({
  id: z.string(),
  requested_at: ms,
  accepted_at: ms,
  refused_at: ms,
  refused_reason: z.string().nullable(),
  started_at: ms,
  finished_at: ms,
  duration_seconds: z.union([z.bigint(), z.number()]).nullable(),
  modules: z.array(z.object({ position: z.number(), title: z.string() }).passthrough()).nullable(),
  badge_id: z.string().nullable(),
  issuer_id: z.string().nullable(),
  user_id: z.string().nullable(),
  assertion_id: z.string().nullable(),
  badge_title: z.string().nullable(),
  badge_modules: z.array(BadgeModule).nullable(),
  issuer_name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});
type SessionRow = z.infer<typeof SessionRow>;

const SESSION_SELECT = sql.fragment`
  select s.id::text, s.requested_at, s.accepted_at, s.refused_at, s.refused_reason, s.started_at, s.finished_at,
         s.duration_seconds, s.modules, s.badge_id::text, s.issuer_id::text, s.user_id::text,
         s.assertion_id::text, b.title as badge_title, b.modules as badge_modules, o.name as issuer_name,
         u.first_name, u.last_name
    from ${sql.identifier(['read', sessions.table])} s
    left join read.open_badges b on b.id = s.badge_id
    left join read.organizations o on o.id = s.issuer_id
    left join read.users u on u.id = s.user_id`;

/**
 * What the session's answers need of the viewer: the issuer rule (issuer.ts) under the environment's threshold the
 * viewer carries (the session middleware loads it with a signed-in member; without it nobody issues).
 */
function viewerFacts(viewer: Viewer): OpenBadgeViewerFacts {
  return {
    userId: viewer.userId,
    isAdmin: allows(APP_ADMINS, viewer),
    actingAsOrganizationId: viewer.actingAsOrganizationId ?? null,
    mayIssue: mayIssueOpenBadges(viewer, viewer.environment ?? {}),
  };
}

/** A session as the member's page and the issuer's desk read it, with what this viewer may do now. */
function sessionObject(row: SessionRow, facts: OpenBadgeViewerFacts) {
  const times = {
    acceptedAt: isoTimestamp(row.accepted_at),
    refusedAt: isoTimestamp(row.refused_at),
    startedAt: isoTimestamp(row.started_at),
    finishedAt: isoTimestamp(row.finished_at),
    assertionId: row.assertion_id,
  };
  const status = openBadgeSessionStatus(times);
  const modules = (row.modules ?? []) as OpenBadgeSessionModuleTimes[];
  const part = openBadgeSessionViewer({ userId: row.user_id ?? '', issuerId: row.issuer_id ?? '' }, facts);
  const content = new Map((row.badge_modules ?? []).map((m) => [m.position, m.content ?? null]));
  return resourceObject(
    SESSION_TYPE,
    row.id,
    {
      status,
      badgeId: row.badge_id,
      badgeTitle: row.badge_title,
      issuerId: row.issuer_id,
      issuerName: row.issuer_name,
      userId: row.user_id,
      memberName: row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim(),
      requestedAt: isoTimestamp(row.requested_at),
      acceptedAt: times.acceptedAt,
      refusedAt: times.refusedAt,
      refusedReason: row.refused_reason,
      startedAt: times.startedAt,
      finishedAt: times.finishedAt,
      durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
      modules: modules.map((m) => ({
        position: m.position,
        title: m.title,
        content: content.get(m.position) ?? null,
        startedAt: m.startedAt,
        finishedAt: m.finishedAt,
      })),
      assertionId: row.assertion_id,
      allowedActions: sessionAllowedActions({ status, modules }, part),
      currentPosition:
        status === 'accepted' || status === 'in_progress' ? currentModulePosition(modules) : null,
      canIssue: part.isIssuer,
    },
    {
      relationships: {
        badge: { data: row.badge_id ? { type: 'open-badges', id: row.badge_id } : null },
        issuer: { data: row.issuer_id ? { type: 'organizations', id: row.issuer_id } : null },
        user: { data: row.user_id ? { type: 'users', id: row.user_id } : null },
        assertion: { data: row.assertion_id ? { type: ASSERTION_TYPE, id: row.assertion_id } : null },
      },
    },
  );
}

const AssertionRow = z.object({
  id: z.string(),
  recipient_name: z.string(),
  evidence: z.string().nullable(),
  issued_at: z.number(),
  expires_at: ms,
  revoked_at: ms,
  revocation_reason: z.string().nullable(),
  image_url: z.string().nullable(),
  json_url: z.string().nullable(),
  badge_id: z.string().nullable(),
  issuer_id: z.string().nullable(),
  session_id: z.string().nullable(),
  badge_title: z.string().nullable(),
  badge_image_id: z.string().nullable(),
  issuer_name: z.string().nullable(),
});

/**
 * The training sessions (seed 001 §3, §4) and a member's assertions:
 * - GET /services/open-badges/sessions/{id}: for its member, the issuer organization's acting members and
 *   administrators (anyone else: not found), with `allowedActions` and `currentPosition` for this viewer;
 * - GET /services/open-badges/sessions?filter[status]=: the viewer's own sessions and those of the organization
 *   they act as, every one for administrators, newest request first;
 * - GET /services/open-badges/my-assertions: the signed-in member's assertions, with their badge's title and image.
 */
export function openBadgeSessionQueryRoutes(): QueryModule {
  return (deps): Router => {
    const router = express.Router();
    const reads = deps.readAfter([sessions.projection]);

    const signedIn = (res: Response) => {
      const viewer = viewerOf(res);
      if (viewer.userId === null) throw new UnauthenticatedError();
      return viewer;
    };

    mountEndpoint(router, endpoints.sessions, reads, async (req, res) => {
      const viewer = signedIn(res);
      const query = parseListQuery(req.originalUrl, {
        filters: { status: OpenBadgeSessionStatusSchema },
      });
      const facts = viewerFacts(viewer);
      const acting = facts.actingAsOrganizationId ?? null;
      const scope = facts.isAdmin
        ? sql.fragment`true`
        : acting !== null
          ? sql.fragment`(s.user_id = ${viewer.userId} or s.issuer_id = ${acting})`
          : sql.fragment`s.user_id = ${viewer.userId}`;
      const status = query.filter.status;
      const where = status === undefined ? scope : sql.fragment`${scope} and s.status = ${status}`;
      const total = await deps.readPool.oneFirst(sql.type(z.object({ count: z.number() }))`
        select count(*)::int as count from ${sql.identifier(['read', sessions.table])} s where ${where}`);
      const rows = await deps.readPool.any(sql.type(SessionRow)`
        ${SESSION_SELECT} where ${where}
        order by s.requested_at desc, s.id limit ${query.page.size} offset ${query.page.offset}`);
      sendDocument(
        res,
        listDocument({
          data: rows.map((row) => sessionObject(row, facts)),
          total,
          query,
          url: req.originalUrl,
          consistency: consistencyOf(res),
        }),
      );
    });

    mountEndpoint(router, endpoints.session, reads, async (req, res, { params }) => {
      parseResourceQuery(req.originalUrl);
      const viewer = signedIn(res);
      const id = params.id;
      const notFound = new NotFoundError(`open badge training session ${id} not found`);
      if (!uuid.safeParse(id).success) throw notFound;
      const row = await deps.readPool.maybeOne(sql.type(SessionRow)`${SESSION_SELECT} where s.id = ${id}`);
      if (!row) throw notFound;
      const facts = viewerFacts(viewer);
      const part = openBadgeSessionViewer(
        { userId: row.user_id ?? '', issuerId: row.issuer_id ?? '' },
        facts,
      );
      if (!part.isMember && !part.isIssuer && !part.actsForIssuer) throw notFound;
      sendDocument(
        res,
        singleDocument({
          data: sessionObject(row, facts),
          url: req.originalUrl,
          consistency: consistencyOf(res),
        }),
      );
    });

    mountEndpoint(
      router,
      endpoints.myAssertions,
      deps.readAfter([assertions.projection]),
      async (req, res) => {
        const viewer = signedIn(res);
        const query = parseListQuery(req.originalUrl, {});
        const column = (name: string) => sql.identifier(['a', assertionColumn(name)]);
        const rows = await deps.readPool.any(sql.type(AssertionRow)`
          select a.id::text, a.recipient_name, a.evidence, a.issued_at, a.expires_at, a.revoked_at,
                 a.revocation_reason, ${column('imageURL')} as image_url, ${column('jsonURL')} as json_url,
                 a.badge_id::text, a.issuer_id::text, a.session_id::text, b.title as badge_title,
                 b.image_id::text as badge_image_id, o.name as issuer_name
            from ${sql.identifier(['read', assertions.table])} a
            left join read.open_badges b on b.id = a.badge_id
            left join read.organizations o on o.id = a.issuer_id
           where a.recipient_id = ${viewer.userId} and a.deleted_at is null
           order by a.issued_at desc, a.id`);
        const now = deps.clock();
        const page = rows.slice(query.page.offset, query.page.offset + query.page.size);
        sendDocument(
          res,
          listDocument({
            data: page.map((row) => {
              const expiresAt = isoTimestamp(row.expires_at);
              return resourceObject(
                ASSERTION_TYPE,
                row.id,
                {
                  recipientName: row.recipient_name,
                  evidence: row.evidence,
                  issuedAt: isoTimestamp(row.issued_at),
                  expiresAt,
                  revokedAt: isoTimestamp(row.revoked_at),
                  revocationReason: row.revocation_reason,
                  imageURL: row.image_url,
                  jsonURL: row.json_url,
                  expired: isExpired({ expiresAt }, now),
                  revoked: row.revoked_at !== null,
                  badgeTitle: row.badge_title,
                  badgeImageId: row.badge_image_id,
                  issuerName: row.issuer_name,
                },
                {
                  relationships: {
                    badge: { data: row.badge_id ? { type: 'open-badges', id: row.badge_id } : null },
                    issuer: { data: row.issuer_id ? { type: 'organizations', id: row.issuer_id } : null },
                    session: { data: row.session_id ? { type: SESSION_TYPE, id: row.session_id } : null },
                  },
                },
              );
            }),
            total: rows.length,
            query,
            url: req.originalUrl,
            consistency: consistencyOf(res),
          }),
        );
      },
    );

    return router;
  };
}
