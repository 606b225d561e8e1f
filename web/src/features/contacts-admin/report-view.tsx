import { parseLightUserReportQuery } from '@platform/contracts/contacts/records';
import styled from 'styled-components';
import { Notice } from '../../kit/admin/admin-ui.tsx';
import type { ShowActionsProps } from '../../kit/admin/resources/extensions.tsx';
import { ActionBar } from '../../kit/admin/resources/resource-ui.tsx';
import { ButtonLink } from '../../kit/ui/link.tsx';
import { useContactsAdminT } from './contacts-admin-ui.ts';
import { ReportParameters } from './report-parameters.tsx';
import { reportListHref } from './report-query.ts';

/** the parser's words quote what it could not read, which may be long and unbroken */
const Problem = styled(Notice)`
  overflow-wrap: anywhere;
`;

/**
 * On a contacts report's screen in the back office: what it keeps in words (its search, order and filters, read
 * by the parser the server checks it with) and the way to the contacts' list showing them. A query that no longer
 * reads (saved before a filter went away) says why instead.
 */
export function LightUserReportView({ record }: ShowActionsProps) {
  const t = useContactsAdminT();
  const stored = typeof record.attributes.queryString === 'string' ? record.attributes.queryString : '';
  const parsed = parseLightUserReportQuery(stored);
  return (
    <section aria-labelledby="light-user-report-view">
      <h2 id="light-user-report-view">{t('contactsAdmin.report.heading')}</h2>
      {parsed.ok ? (
        <>
          <ReportParameters query={parsed.query} />
          <ActionBar>
            <ButtonLink href={reportListHref(parsed.query)}>{t('contactsAdmin.report.open')}</ButtonLink>
          </ActionBar>
        </>
      ) : (
        <Problem $tone="error">{t('contactsAdmin.report.unreadable', { problem: parsed.problem })}</Problem>
      )}
    </section>
  );
}
