import { isExpired } from '@platform/contracts/open-badges/assertion';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { ApiError } from '../../kit/api/errors.ts';
import { useApi } from '../../kit/api/api-context.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { Button } from '../../kit/ui/button.tsx';
import { ButtonLink, Link } from '../../kit/ui/link.tsx';
import { TextField } from '../../kit/ui/text-field.tsx';
import {
  readAssertionPage,
  readBadgeCards,
  readBadgePage,
  type AssertionPage,
  type BadgeCard,
  type BadgePage,
} from './badges-api.ts';
import { trainingStartPath } from './paths.ts';
import { useOpenBadgesT } from './training-ui.tsx';

/** Where an assertion's page is below the component's page: {path}/assertions/{id} (seed 000 §2.6). */
export const ASSERTIONS_SEGMENT = 'assertions';

/** Cards in as many columns as fit, one on a phone: nothing goes sideways at 320 px. */
const Cards = styled.ul`
  list-style: none;
  margin: 1.5rem 0 0;
  padding: 0;
  display: grid;
  gap: 1.5rem;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 14rem), 1fr));
  > li {
    display: flex;
    flex-direction: column;
    min-width: 0;
    padding: 1rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 0.5rem;
    background: ${({ theme }) => theme.colors.surface};
    overflow-wrap: anywhere;
  }
  h2,
  h3 {
    margin: 0.5rem 0;
    font-size: 1.25rem;
  }
  img {
    display: block;
    width: 100%;
    max-width: 10rem;
    height: auto;
    margin: 0 auto;
  }
  p {
    margin: 0.25rem 0;
  }
`;

const Filter = styled.div`
  max-width: 20rem;
`;

const Detail = styled.article`
  overflow-wrap: anywhere;
  img {
    display: block;
    max-width: min(100%, 16rem);
    height: auto;
  }
  .description {
    white-space: pre-line;
  }
  ol,
  ul {
    padding-left: 1.5rem;
  }
`;

/** An assertion's state, in words and not by colour alone. */
const State = styled.p<{ $tone: 'success' | 'error' | 'warning' }>`
  display: inline-block;
  margin: 0.5rem 0;
  padding: 0.25rem 0.75rem;
  border: 2px solid ${({ theme, $tone }) => theme.colors[$tone]};
  border-radius: 0.375rem;
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
`;

/** Each fact's name above its value: nothing to squeeze side by side with large text at 320 px. */
const Facts = styled.dl`
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0 0 0.5rem;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const matches = (badge: BadgeCard, text: string) => {
  const wanted = text.trim().toLocaleLowerCase();
  return (
    !wanted ||
    badge.title.toLocaleLowerCase().includes(wanted) ||
    badge.description.toLocaleLowerCase().includes(wanted)
  );
};

const badgePath = (basePath: string, id: string) => `${basePath}/${encodeURIComponent(id)}`;

/**
 * The open badges components (seed 000 §2.8): the published badges as cards (all of them, filterable by text, or
 * the ones an editor picked, `ids`); at the sub-routes (§2.6) `{path}/{id}` a badge's page and
 * `{path}/assertions/{id}` an assertion's public page, in place of the list.
 */
export function OpenBadgesContent({
  basePath,
  segment,
  ids,
  headingLevel = 2,
}: {
  basePath: string;
  segment?: string | null;
  ids?: readonly string[];
  headingLevel?: 2 | 3;
}) {
  if (segment?.startsWith(`${ASSERTIONS_SEGMENT}/`))
    return <AssertionDetail basePath={basePath} assertionId={segment.slice(ASSERTIONS_SEGMENT.length + 1)} />;
  if (segment) return <BadgeDetail basePath={basePath} badgeId={segment} />;
  return <BadgeList basePath={basePath} ids={ids} headingLevel={headingLevel} />;
}

function Failed({ basePath, missing, retry }: { basePath: string; missing: boolean; retry: () => void }) {
  const t = useOpenBadgesT();
  return (
    <div>
      <h1>{missing ? t('openBadges.pages.notFound') : t('openBadges.pages.failed')}</h1>
      {missing ? null : <Button onPress={retry}>{t('openBadges.retry')}</Button>}
      <p>
        <Link href={basePath || '/'}>{t('openBadges.pages.back')}</Link>
      </p>
    </div>
  );
}

function BadgeList({
  basePath,
  ids,
  headingLevel,
}: {
  basePath: string;
  ids?: readonly string[];
  headingLevel: 2 | 3;
}) {
  const t = useOpenBadgesT();
  const api = useApi();
  const idsKey = ids?.join(',') ?? null;
  const { state, retry } = useLoaded(
    (signal) => readBadgeCards(api, { ...(ids ? { ids } : {}), signal }),
    [api, idsKey],
  );
  const [filter, setFilter] = useState('');
  const badges = state.status === 'ready' ? state.value : null;
  const shown = useMemo(() => (badges ?? []).filter((b) => matches(b, filter)), [badges, filter]);

  if (state.status === 'loading') return <InlineLoader aria-label={t('openBadges.pages.loading')} />;
  if (state.status === 'failed')
    return (
      <div>
        <p>{t('openBadges.pages.failed')}</p>
        <Button onPress={retry}>{t('openBadges.retry')}</Button>
      </div>
    );
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const all = state.value;
  return (
    <>
      {!ids && all.length > 1 ? (
        <Filter>
          <TextField type="search" label={t('openBadges.pages.filter')} value={filter} onChange={setFilter} />
        </Filter>
      ) : null}
      {all.length === 0 ? <p>{t('openBadges.pages.empty')}</p> : null}
      {all.length > 0 && shown.length === 0 ? <p role="status">{t('openBadges.pages.noMatch')}</p> : null}
      <Cards aria-label={t('openBadges.pages.list')}>
        {shown.map((badge) => (
          <li key={badge.id}>
            {badge.image ? (
              <img
                src={badge.image.src ?? undefined}
                alt=""
                width={badge.image.width ?? undefined}
                height={badge.image.height ?? undefined}
                loading="lazy"
              />
            ) : null}
            <Heading>
              <Link href={badgePath(basePath, badge.id)}>{badge.title}</Link>
            </Heading>
            {badge.version ? <p>{t('openBadges.version', { version: badge.version })}</p> : null}
          </li>
        ))}
      </Cards>
    </>
  );
}

function BadgeDetail({ basePath, badgeId }: { basePath: string; badgeId: string }) {
  const t = useOpenBadgesT();
  const api = useApi();
  const { state, retry } = useLoaded((signal) => readBadgePage(api, badgeId, signal), [api, badgeId]);
  const badge = state.status === 'ready' ? state.value : null;
  usePageTitle(badge?.title ?? null, badge?.description || null);

  if (state.status === 'loading') return <InlineLoader aria-label={t('openBadges.pages.loading')} />;
  if (state.status === 'failed')
    return (
      <Failed
        basePath={basePath}
        missing={state.error instanceof ApiError && state.error.kind === 'not-found'}
        retry={retry}
      />
    );
  return <BadgeArticle basePath={basePath} badge={state.value} />;
}

function BadgeArticle({ basePath, badge }: { basePath: string; badge: BadgePage }) {
  const t = useOpenBadgesT();
  return (
    <Detail>
      <p>
        <Link href={basePath || '/'}>{t('openBadges.pages.back')}</Link>
      </p>
      <h1>{badge.title}</h1>
      {badge.image ? (
        <img
          src={badge.image.src ?? undefined}
          alt={badge.image.description ?? ''}
          width={badge.image.width ?? undefined}
          height={badge.image.height ?? undefined}
        />
      ) : null}
      {badge.version ? <p>{t('openBadges.version', { version: badge.version })}</p> : null}
      {badge.issuer?.name ? <p>{t('openBadges.issuer', { issuer: badge.issuer.name })}</p> : null}
      {badge.newestBadgeId ? (
        <p>
          <Link href={badgePath(basePath, badge.newestBadgeId)}>{t('openBadges.pages.newerVersion')}</Link>
        </p>
      ) : null}
      {badge.description ? <p className="description">{badge.description}</p> : null}
      <p>
        {badge.validityDuration === null
          ? t('openBadges.validity.never')
          : t('openBadges.validity.days', { days: badge.validityDuration })}
      </p>
      <h2>{t('openBadges.modules')}</h2>
      {badge.modules.length > 0 ? (
        <ol>
          {badge.modules.map((title, index) => (
            <li key={index}>{title}</li>
          ))}
        </ol>
      ) : (
        <p>{t('openBadges.start.noModules')}</p>
      )}
      {badge.criteriaFile ? (
        <p>
          <Link href={badge.criteriaFile.url} external>
            {t('openBadges.pages.criteria', { name: badge.criteriaFile.name })}
          </Link>
        </p>
      ) : null}
      {/* the training is offered once the badge is published (seed 001 §4), by the badge's issuer */}
      {badge.published && badge.issuer ? (
        <p>
          <ButtonLink href={trainingStartPath(badge.issuer.key, badge.id)}>
            {t('openBadges.pages.startTraining')}
          </ButtonLink>
        </p>
      ) : null}
      {!badge.published ? <p>{t('openBadges.pages.unpublished')}</p> : null}
    </Detail>
  );
}

function AssertionDetail({ basePath, assertionId }: { basePath: string; assertionId: string }) {
  const t = useOpenBadgesT();
  const api = useApi();
  const { state, retry } = useLoaded(
    (signal) => readAssertionPage(api, assertionId, signal),
    [api, assertionId],
  );
  const assertion = state.status === 'ready' ? state.value : null;
  usePageTitle(
    assertion
      ? t('openBadges.pages.assertionTitle', {
          badge: assertion.badgeTitle ?? t('openBadges.pages.badge'),
          recipient: assertion.recipientName,
        })
      : null,
  );

  if (state.status === 'loading') return <InlineLoader aria-label={t('openBadges.pages.loading')} />;
  if (state.status === 'failed')
    return (
      <Failed
        basePath={basePath}
        missing={state.error instanceof ApiError && state.error.kind === 'not-found'}
        retry={retry}
      />
    );
  return <AssertionArticle basePath={basePath} assertion={state.value} />;
}

function AssertionState({ assertion }: { assertion: AssertionPage }) {
  const t = useOpenBadgesT();
  if (assertion.revokedAt)
    return (
      <State $tone="error">
        {assertion.revocationReason
          ? t('openBadges.pages.revokedBecause', { reason: assertion.revocationReason })
          : t('openBadges.pages.revoked')}
      </State>
    );
  if (isExpired(assertion, new Date())) return <State $tone="warning">{t('openBadges.pages.expired')}</State>;
  return <State $tone="success">{t('openBadges.pages.valid')}</State>;
}

function AssertionArticle({ basePath, assertion }: { basePath: string; assertion: AssertionPage }) {
  const t = useOpenBadgesT();
  const intl = useIntl();
  const day = (iso: string) => intl.formatDate(iso, { dateStyle: 'long' });
  const badgeTitle = assertion.badgeTitle ?? t('openBadges.pages.badge');
  return (
    <Detail>
      <p>
        <Link href={basePath || '/'}>{t('openBadges.pages.back')}</Link>
      </p>
      <h1>
        {t('openBadges.pages.assertionTitle', { badge: badgeTitle, recipient: assertion.recipientName })}
      </h1>
      {assertion.badgeImage ? (
        <img
          src={assertion.badgeImage.src ?? undefined}
          alt=""
          width={assertion.badgeImage.width ?? undefined}
          height={assertion.badgeImage.height ?? undefined}
        />
      ) : null}
      <AssertionState assertion={assertion} />
      <Facts>
        <dt>{t('openBadges.pages.badge')}</dt>
        <dd>
          {assertion.badgeId && assertion.badgeTitle ? (
            <Link href={badgePath(basePath, assertion.badgeId)}>{assertion.badgeTitle}</Link>
          ) : (
            badgeTitle
          )}
        </dd>
        <dt>{t('openBadges.pages.recipient')}</dt>
        <dd>{assertion.recipientName}</dd>
        {assertion.issuerName ? (
          <>
            <dt>{t('openBadges.pages.issuer')}</dt>
            <dd>{assertion.issuerName}</dd>
          </>
        ) : null}
        <dt>{t('openBadges.pages.issuedAt')}</dt>
        <dd>{day(assertion.issuedAt)}</dd>
        <dt>{t('openBadges.pages.expiresAt')}</dt>
        <dd>{assertion.expiresAt ? day(assertion.expiresAt) : t('openBadges.pages.neverExpires')}</dd>
        {assertion.revokedAt ? (
          <>
            <dt>{t('openBadges.pages.revokedAt')}</dt>
            <dd>{day(assertion.revokedAt)}</dd>
          </>
        ) : null}
      </Facts>
      <h2>{t('openBadges.pages.verify')}</h2>
      <ul>
        {assertion.jsonURL ? (
          <li>
            <Link href={assertion.jsonURL} external>
              {t('openBadges.pages.json')}
            </Link>
          </li>
        ) : null}
        {assertion.imageURL ? (
          <li>
            <Link href={assertion.imageURL} external>
              {t('openBadges.pages.bakedImage')}
            </Link>
          </li>
        ) : null}
        <li>
          <Link href={assertion.credentialURL} external>
            {t('openBadges.pages.credential')}
          </Link>
        </li>
      </ul>
    </Detail>
  );
}
