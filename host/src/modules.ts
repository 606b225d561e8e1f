import type { EventContract } from '@platform/contracts/event-contracts';
import { moduleEventContracts } from '@platform/contracts/registry';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import { resourceEventContracts, type ResourceDefinition } from '@platform/contracts/resources/definition';
import { likeEventContracts } from '@platform/contracts/resources/likes';
import type { CommandModule } from '@platform/command-api/app';
import { couponCommandRoutes } from '@platform/command-api/coupons/routes';
import { openBadgesModule } from './open-badges/module.ts';
import { publicationsModule } from './publications/module.ts';
import { moderationModule } from './content/module.ts';
import { eqlaatModule } from './eqlaat/module.ts';
import { newslettersModule } from './newsletters/module.ts';
import { rentalModule } from './rental/module.ts';
import { surveysModule } from './surveys/module.ts';
import { contactsModule } from './contacts/module.ts';
import { softwareModule } from './software/module.ts';
import { formsModule } from './forms/module.ts';
import { remindersModule } from './reminders/module.ts';
import { menuCommandRoutes } from '@platform/command-api/menu/routes';
import { notificationCommandRoutes } from '@platform/command-api/notifications/routes';
import { pagesCommandRoutes } from '@platform/command-api/pages/routes';
import { likeRoutes } from '@platform/command-api/resources/likes';
import { resourceCommandRoutes, type JoinTableMembership } from '@platform/command-api/resources/routes';
import { isOrganizationMember } from '@platform/command-api/organizations/exists';
import { accessLevelResource } from '@platform/contracts/accounts/reference-lists';
import { couponResource } from '@platform/contracts/coupons/coupon';
import { organizationResource } from '@platform/contracts/organizations/organization';
import { accountsProjection } from '@platform/projectors/accounts/projection';
import { couponPurchasesExtension } from '@platform/projectors/coupons/purchases';
import { environmentProjection } from '@platform/projectors/environment/projection';
import { menuProjection } from '@platform/projectors/menu/projection';
import { pagesProjection } from '@platform/projectors/pages/projection';
import type { Projection } from '@platform/projectors/projection';
import {
  resourceProjection,
  type ProjectionOptions,
  type ResourceProjectionExtension,
} from '@platform/projectors/resources/projection';
import { likesProjection } from '@platform/projectors/resources/likes-projection';
import { searchIndexProjection } from '@platform/projectors/search/search-index-projection';
import { globalSearchRoutes } from '@platform/query-api/search/routes';
import { fileUsesExtension } from '@platform/projectors/resources/file-uses';
import { FILES_TYPE } from '@platform/contracts/resources/files';
import { fileResource } from '@platform/contracts/files/file';
import { securedFileResource } from '@platform/contracts/files/secured-file';
import { fileUploadRoutes } from '@platform/command-api/files/routes';
import { fileServingRoutes } from '@platform/query-api/files/routes';
import { homeStatsProjection } from '@platform/projectors/stats/home-stats-projection';
import { statsCountsProjection } from '@platform/projectors/stats/stats-counts-projection';
import { recordsCountProjection } from '@platform/projectors/stats/records-count-projection';
import { statsRecordRoutes } from '@platform/command-api/stats/routes';
import { accountsQueryModules } from '@platform/query-api/accounts/module';
import type { QueryModule } from '@platform/query-api/app';
import { couponQueryRoutes } from '@platform/query-api/coupons/routes';
import { environmentQueryRoutes } from '@platform/query-api/environment/routes';
import { historyRoutes } from '@platform/query-api/history/routes';
import { menuQueryRoutes } from '@platform/query-api/menu/routes';
import { organizationsQueryRoutes } from '@platform/query-api/organizations/routes';
import { pagesQueryRoutes } from '@platform/query-api/pages/routes';
import { publishableRoutes, resourceQueryRoutes } from '@platform/query-api/resources/routes';
import { routeResolverRoutes } from '@platform/query-api/routes/routes';
import { webLanguageLineRoutes } from '@platform/query-api/site-settings/web-language-lines';
import { homeStatsQueryRoutes } from '@platform/query-api/stats/routes';
import { statsCountsQueryRoutes } from '@platform/query-api/stats/counts-routes';
import { geographyQueryRoutes } from '@platform/query-api/geography/routes';

import type {
  JobContext,
  ModuleDescriptor,
  ModuleJob,
  ResourceWorkflow,
  ServeContext,
} from './module-descriptor.ts';

export type { JobContext, ModuleDescriptor, ModuleJob, ResourceWorkflow, ServeContext };

/** The hand-written modules, each with its folder in contracts/, command-api/, query-api/ and projectors/. */
const handWrittenModules: ModuleDescriptor[] = [
  {
    name: 'pages',
    eventContracts: moduleEventContracts.pages,
    command: () => [pagesCommandRoutes],
    query: () => [pagesQueryRoutes],
    projections: [pagesProjection],
  },
  {
    name: 'paths',
    eventContracts: moduleEventContracts.paths,
    query: () => [routeResolverRoutes],
  },
  {
    name: 'menu',
    eventContracts: moduleEventContracts.menu,
    command: () => [menuCommandRoutes],
    query: () => [menuQueryRoutes],
    projections: [menuProjection],
  },
  {
    // the settings are a resource (app-environments); the module keeps the signals, the revision and the web's read
    name: 'environment',
    eventContracts: moduleEventContracts.environment,
    query: () => [environmentQueryRoutes],
    projections: [environmentProjection],
  },
  {
    // the home page's numbers, and the usage statistics: the records of views and downloads (ADR 0038), and each
    // record's recordsCount, read by the resource layer (ADR 0039)
    name: 'stats',
    eventContracts: moduleEventContracts.stats,
    command: ({ sql }) => [statsRecordRoutes({ sql })],
    query: () => [homeStatsQueryRoutes],
    projections: [homeStatsProjection, statsCountsProjection, recordsCountProjection],
  },
  {
    // a workflow on the coupons resource: the purchase command and a member's purchases
    name: 'coupons',
    eventContracts: moduleEventContracts.coupons,
    command: () => [couponCommandRoutes],
    query: () => [couponQueryRoutes],
    resourceWorkflows: [{ resource: couponResource, projection: couponPurchasesExtension }],
  },
  rentalModule(),
  openBadgesModule(),
  publicationsModule(),
  surveysModule(),
  contactsModule(),
  softwareModule(),
  formsModule(),
  remindersModule(),
  {
    // the reference lists of places: countries and the departments of France, from kept data packages
    name: 'geography',
    query: ({ defaultLocale }) => [geographyQueryRoutes({ defaultLocale })],
  },
  {
    // the notifications are a resource; the module adds marking one read
    name: 'notifications',
    command: () => [notificationCommandRoutes],
  },
  {
    // the language lines are a resource; the module adds the web's lines in one read
    name: 'site-settings',
    query: () => [webLanguageLineRoutes],
  },
  {
    name: 'accounts',
    eventContracts: moduleEventContracts.accounts,
    command: ({ auth }) => auth.accountsCommandModules,
    query: ({ auth, devMailbox }) => accountsQueryModules({ features: auth.context.features, devMailbox }),
    projections: [accountsProjection],
    // the users' memberships of organizations (the organizations resource reads its members there)
    joinTables: { user_organizations: isOrganizationMember },
  },
  {
    // the organizations are a resource; the module keeps the feature switch and the members' workflow, and the
    // contracts of the events it stored before the resource (read by the resource as its own)
    name: 'organizations',
    eventContracts: moduleEventContracts.organizations,
    command: ({ auth }) => auth.organizationsCommandModules,
    query: ({ auth }) => [organizationsQueryRoutes(auth.context.features)],
    // an organization's image is a file field
    resources: [accessLevelResource, fileResource, securedFileResource, organizationResource],
  },
  {
    // the demo seeder (host/src/seed) marks its start and end in the log
    name: 'seed',
    eventContracts: moduleEventContracts.seed,
  },
];

/** The resource layer as one module: every record type of `resources` on both sides (RESOURCES.md). */
function resourcesModule(
  resources: readonly ResourceDefinition[],
  extensions: Readonly<Record<string, ResourceProjectionExtension>>,
  joinTables: Readonly<Record<string, JoinTableMembership>>,
  projectionOptions: ProjectionOptions,
): ModuleDescriptor {
  // the uploads and the contents of files and secured files (ADR 0027), when the catalogue serves them
  const servesFiles = [FILES_TYPE, securedFileResource.type].every((t) =>
    resources.some((d) => d.type === t),
  );
  return {
    name: 'resources',
    eventContracts: [...resources.flatMap(resourceEventContracts), ...likeEventContracts],
    command: ({ defaultLocale, files, features }) => [
      resourceCommandRoutes(resources, { defaultLocale, joinTables, features }),
      likeRoutes(resources),
      ...(servesFiles ? [fileUploadRoutes(resources, { files, joinTables })] : []),
    ],
    query: ({
      defaultLocale,
      files,
      features,
      authorOrganization,
      globalSearch,
      organizationPages,
      listCountCap,
    }) => [
      // first: it answers 404 for the types whose feature is off, the publishable and history paths included
      resourceQueryRoutes(resources, {
        defaultLocale,
        features,
        authorOrganization,
        listCountCap,
      }),
      publishableRoutes(resources),
      historyRoutes(resources),
      globalSearchRoutes(resources, {
        defaultLocale,
        features,
        enabled: globalSearch,
        // an organization is found by its page, which the web shows only with the organizations feature
        leaveOut: organizationPages ? [] : [organizationResource.type],
      }),
      ...(servesFiles ? [fileServingRoutes(resources, { store: files.store, limits: files.limits })] : []),
    ],
    projections: [
      ...resources.map((definition) =>
        resourceProjection(
          definition,
          definition.type === FILES_TYPE ? fileUsesExtension(resources) : extensions[definition.type],
          projectionOptions,
        ),
      ),
      likesProjection,
      // the global search's index over the types of `resources` that are searchable (ADR 0041)
      searchIndexProjection(resources),
    ],
  };
}

/**
 * The projection handlers of the modules' workflows, by the type of their resource; two workflows adding to the
 * same resource's projection are a composition error, refused when the platform is put together.
 */
export function workflowExtensions(
  modules: readonly ModuleDescriptor[],
): Readonly<Record<string, ResourceProjectionExtension>> {
  const byType: Record<string, ResourceProjectionExtension> = {};
  const owner = new Map<string, string>();
  for (const module of modules)
    for (const { resource, projection } of module.resourceWorkflows ?? []) {
      const taken = owner.get(resource.type);
      if (taken)
        throw new Error(
          `The ${module.name} and ${taken} modules both add a workflow to the ${resource.type} projection`,
        );
      // the files projection keeps its records' uses (file fields, ADR 0027): no workflow adds to it
      if (resource.type === FILES_TYPE)
        throw new Error(
          `The ${module.name} module adds a workflow to the files projection, which the layer keeps`,
        );
      owner.set(resource.type, module.name);
      byType[resource.type] = projection;
    }
  return byType;
}

/**
 * The statistics' counts for /admin/stats (ADR 0040): a read of the stats module's projection that names the top
 * resources by their titles, so it reads the types served (the catalogue's, or a test's own).
 */
function statsCountsModule(served: readonly ResourceDefinition[]): ModuleDescriptor {
  return {
    name: 'stats-counts',
    query: ({ defaultLocale }) => [statsCountsQueryRoutes(served, { defaultLocale })],
  };
}

/**
 * Every module the platform serves: the hand-written ones and the resource layer over `resources` (the
 * catalogue; tests may bring their own). `defaultLocale` (DEFAULT_LOCALE, 'en' if absent): the language whose
 * text search configuration indexes the records' own text (their translations are indexed in their own).
 */
export function platformModules(
  resources: readonly ResourceDefinition[] = resourceCatalogue,
  options: ProjectionOptions = {},
): ModuleDescriptor[] {
  const served = [...resources];
  for (const needed of handWrittenModules.flatMap((module) => module.resources ?? []))
    if (!served.some((definition) => definition.type === needed.type)) served.push(needed);
  // the moderation removes reported records of the types served (the catalogue's, or a test's own)
  const modules = [
    ...handWrittenModules,
    moderationModule(served),
    statsCountsModule(served),
    // the eqlaat reports as PDF, when the types served hold them
    eqlaatModule(served),
    newslettersModule(served),
  ];
  const extensions = workflowExtensions(modules);
  const joinTables = Object.assign({}, ...modules.map((module) => module.joinTables ?? {})) as Record<
    string,
    JoinTableMembership
  >;
  return [...modules, resourcesModule(served, extensions, joinTables, options)];
}

export const eventContractsOf = (modules: readonly ModuleDescriptor[]): EventContract[] =>
  modules.flatMap((module) => module.eventContracts ?? []);

export const commandModulesOf = (
  modules: readonly ModuleDescriptor[],
  context: ServeContext,
): CommandModule[] => modules.flatMap((module) => module.command?.(context) ?? []);

export const queryModulesOf = (modules: readonly ModuleDescriptor[], context: ServeContext): QueryModule[] =>
  modules.flatMap((module) => module.query?.(context) ?? []);

export const jobsOf = (modules: readonly ModuleDescriptor[], context: JobContext): ModuleJob[] =>
  modules.flatMap((module) => module.jobs?.(context) ?? []);

export const projectionsOf = (modules: readonly ModuleDescriptor[]): Projection[] =>
  modules.flatMap((module) => module.projections ?? []);
