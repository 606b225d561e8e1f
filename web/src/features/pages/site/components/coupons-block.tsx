import { Suspense } from 'react';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { useLocation, useSearch } from 'wouter';
import { signInHref } from '../../../accounts/index.ts';
import { CouponsContent, type CouponsMessages } from '../../../coupons/index.ts';
import { useT } from '../../../../kit/i18n/use-t.ts';
import { useSession } from '../../../../kit/session/session.tsx';
import { InlineLoader } from '../../../../kit/loading/chrome.tsx';
import { ButtonLink } from '../../../../kit/ui/link.tsx';
import { BlockTitle, Inner } from './block.tsx';

/**
 * coupons (seed 000 §2.8): the coupons on offer with Buy buttons for signed-in members (the list of
 * /account/coupons); visitors, who may not list them, get a sign-in link that brings them back here.
 */
export function CouponsBlock({ props }: { props: ComponentProps<'coupons'> }) {
  const t = useT<CouponsMessages>();
  const session = useSession();
  const [path] = useLocation();
  const search = useSearch();
  return (
    <Inner>
      {props.title ? <BlockTitle>{props.title}</BlockTitle> : null}
      {session.user ? (
        <Suspense fallback={<InlineLoader aria-label={t('coupons.loading')} />}>
          <CouponsContent headingLevel={props.title ? 3 : 2} />
        </Suspense>
      ) : session.status === 'anonymous' ? (
        <>
          <p>{t('coupons.block.signInIntro')}</p>
          <ButtonLink href={signInHref(path, search)}>{t('coupons.block.signIn')}</ButtonLink>
        </>
      ) : null}
    </Inner>
  );
}
