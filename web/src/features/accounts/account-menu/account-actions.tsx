import styled from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import { FEATURES } from '../../../kit/build-info.ts';
import { useT } from '../../../kit/i18n/use-t.ts';
import { landingPath, ROUTES, safeRedirectUrl } from '../../../kit/session/guard.ts';
import { useSession } from '../../../kit/session/session.tsx';
import { ChevronDownIcon } from '../../../kit/ui/icons.tsx';
import { Menu, MenuItem } from '../../../kit/ui/menu.tsx';
import { PlainButtonLink } from '../../../kit/ui/plain.tsx';
import { accountingMenuEntries } from '../../accounting/index.ts';
import { softwareMenuEntries } from '../../software/index.ts';
import type en from './messages/en.json';

const Guest = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  align-items: center;
  max-width: 100%;
  gap: 0.25rem;
  .register {
    @media ${({ theme }) => theme.media.mobile} {
      display: none;
    }
  }
`;

/** The menu button's insides (its look is the menu's: a native button until the menu's code has loaded). */
const AccountMenu = styled.div`
  display: contents;
  .initials {
    display: none;
    width: 2rem;
    height: 2rem;
    border-radius: 50%;
    place-items: center;
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    font-size: 0.8125rem;
    /* two letters in a circle: the reader's tall line height would push them out of it */
    line-height: 1;
  }
  /* a long name wraps rather than being cut */
  .name {
    max-width: 14rem;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  /* narrow screens show the initials; the full name stays the button's accessible name */
  @media ${({ theme }) => theme.media.mobile} {
    .initials {
      display: inline-grid;
    }
    .name {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0, 0, 0, 0);
      white-space: nowrap;
    }
    .chevron {
      display: none;
    }
  }
`;

export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}

/**
 * Where a guest comes back after signing in: here, unless here is an auth screen (no loop) or an error screen
 * (the page it names, when it names one).
 */
export function signInHref(path: string, search: string): string {
  if (path.startsWith('/auth/')) return ROUTES.signIn;
  const here = path.startsWith('/errors/')
    ? safeRedirectUrl(new URLSearchParams(search).get('redirectUrl'))
    : search
      ? `${path}?${search}`
      : path;
  return here ? `${ROUTES.signIn}?${new URLSearchParams({ redirectUrl: here })}` : ROUTES.signIn;
}

/**
 * The top bar's account actions (seed 000 §2.9): guest sign-in actions when nobody is signed in, the
 * signed-in user's menu otherwise (profile, their likes, their open badges, their transactions and documents, the
 * dashboard when it is their landing, sign out); an entry of a feature that is not built in is left out.
 */
export function AccountActions() {
  const t = useT<typeof en>();
  const session = useSession();
  const [path] = useLocation();
  const search = useSearch();

  if (session.status === 'loading') return null;
  if (!session.user) {
    return (
      <Guest>
        <PlainButtonLink href={signInHref(path, search)} size="small" variant="text">
          {t('auth.actions.signIn')}
        </PlainButtonLink>
        {session.features.register && path !== ROUTES.register ? (
          <PlainButtonLink href={ROUTES.register} size="small" variant="secondary" className="register">
            {t('auth.actions.register')}
          </PlainButtonLink>
        ) : null}
      </Guest>
    );
  }

  const user = session.user;
  const showDashboard = landingPath(user, session.features) === ROUTES.dashboard;
  return (
    <AccountMenu>
      <Menu
        aria-label={t('auth.actions.menu')}
        onAction={(key) => {
          if (key === 'sign-out') void session.signOut();
        }}
        trigger={{
          variant: 'text',
          size: 'small',
          children: (
            <>
              <span className="initials" aria-hidden="true">
                {initialsOf(user.firstName, user.lastName)}
              </span>
              <span className="name">{user.fullName}</span>
              <span className="chevron" aria-hidden="true">
                <ChevronDownIcon />
              </span>
            </>
          ),
        }}
      >
        <MenuItem id="profile" href={ROUTES.profile} textValue={t('auth.actions.profile')}>
          {t('auth.actions.profile')}
        </MenuItem>
        <MenuItem id="likes" href={ROUTES.likes} textValue={t('auth.actions.likes')}>
          {t('auth.actions.likes')}
        </MenuItem>
        {FEATURES.openBadges ? (
          <MenuItem id="open-badges" href={ROUTES.openBadges} textValue={t('auth.actions.openBadges')}>
            {t('auth.actions.openBadges')}
          </MenuItem>
        ) : null}
        {[...accountingMenuEntries(), ...softwareMenuEntries()].map((entry) => (
          <MenuItem key={entry.id} id={entry.id} href={entry.href} textValue={t(`auth.actions.${entry.id}`)}>
            {t(`auth.actions.${entry.id}`)}
          </MenuItem>
        ))}
        {showDashboard ? (
          <MenuItem id="dashboard" href={ROUTES.dashboard} textValue={t('auth.actions.dashboard')}>
            {t('auth.actions.dashboard')}
          </MenuItem>
        ) : null}
        <MenuItem id="sign-out" textValue={t('auth.actions.signOut')}>
          {t('auth.actions.signOut')}
        </MenuItem>
      </Menu>
    </AccountMenu>
  );
}
