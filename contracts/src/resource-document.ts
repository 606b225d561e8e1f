import { z, type ZodTypeAny } from 'zod/v4';

/**
 * The zod schema of a JSON:API request document `{ data: { type, id?, attributes, relationships? } }`; zod paths
 * become JSON pointers such as /data/attributes/title when the server parses with it. Apart from endpoints.ts, which
 * the web's first screen takes without zod (ADR 0047).
 */
export function resourceDocument<
  T extends string,
  A extends ZodTypeAny,
  Rel extends ZodTypeAny = z.ZodOptional<z.ZodUndefined>,
  I extends ZodTypeAny = z.ZodOptional<z.ZodString>,
>(spec: { type: T; attributes: A; relationships?: Rel; id?: I }) {
  return z.object({
    data: z.object({
      type: z.literal(spec.type, { error: `The resource type must be "${spec.type}"` }),
      id: (spec.id ?? z.string().min(1).optional()) as I,
      attributes: spec.attributes,
      relationships: (spec.relationships ?? z.undefined().optional()) as Rel,
    }),
  });
}
