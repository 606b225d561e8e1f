import { z } from 'zod/v4';
import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { resourceDocument } from '../resource-document.ts';
import { OpenBadgeAssertionRevokeSchema } from './assertion.ts';
import {
  OpenBadgeAssertionIssueSchema,
  OpenBadgeSessionActionSchema,
  OpenBadgeSessionRequestSchema,
} from './session.ts';

/**
 * The open badge training sessions and assertions (seed 000 §2.2, 001 §3-§5): the member's request, the session's
 * steps, the issuer's award and its revocation (command-api/src/open-badges), and their reads
 * (query-api/src/open-badges/sessions-routes.ts). Every write answers with `meta.position` and `meta.version`.
 */
export const openBadgeEndpoints = {
  /** `issuerId` is the organization's id or slug; 201 with the session */
  requestSession: defineEndpoint({
    method: 'POST',
    path: '/services/open-badges/sessions',
    body: resourceDocument({
      type: 'open-badge-training-sessions',
      attributes: OpenBadgeSessionRequestSchema,
    }),
  }),
  /** accept, refuse (a reason), start or finish a module (its position); 200 with the session */
  sessionAction: defineEndpoint({
    method: 'POST',
    path: '/services/open-badges/sessions/:id/actions',
    body: z.object({
      data: z.object({
        type: z.literal('open-badge-training-session-actions').optional(),
        attributes: OpenBadgeSessionActionSchema,
      }),
    }),
  }),
  /** the issuer awards the badge; 201 `{ data: { type: 'open-badge-assertions', id } }` */
  issueAssertion: defineEndpoint({
    method: 'POST',
    path: '/services/open-badges/sessions/:id/assertion',
    body: z.object({
      data: z.object({
        type: z.literal('open-badge-assertions').optional(),
        attributes: OpenBadgeAssertionIssueSchema,
      }),
    }),
  }),
  revokeAssertion: defineEndpoint({
    method: 'POST',
    path: '/services/open-badges/assertions/:id/revoke',
    body: z.object({ data: z.object({ attributes: OpenBadgeAssertionRevokeSchema }) }),
  }),
  /** a keeper of the badge makes its next version (an unpublished copy); 201 with the new badge */
  newBadgeVersion: defineEndpoint({ method: 'POST', path: '/services/open-badges/badges/:id/new-version' }),

  /** `filter[status]`, `page[number]`: the viewer's own, the acting organization's as issuer, all for admins */
  sessions: defineEndpoint({ method: 'GET', path: '/services/open-badges/sessions' }),
  session: defineEndpoint({ method: 'GET', path: '/services/open-badges/sessions/:id' }),
  /** the signed-in member's assertions, with their badge's title and image */
  myAssertions: defineEndpoint({ method: 'GET', path: '/services/open-badges/my-assertions' }),
} satisfies Record<string, AnyEndpoint>;
