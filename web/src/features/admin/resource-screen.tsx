import { PUBLICATION_REQUEST_TYPES } from '@platform/contracts/publications/requests';
import {
  ResourceExtensionsProvider,
  type ResourceScreenExtensions,
} from '../../kit/admin/resources/extensions.tsx';
import { ResourceScreen } from '../../kit/admin/resources/resource-screen.tsx';
import { reportScreens } from '../community/index.ts';
import {
  lightUserFormInputScreens,
  lightUserFormScreens,
  lightUserReportScreens,
  lightUserScreens,
} from '../contacts-admin/index.ts';
import { eqlaatProjectScreens, eqlaatReportScreens } from '../eqlaat/index.ts';
import { formResponseScreens, formScreens, formWorkflowScreens } from '../forms-admin/index.ts';
import { mailingTemplateScreens } from '../newsletters/index.ts';
import { publicationItemScreens, publicationRequestScreens } from '../publications/index.ts';

/**
 * What the modules add to the generic screens of their types (kit/admin/resources/extensions.tsx), declared once:
 * a workflow's commands on a record's screen, a list's own actions, the filters a list opens with.
 */
export const RESOURCE_SCREEN_EXTENSIONS: ResourceScreenExtensions = {
  'publication-requests': publicationRequestScreens,
  reports: reportScreens,
  'eqlaat-projects': eqlaatProjectScreens,
  'eqlaat-reports': eqlaatReportScreens,
  'mailing-templates': mailingTemplateScreens,
  'light-user-forms': lightUserFormScreens,
  'light-user-form-inputs': lightUserFormInputScreens,
  'light-users': lightUserScreens,
  'light-user-reports': lightUserReportScreens,
  forms: formScreens,
  'form-responses': formResponseScreens,
  'form-workflows': formWorkflowScreens,
  ...Object.fromEntries(PUBLICATION_REQUEST_TYPES.map((type) => [type, publicationItemScreens])),
};

/** The generic back office of the resource catalogue, with the modules' extensions (one lazy chunk). */
export function ExtendedResourceScreen() {
  return (
    <ResourceExtensionsProvider value={RESOURCE_SCREEN_EXTENSIONS}>
      <ResourceScreen />
    </ResourceExtensionsProvider>
  );
}
