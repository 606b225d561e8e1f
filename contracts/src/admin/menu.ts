import { ADMINISTRATORS, CONTENT_EDITORS } from '../accounts/rules.ts';
import { EQLAAT_TEAM } from '../eqlaat/records.ts';
import { OPEN_BADGE_DESK } from '../open-badges/issuer.ts';
import { RENTAL_ADMINS } from '../rental/records.ts';
import { STATS_READERS } from '../stats/counts.ts';
import { SOFTWARE_STATS_READERS } from '../software/records.ts';
import { allows, type AccessRule, type ViewerFacts } from '../resources/access.ts';
import {
  ADMIN_MENU_GROUPS,
  type AdminMenuFeature,
  type AdminMenuGroup,
  type ResourceDefinition,
} from '../resources/definition.ts';

export interface AdminMenuEntry {
  /** stable key: the resource type, or the hand-written screen's name; the web translates `admin.menu.<key>` */
  key: string;
  href: string;
  icon: string;
}

export interface AdminMenuSection {
  /** null: the top level (the dashboard) */
  group: AdminMenuGroup | null;
  entries: AdminMenuEntry[];
}

/** A screen written by hand, listed in the admin menu beside the resources. */
interface HandWrittenEntry extends AdminMenuEntry {
  group: AdminMenuGroup;
  see: AccessRule;
  /** the feature, or every one of the features, without which the entry is left out */
  feature?: AdminMenuFeature | readonly AdminMenuFeature[];
}

const HAND_WRITTEN: HandWrittenEntry[] = [
  {
    key: 'app-pages',
    href: '/admin/resources/app-pages',
    icon: 'article',
    group: 'application',
    see: CONTENT_EDITORS,
  },
  { key: 'users', href: '/admin/users', icon: 'group', group: 'accounts', see: ADMINISTRATORS },
  {
    key: 'validation-requests',
    href: '/admin/validation-requests',
    icon: 'how_to_reg',
    group: 'accounts',
    see: ADMINISTRATORS,
    feature: 'validationRequests',
  },
  {
    key: 'rental-commands',
    href: '/admin/rental/commands',
    icon: 'receipt_long',
    group: 'rental',
    see: RENTAL_ADMINS,
    feature: 'rental',
  },
  {
    // the issuer's desk (issue 20): administrators, and the issuers (the one issuer rule, under the environment's
    // threshold)
    key: 'open-badge-sessions',
    href: '/admin/open-badges/sessions',
    icon: 'school',
    group: 'openBadges',
    see: OPEN_BADGE_DESK,
    feature: 'openBadges',
  },
  {
    // seed 000 §2.4 and seed 001 §6: the team's week of appointments, first in the eqlaat group, for the eqlaat
    // members (administrators pass every role rule); the calendar feature's, on the eqlaat records
    key: 'eqlaat-calendar',
    href: '/admin/resources/eqlaat-calendar',
    icon: 'calendar_month',
    group: 'eqlaat',
    see: EQLAAT_TEAM,
    feature: ['calendar', 'eqlaat'],
  },
  {
    // seed 000 §2.4 and seed 001 §6: the software's statistics, its events and its sessions, for the admin check
    key: 'software-stats-events',
    href: '/admin/resources/software/stats/events',
    icon: 'insights',
    group: 'software',
    see: SOFTWARE_STATS_READERS,
    feature: 'software',
  },
  {
    key: 'software-stats-sessions',
    href: '/admin/resources/software/stats/sessions',
    icon: 'timer',
    group: 'software',
    see: SOFTWARE_STATS_READERS,
    feature: 'software',
  },
  // the usage statistics' charts (issue 22), first in their group: hand-written entries come before the resources'
  { key: 'stats', href: '/admin/stats', icon: 'bar_chart', group: 'statistics', see: STATS_READERS },
];

/** Seed 001 §6: the app menu items entry, for application administrators, fifth in the application group. */
const APP_MENU_ITEMS: AdminMenuEntry = {
  key: 'app-menu-items',
  href: '/admin/resources/app-menu-items',
  icon: 'menu',
};
const APP_MENU_ITEMS_INDEX = 4;

/**
 * The admin menu (seed 001 §6): the dashboard first, then the entries the viewer may see, grouped by category in
 * the order of ADMIN_MENU_GROUPS (empty groups left out), hidden entries never. Built from the resource
 * definitions and the hand-written screens, the same on both sides.
 */
export function adminMenu(
  catalogue: readonly ResourceDefinition[],
  viewer: ViewerFacts,
  features: Record<AdminMenuFeature, boolean>,
): AdminMenuSection[] {
  const byGroup = new Map<AdminMenuGroup, AdminMenuEntry[]>();
  const add = (group: AdminMenuGroup, entry: AdminMenuEntry) =>
    byGroup.set(group, [...(byGroup.get(group) ?? []), entry]);

  for (const entry of HAND_WRITTEN) {
    const needed =
      entry.feature === undefined ? [] : typeof entry.feature === 'string' ? [entry.feature] : entry.feature;
    if (needed.some((feature) => !features[feature])) continue;
    if (!allows(entry.see, viewer)) continue;
    add(entry.group, { key: entry.key, href: entry.href, icon: entry.icon });
  }
  for (const definition of catalogue) {
    if (definition.menu.hidden || !definition.menu.group) continue;
    const feature = definition.menu.feature ?? definition.feature;
    if (feature && !features[feature]) continue;
    if (!allows(definition.access.see, viewer)) continue;
    add(definition.menu.group, {
      key: definition.type,
      href: `/admin/resources/${definition.type}`,
      icon: definition.menu.icon,
    });
  }
  if (viewer.roles.includes('app_admin')) {
    const application = [...(byGroup.get('application') ?? [])];
    application.splice(Math.min(APP_MENU_ITEMS_INDEX, application.length), 0, APP_MENU_ITEMS);
    byGroup.set('application', application);
  }

  return [
    { group: null, entries: [{ key: 'dashboard', href: '/admin/dashboard', icon: 'dashboard' }] },
    ...ADMIN_MENU_GROUPS.filter((group) => byGroup.get(group)?.length).map((group) => ({
      group,
      entries: byGroup.get(group)!,
    })),
  ];
}
