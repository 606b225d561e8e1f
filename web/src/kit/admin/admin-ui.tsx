import { useEffect } from 'react';
import { isAdministrator } from '@platform/contracts/accounts/rules';
import styled from 'styled-components';
import { ApiError } from '../api/errors.ts';
import { serverMessageId } from '../api/field-errors.ts';
import { useNavigation } from '../routing/router.tsx';
import { useMessageLookup, useT } from '../i18n/use-t.ts';
import { useSignedInUser } from '../session/session.tsx';
import { InlineLoader } from '../loading/chrome.tsx';
import { Button } from '../ui/button.tsx';
import { Link } from '../ui/link.tsx';
import { ScrollRegion } from '../ui/scroll-region.tsx';
import { StepPager } from '../ui/step-pager.tsx';
import { ADMIN_ROUTES } from './access.ts';
import { viewerFacts } from './resources/viewer.ts';
import type en from './messages/en.json';
import type { ListMeta } from './list-meta.ts';
import { fluidSize, fluidSpace } from '../theme/theme.ts';

export const useAdminT = () => useT<typeof en>();

/** Administrators only: anyone else is sent to the unauthorized screen (seed 000 §2.10 rule 5). */
export function AdministratorsOnly({ children }: { children: React.ReactNode }) {
  const user = useSignedInUser();
  const t = useAdminT();
  const { navigate } = useNavigation();
  const allowed = isAdministrator(viewerFacts(user));
  useEffect(() => {
    if (!allowed) navigate(ADMIN_ROUTES.unauthorized, { replace: true });
  }, [allowed, navigate]);
  return allowed ? children : <InlineLoader aria-label={t('app.loading')} />;
}

/**
 * What to tell an administrator when a call failed. Session expiry, network failures and unexpected errors
 * also raise the shell's dialog; the screen still says that its content could not be loaded or saved.
 */
export function useAdminErrorText() {
  const t = useAdminT();
  const lookup = useMessageLookup();
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('admin.error.unexpected');
    const first = error.errors[0];
    switch (error.kind) {
      case 'conflict':
        return (
          (first?.code ? lookup(serverMessageId(first.code)) : undefined) ??
          lookup('serverError.conflict') ??
          error.message
        );
      case 'validation':
        return (
          (first?.code ? lookup(serverMessageId(first.code)) : undefined) ?? first?.detail ?? error.message
        );
      case 'forbidden':
        return t('admin.error.forbidden');
      case 'not-found':
        return t('admin.error.notFound');
      case 'rate-limited':
        return t('admin.error.rateLimited');
      case 'session-expired':
        return t('admin.error.sessionExpired');
      case 'network':
      case 'timeout':
        return t('admin.error.network');
      default:
        return t('admin.error.unexpected');
    }
  };
}

export const ScreenHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 0.5rem 1.5rem;
  margin-bottom: 1rem;
  h1 {
    margin: 0;
  }
`;

export const WidePage = styled.div`
  max-width: 80rem;
  margin: 0 auto;
  padding: 2rem ${fluidSpace(1)};
  h1 {
    font-size: ${fluidSize(2, 1.25)};
    margin: 0 0 1rem;
  }
  h2 {
    font-size: ${fluidSize(1.375)};
  }
`;

/** The way back to the dashboard, above each admin screen's title. */
export function BackToDashboard() {
  const t = useAdminT();
  return (
    <p>
      <Link href={ADMIN_ROUTES.dashboard}>{t('admin.backToDashboard')}</Link>
    </p>
  );
}

export const Notice = styled.p<{ $tone?: 'error' | 'info' }>`
  padding: 0.75rem 1rem;
  border-radius: 0.5rem;
  border-left: 6px solid ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.error : theme.colors.info)};
  background: ${({ theme }) => theme.colors.surface};
`;

/** A failed read: said at once to screen readers, with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useAdminT();
  return (
    <div role="alert">
      <Notice $tone="error">{message}</Notice>
      <Button variant="secondary" onPress={onRetry}>
        {t('admin.retry')}
      </Button>
    </div>
  );
}

/** A table's own scroll region: with large text on a phone the table scrolls here, not the page. */
export const TableScroll = styled(ScrollRegion)`
  margin: 1rem 0;
`;

/** A data table: a caption names it, header cells carry their scope. */
export const DataTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  background: ${({ theme }) => theme.colors.surface};
  caption {
    text-align: left;
    font-weight: 600;
    padding: 0.5rem 0;
  }
  th,
  td {
    text-align: left;
    vertical-align: top;
    padding: 0.625rem 0.75rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  th {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  tr[aria-selected='true'] td,
  tr[aria-current='true'] td {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  /*
   * words stay whole (\`break-word\`, unlike \`anywhere\`, leaves a column at least as wide as its longest
   * word): with many columns the table grows and scrolls in its region (TableScroll) rather than squeeze a column
   * to a letter a line. Its buttons and links keep their words whole too (buttons wrap anywhere elsewhere).
   */
  .text,
  button,
  a {
    overflow-wrap: break-word;
  }
  .text {
    white-space: pre-wrap;
  }
  /* a row's actions side by side while they fit in 24rem, rather than one word wide, one under the other */
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    width: max-content;
    max-width: 24rem;
  }
`;

export const Filters = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0 1rem;
  > * {
    min-width: min(14rem, 100%);
  }
  button {
    margin-bottom: 1.25rem;
  }
`;

/** Previous / next over a JSON:API list (meta.page of query-api). */
export function Pager({
  meta,
  label,
  onPage,
}: {
  meta: ListMeta;
  label: string;
  onPage: (page: number) => void;
}) {
  const t = useAdminT();
  return (
    <StepPager
      compact
      page={meta.page.number}
      totalPages={meta.page.totalPages}
      more={meta.totalCapped === true}
      label={label}
      onPage={onPage}
      words={{
        previous: t('admin.pager.previous'),
        next: t('admin.pager.next'),
        position: (page, pages) => t('admin.pager.position', { page, pages }),
        positionOfMore: (page, pages) => t('admin.pager.positionMore', { page, pages }),
      }}
    />
  );
}
