import { z } from 'zod/v4';
import { CommandAnswerSchema } from '../command-answer.ts';
import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { resourceDocument } from '../resource-document.ts';
import { polymorphicTypes, type ResourceDefinition } from './definition.ts';

const uuid = z.string().uuid();

/**
 * The relationships a create or an update of a record may write, by the definition and the catalogue the platform
 * serves: each as a JSON:API identifier (a list of them for a to-many) of its target type, with the ids that type's
 * records have (uuids for the hand-written types: users, app-pages); a polymorphic one names any served type of its
 * trait (a type outside them is a 422 on …/data/type). A read-only relationship (kept by another module) is not
 * here: the route refuses it by its name before parsing.
 */
export function relationshipsSchema(
  definition: ResourceDefinition,
  catalogue: readonly ResourceDefinition[],
) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, spec] of Object.entries(definition.relationships)) {
    if (spec.readOnly) continue;
    if (spec.polymorphic) {
      const types = polymorphicTypes(spec, catalogue);
      const type = types.length
        ? z.enum(types as [string, ...string[]])
        : z.string().refine(() => false, 'No type may be named here');
      const ref = z.object({ type, id: z.string().min(1).max(100) }).strict();
      shape[name] = z.object({ data: ref.nullable() }).strict().optional();
      continue;
    }
    const id = catalogue.find((d) => d.type === spec.type)?.idSchema ?? uuid;
    const identifier = z.object({ type: z.literal(spec.type), id }).strict();
    const data = spec.many ? z.array(identifier).max(1000) : identifier.nullable();
    shape[name] = z.object({ data }).strict().optional();
  }
  return z.object(shape).strict().optional();
}

/**
 * The request documents of a record type's create and update, built from its definition (RESOURCES.md): a create
 * takes the attributes with their defaults and an optional uuid (a fixed row's key is not for new records), an
 * update the changed attributes only (no defaults) and the record's id.
 */
export function recordDocuments<S extends z.ZodRawShape>(
  definition: ResourceDefinition<S>,
  catalogue: readonly ResourceDefinition[],
) {
  const relationships = relationshipsSchema(definition, catalogue);
  return {
    create: resourceDocument({
      type: definition.type,
      id: uuid.optional(),
      // an absent `attributes` is an empty one (the attributes' own defaults then apply)
      attributes: definition.attributes.strict().default({} as never),
      relationships,
    }),
    update: resourceDocument({
      type: definition.type,
      id: definition.idSchema,
      attributes: definition.patch.default({}),
      relationships,
    }),
  };
}

/**
 * A record type's create (POST /{type}) and update (PATCH /{type}/{id}, If-Match) on the resource layer
 * (command-api/src/resources/routes.ts mounts them for every type it serves), their bodies the documents of its
 * definition over the catalogue served (recordDocuments). Both answer the command's position and version.
 */
export function recordWriteEndpoints<S extends z.ZodRawShape>(
  definition: ResourceDefinition<S>,
  catalogue: readonly ResourceDefinition[],
) {
  const type = definition.type;
  const documents = recordDocuments(definition, catalogue);
  return {
    create: defineEndpoint({
      method: 'POST',
      path: `/${type}` as `/${string}`,
      body: documents.create,
      response: CommandAnswerSchema,
    }),
    update: defineEndpoint({
      method: 'PATCH',
      path: `/${type}/:id` as `/${string}/:id`,
      body: documents.update,
      response: CommandAnswerSchema,
    }),
  } satisfies Record<string, AnyEndpoint>;
}
