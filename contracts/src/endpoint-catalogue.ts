import { accountEndpoints } from './accounts/endpoints.ts';
import { authEndpoints } from './auth/endpoints.ts';
import { moderationEndpoints } from './content/endpoints.ts';
import { couponEndpoints } from './coupons/endpoints.ts';
import { eqlaatEndpoints } from './eqlaat/endpoints.ts';
import type { AnyEndpoint } from './endpoints.ts';
import { fileEndpoints } from './files/endpoints.ts';
import { geographyEndpoints } from './geography/endpoints.ts';
import { menuEndpoints } from './menu/endpoints.ts';
import { newsletterEndpoints } from './newsletters/endpoints.ts';
import { notificationEndpoints } from './notifications/endpoints.ts';
import { organizationEndpoints } from './organizations/endpoints.ts';
import { openBadgeEndpoints } from './open-badges/endpoints.ts';
import { pagesEndpoints } from './pages/endpoints.ts';
import { publicationEndpoints } from './publications/endpoints.ts';
import { rentalEndpoints } from './rental/endpoints.ts';
import { searchEndpoints } from './search/endpoints.ts';
import { siteSettingsEndpoints } from './site-settings/endpoints.ts';
import { environmentEndpoints } from './environment/endpoints.ts';
import { statsEndpoints } from './stats/endpoints.ts';
import { surveyEndpoints } from './surveys/endpoints.ts';
import { contactEndpoints } from './contacts/endpoints.ts';
import { advancedFormEndpoints } from './forms/endpoints.ts';
import { softwareEndpoints } from './software/endpoints.ts';

/**
 * Every declared endpoint of the modules (ADR 0036), for what looks at all of them at once: the fuzz draws the
 * bodies of the hand-written routes from here (tests/fuzz/bodies.ts), and a test finds each one served.
 */
export const declaredEndpoints: readonly AnyEndpoint[] = [
  ...new Set([
    ...Object.values(accountEndpoints),
    ...Object.values(authEndpoints),
    ...Object.values(couponEndpoints),
    ...Object.values(eqlaatEndpoints),
    ...Object.values(menuEndpoints),
    ...Object.values(moderationEndpoints),
    ...Object.values(newsletterEndpoints),
    ...Object.values(notificationEndpoints),
    ...Object.values(openBadgeEndpoints),
    ...Object.values(organizationEndpoints),
    ...Object.values(pagesEndpoints),
    ...Object.values(environmentEndpoints),
    ...Object.values(fileEndpoints),
    ...Object.values(geographyEndpoints),
    ...Object.values(publicationEndpoints),
    ...Object.values(rentalEndpoints),
    ...Object.values(searchEndpoints),
    ...Object.values(siteSettingsEndpoints),
    ...Object.values(statsEndpoints),
    ...Object.values(surveyEndpoints),
    ...Object.values(contactEndpoints),
    ...Object.values(softwareEndpoints),
    ...Object.values(advancedFormEndpoints),
  ]),
];
