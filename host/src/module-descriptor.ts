/*
 * What a module of the platform declares (ModuleDescriptor) and what the platform hands its parts: types only, so
 * that the modules and the list of them (modules.ts) both import them without importing each other.
 */
import type { Logger } from 'pino';
import type { Sql } from 'postgres';
import type { DatabasePool } from 'slonik';
import type { Clock } from '@platform/command-api/http/metadata';
import type { CommandModule } from '@platform/command-api/app';
import type { AccountsAuth } from '@platform/command-api/auth/accounts-auth';
import type { FileServices } from '@platform/command-api/files/routes';
import type { JoinTableMembership } from '@platform/command-api/resources/routes';
import type { Locale } from '@platform/contracts/enums';
import type { EventContract, EventContractRegistry } from '@platform/contracts/event-contracts';
import type { ResourceDefinition, ResourceFeatures } from '@platform/contracts/resources/definition';
import type { EventStore } from '@platform/infra/event-store';
import type { Mailer } from '@platform/infra/mail/mailer';
import type { Projection } from '@platform/projectors/projection';
import type { ResourceProjectionExtension } from '@platform/projectors/resources/projection';
import type { QueryModule } from '@platform/query-api/app';

/** What the platform hands a module's routes when it serves them (built once, in platform.ts). */
export interface ServeContext {
  /** the accounts edge: its features and the command routes that share its session hooks */
  auth: AccountsAuth;
  /** serve GET /dev/mailbox (no SMTP server configured) */
  devMailbox: boolean;
  /** the locale of records' own text (translatable records keep the others as translations) */
  defaultLocale: Locale;
  /** where file contents are kept and the maximum sizes of uploads (ADR 0027) */
  files: FileServices;
  /** the resource features on (FEATURE_RENTAL, ...): the types of a feature that is off answer 404 */
  features: ResourceFeatures;
  /** a publication item's author is its organization when it has one (FEATURE_ORGANIZATIONS and FEATURE_AUTHOR_ORGANIZATION) */
  authorOrganization: boolean;
  /** FEATURE_GLOBAL_SEARCH: the global search is served (off: its route answers 404) */
  globalSearch: boolean;
  /** FEATURE_ORGANIZATIONS: organizations have public pages (off: the global search leaves them out) */
  organizationPages: boolean;
  /** the most records a resource list counts (ADR 0045); absent: LIST_COUNT_CAP */
  listCountCap?: number;
  /** the platform's database (the few reads and writes outside the event store: the open badges' signing key) */
  sql: Sql;
  /** OPEN_BADGES_SIGNING_KEY (ADR 0030): the open badges' configured signing key; absent: the kept one */
  openBadgesSigningKey?: string | undefined;
  /** APP_NAME and CURRENCY: the platform's name and money on the documents it makes (rental contracts, invoices) */
  appName: string;
  currency: string;
  /** MIN_POSITION_TIMEOUT_MS: the bound on a route waiting for read models to reach a request's minPosition */
  minPositionTimeoutMs: number;
}

/** What the platform hands a module's background jobs (the scheduled publications). */
export interface JobContext {
  sql: Sql;
  eventStore: EventStore;
  contracts: EventContractRegistry;
  clock: Clock;
  logger: Logger;
  /** the resource features on: a job of a feature that is off is not run */
  features: ResourceFeatures;
  /** slonik on the read models, for the reads the query side's readers make (a newsletter's letter) */
  readPool: DatabasePool;
  /** the platform's e-mail (SMTP, or the dev mailbox) */
  mailer: Mailer;
  /** APP_NAME, PUBLIC_URL and the locale of records' own text: what the platform's mails are made with */
  appName: string;
  publicUrl: string;
  defaultLocale: Locale;
  /** the link-signing secret (APP_KEY): the keys of the links a job's mails carry are derived from it */
  secret: string;
}

/**
 * A module's work in the background: started once the read models have caught up (after the projection runner's
 * start), stopped with the platform; `run` does one pass now (tests drive it with their clock).
 */
export interface ModuleJob {
  name: string;
  start(): void;
  stop(): Promise<void>;
  run(): Promise<unknown>;
}

/**
 * One module of the platform, declared once: every part it brings to each side. The platform's lists (the
 * event contracts, the command and query routers, the projections) are derived from the list of descriptors.
 */
export interface ModuleDescriptor {
  name: string;
  /** the event types the module appends (contracts/src/registry.ts): validated on append, upcast on read */
  eventContracts?: readonly EventContract[];
  /** its routers on the command API, in the order they are mounted */
  command?(context: ServeContext): CommandModule[];
  /** its routers on the query API, in the order they are mounted */
  query?(context: ServeContext): QueryModule[];
  /** its read models, kept by the projection runner and rebuilt by `npm run replay -- <name>` */
  projections?: readonly Projection[];
  /**
   * the hand-written workflows it runs on resources of the layer: each names its resource by its definition (not
   * a type string) and brings the handlers its events add to that resource's projection; its commands and reads
   * are the module's own routers
   */
  resourceWorkflows?: readonly ResourceWorkflow[];
  /**
   * resources the module cannot work without, served by the layer whatever catalogue it is given (the accounts
   * read the organizations' table): added to it when it does not hold them
   */
  resources?: readonly ResourceDefinition[];
  /**
   * the join tables its projections keep that resources read relationships through (`through`), with how the
   * command side asks the streams behind them whether a user is in one (row rules such as `{ member }`)
   */
  joinTables?: Readonly<Record<string, JoinTableMembership>>;
  /** its background jobs (ModuleJob) */
  jobs?(context: JobContext): ModuleJob[];
}

/** A hand-written workflow on one resource of the layer (coupon purchases, the environment's signals). */
export interface ResourceWorkflow {
  resource: ResourceDefinition;
  projection: ResourceProjectionExtension;
}
