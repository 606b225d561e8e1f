import { newsletterPreviewPath } from '@platform/contracts/newsletters/mailing-template';
import { ButtonLink } from '../../kit/ui/link.tsx';
import { useNewslettersT } from './newsletters-ui.ts';

/**
 * On a newsletter's screen in the back office: its preview (seed 000 §2), the letter as one HTML page the server
 * makes, opened in a new tab (never a screen of the app), with rel=noopener and the screen readers told so.
 */
export function NewsletterPreviewLink({ id }: { id: string }) {
  const t = useNewslettersT();
  return (
    <ButtonLink variant="secondary" href={newsletterPreviewPath(id)} external>
      {t('newsletters.preview')}
    </ButtonLink>
  );
}
