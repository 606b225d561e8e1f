import type { CommandModule } from '@platform/command-api/app';
import type { QueryModule } from '@platform/query-api/app';
import { menuCommandRoutes } from '@platform/command-api/menu/routes';

/** The command and query modules the platform serves, one entry per domain module. */
export const commandModules: CommandModule[] = [menuCommandRoutes];
export const queryModules: QueryModule[] = [];
