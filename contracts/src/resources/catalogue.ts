import {
  accessLevelResource,
  jobResource,
  roleResource,
  userCategoryResource,
} from '../accounts/reference-lists.ts';
import { commentResource } from '../content/comment.ts';
import { forumResources } from '../forum/records.ts';
import { publicationResources } from '../publications/records.ts';
import { repositoryResources } from '../repository/records.ts';
import { trainingResourceResources, trainingsResources } from '../trainings/records.ts';
import { reportResource } from '../content/report.ts';
import { tagResource } from '../content/tag.ts';
import { couponResource } from '../coupons/coupon.ts';
import { fileResource } from '../files/file.ts';
import { securedFileResource } from '../files/secured-file.ts';
import { adminFileResource } from '../files/admin-file.ts';
import { fileContainerResource } from '../files/file-container.ts';
import { appEnvironmentResource } from '../environment/app-environment.ts';
import { notificationResource } from '../notifications/notification.ts';
import { organizationYearStateResource } from '../organizations/organization-year-state.ts';
import { organizationResource } from '../organizations/organization.ts';
import { openBadgeResources } from '../open-badges/records.ts';
import { openBadgeAssertionResource } from '../open-badges/assertion.ts';
import { openBadgeSessionResource } from '../open-badges/session.ts';
import { rentalResources } from '../rental/records.ts';
import { redirectionResource } from '../redirections/redirection.ts';
import { shortUrlResource } from '../short-urls/short-url.ts';
import { languageLineResource } from '../site-settings/language-line.ts';
import { adminTagResource, newsletterTypeResource } from '../site-settings/lists.ts';
import { statsBannedOriginResource } from '../stats/banned-origin.ts';
import { surveyResources } from '../surveys/survey.ts';
import { eqlaatResources } from '../eqlaat/records.ts';
import { accountingResources } from '../accounting/records.ts';
import { contactResources } from '../contacts/records.ts';
import { softwareResources } from '../software/records.ts';
import { formResources } from '../forms/records.ts';
import { reminderResources } from '../reminders/records.ts';
import { aacResources } from '../aac/records.ts';
import { mailingTemplateResource } from '../newsletters/mailing-template.ts';
import { newsletterSendingResource } from '../newsletters/sending.ts';
import type { ResourceDefinition } from './definition.ts';

/** Every record type built by the resource layer: its API, projection, admin screens and history. */
export const resourceCatalogue: readonly ResourceDefinition[] = [
  redirectionResource,
  shortUrlResource,
  adminTagResource,
  jobResource,
  userCategoryResource,
  accessLevelResource,
  roleResource,
  newsletterTypeResource,
  couponResource,
  languageLineResource,
  notificationResource,
  tagResource,
  appEnvironmentResource,
  organizationResource,
  organizationYearStateResource,
  commentResource,
  reportResource,
  fileResource,
  securedFileResource,
  adminFileResource,
  fileContainerResource,
  ...rentalResources,
  ...openBadgeResources,
  openBadgeSessionResource,
  openBadgeAssertionResource,
  ...publicationResources,
  ...repositoryResources,
  ...forumResources,
  ...trainingResourceResources,
  ...trainingsResources,
  statsBannedOriginResource,
  ...surveyResources,
  ...eqlaatResources,
  ...accountingResources,
  mailingTemplateResource,
  ...contactResources,
  newsletterSendingResource,
  ...softwareResources,
  ...formResources,
  ...reminderResources,
  ...aacResources,
];

export function resourceDefinition(type: string): ResourceDefinition | undefined {
  return resourceCatalogue.find((definition) => definition.type === type);
}
