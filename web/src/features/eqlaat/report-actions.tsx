import { eqlaatReportPdfPath } from '@platform/contracts/eqlaat/records';
import type { ShowActionsProps } from '../../kit/admin/resources/extensions.tsx';
import { ActionBar } from '../../kit/admin/resources/resource-ui.tsx';
import { ButtonLink } from '../../kit/ui/link.tsx';
import { useEqlaatT } from './eqlaat-ui.tsx';

/**
 * On an eqlaat report's screen in the back office: the report as a PDF (seed 000 §7), downloaded under the name
 * the server gives it (a download, never a screen of the app).
 */
export function EqlaatReportActions({ record }: ShowActionsProps) {
  const t = useEqlaatT();
  return (
    <ActionBar>
      <ButtonLink variant="secondary" href={eqlaatReportPdfPath(record.id)} download>
        {t('eqlaat.report.pdf')}
      </ButtonLink>
    </ActionBar>
  );
}
