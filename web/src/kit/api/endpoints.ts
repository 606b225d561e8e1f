import { shellEndpoints } from '@platform/contracts/shell-endpoints';
import type { ApiClient } from './client.ts';
import {
  EnvironmentDocumentSchema,
  MenuDocumentSchema,
  PageListSchema,
  ResolvedRouteSchema,
} from './documents.ts';

/**
 * Every read the shell makes, declared once (path, query, answer schema). A file field's upload is files.ts's
 * `uploadFile`, apart: the first screen uploads nothing and does without the files' contracts (issue 16).
 */
export const endpoints = {
  menu: (api: ApiClient, signal?: AbortSignal) =>
    api.call(shellEndpoints.menu, { schema: MenuDocumentSchema, signal }).then((d) => d.data),

  /** `query` is the raw query string of the visited URL, kept on a redirect. */
  resolveRoute: (api: ApiClient, path: string, query: string, signal?: AbortSignal) =>
    api.call(shellEndpoints.resolveRoute, {
      schema: ResolvedRouteSchema,
      query: { path, ...(query ? { query } : {}) },
      signal,
    }),

  environment: (api: ApiClient, signal?: AbortSignal) =>
    api.call(shellEndpoints.environment, { schema: EnvironmentDocumentSchema, signal }),

  /** Published pages the visitor may open, for the site map (the first 100 are plenty for a site map). */
  pages: (api: ApiClient, signal?: AbortSignal) =>
    api
      .call(shellEndpoints.pages, {
        schema: PageListSchema,
        query: { 'page[size]': 100, sort: 'path', 'fields[app-pages]': 'path,title,description' },
        signal,
      })
      .then((d) => d.data),
};
