import { randomUUID } from 'node:crypto';
import express, { type Request, type Router } from 'express';
import type { Sql } from 'postgres';
import { z } from 'zod/v4';
import { ConflictError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import { pagesEndpoints } from '@platform/contracts/pages/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import type { CommandModuleDeps } from '../app.ts';
import { requireCmsEditor } from '../environment/authorize.ts';
import { deriveId } from '../handler.ts';
import { sendCommandResult } from '../http/respond.ts';
import { createDraft, publishDraft } from './drafts.ts';
import { createPage, deletePage, runComponentCommand, updatePage } from './service.ts';
import { TYPE } from './store.ts';

const COMPONENT_TYPE = 'app-page-components';
const uuid = z.string().uuid();

/** Ids in the URL that are not uuids name nothing: 404, not 422. */
function idOf(req: Request, type: string): string {
  const id = req.params.id;
  if (!uuid.safeParse(id).success) throw new NotFoundError(`${type} ${String(id)} not found`);
  return id as string;
}

/** JSON:API: a body whose id differs from the URL's is a conflict. */
function assertSameId(urlId: string, bodyId: string | undefined) {
  if (bodyId !== undefined && bodyId !== urlId) {
    throw new ConflictError(
      'conflict.state',
      `data.id ${bodyId} does not match the URL (${urlId})`,
      '/data/id',
    );
  }
}

export interface PagesCommandOptions {
  /**
   * postgres.js pool on the read models: finds a component's page (read.app_page_components) when a PATCH or
   * DELETE does not name it in relationships.page. It is routing only; the page stream decides.
   */
  sql?: Sql;
}

/**
 * Commands on app-pages and app-page-components. A component lives in its page's stream (`page-<uuid>`), so
 * If-Match on a component carries its page's version (meta.version of both read resources).
 */
export function pagesCommandRoutes(deps: CommandModuleDeps, options: PagesCommandOptions = {}): Router {
  const router = express.Router();

  async function componentPageOf(
    req: Request,
    componentId: string,
    named: string | undefined,
  ): Promise<string> {
    if (named !== undefined) return named;
    const sql = options.sql ?? deps.readSql;
    if (!sql) {
      throw ValidationError.at(
        '/data/relationships/page',
        "name the component's page",
        'validation.required',
      );
    }
    const rows = await sql<{ page_id: string }[]>`
      select page_id::text from read.app_page_components where id = ${componentId}`.catch(
      (error: unknown) => {
        // before the pages projection has set up its tables, no component can be found
        if ((error as { code?: string }).code === '42P01') return [];
        throw error;
      },
    );
    const pageId = rows[0]?.page_id;
    if (!pageId) throw new NotFoundError(`${COMPONENT_TYPE} ${componentId} not found`);
    return pageId;
  }

  const authorized = (req: Request, res: express.Response) => {
    const request = deps.commandRequest(req, res);
    requireCmsEditor(res);
    return request;
  };

  mountEndpoint(router, pagesEndpoints.createPage, async (req, res, call) => {
    const request = authorized(req, res);
    const { data } = call.body();
    const key = request.idempotencyKey;
    const pageId = data.id ?? (key !== undefined ? deriveId(key, TYPE) : randomUUID());
    const result = await createPage(deps, request, { pageId, attributes: data.attributes });
    sendCommandResult(res, { type: TYPE, id: pageId, result, status: 201 });
  });

  mountEndpoint(router, pagesEndpoints.updatePage, async (req, res, call) => {
    const pageId = idOf(req, TYPE);
    const request = authorized(req, res);
    const { data } = call.body();
    assertSameId(pageId, data.id);
    const result = await updatePage(deps, request, { pageId, attributes: data.attributes });
    sendCommandResult(res, { type: TYPE, id: pageId, result });
  });

  mountEndpoint(router, pagesEndpoints.deletePage, async (req, res) => {
    const pageId = idOf(req, TYPE);
    const result = await deletePage(deps, authorized(req, res), pageId);
    sendCommandResult(res, { type: TYPE, id: pageId, result });
  });

  mountEndpoint(router, pagesEndpoints.createDraft, async (req, res) => {
    const pageId = idOf(req, TYPE);
    const result = await createDraft(deps, authorized(req, res), pageId);
    const draftPageId = result.streamId.slice('page-'.length);
    sendCommandResult(res, { type: TYPE, id: draftPageId, result, status: 201 });
  });

  mountEndpoint(router, pagesEndpoints.publishDraft, async (req, res) => {
    const draftPageId = idOf(req, TYPE);
    const { pageId, result } = await publishDraft(deps, authorized(req, res), draftPageId);
    sendCommandResult(res, { type: TYPE, id: pageId, result });
  });

  mountEndpoint(router, pagesEndpoints.addComponent, async (req, res, call) => {
    const request = authorized(req, res);
    const { data } = call.body();
    const key = request.idempotencyKey;
    const componentId = data.id ?? (key !== undefined ? deriveId(key, COMPONENT_TYPE) : randomUUID());
    const pageId = data.relationships.page.data.id;
    const result = await runComponentCommand(deps, request, {
      type: 'AddAppPageComponent',
      data: { pageId, componentId, attributes: data.attributes },
      metadata: request.metadata,
    });
    sendCommandResult(res, { type: COMPONENT_TYPE, id: componentId, result, status: 201 });
  });

  mountEndpoint(router, pagesEndpoints.updateComponent, async (req, res, call) => {
    const componentId = idOf(req, COMPONENT_TYPE);
    const request = authorized(req, res);
    const { data } = call.body();
    assertSameId(componentId, data.id);
    const pageId = await componentPageOf(req, componentId, data.relationships?.page?.data.id);
    const result = await runComponentCommand(deps, request, {
      type: 'UpdateAppPageComponent',
      data: { pageId, componentId, attributes: data.attributes },
      metadata: request.metadata,
    });
    sendCommandResult(res, { type: COMPONENT_TYPE, id: componentId, result });
  });

  mountEndpoint(router, pagesEndpoints.removeComponent, async (req, res) => {
    const componentId = idOf(req, COMPONENT_TYPE);
    const request = authorized(req, res);
    const body = pagesEndpoints.removeComponent.body.safeParse(req.body);
    const named = body.success ? body.data?.data?.relationships?.page.data.id : undefined;
    const pageId = await componentPageOf(req, componentId, named);
    const result = await runComponentCommand(deps, request, {
      type: 'RemoveAppPageComponent',
      data: { pageId, componentId },
      metadata: request.metadata,
    });
    sendCommandResult(res, { type: COMPONENT_TYPE, id: componentId, result });
  });

  return router;
}
