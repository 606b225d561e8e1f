import { Suspense, useEffect } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useParams } from 'wouter';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { useApi } from '../../kit/api/api-context.tsx';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useNavigation } from '../../kit/routing/router.tsx';
import { ApiError } from '../../kit/api/errors.ts';
import { truncate } from '../../kit/ui/truncate.ts';
import { useT } from '../../kit/i18n/use-t.ts';
import { Lead, PageContainer } from '../../kit/ui/page-container.tsx';
import { ROUTES } from '../../kit/session/guard.ts';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { VisuallyHidden } from '../../kit/ui/visually-hidden.tsx';
import { AuthoredPublications } from '../authors/index.ts';
import type en from './messages/en.json';
import {
  paragraphs,
  readOrganization,
  telHref,
  webHref,
  type PublicOrganization,
} from './organization-api.ts';

/** Seed 001 §9: an organization's short description is shown at most 150 characters long. */
export const SHORT_DESCRIPTION_LENGTH = 150;

const Article = styled(PageContainer)`
  /* a long word, address or e-mail address breaks rather than pushing the page sideways */
  overflow-wrap: anywhere;
  h1 .unit {
    display: block;
    font-size: 0.6em;
    font-weight: 500;
    margin-top: 0.25rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  h2 {
    font-size: 1.375rem;
    margin: 2rem 0 0.75rem;
  }
`;

const Description = styled.div`
  max-width: 48rem;
  p {
    margin: 0 0 1rem;
    line-height: 1.6;
    /* a single line break the author typed stays one */
    white-space: pre-line;
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
  gap: 0.5rem 1.5rem;
  margin: 0;
  max-width: 48rem;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    min-width: 0;
  }
  address {
    font-style: normal;
    white-space: pre-line;
  }
  /* narrow screens and large text: each label above its value */
  @media (max-width: 30em) {
    grid-template-columns: minmax(0, 1fr);
    gap: 0.125rem;
    dd {
      margin-bottom: 0.75rem;
    }
  }
`;

const Picture = styled.img`
  display: block;
  /* width and height are the file's: the box is kept while it loads, and scales down with the page */
  max-width: min(100%, 40rem);
  height: auto;
  margin: 0 0 1.5rem;
  border-radius: 0.5rem;
`;

const HEADING_ID = 'organization-title';

/**
 * organizations.show (seed 001 §2): the public page of an organization, found by its slug or its id. Anybody
 * reads it; an organization the API does not know is the not-found screen.
 */
export function OrganizationScreen() {
  const t = useT<typeof en>();
  const api = useApi();
  const { navigate } = useNavigation();
  const { id = '' } = useParams<{ id: string }>();
  const { state, retry } = useLoaded((signal) => readOrganization(api, id, signal), [api, id]);
  const notFound =
    state.status === 'failed' && state.error instanceof ApiError && state.error.kind === 'not-found';
  const organization = state.status === 'ready' ? state.value : null;
  const shortDescription = organization?.shortDescription
    ? truncate(organization.shortDescription, SHORT_DESCRIPTION_LENGTH)
    : null;
  usePageTitle(organization?.name ?? null, shortDescription);

  useEffect(() => {
    if (notFound) navigate(ROUTES.notFound, { replace: true });
  }, [notFound, navigate]);

  if (state.status === 'loading' || notFound) return <InlineLoader aria-label={t('organizations.loading')} />;
  if (!organization) {
    return (
      <PageContainer>
        <h1>{t('organizations.loadFailedTitle')}</h1>
        <NoticeBox $tone="error" role="alert">
          <p>{t('organizations.loadFailed')}</p>
          <p>
            <Button variant="secondary" size="small" onPress={retry}>
              {t('organizations.retry')}
            </Button>
          </p>
        </NoticeBox>
      </PageContainer>
    );
  }
  return (
    <Article as="article" aria-labelledby={HEADING_ID}>
      <h1 id={HEADING_ID}>
        {organization.name}
        {organization.unitName ? (
          <>
            <VisuallyHidden>, </VisuallyHidden>
            <span className="unit">{organization.unitName}</span>
          </>
        ) : null}
      </h1>
      {shortDescription ? <Lead>{shortDescription}</Lead> : null}
      {organization.image?.src ? (
        <Picture
          src={organization.image.src}
          alt={organization.image.description ?? organization.name}
          {...(organization.image.width ? { width: organization.image.width } : {})}
          {...(organization.image.height ? { height: organization.image.height } : {})}
        />
      ) : null}
      {organization.description ? (
        <section aria-labelledby="organization-about">
          <h2 id="organization-about">{t('organizations.about')}</h2>
          <Description>
            {paragraphs(organization.description).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </Description>
        </section>
      ) : null}
      <ContactDetails organization={organization} />
      <Suspense fallback={<InlineLoader aria-label={t('organizations.loading')} />}>
        <AuthoredPublications
          author={{ kind: 'organization', id: organization.id }}
          headingId="organization-published"
          repositoryLink
        />
      </Suspense>
    </Article>
  );
}

function ContactDetails({ organization }: { organization: PublicOrganization }) {
  const t = useT<typeof en>();
  const intl = useIntl();
  const { contactEmail, contactPhone, contactAddress, externalUrl, country } = organization;
  if (!contactEmail && !contactPhone && !contactAddress && !externalUrl && !country) return null;
  const phoneHref = contactPhone ? telHref(contactPhone) : null;
  const websiteHref = externalUrl ? webHref(externalUrl) : null;
  return (
    <section aria-labelledby="organization-contact">
      <h2 id="organization-contact">{t('organizations.contact')}</h2>
      <Facts>
        {contactEmail ? (
          <>
            <dt>{t('organizations.email')}</dt>
            <dd>
              <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>
            </dd>
          </>
        ) : null}
        {contactPhone ? (
          <>
            <dt>{t('organizations.phone')}</dt>
            <dd>{phoneHref ? <Link href={phoneHref}>{contactPhone}</Link> : contactPhone}</dd>
          </>
        ) : null}
        {contactAddress ? (
          <>
            <dt>{t('organizations.address')}</dt>
            <dd>
              <address>{contactAddress}</address>
            </dd>
          </>
        ) : null}
        {externalUrl ? (
          <>
            <dt>{t('organizations.website')}</dt>
            <dd>
              {websiteHref ? (
                <Link href={websiteHref} external>
                  {externalUrl}
                </Link>
              ) : (
                externalUrl
              )}
            </dd>
          </>
        ) : null}
        {country ? (
          <>
            <dt>{t('organizations.country')}</dt>
            <dd>{countryName(country, intl.locale)}</dd>
          </>
        ) : null}
      </Facts>
    </section>
  );
}

/** A country code in the reader's language ("FR" → "France", "Francia"...), the code itself when unknown. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
