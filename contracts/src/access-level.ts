import { z } from 'zod/v4';
import { ACCESS_LEVELS, type AccessLevel } from './enums.ts';

/** An access level as every contract takes it (pages, menu items, organizations, users, settings). */
export const AccessLevelSchema = z.enum(ACCESS_LEVELS as [AccessLevel, ...AccessLevel[]]);
