import { ACCESS_LEVEL_WEIGHTS, type AccessLevel, type Role } from '../enums.ts';

/** The actions of a resource (seed 001 §6); `see` opens its admin screens at all. */
export const RESOURCE_ACTIONS = [
  'see',
  'index',
  'show',
  'create',
  'update',
  'delete',
  'softDelete',
  'restore',
] as const;
export type ResourceAction = (typeof RESOURCE_ACTIONS)[number];

/**
 * Who may take an action, as data rather than code, so that the server (which enforces it, in SQL for reads) and
 * the web (which hides what would be refused) evaluate the same rule.
 *
 * Rules over the viewer alone: 'everyone', 'signedIn', 'admin', 'nobody', `{ roles }`, `{ minWeight }`, and
 * `{ setting, acting? }`: the viewer's weight reaches the access level an app environment setting names (the
 * open badge issuers' threshold), read from the environment as the request found it (`ViewerFacts.environment`);
 * an unset setting lets nobody through; with `acting`, only a viewer acting as an organization (whose weight is
 * then the organization's).
 * Rules over one record as well (row rules): 'owner' (the record's `ownedBy` relationship names the viewer),
 * 'author' (the viewer created it, or acts as the organization it belongs to), 'organization' (the record's
 * `organization` relationship is the organization the viewer acts as), `{ member: relationship }` (the
 * viewer is among the users that to-many relationship names), `{ flag: attribute }` (the record's own boolean
 * attribute is true, for visitors too: a public file). `{ anyOf }` allows when one of its rules does,
 * `{ allOf }` when every one of them does (an organization_admin who is one of the organization's members).
 */
export type AccessRule =
  | 'everyone'
  | 'signedIn'
  | 'admin'
  | 'nobody'
  | 'owner'
  | 'author'
  | 'organization'
  | { roles: readonly Role[] }
  | { minWeight: number }
  | { setting: LevelSetting; acting?: boolean }
  | { member: string }
  | { flag: string }
  | { anyOf: readonly AccessRule[] }
  | { allOf: readonly AccessRule[] };

/** The app environment's settings that name an access level (seed 000 §3), which a `{ setting }` rule reads. */
export const LEVEL_SETTINGS = ['openBadgeIssuerAccessLevel', 'rlProjectsAccessLevel'] as const;
export type LevelSetting = (typeof LEVEL_SETTINGS)[number];

/** The app environment's access-level settings as a request finds them (null: unset). */
export type LevelSettings = Partial<Record<LevelSetting, AccessLevel | null>>;

/** What a rule looks at: the server's viewer and the web's session both have these. */
export interface ViewerFacts {
  userId: string | null;
  roles: readonly Role[];
  accessWeight: number;
  isAdmin: boolean;
  /** the organization the member acts on behalf of, when they do */
  actingAsOrganizationId?: string | null;
  /**
   * the app environment's access-level settings as this request found them (the server loads them with a
   * signed-in viewer, the web from the environment it boots with); absent: a `{ setting }` rule lets nobody through
   */
  environment?: LevelSettings;
}

/** What a row rule looks at in one record: read from its row on the read side, from its state on the write side. */
export interface RecordFacts {
  /** the user the `ownedBy` relationship names */
  ownerId: string | null;
  createdBy: string | null;
  /** the record's `organization` relationship */
  organizationId: string | null;
  /** to-many relationships to users, by name (an organization's users) */
  members: Readonly<Record<string, readonly string[]>>;
  /** the record's boolean attributes that are true, by name (a file's isPublic) */
  flags: Readonly<Record<string, boolean>>;
}

/** Whether a rule looks at the record as well as the viewer. */
export function isRowRule(rule: AccessRule): boolean {
  if (rule === 'owner' || rule === 'author' || rule === 'organization') return true;
  if (typeof rule === 'string') return false;
  if ('member' in rule || 'flag' in rule) return true;
  if ('anyOf' in rule) return rule.anyOf.some(isRowRule);
  if ('allOf' in rule) return rule.allOf.some(isRowRule);
  return false;
}

/**
 * Whether the viewer may take the action: on `record` when given; without a record, whether the viewer may take it
 * on some record (a member may list notifications: their own), so that a route or a button can open.
 */
export function allows(rule: AccessRule, viewer: ViewerFacts, record?: RecordFacts): boolean {
  if (rule === 'everyone') return true;
  if (rule === 'nobody') return false;
  if (rule === 'signedIn') return viewer.userId !== null;
  if (rule === 'admin') return viewer.isAdmin;
  if (rule === 'owner') return viewer.userId !== null && (!record || record.ownerId === viewer.userId);
  if (rule === 'author') {
    if (viewer.userId === null) return false;
    if (!record) return true;
    const organization = viewer.actingAsOrganizationId ?? null;
    return (
      record.createdBy === viewer.userId || (organization !== null && record.organizationId === organization)
    );
  }
  if (rule === 'organization') {
    const organization = viewer.userId === null ? null : (viewer.actingAsOrganizationId ?? null);
    return organization !== null && (!record || record.organizationId === organization);
  }
  if ('setting' in rule) return reachesSetting(rule, viewer);
  if ('anyOf' in rule) return rule.anyOf.some((r) => allows(r, viewer, record));
  if ('allOf' in rule) return rule.allOf.every((r) => allows(r, viewer, record));
  if ('flag' in rule) return !record || record.flags[rule.flag] === true;
  if ('member' in rule) {
    if (viewer.userId === null) return false;
    return !record || (record.members[rule.member] ?? []).includes(viewer.userId);
  }
  if ('roles' in rule) return viewer.isAdmin || rule.roles.some((role) => viewer.roles.includes(role));
  return viewer.accessWeight >= rule.minWeight;
}

/**
 * A `{ setting }` rule: a signed-in viewer (acting as an organization when the rule says so) whose weight reaches
 * the weight of the access level the environment's setting names; an unset or unknown setting: nobody.
 */
function reachesSetting(rule: { setting: LevelSetting; acting?: boolean }, viewer: ViewerFacts): boolean {
  if (viewer.userId === null) return false;
  if (rule.acting && !viewer.actingAsOrganizationId) return false;
  const level = viewer.environment?.[rule.setting] ?? null;
  if (level === null || !Object.hasOwn(ACCESS_LEVEL_WEIGHTS, level)) return false;
  return viewer.accessWeight >= ACCESS_LEVEL_WEIGHTS[level];
}

/** The rule that lets administrators (the `admin` role, the bootstrap token) do anything. */
export const ADMINISTRATORS: AccessRule = 'admin';

/** Administration by administrators and application administrators: the usual rule of the back office. */
export const APP_ADMINS: AccessRule = { roles: ['admin', 'app_admin'] };

/** Every action for the application administrators: the access of the back office's plain lists. */
export const APP_ADMINS_ONLY = {
  see: APP_ADMINS,
  index: APP_ADMINS,
  show: APP_ADMINS,
  create: APP_ADMINS,
  update: APP_ADMINS,
  delete: APP_ADMINS,
  softDelete: APP_ADMINS,
  restore: APP_ADMINS,
} as const satisfies Record<ResourceAction, AccessRule>;

/** One rule or another: `either(APP_ADMINS, 'author')`. */
export const either = (...rules: AccessRule[]): AccessRule => ({ anyOf: rules });

/** One rule and another: `both({ roles: ['organization_admin'] }, { member: 'users' })`. */
export const both = (...rules: AccessRule[]): AccessRule => ({ allOf: rules });
