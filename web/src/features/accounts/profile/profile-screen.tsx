import { useCallback, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { usePageTitle } from '../../../kit/routing/page-title.ts';
import { useT } from '../../../kit/i18n/use-t.ts';
import { Lead, PageContainer } from '../../../kit/ui/page-container.tsx';
import { useSession, useSignedInUser } from '../../../kit/session/session.tsx';
import { useLeaveGuard } from '../../../kit/state/leave-guard.ts';
import { TwoFactorSettings } from '../two-factor/two-factor-settings.tsx';
import type en from './messages/en.json';
import { EmailsSection } from './emails-section.tsx';
import { IdentitySection } from './identity-section.tsx';
import { OrganizationsSection } from './organizations-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { PreferencesSection } from './preferences-section.tsx';
import { DirtySectionsContext, ProfileSection, type DirtySections } from './section-form.tsx';

const Layout = styled.div`
  display: grid;
  grid-template-columns: 14rem minmax(0, 1fr);
  gap: 2rem;
  align-items: start;
  @media ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const SectionNav = styled.nav`
  position: sticky;
  top: 1rem;
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  a {
    display: block;
    /* a section's name may be one word wider than a phone at the largest text in a wide reading font */
    overflow-wrap: anywhere;
    padding: 0.5rem 0.75rem;
    border-radius: 0.375rem;
    color: ${({ theme }) => theme.colors.primary};
    text-decoration: underline;
    text-underline-offset: 0.15em;
    &:focus-visible {
      outline: 3px solid ${({ theme }) => theme.colors.focus};
      outline-offset: 1px;
    }
  }
  @media ${({ theme }) => theme.media.mobile} {
    position: static;
    ul {
      display: flex;
      flex-wrap: wrap;
      gap: 0.25rem;
    }
  }
`;

/** Moves to a section: scrolls to it and puts focus on its heading, so screen readers continue from there. */
function goToSection(event: React.MouseEvent<HTMLAnchorElement>, id: string) {
  const section = document.getElementById(id);
  if (!section) return;
  event.preventDefault();
  section.scrollIntoView({ block: 'start' });
  section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  history.replaceState(history.state, '', `#${id}`);
}

/**
 * /account/profile (seed 000 §2.1): the signed-in user's profile in sections, each saved on its own, with an
 * in-page navigation. While any section holds unsaved edits, leaving the page asks first (§2.10 rule 6).
 */
export function ProfileScreen() {
  const t = useT<typeof en>();
  const user = useSignedInUser();
  const { features } = useSession();
  usePageTitle(t('account.profile.title'));

  const dirty = useRef(new Set<string>());
  const [anyDirty, setAnyDirty] = useState(false);
  useLeaveGuard(anyDirty);
  const report = useCallback((section: string, isDirty: boolean) => {
    if (isDirty) dirty.current.add(section);
    else dirty.current.delete(section);
    setAnyDirty(dirty.current.size > 0);
  }, []);
  const sections = useMemo<DirtySections>(
    () => ({
      report,
      othersDirty: (section) => [...dirty.current].some((s) => s !== section),
    }),
    [report],
  );

  const showOrganizations =
    features.organizations && features.userOrganizations && user.organizations.length > 0;
  const links = [
    { id: 'identity', label: t('account.identity.title') },
    { id: 'emails', label: t('account.emails.title') },
    { id: 'preferences', label: t('account.preferences.title') },
    { id: 'password', label: t('account.password.title') },
    ...(showOrganizations ? [{ id: 'organizations', label: t('account.organizations.title') }] : []),
    ...(features.twoFactor ? [{ id: 'security', label: t('account.security.title') }] : []),
  ];

  return (
    <PageContainer>
      <h1>{t('account.profile.title')}</h1>
      <Lead>{t('account.profile.intro', { name: user.fullName })}</Lead>
      <Layout>
        <SectionNav aria-label={t('account.profile.sections')}>
          <ul>
            {links.map((l) => (
              <li key={l.id}>
                <a href={`#${l.id}`} onClick={(e) => goToSection(e, l.id)}>
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </SectionNav>
        <div>
          <DirtySectionsContext.Provider value={sections}>
            <IdentitySection />
            <EmailsSection />
            <PreferencesSection />
            <PasswordSection />
            {showOrganizations ? <OrganizationsSection /> : null}
          </DirtySectionsContext.Provider>
          {features.twoFactor ? (
            <ProfileSection id="security" title={t('account.security.title')}>
              <TwoFactorSettings />
            </ProfileSection>
          ) : null}
        </div>
      </Layout>
    </PageContainer>
  );
}
