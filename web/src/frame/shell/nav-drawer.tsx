import { useAtomValue } from 'jotai';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import type { MenuNode } from '../../kit/api/documents.ts';
import { isInternalHref, menuAtom } from '../../kit/routing/menu.ts';
import { useT } from '../../kit/i18n/use-t.ts';
import { Drawer } from '../../kit/ui/drawer.tsx';
import { Link } from '../../kit/ui/link.tsx';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  ul {
    padding-left: 1rem;
  }
  li {
    margin: 0.125rem 0;
  }
  a {
    display: flex;
    align-items: center;
    min-height: 2.75rem;
    padding: 0 0.5rem;
    border-radius: 0.375rem;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a[aria-current='page'] {
    font-weight: 700;
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  .group {
    display: block;
    margin: 1rem 0 0.25rem;
    padding: 0 0.5rem;
    font-size: 0.875rem;
    font-weight: 700;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

function Entries({ nodes, path, onNavigate }: { nodes: MenuNode[]; path: string; onNavigate: () => void }) {
  return (
    <List>
      {nodes.map((node) => (
        <li key={node.id}>
          {node.href ? (
            <Link
              href={node.href}
              external={node.blank || !isInternalHref(node.href)}
              aria-current={node.href === path ? 'page' : undefined}
              onPress={onNavigate}
            >
              {node.name}
            </Link>
          ) : (
            <span className="group">{node.name}</span>
          )}
          {node.children.length > 0 ? (
            <Entries nodes={node.children} path={path} onNavigate={onNavigate} />
          ) : null}
        </li>
      ))}
    </List>
  );
}

/** The menu on mobile and in the admin area: groups keep their children under them (seed 000 §2.9). */
export function NavDrawer({
  isOpen,
  onOpenChange,
  extra,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** entries a module adds below the menu (the admin area's screens), given the drawer's close action */
  extra?: (close: () => void) => React.ReactNode;
}) {
  const t = useT();
  const menu = useAtomValue(menuAtom) ?? [];
  const [path] = useLocation();
  return (
    <Drawer title={t('app.mainNavigation')} isOpen={isOpen} onOpenChange={onOpenChange} side="left">
      <nav aria-label={t('app.mainNavigation')}>
        <Entries nodes={menu} path={path} onNavigate={() => onOpenChange(false)} />
      </nav>
      {extra ? <List as="div">{extra(() => onOpenChange(false))}</List> : null}
    </Drawer>
  );
}
