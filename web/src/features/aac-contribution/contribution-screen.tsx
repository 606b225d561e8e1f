import { aacProductResource } from '@platform/contracts/aac/records';
import { allows } from '@platform/contracts/resources/access';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { viewerFacts } from '../../kit/admin/resources/viewer.ts';
import { useApi } from '../../kit/api/api-context.tsx';
import type { ApiClient } from '../../kit/api/client.ts';
import { withAllMessages } from '../../kit/i18n/later-messages.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import type { SessionUser } from '../../kit/session/documents.ts';
import { useSession } from '../../kit/session/session.tsx';
import { useLeaveGuard } from '../../kit/state/leave-guard.ts';
import { Button } from '../../kit/ui/button.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { useSignInHref } from '../community/index.ts';
import { readProduct, readReferenceLists, saveProduct } from './contribution-api.ts';
import { ContributionForm } from './contribution-form.tsx';
import {
  contributionMachine,
  type LoadRequest,
  type PageLoad,
  type SaveRequest,
} from './contribution.machine.ts';
import { useContributionT } from './contribution-ui.ts';
import { hasChanges } from './contribution-values.ts';

const Page = styled.div`
  max-width: 48rem;
  overflow-wrap: anywhere;
  h2 {
    font-size: 1.25rem;
  }
  h2:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  .links {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1.5rem;
    margin: 0 0 1.25rem;
    padding: 0;
    list-style: none;
  }
  /* a link alone on its line is a target of its own: at least 24 px high (WCAG 2.5.8) */
  .links a {
    display: inline-flex;
    align-items: center;
    min-height: 24px;
  }
`;

/** The page's own path, with no trailing slash ('' for the root): the contribution's paths go below it. */
const baseOf = (pagePath: string) => pagePath.replace(/\/+$/, '');

/** The address of a contribution's edit, read at the write that led there. */
export function contributionPath(pagePath: string, id: string, position: string | null): string {
  const query = position ? `?minPosition=${encodeURIComponent(position)}` : '';
  return `${baseOf(pagePath)}/contribution/${encodeURIComponent(id)}${query}`;
}

/** The page's calls, as the machine's actors; whether the viewer may change the product is the contract's rule. */
function contributionActors(api: ApiClient, user: SessionUser) {
  return {
    load: fromPromise(
      async ({ input, signal }: { input: LoadRequest; signal: AbortSignal }): Promise<PageLoad> => {
        const [lists, product] = await Promise.all([
          readReferenceLists(api, signal),
          input.productId
            ? readProduct(api, input.productId, { minPosition: input.minPosition, signal })
            : Promise.resolve(null),
        ]);
        if (!product) return { lists, product: null };
        const editable = allows(aacProductResource.access.update, viewerFacts(user), {
          ownerId: null,
          createdBy: product.createdBy,
          organizationId: null,
          members: {},
          flags: {},
        });
        return { lists, product: { ...product, editable } };
      },
    ),
    save: fromPromise(({ input }: { input: SaveRequest }) => saveProduct(api, input)),
  };
}

/**
 * The AAC products component's sub-routes (seed 000 §2.6): {path}/contribution, where a member contributes a
 * product, and {path}/contribution/{id}, where its author edits it. A visitor is asked to sign in first.
 */
function ContributionScreen({ pagePath, productId }: { pagePath: string; productId: string | null }) {
  const t = useContributionT();
  const session = useSession();
  const signInHref = useSignInHref();
  const minPosition = new URLSearchParams(useSearch()).get('minPosition');
  const user = session.user;
  const visitorTitle =
    productId === null ? t('aacContribution.title.new') : t('aacContribution.title.editing');
  usePageTitle(user ? null : visitorTitle);

  if (!user)
    return (
      <Page>
        <h1>{visitorTitle}</h1>
        <p>{t('aacContribution.signIn.text')}</p>
        <ul className="links">
          <li>
            <Link href={signInHref}>{t('aacContribution.signIn.link')}</Link>
          </li>
          <li>
            <Link href={pagePath || '/'}>{t('aacContribution.back')}</Link>
          </li>
        </ul>
      </Page>
    );
  // another product, or the same read again after a save, is a flow of its own from the start
  return (
    <ContributionFlow
      key={`${user.id}:${productId ?? ''}:${minPosition ?? ''}`}
      pagePath={pagePath}
      productId={productId}
      minPosition={minPosition}
      user={user}
    />
  );
}

/** The screen, with every message of the reader's language (a component's sub-route is past the first screen). */
export const AacContributionScreen = withAllMessages(ContributionScreen);

function ContributionFlow({
  pagePath,
  productId,
  minPosition,
  user,
}: {
  pagePath: string;
  productId: string | null;
  minPosition: string | null;
  user: SessionUser;
}) {
  const t = useContributionT();
  const api = useApi();
  const titleId = useId();
  const savedRef = useRef<HTMLHeadingElement>(null);
  // the flow's calls are made once, for the viewer it started with (the key starts another for another viewer)
  const [machine] = useState(() => contributionMachine.provide({ actors: contributionActors(api, user) }));
  const [snapshot, send] = useMachine(machine, { input: { productId, minPosition } });
  const { lists, product, values, initial, errors, notice, refusals, saved } = snapshot.context;
  const editing = snapshot.matches('editing') || snapshot.matches('saving');
  const done = snapshot.matches('saved');
  useLeaveGuard(editing && hasChanges(values, initial));

  const title = snapshot.matches('notFound')
    ? t('aacContribution.notFound.title')
    : snapshot.matches('forbidden')
      ? t('aacContribution.forbidden.title')
      : productId === null
        ? t('aacContribution.title.new')
        : product
          ? t('aacContribution.title.edit', { name: product.values.name })
          : t('aacContribution.title.editing');
  usePageTitle(snapshot.matches('loading') ? null : title);
  useEffect(() => {
    if (done) savedRef.current?.focus();
  }, [done]);

  const back = (
    <li>
      <Link href={pagePath || '/'}>{t('aacContribution.back')}</Link>
    </li>
  );

  if (snapshot.matches('loading'))
    return (
      <Page>
        <InlineLoader aria-label={t('aacContribution.loading')} />
      </Page>
    );
  if (snapshot.matches('loadFailed'))
    return (
      <Page>
        <h1>{title}</h1>
        <NoticeBox $tone="error" role="alert">
          <p>{t('aacContribution.loadFailed')}</p>
          <p>
            <Button variant="secondary" size="small" onPress={() => send({ type: 'user.retry' })}>
              {t('aacContribution.retry')}
            </Button>
          </p>
        </NoticeBox>
        <ul className="links">{back}</ul>
      </Page>
    );
  if (snapshot.matches('notFound') || snapshot.matches('forbidden'))
    return (
      <Page>
        <h1>{title}</h1>
        <NoticeBox $tone="warning" role="alert">
          <p>
            {snapshot.matches('notFound')
              ? t('aacContribution.notFound.text')
              : t('aacContribution.forbidden.text')}
          </p>
        </NoticeBox>
        <ul className="links">{back}</ul>
      </Page>
    );

  return (
    <Page>
      <h1 id={titleId}>{title}</h1>
      {/* in the page from the start, so that the confirmation put in it is announced */}
      <div role="status">
        {done && saved ? (
          <NoticeBox $tone="success">
            <h2 ref={savedRef} tabIndex={-1}>
              {productId === null ? t('aacContribution.saved.new') : t('aacContribution.saved.edit')}
            </h2>
            <p>
              {product?.published ? t('aacContribution.saved.published') : t('aacContribution.saved.waits')}
            </p>
          </NoticeBox>
        ) : null}
      </div>
      {done && saved ? (
        <ul className="links">
          <li>
            <Link href={contributionPath(pagePath, saved.id, saved.position)}>
              {t('aacContribution.saved.editAgain')}
            </Link>
          </li>
          {back}
        </ul>
      ) : null}
      {editing && lists ? (
        <>
          {productId === null ? <p>{t('aacContribution.intro')}</p> : null}
          <ContributionForm
            lists={lists}
            values={values}
            errors={errors}
            notice={notice}
            editing={productId !== null}
            pending={snapshot.hasTag('pending')}
            refusals={refusals}
            labelledBy={titleId}
            onEdit={(edited) => send({ type: 'user.edit', values: edited })}
            onSubmit={() => send({ type: 'user.submit' })}
            onReload={() => send({ type: 'user.reload' })}
          />
          <ul className="links">{back}</ul>
        </>
      ) : null}
    </Page>
  );
}
