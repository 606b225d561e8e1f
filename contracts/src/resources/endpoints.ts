import { CommandAnswerSchema } from '../command-answer.ts';
import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';

/**
 * The reads of a record type (query-api/src/resources/routes.ts serves them for every type of the layer, and the
 * reference lists that are code as well): its list (`filter[...]`, `sort`, `page[...]`, `include`, `fields[...]`,
 * `minPosition`) and one record by its id (or its lookup attribute: /organizations/{slug}). The type's definition
 * is the declaration; this names the paths it is served at.
 */
export function recordEndpoints<T extends string>(type: T) {
  return {
    list: defineEndpoint({ method: 'GET', path: `/${type}` as `/${T}` }),
    find: defineEndpoint({ method: 'GET', path: `/${type}/:id` as `/${T}/:id` }),
  } satisfies Record<string, AnyEndpoint>;
}

/**
 * A record's delete (DELETE /{type}/{id}), for every type of the layer, and its soft delete and restore (POST
 * …/soft-delete, …/restore) for a soft-deletable type (command-api/src/resources/routes.ts); no body, the If-Match
 * header optional. Each answers the command's position and version. The create and update, whose bodies are built
 * from the definition, are recordWriteEndpoints (write-endpoints.ts).
 */
export function recordLifecycleEndpoints<T extends string>(type: T) {
  return {
    delete: defineEndpoint({
      method: 'DELETE',
      path: `/${type}/:id` as `/${T}/:id`,
      response: CommandAnswerSchema,
    }),
    softDelete: defineEndpoint({
      method: 'POST',
      path: `/${type}/:id/soft-delete` as `/${T}/:id/soft-delete`,
      response: CommandAnswerSchema,
    }),
    restore: defineEndpoint({
      method: 'POST',
      path: `/${type}/:id/restore` as `/${T}/:id/restore`,
      response: CommandAnswerSchema,
    }),
  } satisfies Record<string, AnyEndpoint>;
}

/** A record's history, read from its stream by its administrators (query-api/src/history/routes.ts). */
export const historyEndpoints = {
  /** who changed what when, newest first */
  history: defineEndpoint({ method: 'GET', path: '/:type/:id/history' }),
  /** the record as it was after one of its events */
  revision: defineEndpoint({ method: 'GET', path: '/:type/:id/history/:revision' }),
} satisfies Record<string, AnyEndpoint>;

/** A member likes (POST) or takes back their like of (DELETE) a record of a likable type; no body. */
export function likeEndpoints<T extends string>(type: T) {
  return {
    like: defineEndpoint({ method: 'POST', path: `/${type}/:id/like` as `/${T}/:id/like` }),
    unlike: defineEndpoint({ method: 'DELETE', path: `/${type}/:id/like` as `/${T}/:id/like` }),
  } satisfies Record<string, AnyEndpoint>;
}

/** The signed-in member's likes, newest first (`filter[recordType]`, `include=record`). */
export const likesEndpoint = defineEndpoint({ method: 'GET', path: '/likes' });
