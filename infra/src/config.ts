import { z } from 'zod/v4';
import { LOCALES } from '@platform/contracts/enums';
import type { ResourceFeatures } from '@platform/contracts/resources/definition';
import { useZod3Messages } from '@platform/contracts/zod-messages';
import { TrustProxySchema } from './http/trust-proxy.ts';

const flag = z
  .enum(['true', 'false', '1', '0', 'on', 'off'])
  .transform((v) => v === 'true' || v === '1' || v === 'on');

/**
 * The defaults of the configuration, written here only: the schema below applies them to the environment, and
 * code built without a loaded Config (the platform's own options, test apps) takes them from here too.
 */
export const CONFIG_DEFAULTS = {
  PORT: 3000,
  HOST: '0.0.0.0',
  DATA_DIR: '.data',
  EMBEDDED_PG_PORT: 54329,
  APP_NAME: 'Assistive Tech Commons',
  DEFAULT_LOCALE: 'en',
  CURRENCY: 'EUR',
  MIN_POSITION_TIMEOUT_MS: 5000,
  MAIL_FROM: 'no-reply@localhost',
  TRUST_PROXY: 'loopback',
  FILES_MAX_SIZE_MB: 256,
  FILES_MAX_IMAGE_SIZE_MB: 20,
  FILES_MAX_ADMIN_SIZE_MB: 1024,
  FILES_SWEEP_EVERY_HOURS: 6,
  FILES_SWEEP_GRACE_HOURS: 24,
  LEASE_POLL_MS: 1000,
  KAFKA_TOPIC: 'platform.events',
  KAFKA_TOPIC_PARTITIONS: 12,
} as const;

/** PUBLIC_URL when it is not set: the site on this machine at its port. */
export const defaultPublicUrl = (port: number = CONFIG_DEFAULTS.PORT) => `http://localhost:${port}`;

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(CONFIG_DEFAULTS.PORT),
  HOST: z.string().default(CONFIG_DEFAULTS.HOST),
  DATABASE_URL: z.string().url().optional(),
  /**
   * the sides this process runs (ADR 0048): all (the default: one process, `npm start`), or one of commands,
   * queries, projectors (`npm run start:commands` ...), several of each on one PostgreSQL: DATABASE_URL required
   */
  ROLE: z.enum(['all', 'commands', 'queries', 'projectors']).default('all'),
  /** projector processes: how often each looks for projections and jobs no live process holds (ms) */
  LEASE_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(CONFIG_DEFAULTS.LEASE_POLL_MS),
  /** data directory of the embedded PostgreSQL used when DATABASE_URL is not set */
  DATA_DIR: z.string().default(CONFIG_DEFAULTS.DATA_DIR),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(CONFIG_DEFAULTS.EMBEDDED_PG_PORT),
  /**
   * where the event log lives (ADR 0049): postgres (the platform's own tables, the default) or eventstoredb
   * (EventStoreDB / KurrentDB at EVENTSTORE_URL). The read models, checkpoints and sessions stay in PostgreSQL.
   */
  EVENT_STORE: z.enum(['postgres', 'eventstoredb']).default('postgres'),
  /** the engine's connection string, e.g. kurrentdb://eventstoredb:2113?tls=false (esdb:// is read alike) */
  EVENTSTORE_URL: z
    .string()
    .regex(
      /^(esdb|kurrentdb|kurrent|kdb)(\+discover)?:\/\/[^/]/,
      'EVENTSTORE_URL must be a connection string such as kurrentdb://host:2113?tls=false',
    )
    .optional(),
  /** the Kafka brokers the relay (`npm run start:relay`) publishes the log to: host:port, comma-separated */
  KAFKA_BROKERS: z
    .string()
    .regex(/^[^,\s:]+:\d+(,[^,\s:]+:\d+)*$/, 'KAFKA_BROKERS must be host:port, comma-separated')
    .optional(),
  /** the topic the relay publishes every event to (keyed by stream id), created when missing */
  KAFKA_TOPIC: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,249}$/, 'KAFKA_TOPIC must be a Kafka topic name')
    .default(CONFIG_DEFAULTS.KAFKA_TOPIC),
  /** the partitions of the topic when the relay creates it (a stream's events stay in one partition, in order) */
  KAFKA_TOPIC_PARTITIONS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(CONFIG_DEFAULTS.KAFKA_TOPIC_PARTITIONS),
  ADMIN_API_TOKEN: z.string().min(24, 'ADMIN_API_TOKEN must be at least 24 characters').optional(),
  APP_NAME: z.string().default(CONFIG_DEFAULTS.APP_NAME),
  DEFAULT_LOCALE: z.enum(LOCALES).default(CONFIG_DEFAULTS.DEFAULT_LOCALE),
  CURRENCY: z.string().length(3).default(CONFIG_DEFAULTS.CURRENCY),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** pretty: one short readable line per entry (the default in development); json: one JSON object per line
   * (the default when NODE_ENV=production) */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  MIN_POSITION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(CONFIG_DEFAULTS.MIN_POSITION_TIMEOUT_MS),
  SEED_DEMO: flag.default(true),
  FEATURE_PAGE_NAVIGATION: flag.default(true),
  /** the top bar's search dialog over every searchable record (seed 000 §2.9, ADR 0041) */
  FEATURE_GLOBAL_SEARCH: flag.default(true),
  FEATURE_RENTAL: flag.default(true),
  FEATURE_OPEN_BADGES: flag.default(true),
  // publications and community (issue 21): a type of a feature that is off answers 404 and leaves the menu
  FEATURE_ARTICLES: flag.default(true),
  FEATURE_FORUM: flag.default(true),
  FEATURE_REPOSITORY: flag.default(true),
  FEATURE_CALENDAR: flag.default(true),
  FEATURE_COMMENTS: flag.default(true),
  FEATURE_LIKES: flag.default(true),
  // trainings (issue 23): training resources, their requests and reviews, trainings with sessions
  FEATURE_TRAININGS: flag.default(true),
  // surveys (issue 23): the surveys and their choices, and the answers' routes
  FEATURE_SURVEYS: flag.default(true),
  // the Eqlaat programme: patients' projects, their steps, appointments and reports (eqlaat members only)
  FEATURE_EQLAAT: flag.default(true),
  // a member's account: the money movements recorded on it, and the documents given to them
  FEATURE_TRANSACTIONS: flag.default(true),
  FEATURE_DOCUMENTS: flag.default(true),
  // the contacts: light users, the light-user forms visitors fill in, and their inputs
  FEATURE_CONTACTS: flag.default(true),
  // the software catalogue: installations, services and their authorizations, the software's statistics
  FEATURE_SOFTWARE: flag.default(true),
  // the advanced forms: forms of several pages, their responses kept page by page, their workflows
  FEATURE_FORMS: flag.default(true),
  // reminders on the eqlaat programme's projects and appointments, sent to their author when their time comes
  FEATURE_REMINDERS: flag.default(true),
  // the catalogue of AAC products, kept by the AAC moderators, contributed to by members
  FEATURE_AAC_PRODUCTS: flag.default(true),
  /** publication items are authored by the organization their writer acts for (with FEATURE_ORGANIZATIONS) */
  FEATURE_AUTHOR_ORGANIZATION: flag.default(true),
  // accounts (docs/adr/0008): a disabled feature's routes answer 404
  FEATURE_REGISTER: flag.default(true),
  FEATURE_SOCIAL_LOGIN: flag.default(false),
  FEATURE_TWO_FACTOR: flag.default(true),
  FEATURE_IMPERSONATE: flag.default(true),
  FEATURE_ORGANIZATIONS: flag.default(true),
  FEATURE_USER_ORGANIZATIONS: flag.default(true),
  FEATURE_VALIDATION_REQUESTS: flag.default(true),
  /** smtp(s)://user:password@host:port; unset: e-mail goes to the dev mailbox (GET /api/v1/dev/mailbox) */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default(CONFIG_DEFAULTS.MAIL_FROM),
  /** signs e-mail verification links; unset: a random key per start (links die with a restart) */
  APP_KEY: z.string().min(32, 'APP_KEY must be at least 32 characters').optional(),
  /** the address people open the site at, for links in e-mails (default http://localhost:PORT) */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * the proxies whose X-Forwarded-For names the client (the sign-in limits count by it, ADR 0023): loopback (a
   * proxy on this host), a number of hops (1: one load balancer in front), or addresses and subnets, comma-separated
   */
  TRUST_PROXY: TrustProxySchema.prefault(CONFIG_DEFAULTS.TRUST_PROXY),
  /** the maximum sizes of uploads in MB (seed 001 §9): any file, an image, an administrator's file (ADR 0027) */
  FILES_MAX_SIZE_MB: z.coerce.number().int().min(1).max(1_000_000).default(CONFIG_DEFAULTS.FILES_MAX_SIZE_MB),
  FILES_MAX_IMAGE_SIZE_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(CONFIG_DEFAULTS.FILES_MAX_IMAGE_SIZE_MB),
  FILES_MAX_ADMIN_SIZE_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(CONFIG_DEFAULTS.FILES_MAX_ADMIN_SIZE_MB),
  /**
   * the files' blobs in an S3-compatible bucket rather than on this machine's disk (a platform on more than one
   * machine): https://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix][?region=...&pathStyle=false] (ADR 0027)
   */
  FILES_S3_URL: z
    .string()
    .regex(/^https?:\/\/[^/:@]+:[^/@]+@[^/]+\/[^/?]+/, 'FILES_S3_URL must be https://KEY:SECRET@host/bucket')
    .optional(),
  /** how often the platform removes blobs no record names and expired resumable uploads (0: never by itself) */
  FILES_SWEEP_EVERY_HOURS: z.coerce
    .number()
    .min(0)
    .max(10_000)
    .default(CONFIG_DEFAULTS.FILES_SWEEP_EVERY_HOURS),
  /** how long a blob no record names is kept before a sweep removes it (an upload in flight is never swept) */
  FILES_SWEEP_GRACE_HOURS: z.coerce
    .number()
    .min(1)
    .max(100_000)
    .default(CONFIG_DEFAULTS.FILES_SWEEP_GRACE_HOURS),
  /**
   * the platform's Open Badges 3.0 signing key (ADR 0030): the 32-byte Ed25519 seed in base64 or hex (`openssl rand
   * -base64 32`); unset: a key generated once and kept in the database (and its backups). Never change it once
   * credentials are issued: their revocation is signed by it.
   */
  OPEN_BADGES_SIGNING_KEY: z
    .string()
    .trim()
    .refine(
      (v) => /^[0-9a-fA-F]{64}$/.test(v) || /^[A-Za-z0-9+/_-]{43}=?$/.test(v),
      'OPEN_BADGES_SIGNING_KEY must be 32 random bytes in base64 or hex (openssl rand -base64 32)',
    )
    .optional(),
});

const ConfigWithEngines = ConfigSchema.superRefine((config, ctx) => {
  if (config.EVENT_STORE === 'eventstoredb' && !config.EVENTSTORE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['EVENTSTORE_URL'],
      message: 'EVENTSTORE_URL is required when EVENT_STORE=eventstoredb',
    });
  }
});

export type Config = z.infer<typeof ConfigSchema>;

/** The names of the environment variables the configuration reads (a deployment file may set these only). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(ConfigSchema.shape);

/** The account features of the configuration, as the accounts module takes them. */
export function accountFeatures(config: Config) {
  return {
    register: config.FEATURE_REGISTER,
    socialLogin: config.FEATURE_SOCIAL_LOGIN,
    twoFactor: config.FEATURE_TWO_FACTOR,
    impersonate: config.FEATURE_IMPERSONATE,
    organizations: config.FEATURE_ORGANIZATIONS,
    userOrganizations: config.FEATURE_USER_ORGANIZATIONS,
    validationRequests: config.FEATURE_VALIDATION_REQUESTS,
  };
}

/** The resource features of the configuration (RESOURCE_FEATURES): the record types each one serves. */
export function resourceFeatures(config: Config): ResourceFeatures {
  return {
    rental: config.FEATURE_RENTAL,
    openBadges: config.FEATURE_OPEN_BADGES,
    articles: config.FEATURE_ARTICLES,
    forum: config.FEATURE_FORUM,
    repository: config.FEATURE_REPOSITORY,
    calendar: config.FEATURE_CALENDAR,
    comments: config.FEATURE_COMMENTS,
    likes: config.FEATURE_LIKES,
    trainings: config.FEATURE_TRAININGS,
    surveys: config.FEATURE_SURVEYS,
    eqlaat: config.FEATURE_EQLAAT,
    transactions: config.FEATURE_TRANSACTIONS,
    documents: config.FEATURE_DOCUMENTS,
    contacts: config.FEATURE_CONTACTS,
    software: config.FEATURE_SOFTWARE,
    forms: config.FEATURE_FORMS,
    // reminders are on the eqlaat records: nothing to remind of without them
    reminders: config.FEATURE_REMINDERS && config.FEATURE_EQLAAT,
    aacProducts: config.FEATURE_AAC_PRODUCTS,
  };
}

/** The maximum sizes of uploads of the configuration, in bytes. */
export function fileLimits(config: Config) {
  const mb = 1024 * 1024;
  return {
    file: config.FILES_MAX_SIZE_MB * mb,
    image: config.FILES_MAX_IMAGE_SIZE_MB * mb,
    adminFile: config.FILES_MAX_ADMIN_SIZE_MB * mb,
  };
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Built once per process at start-up and passed down. A bad variable stops the start, naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // a bad variable is named with the texts the platform has always printed (contracts/src/zod-messages.ts)
  useZod3Messages();
  const parsed = ConfigWithEngines.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.ROLE !== 'all' && !parsed.data.DATABASE_URL)
    throw new ConfigError(
      `Invalid configuration:\n  DATABASE_URL: required with ROLE=${parsed.data.ROLE} (the processes of each side share one PostgreSQL)`,
    );
  if (parsed.data.ROLE !== 'all' && !parsed.data.APP_KEY)
    throw new ConfigError(
      `Invalid configuration:\n  APP_KEY: required with ROLE=${parsed.data.ROLE} (a link one process signs, another checks)`,
    );
  return parsed.data;
}
