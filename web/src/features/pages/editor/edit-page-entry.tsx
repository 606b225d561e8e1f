import { allows, APP_ADMINS } from '@platform/contracts/resources/access';
import { lazy, Suspense } from 'react';
import { AllMessages } from '../../../kit/i18n/later-messages.tsx';
import { viewerFacts } from '../../../kit/admin/resources/viewer.ts';
import { useDeferredGate } from '../../../kit/lazy/deferred.tsx';
import { useSession } from '../../../kit/session/session.tsx';

// the button's code is downloaded by the application administrators only, after the page has painted
const EditPageButton = lazy(() =>
  import('./edit-page-button.tsx').then((m) => ({ default: m.EditPageButton })),
);

/**
 * The page edit floating button's place on a CMS page (seed 000 §2.7, §6: app_admin; admin role checks include
 * the admin role). Kept this small on purpose: it is part of every page's code, the button is not.
 */
export function EditPageEntry({ pageId }: { pageId: string }) {
  const { user } = useSession();
  const gate = useDeferredGate();
  // the rule the server enforces on the editor's commands
  if (!user || !allows(APP_ADMINS, viewerFacts(user)) || !gate) return null;
  return (
    <Suspense fallback={null}>
      <AllMessages>
        <EditPageButton pageId={pageId} />
      </AllMessages>
    </Suspense>
  );
}
