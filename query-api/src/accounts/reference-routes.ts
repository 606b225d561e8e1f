import express, { type Router } from 'express';
import {
  JOBS,
  NEWSLETTER_FREQUENCIES,
  RENTAL_INVOICING_STRATEGIES,
  USER_CATEGORIES,
  type ReferenceItem,
} from '@platform/contracts/accounts/reference';
import { ACCESS_LEVEL_WEIGHTS, ACCESS_LEVELS, ROLES } from '@platform/contracts/enums';
import { NotFoundError } from '@platform/contracts/errors';
import { recordEndpoints } from '@platform/contracts/resources/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { listDocument, resourceObject, sendDocument, singleDocument } from '../jsonapi/document.ts';
import { parseListQuery, parseResourceQuery } from '../jsonapi/query.ts';

type Item = ReferenceItem & Record<string, unknown>;

/**
 * The reference lists as JSON:API resources, in their fixed order (jobs: other last): the sparse fields of the
 * users' includes, and the includes of the lists that are code. Jobs, user categories, access levels and roles
 * are resources (contracts/src/accounts/reference-lists.ts), and so are the rental invoicing strategies
 * (contracts/src/rental/records.ts): the resource layer serves them.
 */
export const REFERENCE_LISTS: Record<string, readonly Item[]> = {
  'access-levels': ACCESS_LEVELS.map((name) => ({ id: name, name, weight: ACCESS_LEVEL_WEIGHTS[name] })),
  roles: ROLES.map((name) => ({ id: name, name })),
  jobs: JOBS.map((j) => ({ ...j })),
  'user-categories': USER_CATEGORIES.map((c) => ({ ...c })),
  'newsletter-frequencies': NEWSLETTER_FREQUENCIES.map((f) => ({ ...f })),
  'rental-invoicing-strategies': RENTAL_INVOICING_STRATEGIES.map((s) => ({ ...s })),
};

export function referenceResource(type: string, item: Item, fields?: Record<string, string[]>) {
  const { id, ...attributes } = item;
  return resourceObject(type, id, attributes, {
    self: `/api/v1/${type}/${id}`,
    ...(fields ? { fields } : {}),
  });
}

/** Finds one item of a list (for includes); undefined when the id is unknown. */
export function referenceItem(type: string, id: string | null): Item | undefined {
  return id === null ? undefined : REFERENCE_LISTS[type]?.find((i) => i.id === id);
}

const SERVED_AS_RESOURCES = new Set([
  'jobs',
  'user-categories',
  'access-levels',
  'roles',
  'rental-invoicing-strategies',
]);

/** GET /<list> and /<list>/:id for each reference list that is code: public, static, never stale. */
export function referenceQueryRoutes(): Router {
  const router = express.Router();
  for (const [type, items] of Object.entries(REFERENCE_LISTS)) {
    if (SERVED_AS_RESOURCES.has(type)) continue;
    const names = Object.keys(items[0] ?? {}).filter((k) => k !== 'id');
    const spec = { fields: { [type]: names }, defaultPageSize: 100, maxPageSize: 100 };
    const endpoints = recordEndpoints(type);
    mountEndpoint(router, endpoints.list, (req, res) => {
      const query = parseListQuery(req.originalUrl, spec);
      const page = items.slice(query.page.offset, query.page.offset + query.page.size);
      const data = page.map((i) => referenceResource(type, i, query.fields));
      sendDocument(res, listDocument({ data, total: items.length, query, url: req.originalUrl }));
    });
    mountEndpoint(router, endpoints.find, (req, res, { params }) => {
      const query = parseResourceQuery(req.originalUrl, { fields: spec.fields });
      const item = items.find((i) => i.id === params.id);
      if (!item) throw new NotFoundError(`${type} ${params.id} not found`);
      sendDocument(
        res,
        singleDocument({ data: referenceResource(type, item, query.fields), url: req.originalUrl }),
      );
    });
  }
  return router;
}
