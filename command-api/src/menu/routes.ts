import { randomUUID } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod/v4';
import { DomainError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import { menuEndpoints } from '@platform/contracts/menu/endpoints';
import { MENU_STREAM_ID, type MenuItemFields } from '@platform/contracts/menu/events';
import { loadState } from '@platform/infra/event-store';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import type { CommandModuleDeps, CommandRequest } from '../app.ts';
import { recordEnvironmentUpdated } from '../environment/record.ts';
import { deriveId, type CommandResult } from '../handler.ts';
import { sendCommandResult } from '../http/respond.ts';
import { requireCmsEditor } from '../environment/authorize.ts';
import { menuDecider, type MenuCommand } from './decide.ts';
import { pageIsLinkable } from './page-link.ts';

const TYPE = 'app-menu-items';
const uuid = z.string().uuid();

/** Ids in the URL that are not uuids name nothing: 404, not 422. */
function itemIdOf(req: Request): string {
  const id = req.params.id;
  if (!uuid.safeParse(id).success) throw new NotFoundError(`app-menu-item ${String(id)} not found`);
  return id as string;
}

/**
 * Commands on app-menu-items (all in `menu-main`). If-Match carries the item's version (meta.version of the
 * read side), checked by the decider for that item only. Every save or delete records that the app environment
 * was updated; the answer's position is that signal's, so a reader waiting for it sees the menu change too.
 */
export function menuCommandRoutes(deps: CommandModuleDeps): Router {
  const router = express.Router();

  async function run(
    req: Request,
    res: Response,
    command: (request: CommandRequest) => MenuCommand,
    answer: { id: string; action: 'saved' | 'deleted'; status?: 200 | 201 },
  ) {
    const request = deps.commandRequest(req, res);
    requireCmsEditor(res);
    const result = await deps.handle({
      streamId: MENU_STREAM_ID,
      decider: menuDecider,
      command: command(request),
      ...(request.idempotencyKey !== undefined ? { idempotencyKey: request.idempotencyKey } : {}),
    });
    const final = await afterMenuCommand(deps, request, result, answer.id, answer.action);
    sendCommandResult(res, { type: TYPE, id: answer.id, result: final, status: answer.status ?? 200 });
  }

  mountEndpoint(router, menuEndpoints.create, async (req, res, call) => {
    const doc = call.body();
    const key = req.get('Idempotency-Key');
    const id = doc.data.id ?? (key ? deriveId(key, TYPE) : randomUUID());
    const { position, ...attributes } = doc.data.attributes;
    const pageId = doc.data.relationships?.page?.data?.id ?? null;
    await assertLinkablePage(deps, pageId);
    const fields: MenuItemFields = { ...attributes, pageId };
    await run(
      req,
      res,
      ({ metadata }) => ({
        type: 'CreateAppMenuItem',
        data: { ...fields, id, parentId: doc.data.relationships?.parent?.data?.id ?? null, position },
        metadata,
      }),
      { id, action: 'saved', status: 201 },
    );
  });

  mountEndpoint(router, menuEndpoints.update, async (req, res, call) => {
    const id = itemIdOf(req);
    const doc = call.body();
    if (doc.data.id !== undefined && doc.data.id !== id) {
      throw ValidationError.at('/data/id', 'the document id must match the URL');
    }
    const { position, ...changes } = doc.data.attributes;
    const relationships = doc.data.relationships ?? {};
    const pageChange = relationships.page ? { pageId: relationships.page.data?.id ?? null } : {};
    if (pageChange.pageId) await assertLinkablePage(deps, pageChange.pageId);
    const parent = relationships.parent;
    await run(
      req,
      res,
      ({ metadata, expectedVersion }) => ({
        type: 'UpdateAppMenuItem',
        data: {
          id,
          changes: { ...changes, ...pageChange },
          ...(parent || position !== undefined ? { move: moveTarget(parent, position) } : {}),
          ...(expectedVersion !== undefined ? { expectedVersion } : {}),
        },
        metadata,
      }),
      { id, action: 'saved' },
    );
  });

  mountEndpoint(router, menuEndpoints.move, async (req, res, call) => {
    const id = itemIdOf(req);
    const body = call.body();
    try {
      await run(
        req,
        res,
        ({ metadata, expectedVersion }) => ({
          type: 'MoveAppMenuItem',
          data: { id, parentId: body.parent, position: body.position, expectedVersion },
          metadata,
        }),
        { id, action: 'saved' },
      );
    } catch (error) {
      throw error instanceof ValidationError ? movePointers(error) : error;
    }
  });

  mountEndpoint(router, menuEndpoints.delete, async (req, res) => {
    const id = itemIdOf(req);
    await run(
      req,
      res,
      ({ metadata, expectedVersion }) => ({
        type: 'DeleteAppMenuItem',
        data: { id, expectedVersion },
        metadata,
      }),
      { id, action: 'deleted' },
    );
  });

  return router;
}

/** A PATCH that names a parent or a position moves the item; a position alone keeps the parent. */
function moveTarget(
  parent: { data: { id: string } | null } | undefined,
  position: number | undefined,
): { parentId?: string | null; position?: number } {
  return {
    ...(parent ? { parentId: parent.data?.id ?? null } : {}),
    ...(position !== undefined ? { position } : {}),
  };
}

/** The move body is not a JSON:API document: point errors at its own members. */
function movePointers(error: ValidationError): ValidationError {
  const map: Record<string, string> = {
    '/data/relationships/parent/data': '/parent',
    '/data/attributes/position': '/position',
  };
  return new ValidationError(error.issues.map((i) => ({ ...i, pointer: map[i.pointer ?? ''] ?? i.pointer })));
}

async function assertLinkablePage(deps: CommandModuleDeps, pageId: string | null): Promise<void> {
  if (pageId !== null && !(await pageIsLinkable(deps.eventStore, pageId))) {
    throw ValidationError.at('/data/relationships/page/data', `app-page ${pageId} does not exist`);
  }
}

/**
 * After the menu events: the environment signal (only when something was saved), and the item's own version
 * for the answer. A command that changed nothing answers with the item's current version.
 */
async function afterMenuCommand(
  deps: CommandModuleDeps,
  request: CommandRequest,
  result: CommandResult,
  id: string,
  action: 'saved' | 'deleted',
): Promise<CommandResult> {
  if (result.events.length === 0) {
    const { state } = await loadState(deps.eventStore, MENU_STREAM_ID, menuDecider);
    const item = state.items.get(id);
    if (!item && action === 'saved') throw new DomainError('internal', `app-menu-item ${id} vanished`);
    return { ...result, nextExpectedVersion: item?.version ?? result.nextExpectedVersion };
  }
  const { position } = await recordEnvironmentUpdated(deps, {
    metadata: request.metadata,
    reason: { resourceType: TYPE, resourceId: id, action },
    causeEventIds: result.events.map((e) => e.eventId),
  });
  return { ...result, position };
}
