import { useAtomValue } from 'jotai';
import { useLayoutEffect, useRef, useState } from 'react';
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
import { menuFitsBeside, type BarWidths } from './bar-layout.ts';

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

/**
 * Beside the name and the actions when the whole menu fits there on one line; otherwise a row of its own below
 * them ($row), where every entry stays in sight (bar-layout.ts). The reading and focus order is the same either
 * way: the name, the menu, the actions.
 */
const Nav = styled.nav<{ $row: boolean }>`
  flex: ${({ $row }) => ($row ? '1 1 100%' : '1 1 0%')};
  order: ${({ $row }) => ($row ? 1 : 0)};
  min-width: 0;
  ul {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem;
    list-style: none;
    margin: 0;
    /* on a row of its own, the first entry's text under the name's mark */
    margin-inline-start: ${({ $row }) => ($row ? '-0.75rem' : '0')};
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
  /* a group's menu button spaced and weighted as the links beside it */
  li > button {
    padding-inline: 0.75rem;
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

const px = (value: string) => Number.parseFloat(value) || 0;

/** What the bar's parts measure now: their own widths, whichever line the menu is on (bar-layout.ts). */
function measure(inner: HTMLElement): BarWidths | null {
  const logo = inner.querySelector<HTMLElement>('[data-bar="logo"]');
  const list = inner.querySelector<HTMLElement>('[data-bar="menu"]');
  const actions = inner.querySelector<HTMLElement>('[data-bar="actions"]');
  if (!logo || !list || !actions) return null;
  const bar = getComputedStyle(inner);
  return {
    line: inner.clientWidth - px(bar.paddingLeft) - px(bar.paddingRight),
    gap: px(bar.columnGap),
    logo: logo.offsetWidth,
    actions: actions.offsetWidth,
    entries: [...list.children].map((entry) => (entry as HTMLElement).offsetWidth),
    entryGap: px(getComputedStyle(list).columnGap),
  };
}

/**
 * Whether the menu goes on a row of its own: measured before the bar paints, and again whenever a part of it
 * changes size (the window, the reader's text settings, a web font arriving, the menu's entries, the actions
 * of a reader who signs in). A row of its own until measured: the server's paint cannot measure, and a long
 * menu never wraps between the name and the actions while the page starts.
 */
function useMenuRow(active: boolean, menu: unknown) {
  const innerRef = useRef<HTMLDivElement>(null);
  const [row, setRow] = useState(true);
  useLayoutEffect(() => {
    const inner = innerRef.current;
    if (!active || !inner) return;
    let live = true;
    const update = () => {
      const widths = measure(inner);
      if (!widths) return;
      const fits = menuFitsBeside(widths);
      // while web fonts load, the text is measured in a fallback font, often narrower: the menu moves up beside
      // the name only once they are in (a row of its own is never wrong, only roomier)
      const fonts = typeof document.fonts === 'undefined' ? null : document.fonts;
      if (fits && fonts?.status === 'loading') {
        void fonts.ready.then(() => {
          if (live) update();
        });
        return;
      }
      setRow(!fits);
    };
    update();
    if (typeof ResizeObserver === 'undefined')
      return () => {
        live = false;
      };
    const observer = new ResizeObserver(update);
    observer.observe(inner);
    for (const part of inner.querySelectorAll('[data-bar]')) {
      observer.observe(part);
      if (part.getAttribute('data-bar') === 'menu')
        for (const entry of part.children) observer.observe(entry);
    }
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [active, menu]);
  return { innerRef, row };
}

export function TopBar({ compact, onOpenDrawer, onOpenAccessibility, accountActions }: TopBarProps) {
  const t = useT();
  const read = useAtomValue(menuAtom);
  const menu = read ?? [];
  // measured again when the menu read changes (its identity: not a new empty list at each render)
  const { innerRef, row } = useMenuRow(!compact, read);
  return (
    <Bar>
      <Inner ref={innerRef}>
        {compact ? (
          <PlainIconButton aria-label={t('app.openMenu')} onClick={onOpenDrawer}>
            <MenuIcon />
          </PlainIconButton>
        ) : null}
        <Logo
          $compact={compact}
          data-bar="logo"
          href="/"
          aria-label={t('app.logoHome', { appName: APP_NAME })}
        >
          <span className="mark">
            <LogoMark />
          </span>
          <span className="name">{APP_NAME}</span>
        </Logo>
        {compact ? null : (
          <Nav aria-label={t('app.mainNavigation')} $row={row}>
            <ul data-bar="menu">
              {menu.map((node, i) => (
                <MenuEntry key={node.id} node={node} pushRight={i > 0 && menu[i - 1]!.alignsNextRight} />
              ))}
            </ul>
          </Nav>
        )}
        <Actions data-bar="actions">
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
