import styled from 'styled-components';
import { useConsent } from '../../kit/consent/consent-context.tsx';
import { APP_NAME, APP_VERSION, FEATURES } from '../../kit/build-info.ts';
import { useT, type MessageId } from '../../kit/i18n/use-t.ts';
import { PlainButton, PlainLink } from '../../kit/ui/plain.tsx';
import { LanguageMenu } from './language-menu.tsx';

const Root = styled.footer`
  margin-top: 3rem;
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
`;

const Inner = styled.div`
  max-width: ${({ theme }) => theme.layout.contentMaxWidth + 64}px;
  margin: 0 auto;
  padding: 1.5rem 1rem;
  display: flex;
  flex-wrap: wrap;
  gap: 1rem 2rem;
  align-items: center;
  justify-content: space-between;
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1.25rem;
    list-style: none;
    margin: 0;
    padding: 0;
  }
  a {
    color: ${({ theme }) => theme.colors.text};
  }
  .meta {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.875rem;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
`;

/** Legal pages (seed 000 §2.2): CMS pages at fixed paths; terms of sale only with the rental service. */
export const LEGAL_LINKS: ReadonlyArray<{ path: string; label: MessageId }> = [
  { path: '/legal/notice', label: 'footer.legalNotice' },
  { path: '/legal/privacy-policy', label: 'footer.privacyPolicy' },
  { path: '/legal/cookies', label: 'footer.cookies' },
  { path: '/legal/terms', label: 'footer.terms' },
  ...(FEATURES.rental ? [{ path: '/legal/terms-of-sale', label: 'footer.termsOfSale' as MessageId }] : []),
];

export function Footer({ onOpenAccessibility }: { onOpenAccessibility?: () => void }) {
  const t = useT();
  const { openSettings } = useConsent();
  const year = new Date().getFullYear();
  return (
    <Root>
      <Inner>
        <nav aria-label={t('footer.legal')}>
          <ul>
            {LEGAL_LINKS.map((l) => (
              <li key={l.path}>
                <PlainLink href={l.path}>{t(l.label)}</PlainLink>
              </li>
            ))}
            <li>
              <PlainLink href="/site-map">{t('siteMap.title')}</PlainLink>
            </li>
            <li>
              <PlainLink href="/accessibility">{t('accessibilityPage.title')}</PlainLink>
            </li>
          </ul>
        </nav>
        <Row>
          <PlainButton variant="secondary" size="small" onClick={openSettings}>
            {t('footer.cookieSettings')}
          </PlainButton>
          {onOpenAccessibility ? (
            <PlainButton variant="secondary" size="small" onClick={onOpenAccessibility}>
              {t('accessibility.open')}
            </PlainButton>
          ) : null}
          <LanguageMenu variant="secondary" />
        </Row>
        <p className="meta">
          © {year} {APP_NAME} · {t('footer.version', { version: APP_VERSION })}
        </p>
      </Inner>
    </Root>
  );
}
