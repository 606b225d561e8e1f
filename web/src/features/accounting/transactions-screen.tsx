import { signedAmount } from '@platform/contracts/accounting/records';
import { FormattedNumber, useIntl } from 'react-intl';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { DataTable, TableScroll } from '../../kit/admin/admin-ui.tsx';
import { useT } from '../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { LoadFailed } from '../../kit/loading/load-failed.tsx';
import { usePagedRead } from '../../kit/loading/paged-list.tsx';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useSignedInUser } from '../../kit/session/session.tsx';
import { Lead, PageContainer } from '../../kit/ui/page-container.tsx';
import { StepPager } from '../../kit/ui/step-pager.tsx';
import { ACCOUNT_CURRENCY, readTransactions, type Transaction } from './accounting-api.ts';
import type en from './messages/en.json';

const Section = styled.section`
  margin-top: 2rem;
  h2 {
    margin: 0 0 0.75rem;
  }
`;

/** The balance: its amount large, in the error colour when negative, and then also said in words. */
const BalanceBox = styled(Section)<{ $negative: boolean }>`
  padding: 1rem 1.25rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 6px solid ${({ theme, $negative }) => ($negative ? theme.colors.error : theme.colors.success)};
  border-radius: 0.5rem;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  h2 {
    font-size: 1.125rem;
    margin: 0;
  }
  p {
    margin: 0.25rem 0 0;
  }
  .amount {
    font-size: 1.75rem;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
    color: ${({ theme, $negative }) => ($negative ? theme.colors.error : theme.colors.text)};
  }
`;

const Movements = styled(DataTable)`
  th.amount,
  td.amount {
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
`;

const BALANCE_ID = 'account-balance';
const MOVEMENTS_ID = 'account-movements';

function Balance({ cents }: { cents: number | null }) {
  const t = useT<typeof en>();
  if (cents === null) return <p>{t('accounting.balance.unknown')}</p>;
  const negative = cents < 0;
  return (
    <BalanceBox aria-labelledby={BALANCE_ID} $negative={negative}>
      <h2 id={BALANCE_ID}>{t('accounting.balance.title')}</h2>
      <p className="amount">
        <FormattedNumber value={cents / 100} style="currency" currency={ACCOUNT_CURRENCY} />
      </p>
      {negative ? <p>{t('accounting.balance.negative')}</p> : null}
    </BalanceBox>
  );
}

/** The movements of one page, as a table: date, operation in words, amount with its sign, comment. */
function MovementsTable({ items }: { items: readonly Transaction[] }) {
  const t = useT<typeof en>();
  const intl = useIntl();
  return (
    <TableScroll aria-labelledby={MOVEMENTS_ID}>
      <Movements aria-labelledby={MOVEMENTS_ID}>
        <thead>
          <tr>
            <th scope="col">{t('accounting.transactions.date')}</th>
            <th scope="col">{t('accounting.transactions.operation')}</th>
            <th scope="col" className="amount">
              {t('accounting.transactions.amount')}
            </th>
            <th scope="col">{t('accounting.transactions.comment')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((movement) => (
            <tr key={movement.id}>
              <td>
                <time dateTime={movement.createdAt}>
                  {intl.formatDate(movement.createdAt, { dateStyle: 'medium' })}
                </time>
              </td>
              <td>{t(`accounting.operation.${movement.operation}`)}</td>
              <td className="amount">
                <FormattedNumber
                  value={signedAmount(movement) / 100}
                  style="currency"
                  currency={ACCOUNT_CURRENCY}
                  signDisplay="exceptZero"
                />
              </td>
              <td className="text">{movement.comment ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </Movements>
    </TableScroll>
  );
}

/**
 * /account/transactions (seed 000 §2, the transactions feature; seed 001 §3): the member's balance, credits less
 * debits over all their movements, then the movements themselves, newest first, a page at a time.
 */
export function TransactionsScreen() {
  const t = useT<typeof en>();
  const api = useApi();
  const user = useSignedInUser();
  usePageTitle(t('accounting.transactions.title'));
  const { state, page, setPage, retry } = usePagedRead(
    ({ page, signal, minPosition }) => readTransactions(api, user.id, page, { signal, minPosition }),
    [api, user.id],
  );
  // a page past the end gives way to the last one (usePagedRead): the loader meanwhile, not the empty state
  const settling =
    state.status === 'ready' && state.value.items.length === 0 && page > 1 && page > state.value.totalPages;

  return (
    <PageContainer>
      <h1>{t('accounting.transactions.title')}</h1>
      <Lead>{t('accounting.transactions.intro')}</Lead>
      {state.status === 'loading' || settling ? (
        <InlineLoader aria-label={t('accounting.transactions.loading')} />
      ) : null}
      {state.status === 'failed' ? (
        <LoadFailed
          message={t('accounting.transactions.loadFailed')}
          retryLabel={t('accounting.retry')}
          onRetry={retry}
        />
      ) : null}
      {state.status === 'ready' && !settling ? (
        <>
          <Balance cents={state.value.balance} />
          <Section>
            <h2 id={MOVEMENTS_ID}>{t('accounting.transactions.movements')}</h2>
            {state.value.items.length === 0 ? (
              <p>{t('accounting.transactions.none')}</p>
            ) : (
              <MovementsTable items={state.value.items} />
            )}
            <StepPager
              live
              page={page}
              totalPages={state.value.totalPages}
              more={state.value.totalCapped === true}
              label={t('accounting.transactions.pages')}
              words={{
                previous: t('accounting.previous'),
                next: t('accounting.next'),
                position: (current, pages) => t('accounting.pageOf', { page: current, pages }),
              }}
              onPage={setPage}
            />
          </Section>
        </>
      ) : null}
    </PageContainer>
  );
}
