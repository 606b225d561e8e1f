import { z } from 'zod/v4';
import { CommandAnswerSchema } from '../command-answer.ts';
import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { resourceDocument } from '../resource-document.ts';
import { shellEndpoints } from '../shell-endpoints.ts';
import {
  CreateComponentAttributesSchema,
  CreatePageAttributesSchema,
  UpdateComponentAttributesSchema,
  UpdatePageAttributesSchema,
} from './attributes.ts';

const PAGE = 'app-pages';
const COMPONENT = 'app-page-components';
const uuid = z.string().uuid();
const PageRelationship = z.object({ data: z.object({ type: z.literal(PAGE), id: uuid }) });

/**
 * The pages and their components (command-api/src/pages/routes.ts, query-api/src/pages/routes.ts) and the
 * resolution of a site path to its page or redirection (query-api/src/routes). A component lives in its page's
 * stream, so If-Match on a component carries its page's version.
 */
export const pagesEndpoints = {
  pages: shellEndpoints.pages,
  page: defineEndpoint({ method: 'GET', path: `/${PAGE}/:id` }),
  /** the page for its editors, its components in order in `included` */
  editorPage: defineEndpoint({ method: 'GET', path: `/services/${PAGE}/:id` }),
  components: defineEndpoint({ method: 'GET', path: `/${COMPONENT}` }),
  component: defineEndpoint({ method: 'GET', path: `/${COMPONENT}/:id` }),
  resolveRoute: shellEndpoints.resolveRoute,

  createPage: defineEndpoint({
    method: 'POST',
    path: `/${PAGE}`,
    response: CommandAnswerSchema,
    body: resourceDocument({ type: PAGE, id: uuid.optional(), attributes: CreatePageAttributesSchema }),
  }),
  updatePage: defineEndpoint({
    method: 'PATCH',
    path: `/${PAGE}/:id`,
    response: CommandAnswerSchema,
    body: resourceDocument({
      type: PAGE,
      id: uuid.optional(),
      attributes: UpdatePageAttributesSchema.default({}),
    }),
  }),
  deletePage: defineEndpoint({ method: 'DELETE', path: `/${PAGE}/:id`, response: CommandAnswerSchema }),
  /** 201 with the new draft's id */
  createDraft: defineEndpoint({ method: 'POST', path: `/${PAGE}/:id/draft`, response: CommandAnswerSchema }),
  /** answers with the id of the page the draft went into */
  publishDraft: defineEndpoint({
    method: 'POST',
    path: `/services/${PAGE}/:id/publish`,
    response: CommandAnswerSchema,
  }),

  addComponent: defineEndpoint({
    method: 'POST',
    path: `/${COMPONENT}`,
    response: CommandAnswerSchema,
    body: resourceDocument({
      type: COMPONENT,
      id: uuid.optional(),
      attributes: CreateComponentAttributesSchema,
      relationships: z.object({ page: PageRelationship }),
    }),
  }),
  updateComponent: defineEndpoint({
    method: 'PATCH',
    path: `/${COMPONENT}/:id`,
    response: CommandAnswerSchema,
    body: resourceDocument({
      type: COMPONENT,
      id: uuid.optional(),
      attributes: UpdateComponentAttributesSchema.default({}),
      relationships: z.object({ page: PageRelationship.optional() }).optional(),
    }),
  }),
  /** may name the component's page; any other body is ignored (the route reads it leniently) */
  removeComponent: defineEndpoint({
    method: 'DELETE',
    path: `/${COMPONENT}/:id`,
    response: CommandAnswerSchema,
    body: z
      .object({
        data: z.object({ relationships: z.object({ page: PageRelationship }).optional() }).optional(),
      })
      .optional(),
  }),
} satisfies Record<string, AnyEndpoint>;
