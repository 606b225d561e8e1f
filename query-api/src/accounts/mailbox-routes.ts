import express, { type Router } from 'express';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { isAdministrator } from '@platform/contracts/accounts/rules';
import { ForbiddenError, UnauthenticatedError } from '@platform/contracts/errors';
import { accountEndpoints } from '@platform/contracts/accounts/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { viewerOf } from '@platform/infra/http/viewer';
import type { QueryModuleDeps } from '../app.ts';
import { listDocument, resourceObject, sendDocument } from '../jsonapi/document.ts';
import { parseListQuery } from '../jsonapi/query.ts';
import { timestamp } from '../jsonapi/sql.ts';

const TYPE = 'dev-mail-messages';
const Row = z.object({
  id: z.bigint(),
  to_address: z.string(),
  subject: z.string(),
  text_body: z.string(),
  html_body: z.string().nullable(),
  headers: z.record(z.string(), z.string()).nullable(),
  sent_at: timestamp,
});

/**
 * GET /dev/mailbox: the messages the platform would have sent, newest first (mounted only when no SMTP server is
 * configured; administrators only). Tests and developers follow verification and reset links from here.
 */
export function devMailboxRoutes(deps: QueryModuleDeps): Router {
  const router = express.Router();
  mountEndpoint(router, accountEndpoints.mailbox, async (req, res) => {
    const viewer = viewerOf(res);
    if (viewer.userId === null) throw new UnauthenticatedError();
    if (!isAdministrator(viewer)) throw new ForbiddenError('The dev mailbox is for administrators');
    const query = parseListQuery(req.originalUrl, {
      filters: {
        to: z
          .string()
          .max(254)
          .transform((v) => v.trim().toLowerCase()),
      },
      defaultPageSize: 50,
    });
    const where = query.filter.to ? sql.fragment`lower(to_address) = ${query.filter.to}` : sql.fragment`true`;
    const rows = await deps.readPool.any(sql.type(Row)`
      select id, to_address, subject, text_body, html_body, headers, sent_at from dev_mailbox where ${where}
       order by id desc limit ${query.page.size} offset ${query.page.offset}`);
    const total = await deps.readPool.oneFirst(sql.type(z.object({ total: z.number() }))`
      select count(*)::int as total from dev_mailbox where ${where}`);
    const data = rows.map((r) =>
      resourceObject(TYPE, r.id.toString(), {
        to: r.to_address,
        subject: r.subject,
        text: r.text_body,
        html: r.html_body,
        headers: r.headers ?? {},
        sentAt: r.sent_at,
      }),
    );
    sendDocument(res, listDocument({ data, total, query, url: req.originalUrl }));
  });
  return router;
}
