import { useAtomValue } from 'jotai';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import type { MenuNode } from '../../kit/api/documents.ts';
import { isInternalHref, menuAtom } from '../../kit/routing/menu.ts';
import { APP_NAME, FEATURES } from '../../kit/build-info.ts';
import { useT } from '../../kit/i18n/use-t.ts';
import { AccessibilityIcon, ChevronDownIcon, LogoMark, MenuIcon } from '../../kit/ui/icons.tsx';
import { Menu, MenuItem } from '../../kit/ui/menu.tsx';
import { PlainIconButton, PlainLink } from '../../kit/ui/plain.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { NotificationsEntry } from '../../features/notifications/index.ts';
import { RentalCartEntry } from '../../features/rental/index.ts';
import { GlobalSearchEntry } from '../../features/search/index.ts';
import { fluidSpace } from '../../kit/theme/theme.ts';

/**
 * The bar stays on screen while scrolling only when the viewport is tall enough for it (the breakpoint grows
 * with the reader's text): at the largest text settings it would cover half a phone's screen.
 */
const Bar = styled.header`
  position: relative;
  z-index: 50;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  @media ${({ theme }) => theme.media.stickyBar} {
    position: sticky;
    top: 0;
  }
`;

/** Wraps rather than pushes anything off the screen: the actions go to a second row when they do not fit. */
const Inner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 0.75rem;
  max-width: ${({ theme }) => theme.layout.contentMaxWidth + 64}px;
  margin: 0 auto;
  padding: 0.5rem ${fluidSpace(1)};
  min-height: 4rem;
`;

/**
 * Beside the menu button (compact bar) the name takes the room left and wraps there between words, rather
 * than a row of its own; the actions go to the next row when they would leave it less than its longest word.
 */
const Logo = styled(PlainLink)<{ $compact: boolean }>`
  flex: ${({ $compact }) => ($compact ? '1 1 min(4rem, 20vw)' : '0 1 auto')};
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-weight: 700;
  font-size: 1.125rem;
  line-height: 1.3;
  /* no narrower than its longest word (min-content): the bar wraps its row first, words stay whole */
  max-width: 100%;
  .name {
    overflow-wrap: break-word;
  }
  .mark {
    flex: none;
    display: inline-grid;
    place-items: center;
    width: ${({ theme }) => theme.layout.logoHeight}px;
    height: ${({ theme }) => theme.layout.logoHeight}px;
    border-radius: 0.5rem;
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
  @media ${({ theme }) => theme.media.mobile} {
    /* the name is the logo: with large text on a phone it stays smaller than the text, with whole words */
    font-size: min(0.9375rem, 5vw);
    .name {
      line-height: 1.15;
    }
    .mark {
      width: ${({ theme }) => theme.layout.logoHeightExtraSmall}px;
      height: ${({ theme }) => theme.layout.logoHeightExtraSmall}px;
    }
  }
`;

const Nav = styled.nav`
  flex: 1 1 0%;
  min-width: 0;
  ul {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem;
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li {
    max-width: 100%;
  }
  li.push-right {
    margin-left: auto;
  }
  a {
    display: inline-flex;
    align-items: center;
    min-height: 2.75rem;
    padding: 0 0.75rem;
    border-radius: 0.375rem;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    font-weight: 500;
  }
  a[aria-current='page'] {
    text-decoration: underline;
    text-decoration-thickness: 2px;
    text-underline-offset: 0.35em;
  }
`;

/** Pushed to the end of the bar; on a narrow screen with large text it takes rows of its own. */
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: 0.25rem;
  margin-left: auto;
  max-width: 100%;
  > * {
    max-width: 100%;
  }
`;

function MenuEntry({ node, pushRight }: { node: MenuNode; pushRight: boolean }) {
  const [path] = useLocation();
  if (node.children.length > 0) {
    return (
      <li className={pushRight ? 'push-right' : undefined}>
        <Menu
          aria-label={node.name}
          trigger={{
            variant: 'text',
            children: (
              <>
                {node.name} <ChevronDownIcon />
              </>
            ),
          }}
        >
          {node.children.map((child) => (
            <MenuItem
              key={child.id}
              id={child.id}
              href={child.href ?? undefined}
              target={child.blank ? '_blank' : undefined}
              rel={child.blank ? 'noopener noreferrer' : undefined}
              textValue={child.name}
            >
              {child.name}
            </MenuItem>
          ))}
        </Menu>
      </li>
    );
  }
  if (!node.href) return null;
  return (
    <li className={pushRight ? 'push-right' : undefined}>
      <PlainLink
        href={node.href}
        external={node.blank || !isInternalHref(node.href)}
        aria-current={node.href === path ? 'page' : undefined}
      >
        {node.name}
      </PlainLink>
    </li>
  );
}

export interface TopBarProps {
  /** the menu moves into the side drawer on mobile and in the admin area (seed 000 §2.9) */
  compact: boolean;
  onOpenDrawer: () => void;
  onOpenAccessibility?: () => void;
  /** sign-in actions for guests, or the signed-in user's actions, once accounts exist */
  accountActions?: React.ReactNode;
}

export function TopBar({ compact, onOpenDrawer, onOpenAccessibility, accountActions }: TopBarProps) {
  const t = useT();
  const menu = useAtomValue(menuAtom) ?? [];
  return (
    <Bar>
      <Inner>
        {compact ? (
          <PlainIconButton aria-label={t('app.openMenu')} onClick={onOpenDrawer}>
            <MenuIcon />
          </PlainIconButton>
        ) : null}
        <Logo $compact={compact} href="/" aria-label={t('app.logoHome', { appName: APP_NAME })}>
          <span className="mark">
            <LogoMark />
          </span>
          <span className="name">{APP_NAME}</span>
        </Logo>
        {compact ? null : (
          <Nav aria-label={t('app.mainNavigation')}>
            <ul>
              {menu.map((node, i) => (
                <MenuEntry key={node.id} node={node} pushRight={i > 0 && menu[i - 1]!.alignsNextRight} />
              ))}
            </ul>
          </Nav>
        )}
        <Actions>
          {onOpenAccessibility ? (
            <PlainIconButton aria-label={t('accessibility.open')} onClick={onOpenAccessibility}>
              <AccessibilityIcon />
            </PlainIconButton>
          ) : null}
          {FEATURES.globalSearch ? <GlobalSearchEntry /> : null}
          <LanguageMenu />
          {FEATURES.rental ? <RentalCartEntry /> : null}
          <NotificationsEntry />
          {accountActions}
        </Actions>
      </Inner>
    </Bar>
  );
}
