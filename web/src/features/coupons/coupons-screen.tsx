import styled from 'styled-components';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useT } from '../../kit/i18n/use-t.ts';
import { Lead, PageContainer } from '../../kit/ui/page-container.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { CouponOffers } from './coupon-offers.tsx';
import type en from './messages/en.json';
import { PurchasesList } from './purchases-list.tsx';
import { useCouponData } from './use-coupons.ts';

const Section = styled.section`
  margin-top: 2rem;
  h2 {
    margin: 0 0 1rem;
  }
`;

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT<typeof en>();
  return (
    <NoticeBox $tone="error" role="alert">
      <p>{t('coupons.loadFailed')}</p>
      <p>
        <Button variant="secondary" size="small" onPress={onRetry}>
          {t('coupons.retry')}
        </Button>
      </p>
    </NoticeBox>
  );
}

/** The coupons on offer (the CMS block), or the loading and failure states around them. */
export function CouponsContent({ headingLevel }: { headingLevel: 2 | 3 }) {
  const t = useT<typeof en>();
  const { data, offers, reload } = useCouponData();
  if (data.status === 'loading') return <InlineLoader aria-label={t('coupons.loading')} />;
  if (data.status === 'failed') return <LoadFailed onRetry={() => void reload()} />;
  return <CouponOffers offers={offers} headingLevel={headingLevel} reload={reload} />;
}

/**
 * /account/coupons (seed 000 §2.1, seed 001 §3-§4): the coupons on offer, each with what the member may do with
 * it and a Buy button, and the member's purchased coupons.
 */
export function CouponsScreen() {
  const t = useT<typeof en>();
  const { data, offers, reload } = useCouponData();
  usePageTitle(t('coupons.title'));
  return (
    <PageContainer>
      <h1>{t('coupons.title')}</h1>
      <Lead>{t('coupons.intro')}</Lead>
      {data.status === 'loading' ? <InlineLoader aria-label={t('coupons.loading')} /> : null}
      {data.status === 'failed' ? <LoadFailed onRetry={() => void reload()} /> : null}
      {data.status === 'ready' ? (
        <>
          <Section aria-labelledby="coupons-on-offer">
            <h2 id="coupons-on-offer">{t('coupons.onOffer')}</h2>
            <CouponOffers offers={offers} headingLevel={3} reload={reload} />
          </Section>
          <Section aria-labelledby="coupons-purchases">
            <h2 id="coupons-purchases">{t('coupons.purchases.title')}</h2>
            <PurchasesList purchases={data.purchases} />
          </Section>
        </>
      ) : null}
    </PageContainer>
  );
}
