import { newsletterPreviewPath } from '@platform/contracts/newsletters/mailing-template';
import type { ShowActionsProps } from '../../kit/admin/resources/extensions.tsx';
import { ActionBar } from '../../kit/admin/resources/resource-ui.tsx';
import { useT } from '../../kit/i18n/use-t.ts';
import { ButtonLink } from '../../kit/ui/link.tsx';
import type en from './messages/en.json';

export type NewslettersMessages = typeof en;
const useNewslettersT = () => useT<NewslettersMessages>();

/**
 * On a newsletter's screen in the back office: its preview (seed 000 §2), the letter as one HTML page the server
 * makes, opened in a new tab (never a screen of the app), with rel=noopener and the screen readers told so.
 */
export function NewsletterPreviewAction({ record }: ShowActionsProps) {
  const t = useNewslettersT();
  return (
    <ActionBar>
      <ButtonLink variant="secondary" href={newsletterPreviewPath(record.id)} external>
        {t('newsletters.preview')}
      </ButtonLink>
    </ActionBar>
  );
}
