import { userEventContracts } from './accounts/events.ts';
import { bookingEventContracts } from './rental/booking.ts';
import { calendarEventContracts } from './rental/calendar.ts';
import { rentalCommandEventContracts } from './rental/command.ts';
import { rentalMemberEventContracts } from './rental/member.ts';
import { EventContractRegistry, type EventContract } from './event-contracts.ts';
import { environmentEventContracts } from './environment/events.ts';
import { menuEventContracts } from './menu/events.ts';
import { organizationEventContracts } from './organizations/events.ts';
import { pagesEventContracts } from './pages/events.ts';
import { pathClaimEventContracts } from './paths.ts';
import { publicationRequestEventContracts } from './publications/requests.ts';
import { reportResolutionEventContracts } from './content/report.ts';
import { couponEventContracts } from './coupons/coupon.ts';
import { openBadgeAssertionEventContracts } from './open-badges/assertion.ts';
import { openBadgeSessionEventContracts } from './open-badges/session.ts';
import { resourceCatalogue } from './resources/catalogue.ts';
import { resourceEventContracts } from './resources/definition.ts';
import { likeEventContracts } from './resources/likes.ts';
import { seedEventContracts } from './seed/events.ts';
import { statsRecordEventContracts } from './stats/records.ts';
import { surveyEventContracts } from './surveys/survey.ts';
import { contactEventContracts } from './contacts/records.ts';
import { newsletterEventContracts } from './newsletters/sending.ts';

/**
 * The event contracts of each hand-written module, by module name: pure data, declared once. The host's module
 * list (host/src/modules.ts) gives each module's entry to its descriptor; the resources' contracts follow from
 * their definitions (`resourceEventContracts`).
 */
export const moduleEventContracts = {
  pages: pagesEventContracts,
  /** the claims on public paths, taken by pages and redirections */
  paths: pathClaimEventContracts,
  menu: menuEventContracts,
  environment: environmentEventContracts,
  accounts: userEventContracts,
  organizations: organizationEventContracts,
  coupons: couponEventContracts,
  /** the models' calendars and the members' bookings (ADR 0028) */
  rental: [
    ...calendarEventContracts,
    ...bookingEventContracts,
    ...rentalCommandEventContracts,
    ...rentalMemberEventContracts,
  ],
  /** the training sessions and the assertions' revocations (the badges and assertions are resources) */
  openBadges: [...openBadgeSessionEventContracts, ...openBadgeAssertionEventContracts],
  /** the publication requests, kept on their items' streams (publications/requests.ts) */
  publications: publicationRequestEventContracts,
  /** the reports' resolutions, kept on the reports' streams (content/report.ts) */
  moderation: reportResolutionEventContracts,
  /** the statistics records, one event per accepted batch (stats/records.ts) */
  stats: statsRecordEventContracts,
  /** the surveys' answers, kept on the surveys' streams (surveys/survey.ts) */
  surveys: surveyEventContracts,
  /** the light-user forms' submissions, kept on the forms' streams (contacts/records.ts) */
  contacts: contactEventContracts,
  /** the end of a newsletter's sending, kept on its template's stream (newsletters/sending.ts) */
  newsletters: newsletterEventContracts,
  /** the demo seeder's start and end markers */
  seed: seedEventContracts,
} as const satisfies Record<string, readonly EventContract[]>;

export type ContractModuleName = keyof typeof moduleEventContracts;

/** Every event contract of the platform (the hand-written modules and the catalogue): validated on append, upcast on read. */
export const allEventContracts: EventContract[] = [
  ...Object.values(moduleEventContracts).flat(),
  ...resourceCatalogue.flatMap(resourceEventContracts),
  // likes of the records of likable types (resources/likes.ts)
  ...likeEventContracts,
];

export function createEventContractRegistry(): EventContractRegistry {
  return new EventContractRegistry(allEventContracts);
}
