import { useAtomValue } from 'jotai';
import { useLocation } from 'wouter';
import type { MenuNode } from '../../kit/api/documents.ts';
import { isInternalHref, menuAtom } from '../../kit/routing/menu.ts';
import { useT } from '../../kit/i18n/use-t.ts';
import { Drawer } from '../../kit/ui/drawer.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { NavList } from '../../kit/ui/nav-list.ts';

function Entries({ nodes, path, onNavigate }: { nodes: MenuNode[]; path: string; onNavigate: () => void }) {
  return (
    <NavList>
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
    </NavList>
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
      {extra ? <NavList as="div">{extra(() => onOpenChange(false))}</NavList> : null}
    </Drawer>
  );
}
