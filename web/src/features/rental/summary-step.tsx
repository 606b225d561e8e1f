import { rentalAmounts } from '@platform/contracts/rental/amounts';
import { periodDays } from '@platform/contracts/rental/period';
import { appliesVat } from '@platform/contracts/rental/strategies';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { useSession } from '../../kit/session/session.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { ActionRow } from '../../kit/ui/page-container.tsx';
import { useCheckout } from './checkout-context.tsx';
import { useFormatAmount, useProblemText, useRentalT } from './checkout-ui.tsx';
import { useRentalModels } from './use-rental-models.ts';

const Amounts = styled.table`
  width: 100%;
  border-collapse: collapse;
  margin-bottom: 1.5rem;
  th,
  td {
    padding: 0.5rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: start;
    overflow-wrap: anywhere;
  }
  td:last-child {
    text-align: end;
    white-space: nowrap;
  }
  tfoot th,
  tfoot td {
    font-weight: 700;
  }
`;

const Details = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
  gap: 0.5rem 1rem;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
`;

/**
 * /services/rentals/summary: what is rented, for which period, where, and for how much (seed 001 §9:
 * excl-tax amounts rounded up, the organisation tax, shipping fees for the strategies that ship); the items
 * are held while it is shown, until the hold lapses.
 */
export function SummaryStep() {
  const t = useRentalT();
  const intl = useIntl();
  const text = useProblemText();
  const amount = useFormatAmount();
  const { snapshot, context, send } = useCheckout();
  const { user } = useSession();
  const invoicingStrategyId = user?.rentalInvoicingStrategyId ?? null;
  const ids = Object.keys(context.cart.models);
  const models = useRentalModels(ids);
  const strategy = context.cart.strategy ?? 'pick_up';
  const lines = ids.map((id) => ({
    modelId: id,
    quantity: context.cart.models[id]!,
    rentingPrice: models.byId[id]?.rentingPrice ?? 0,
  }));
  // the command ships the items of each line: its fees are those of each item sent
  const shippingPrice = ids.reduce(
    (sum, id) => sum + (models.byId[id]?.shippingPrice ?? 0) * context.cart.models[id]!,
    0,
  );
  const amounts = rentalAmounts({
    lines,
    days: Math.max(0, periodDays(context.period)),
    strategy,
    shippingPrice,
    organizationTax: context.env.rentalOrganizationTax,
    // the member's own invoicing (profile): the no-VAT strategies leave the tax out, as the placed command will
    invoicingStrategyId,
  });
  const held = snapshot.matches({ summary: 'held' });
  const expired = snapshot.matches({ summary: 'expired' });
  const failed = snapshot.matches({ summary: 'failed' });
  const pending = snapshot.hasTag('pending');
  const formProblem = text(context.problems._form);
  return (
    <>
      <div role="status">
        {snapshot.matches({ summary: 'booking' }) ? (
          <InlineLoader aria-label={t('rental.summary.booking')} />
        ) : null}
        {held && context.booking ? (
          <NoticeBox $tone="info">
            <p>
              {t('rental.summary.heldUntil', {
                time: intl.formatTime(context.booking.expiresAt, { hour: '2-digit', minute: '2-digit' }),
              })}
            </p>
          </NoticeBox>
        ) : null}
      </div>
      {expired ? (
        <NoticeBox $tone="warning" role="alert">
          <p>{t('rental.summary.expired')}</p>
          <p>
            <Button size="small" onPress={() => send({ type: 'user.bookAgain' })}>
              {t('rental.summary.bookAgain')}
            </Button>
          </p>
        </NoticeBox>
      ) : null}
      {formProblem && !expired ? (
        <NoticeBox $tone="error" role="alert">
          <p>{formProblem}</p>
          {failed ? (
            <p>
              <Button size="small" onPress={() => send({ type: 'user.retry' })}>
                {t('rental.summary.retry')}
              </Button>
            </p>
          ) : null}
        </NoticeBox>
      ) : null}
      <Details>
        <dt>{t('rental.summary.period')}</dt>
        <dd>
          {t('rental.summary.periodValue', {
            startAt: intl.formatDate(context.period.startAt, { dateStyle: 'long', timeZone: 'UTC' }),
            endAt: intl.formatDate(context.period.endAt, { dateStyle: 'long', timeZone: 'UTC' }),
            days: amounts.lines.length ? periodDays(context.period) : 0,
          })}
        </dd>
        <dt>{t('rental.addresses.strategy')}</dt>
        <dd>{t(`rental.strategy.${strategy}`)}</dd>
        <dt>{t('rental.addresses.billingAddress')}</dt>
        <dd>{context.addresses.billingAddress}</dd>
        {amounts.shipping > 0 || context.addresses.shippingAddress.trim() ? (
          <>
            <dt>{t('rental.addresses.shippingAddress')}</dt>
            <dd>{context.addresses.shippingAddress}</dd>
          </>
        ) : null}
        <dt>{t('rental.addresses.phone')}</dt>
        <dd>{context.addresses.phone}</dd>
      </Details>
      <Amounts>
        <caption>{t('rental.summary.amounts')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('rental.summary.item')}</th>
            <th scope="col">{t('rental.summary.amountExclTax')}</th>
          </tr>
        </thead>
        <tbody>
          {amounts.lines.map((line) => (
            <tr key={line.modelId}>
              <th scope="row">
                {t('rental.summary.line', {
                  quantity: line.quantity,
                  name: models.byId[line.modelId]?.name ?? t('rental.model.unknown'),
                })}
              </th>
              <td>{amount(line.exclTax)}</td>
            </tr>
          ))}
          {amounts.shipping > 0 ? (
            <tr>
              <th scope="row">{t('rental.summary.shipping')}</th>
              <td>{amount(amounts.shipping)}</td>
            </tr>
          ) : null}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('rental.summary.exclTax')}</th>
            <td>{amount(amounts.exclTax)}</td>
          </tr>
          <tr>
            <th scope="row">
              {appliesVat(invoicingStrategyId)
                ? t('rental.summary.tax', { rate: context.env.rentalOrganizationTax ?? 0 })
                : t('rental.summary.noTax')}
            </th>
            <td>{amount(amounts.tax)}</td>
          </tr>
          <tr>
            <th scope="row">{t('rental.summary.total')}</th>
            <td>{amount(amounts.total)}</td>
          </tr>
        </tfoot>
      </Amounts>
      <ActionRow>
        <Button variant="secondary" onPress={() => send({ type: 'user.back' })}>
          {t('rental.back')}
        </Button>
        <Button isDisabled={!held || pending} onPress={() => send({ type: 'user.confirm' })}>
          {t('rental.summary.confirm')}
        </Button>
      </ActionRow>
    </>
  );
}
