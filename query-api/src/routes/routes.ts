import express, { type Router } from 'express';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { editsContent } from '@platform/contracts/accounts/rules';
import { ForbiddenError, NotFoundError } from '@platform/contracts/errors';
import { readComponentProps } from '@platform/contracts/pages/components';
import { redirectionResource } from '@platform/contracts/redirections/redirection';
import { shortUrlResource } from '@platform/contracts/short-urls/short-url';
import { pagesEndpoints } from '@platform/contracts/pages/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { viewerOf } from '@platform/infra/http/viewer';
import { resourceTable } from '@platform/infra/resources/table';
import type { QueryModuleDeps } from '../app.ts';
import { sendDocument } from '../jsonapi/document.ts';
import { consistencyOf } from '../min-position.ts';
import { visibilityClause } from '../visibility.ts';
import { parseRouteRequest, redirectLocation } from './resolve.ts';
import { timestamp } from '../jsonapi/sql.ts';

const SHORT_URL_PATH = /^\/s\/([A-Za-z0-9_-]{1,64})$/;

const PageRow = z.object({
  id: z.string(),
  path: z.string(),
  title: z.string(),
  description: z.string(),
  styles: z.string(),
  requires_auth: z.boolean(),
  access_level: z.string().nullable(),
  roles: z.array(z.string()),
  is_default: z.boolean(),
  draft_page_id: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  version: z.bigint(),
  accessible: z.boolean(),
});

const ComponentRow = z.object({
  id: z.string(),
  name: z.string(),
  view_id: z.string().nullable(),
  position: z.number().int(),
  props: z.record(z.string(), z.unknown()),
});

/**
 * GET /api/v1/services/routes/resolve?path=<path>&query=<raw query>: what the web shows at a path. A live,
 * published page at the (normalised) path wins; else a redirection from it (query string kept); else, for
 * /s/{token}, the short URL's target; else 404. A page
 * the viewer may not open is a 403 (seed 000 §6), decided in SQL by the shared visibility clause. The root falls
 * back to the default page when no page claims '/'. A component's props are answered as the contract reads them
 * (its defaults filled in): the web's first screen renders them without a schema of its own (ADR 0047); a
 * component whose props no longer parse is left out, as the web would leave it out, and logged.
 */
export function routeResolverRoutes(deps: QueryModuleDeps): Router {
  const router = express.Router();
  const pool = deps.readPool;

  const reads = deps.readAfter([
    'pages',
    resourceTable(redirectionResource).projection,
    resourceTable(shortUrlResource).projection,
  ]);
  mountEndpoint(router, pagesEndpoints.resolveRoute, reads, async (req, res) => {
    const viewer = viewerOf(res);
    const route = parseRouteRequest(req.originalUrl);
    const page = await pool.maybeOne(sql.type(PageRow)`
      select id, path, title, description, styles, requires_auth, access_level, roles, is_default, draft_page_id,
             created_at, updated_at, version, ${visibilityClause(viewer)} as accessible
        from read.app_pages
       where deleted_at is null and not is_draft and (path = ${route.path} or (${route.path} = '/' and is_default))
       order by (path = ${route.path}) desc, updated_at desc
       limit 1`);
    const meta = { path: route.path, ...consistencyOf(res) };

    if (page) {
      if (!page.accessible) throw new ForbiddenError();
      const components = await pool.any(sql.type(ComponentRow)`
        select id, name, view_id, position, props from read.app_page_components
         where page_id = ${page.id} order by position`);
      const readable = components.flatMap((c) => {
        const props = readComponentProps(c.name, c.props);
        if (props === null)
          deps.logger.warn(
            { pageId: page.id, componentId: c.id, name: c.name },
            'a page component whose type or props this build cannot read is left out of its page',
          );
        return props === null ? [] : [{ ...c, props }];
      });
      sendDocument(res, {
        data: {
          kind: 'page',
          page: {
            type: 'app-pages',
            id: page.id,
            attributes: {
              path: page.path,
              title: page.title,
              description: page.description,
              styles: page.styles,
              requiresAuth: page.requires_auth,
              accessLevel: page.access_level,
              roles: page.roles,
              isDefault: page.is_default,
              createdAt: page.created_at,
              updatedAt: page.updated_at,
            },
            ...(editsContent(viewer) && page.draft_page_id
              ? { relationships: { draftPage: { data: { type: 'app-pages', id: page.draft_page_id } } } }
              : {}),
            meta: { version: page.version.toString() },
          },
          components: readable.map((c) => ({
            type: 'app-page-components',
            id: c.id,
            attributes: { name: c.name, viewId: c.view_id, position: c.position, props: c.props },
          })),
        },
        meta,
      });
      return;
    }

    const redirection = await pool.maybeOne(sql.type(z.object({ id: z.string(), to_path: z.string() }))`
      select id, to_path from read.app_redirections where from_path = ${route.path} order by created_at limit 1`);
    if (redirection) {
      sendDocument(res, {
        data: {
          kind: 'redirect',
          location: redirectLocation(redirection.to_path, route.query),
          redirectionId: redirection.id,
        },
        meta,
      });
      return;
    }
    // {base}/s/{token}: a short URL leads to its target (seed 001 §2)
    const token = SHORT_URL_PATH.exec(route.path)?.[1];
    const shortUrl = token
      ? await pool.maybeOne(sql.type(z.object({ id: z.string(), url: z.string() }))`
          select id, url from read.app_short_urls where token = ${token} limit 1`)
      : null;
    if (shortUrl) {
      sendDocument(res, {
        data: {
          kind: 'redirect',
          location: redirectLocation(shortUrl.url, route.query),
          shortUrlId: shortUrl.id,
        },
        meta,
      });
      return;
    }
    throw new NotFoundError(`Nothing is published at ${route.path}`);
  });

  return router;
}
