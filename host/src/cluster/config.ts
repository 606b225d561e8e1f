import { z } from 'zod/v4';
import { ConfigError } from '@platform/infra/config';

/**
 * The variables of the cluster's script and of the front alone (ADR 0048), beside the platform's own
 * (infra/src/config.ts, which both also load): a bad one stops the start with a line naming it, as the platform's do.
 */

function parseVariables<T extends z.ZodType>(
  schema: T,
  env: Record<string, string | undefined>,
): z.output<T> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** an unset or empty variable takes its default */
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);

const processCount = (fallback: number) =>
  z.preprocess(
    unsetIfEmpty,
    z.coerce
      .number({ error: 'a whole number from 1 to 16' })
      .int('a whole number from 1 to 16')
      .min(1, 'a whole number from 1 to 16')
      .max(16, 'a whole number from 1 to 16')
      .default(fallback),
  );

const ClusterSchema = z.object({
  CLUSTER_COMMANDS: processCount(2),
  CLUSTER_QUERIES: processCount(3),
  CLUSTER_PROJECTORS: processCount(2),
  /** false: a process that dies stays dead (the tests see the others take its work over) */
  CLUSTER_RESTART: z.preprocess(
    unsetIfEmpty,
    z
      .enum(['true', 'false', '1', '0', 'on', 'off'], { error: 'true or false' })
      .default('true')
      .transform((v) => v === 'true' || v === '1' || v === 'on'),
  ),
});

export interface ClusterConfig {
  /** how many processes of each side */
  sizes: { commands: number; queries: number; projectors: number };
  restart: boolean;
}

/** `npm run start:cluster`'s own variables: 2 command, 3 query and 2 projector processes by default. */
export function loadClusterConfig(env: Record<string, string | undefined> = process.env): ClusterConfig {
  const parsed = parseVariables(ClusterSchema, env);
  return {
    sizes: {
      commands: parsed.CLUSTER_COMMANDS,
      queries: parsed.CLUSTER_QUERIES,
      projectors: parsed.CLUSTER_PROJECTORS,
    },
    restart: parsed.CLUSTER_RESTART,
  };
}

/**
 * The processes of one side, as the front reaches them: http://host:port, comma-separated, each once. Only http
 * (the front asks each one's /healthz over plain HTTP) and nothing after the port (the front passes the request's
 * own path on).
 */
function processList(side: string, example: string) {
  const expected = `the ${side} processes' addresses, comma-separated (e.g. ${example})`;
  return z
    .string({ error: (issue) => (issue.input === undefined ? `required: ${expected}` : expected) })
    .transform((text, ctx) => {
      const entries = text.split(',').map((entry) => entry.trim());
      if (entries.every((entry) => entry === '')) {
        ctx.addIssue({ code: 'custom', message: `required: ${expected}` });
        return z.NEVER;
      }
      const urls: string[] = [];
      for (const entry of entries) {
        const url = URL.canParse(entry) ? new URL(entry) : undefined;
        const problem =
          url?.protocol !== 'http:'
            ? 'is not an http:// address'
            : url.username || url.password
              ? 'carries a user or password'
              : url.pathname !== '/' || url.search || url.hash
                ? 'has a path, query or fragment after host:port'
                : urls.includes(url.origin)
                  ? 'is listed twice'
                  : undefined;
        if (problem || !url) {
          ctx.addIssue({ code: 'custom', message: `"${entry}" ${problem}; expected ${expected}` });
          return z.NEVER;
        }
        urls.push(url.origin);
      }
      return urls;
    });
}

const FrontSchema = z.object({
  /** the command processes the front sends every unsafe method to, in turn */
  FRONT_COMMANDS: processList('command', 'http://commands-1:3000,http://commands-2:3000'),
  /** the query processes the front sends reads (GET, HEAD) to, in turn */
  FRONT_QUERIES: processList('query', 'http://queries-1:3000,http://queries-2:3000'),
});

/** The names of the front's own variables (a deployment file may set these beside the platform's). */
export const FRONT_VARIABLES: readonly string[] = Object.keys(FrontSchema.shape);

export interface FrontConfig {
  /** origins (http://host:port) of the command processes */
  commands: string[];
  /** origins of the query processes */
  queries: string[];
}

/** `npm run start:front`'s own variables: the processes of each side it sends to. */
export function loadFrontConfig(env: Record<string, string | undefined> = process.env): FrontConfig {
  const parsed = parseVariables(FrontSchema, env);
  return { commands: parsed.FRONT_COMMANDS, queries: parsed.FRONT_QUERIES };
}
