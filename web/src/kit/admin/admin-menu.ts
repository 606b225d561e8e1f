import { adminMenu, type AdminMenuSection } from '@platform/contracts/admin/menu';
import type { ViewerFacts } from '@platform/contracts/resources/access';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import { FEATURES } from '../build-info.ts';
import type { AccountFeatures, SessionUser } from '../session/documents.ts';
import { canUseDashboard } from './access.ts';

/** Hand-written entries of the menu this web has a screen for (the others wait for theirs). */
const WEB_SCREENS = new Set([
  'dashboard',
  'users',
  'validation-requests',
  'app-menu-items',
  'app-pages',
  'rental-commands',
  'open-badge-sessions',
  'stats',
  'eqlaat-calendar',
  'software-stats-events',
  'software-stats-sessions',
]);
const CATALOGUE_TYPES = new Set(resourceCatalogue.map((d) => d.type));

/**
 * The admin menu of contracts (seed 001 §6) for this viewer, with the entries this web has a screen for: the
 * rules of each entry (the open badge issuers' among them, under the environment's threshold) are the server's.
 */
export function webAdminMenu(
  viewer: ViewerFacts,
  features: Pick<AccountFeatures, 'validationRequests' | 'organizations'>,
): AdminMenuSection[] {
  return adminMenu(resourceCatalogue, viewer, {
    validationRequests: features.validationRequests,
    organizations: features.organizations,
    // a build flag: the rental screens and records are in the build or not (FEATURE_RENTAL)
    rental: FEATURES.rental,
    // the open badges records, likewise (FEATURE_OPEN_BADGES)
    openBadges: FEATURES.openBadges,
    // the publications and community records, likewise (FEATURE_ARTICLES, ...)
    articles: FEATURES.articles,
    forum: FEATURES.forum,
    repository: FEATURES.repository,
    calendar: FEATURES.calendar,
    comments: FEATURES.comments,
    likes: FEATURES.likes,
    // the training resources and the trainings (FEATURE_TRAININGS)
    trainings: FEATURES.trainings,
    surveys: FEATURES.surveys,
    // the Eqlaat programme's records (FEATURE_EQLAAT)
    eqlaat: FEATURES.eqlaat,
    // a member's account: transactions and documents (FEATURE_TRANSACTIONS, FEATURE_DOCUMENTS)
    transactions: FEATURES.transactions,
    documents: FEATURES.documents,
    // the contacts and the forms visitors fill in (FEATURE_CONTACTS)
    contacts: FEATURES.contacts,
    // the software catalogue and its statistics (FEATURE_SOFTWARE)
    software: FEATURES.software,
    // the advanced forms and their responses (FEATURE_FORMS)
    forms: FEATURES.forms,
    // reminders on the eqlaat records (FEATURE_REMINDERS)
    reminders: FEATURES.reminders,
    // the catalogue of AAC products (FEATURE_AAC_PRODUCTS)
    aacProducts: FEATURES.aacProducts,
  }).map((section) => ({
    ...section,
    entries: section.entries.filter((e) => WEB_SCREENS.has(e.key) || CATALOGUE_TYPES.has(e.key)),
  }));
}

/**
 * Who may use the dashboard and the admin menu: whom the landing rule sends there (canUseDashboard: a role, or a
 * validated account with validation requests on), and anyone the menu lists a screen for beyond the dashboard,
 * by that screen's own rule (a member acting as an open badge issuer organization with no role, for one).
 */
export function mayUseBackOffice(
  user: Pick<SessionUser, 'roles' | 'validated'>,
  features: Pick<AccountFeatures, 'validationRequests'>,
  menu: readonly AdminMenuSection[],
): boolean {
  return (
    canUseDashboard(user, features) ||
    menu.some((section) => section.group !== null && section.entries.length > 0)
  );
}
