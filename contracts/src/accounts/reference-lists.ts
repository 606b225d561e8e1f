import { z } from 'zod/v4';
import { ACCESS_LEVEL_WEIGHTS, ACCESS_LEVELS, ROLES } from '../enums.ts';
import { APP_ADMINS } from '../resources/access.ts';
import { defineResource } from '../resources/definition.ts';
import { JOBS, OTHER_JOB_ID, USER_CATEGORIES } from './reference.ts';

/**
 * The reference lists users point at (seed 001 §3), as resources with fixed rows: the lists of
 * contracts/src/accounts/reference.ts exist from the start under the ids users' events store (not_specified,
 * other, ...); administrators rename them and add their own. Access levels and roles are read-only: the
 * platform's rules are written against their names.
 */
const name = z.string().trim().min(1).max(255);
const editableList = {
  see: APP_ADMINS,
  index: 'everyone',
  show: 'everyone',
  create: APP_ADMINS,
  update: APP_ADMINS,
  delete: APP_ADMINS,
} as const;
const readOnlyList = { see: 'admin', index: 'everyone', show: 'everyone' } as const;

/** Jobs: not_specified and other are kept; other is listed last (and shows jobOther instead, jobLabel). */
export const jobResource = defineResource({
  type: 'jobs',
  singular: 'job',
  category: 'job',
  eventPrefix: 'Job',
  module: 'accounts',
  menu: { group: 'accounts', icon: 'work' },
  attributes: z.object({ name }),
  fixedRows: {
    rows: JOBS.map(({ id, name }) => ({ id, attributes: { name } })),
    kept: ['not_specified', OTHER_JOB_ID],
    first: ['not_specified'],
    last: [OTHER_JOB_ID],
  },
  access: editableList,
  search: ['name'],
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

export const userCategoryResource = defineResource({
  type: 'user-categories',
  singular: 'user-category',
  category: 'usercategory',
  eventPrefix: 'UserCategory',
  module: 'accounts',
  menu: { group: 'accounts', icon: 'category' },
  attributes: z.object({
    name,
    /** theme-independent: shown on both themes beside the name */
    color: z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'a colour such as #115CA8'),
  }),
  fixedRows: {
    rows: USER_CATEGORIES.map(({ id, name, color }) => ({ id, attributes: { name, color } })),
    last: ['other'],
  },
  access: editableList,
  search: ['name'],
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

export const accessLevelResource = defineResource({
  type: 'access-levels',
  singular: 'access-level',
  category: 'accesslevel',
  eventPrefix: 'AccessLevel',
  module: 'accounts',
  menu: { group: 'accounts', icon: 'lock_open' },
  attributes: z.object({ name, weight: z.number().int().min(0).max(1_000_000) }),
  fixedRows: {
    rows: ACCESS_LEVELS.map((level) => ({
      id: level,
      attributes: { name: level, weight: ACCESS_LEVEL_WEIGHTS[level] },
    })),
  },
  access: readOnlyList,
  sorts: ['weight', 'name'],
  defaultSort: { field: 'weight', direction: 'asc' },
  title: 'name',
});

export const roleResource = defineResource({
  type: 'roles',
  singular: 'role',
  category: 'role',
  eventPrefix: 'Role',
  module: 'accounts',
  menu: { group: 'accounts', icon: 'badge' },
  attributes: z.object({ name }),
  fixedRows: { rows: ROLES.map((role) => ({ id: role, attributes: { name: role } })) },
  access: readOnlyList,
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});
