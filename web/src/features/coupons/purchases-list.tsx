import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useT } from '../../kit/i18n/use-t.ts';
import type { Purchase } from './coupons-api.ts';
import type en from './messages/en.json';
import { useFormatAmount } from './use-coupons.ts';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.25rem 1rem;
    padding: 0.75rem 1rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 0.5rem;
    background: ${({ theme }) => theme.colors.surface};
    overflow-wrap: anywhere;
    min-width: 0;
  }
  .name {
    flex: 1 1 12rem;
    font-weight: 600;
    min-width: 0;
  }
  .meta {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .used[data-used='false'] {
    color: ${({ theme }) => theme.colors.success};
    font-weight: 600;
  }
`;

/** The member's purchased coupons, newest first: date, amount, and whether each was used. */
export function PurchasesList({ purchases }: { purchases: readonly Purchase[] }) {
  const t = useT<typeof en>();
  const intl = useIntl();
  const formatAmount = useFormatAmount();
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  if (purchases.length === 0) return <p>{t('coupons.purchases.none')}</p>;
  return (
    <List>
      {purchases.map((p) => (
        <li key={p.id}>
          <span className="name">{p.couponName ?? t('coupons.purchases.unknownCoupon')}</span>
          <span>{formatAmount(p.amount)}</span>
          <span className="meta">{t('coupons.purchases.boughtOn', { date: date(p.createdAt) })}</span>
          <span className="used" data-used={p.usedAt !== null}>
            {p.usedAt
              ? t('coupons.purchases.usedOn', { date: date(p.usedAt) })
              : t('coupons.purchases.notUsed')}
          </span>
        </li>
      ))}
    </List>
  );
}
