import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import { useApi } from '../../kit/api/api-context.tsx';
import { useToast } from '../../kit/toast/toast-context.tsx';
import { ApiError } from '../../kit/api/errors.ts';
import { useT } from '../../kit/i18n/use-t.ts';
import { Button } from '../../kit/ui/button.tsx';
import { Dialog } from '../../kit/ui/dialog.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { buyCouponMachine, type PurchaseOutcome, type RefusalReason } from './buy-coupon.machine.ts';
import { purchaseCoupon, REFUSAL_REASONS, type CouponOffer } from './coupons-api.ts';
import type en from './messages/en.json';
import { useFormatAmount } from './use-coupons.ts';

type CouponMessage = keyof typeof en;

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 17rem), 1fr));
  gap: 1rem;
`;

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  min-width: 0;
  padding: 1rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 0.5rem;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
  .name {
    margin: 0;
    font-size: 1.25rem;
    &:focus-visible {
      outline: 3px solid ${({ theme }) => theme.colors.focus};
      outline-offset: 2px;
    }
  }
  .amount {
    margin: 0;
    font-size: 1.5rem;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.primary};
  }
  .description {
    margin: 0;
  }
  ul {
    margin: 0;
    padding-left: 1.25rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .status {
    margin: 0;
    font-weight: 600;
  }
  .status[data-available='true'] {
    color: ${({ theme }) => theme.colors.success};
  }
  .actions {
    margin-top: auto;
    padding-top: 0.5rem;
  }
`;

export const UNAVAILABLE_MESSAGES: Record<RefusalReason, { status: CouponMessage; refusal: CouponMessage }> =
  {
    soldOut: { status: 'coupons.status.soldOut', refusal: 'coupons.refused.soldOut' },
    individualLimit: { status: 'coupons.status.individualLimit', refusal: 'coupons.refused.individualLimit' },
    expired: { status: 'coupons.status.expired', refusal: 'coupons.refused.expired' },
    failed: { status: 'coupons.status.failed', refusal: 'coupons.refused.failed' },
  };

export const couponTitleId = (couponId: string) => `coupon-${couponId}-name`;

function Limits({ offer }: { offer: CouponOffer }) {
  const t = useT<typeof en>();
  const intl = useIntl();
  const a = offer.coupon.attributes;
  const lines: string[] = [];
  if (a.purchaseLimitCount !== null) {
    const left = Math.max(0, a.purchaseLimitCount - (a.purchasedCouponsCount ?? 0));
    lines.push(t('coupons.limit.total', { left, limit: a.purchaseLimitCount }));
  }
  if (a.purchaseIndividualLimitCount !== null)
    lines.push(t('coupons.limit.perMember', { limit: a.purchaseIndividualLimitCount, bought: offer.bought }));
  else if (offer.bought > 0) lines.push(t('coupons.limit.bought', { bought: offer.bought }));
  if (a.purchaseLimitAt !== null)
    lines.push(t('coupons.limit.until', { date: intl.formatDate(a.purchaseLimitAt, { dateStyle: 'long' }) }));
  if (lines.length === 0) lines.push(t('coupons.limit.none'));
  return (
    <ul>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/**
 * The coupons on offer with what the member may do with each (seed 001 §4), and the buy flow of
 * buy-coupon.machine.ts: confirm, purchase, then the lists are read again at the purchase's position.
 */
export function CouponOffers({
  offers,
  headingLevel,
  reload,
}: {
  offers: readonly CouponOffer[];
  /** the level of each coupon's name (below the heading of the list) */
  headingLevel: 2 | 3;
  /** reads the lists again (at a purchase's position); resolves once they show it */
  reload: (minPosition?: string) => Promise<void>;
}) {
  const t = useT<typeof en>();
  const api = useApi();
  const toast = useToast();
  const formatAmount = useFormatAmount();
  const reloadRef = useRef(reload);
  reloadRef.current = reload;

  const machine = useMemo(
    () =>
      buyCouponMachine.provide({
        actors: {
          purchase: fromPromise<PurchaseOutcome, { couponId: string; idempotencyKey: string }>(
            async ({ input }) => {
              try {
                const answer = await purchaseCoupon(api, input.couponId, input.idempotencyKey);
                return { kind: 'bought', ...answer };
              } catch (error) {
                const code = error instanceof ApiError ? error.errors[0]?.code : undefined;
                const reason = code ? REFUSAL_REASONS[code] : undefined;
                if (reason) return { kind: 'refused', reason };
                throw error;
              }
            },
          ),
        },
      }),
    [api],
  );
  const [snapshot, send] = useMachine(machine, { input: {} });
  const { coupon, position, reason } = snapshot.context;
  const name = coupon?.name ?? '';

  // bought: the lists are read at the purchase's position, the member hears it, and the focus goes to the
  // coupon's name (its Buy button may be gone); refused: the lists are read again, they changed under us
  useEffect(() => {
    if (snapshot.matches('bought') && coupon && position) {
      toast(t('coupons.bought', { name: coupon.name }), 'success');
      void reloadRef.current(position).then(() => {
        document.getElementById(couponTitleId(coupon.id))?.focus();
      });
      send({ type: 'user.close' });
    }
    if (snapshot.matches('refused')) void reloadRef.current();
  }, [snapshot.value]);

  const Name = headingLevel === 2 ? 'h2' : 'h3';
  const confirming = snapshot.matches('confirming') || snapshot.matches('purchasing');
  const refused = snapshot.matches('refused');
  const price = offers.find((o) => o.coupon.id === coupon?.id)?.coupon.attributes.amount;

  if (offers.length === 0) return <p>{t('coupons.none')}</p>;
  return (
    <>
      <Grid>
        {offers.map((offer) => {
          const a = offer.coupon.attributes;
          return (
            <Card key={offer.coupon.id} aria-labelledby={couponTitleId(offer.coupon.id)}>
              <Name className="name" id={couponTitleId(offer.coupon.id)} tabIndex={-1}>
                {a.name}
              </Name>
              <p className="amount">{formatAmount(a.amount)}</p>
              {a.description ? <p className="description">{a.description}</p> : null}
              <Limits offer={offer} />
              <p className="status" data-available={offer.availability.available}>
                {offer.availability.available
                  ? t('coupons.status.available')
                  : t(UNAVAILABLE_MESSAGES[offer.availability.reason].status)}
              </p>
              {offer.availability.available ? (
                <div className="actions">
                  <Button
                    aria-label={t('coupons.buyNamed', { name: a.name })}
                    onPress={() => send({ type: 'user.buy', coupon: { id: offer.coupon.id, name: a.name } })}
                  >
                    {t('coupons.buy')}
                  </Button>
                </div>
              ) : null}
            </Card>
          );
        })}
      </Grid>
      <Dialog
        title={refused ? t('coupons.refused.title') : t('coupons.confirm.title')}
        isOpen={confirming || refused}
        onOpenChange={(open) => {
          if (open) return;
          if (refused) send({ type: 'user.close' });
          else send({ type: 'user.cancel' });
        }}
        size="small"
        actions={
          refused ? (
            <Button onPress={() => send({ type: 'user.close' })}>{t('coupons.close')}</Button>
          ) : (
            <>
              <Button
                variant="secondary"
                isDisabled={snapshot.matches('purchasing')}
                onPress={() => send({ type: 'user.cancel' })}
              >
                {t('coupons.cancel')}
              </Button>
              <Button
                isPending={snapshot.matches('purchasing')}
                onPress={() => send({ type: 'user.confirm' })}
              >
                {snapshot.matches('purchasing') ? t('coupons.purchasing') : t('coupons.confirm.action')}
              </Button>
            </>
          )
        }
      >
        {refused && reason ? (
          <NoticeBox $tone="error" role="alert">
            <p>{t(UNAVAILABLE_MESSAGES[reason].refusal, { name })}</p>
          </NoticeBox>
        ) : (
          <p>{t('coupons.confirm.body', { name, amount: price === undefined ? '' : formatAmount(price) })}</p>
        )}
      </Dialog>
    </>
  );
}
