import { Toolbar } from 'react-aria-components';
import styled from 'styled-components';
import { Button } from '../../kit/ui/button.tsx';
import { ButtonLink } from '../../kit/ui/link.tsx';
import { possibleMoves, type EditorItem, type MoveKind, type TreeNode } from './menu-tree.ts';
import { useMenuEditorT, type MenuEditorT } from './messages.ts';
import { menuEditorPaths } from './paths.ts';

/** The buttons of an item's toolbar, by what they do: how the screen finds the one to focus. */
export type ItemAction = `move-${MoveKind}` | 'edit' | 'add' | 'delete';
export const actionElementId = (id: string, action: ItemAction | 'card') => `menu-item-${id}-${action}`;

export interface ItemHandlers {
  onMove: (item: EditorItem, kind: MoveKind) => void;
  onEdit: (item: EditorItem) => void;
  onAddChild: (item: EditorItem) => void;
  onDelete: (item: EditorItem) => void;
}

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  ol {
    margin-top: 0.75rem;
    /* each level is set in, but never so much that a deep branch leaves no room at 320 px */
    padding-left: min(1.5rem, 5vw);
    border-left: 3px solid ${({ theme }) => theme.colors.border};
    margin-left: min(0.75rem, 2vw);
  }
`;

const Card = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: 0.5rem 1rem;
  padding: 0.75rem 1rem;
  border-radius: 0.5rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  .text {
    flex: 1 1 16rem;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .name {
    margin: 0;
    font-weight: 700;
    font-size: 1.0625rem;
  }
  .facts {
    margin: 0.25rem 0 0;
    padding: 0;
    list-style: none;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9375rem;
  }
  .facts li {
    display: inline;
  }
  .facts li + li::before {
    content: ' · ';
  }
`;

const Actions = styled(Toolbar)`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  flex: 0 1 auto;
  max-width: 100%;
`;

/** What an item links to, in words. */
function linkText(item: EditorItem, t: MenuEditorT): string {
  const newTab = item.blank ? ` (${t('menuEditor.link.newTab')})` : '';
  if (item.pageId)
    return item.pagePath
      ? `${t('menuEditor.link.page', { path: item.pagePath })}${newTab}`
      : t('menuEditor.link.pageGone');
  if (item.url) return `${t('menuEditor.link.url', { url: item.url })}${newTab}`;
  return t('menuEditor.link.none');
}

/** Who sees an item: every condition the server applies (seed 000 §6), or everyone. */
function visibilityText(item: EditorItem, t: MenuEditorT): string[] {
  const facts: string[] = [];
  if (item.requiresAuth) facts.push(t('menuEditor.visibility.signedIn'));
  if (item.accessLevel)
    facts.push(
      t('menuEditor.visibility.accessLevel', {
        level: t(`admin.accessLevel.${item.accessLevel}` as 'admin.accessLevel.contact'),
      }),
    );
  if (item.roles.length)
    facts.push(
      t('menuEditor.visibility.roles', {
        roles: item.roles.map((r) => t(`admin.role.${r}` as 'admin.role.admin')).join(', '),
      }),
    );
  return facts.length ? facts : [t('menuEditor.visibility.everyone')];
}

/**
 * The menu as nested ordered lists (the order is the menu's), each item with what it shows, where it leads and
 * who sees it, and a toolbar of its actions: one Tab stop per item, arrow keys between its buttons.
 */
export function MenuTreeView({
  nodes,
  items,
  handlers,
  label,
}: {
  nodes: TreeNode[];
  items: readonly EditorItem[];
  handlers: ItemHandlers;
  label?: string;
}) {
  return (
    <List aria-label={label}>
      {nodes.map((node) => (
        <ItemRow key={node.item.id} node={node} items={items} handlers={handlers} />
      ))}
    </List>
  );
}

function ItemRow({
  node,
  items,
  handlers,
}: {
  node: TreeNode;
  items: readonly EditorItem[];
  handlers: ItemHandlers;
}) {
  const t = useMenuEditorT();
  const { item } = node;
  const moves = possibleMoves(items, item.id);
  const facts = [
    linkText(item, t),
    ...visibilityText(item, t),
    ...(item.alignsNextRight ? [t('menuEditor.alignsNextRight')] : []),
    ...(item.color ? [t('menuEditor.color', { color: item.color })] : []),
  ];
  const id = (action: ItemAction | 'card') => actionElementId(item.id, action);
  const moveButton = (kind: MoveKind, text: string) => (
    <Button
      id={id(`move-${kind}`)}
      size="small"
      variant="secondary"
      isDisabled={!moves[kind]}
      onPress={() => handlers.onMove(item, kind)}
    >
      {text}
    </Button>
  );
  return (
    <li>
      <Card id={id('card')}>
        <div className="text">
          <p className="name">{item.name}</p>
          <ul className="facts">
            {facts.map((fact, i) => (
              <li key={i}>{fact}</li>
            ))}
          </ul>
        </div>
        <Actions aria-label={t('menuEditor.actions', { name: item.name })}>
          {moveButton('up', t('menuEditor.move.up'))}
          {moveButton('down', t('menuEditor.move.down'))}
          {moveButton(
            'into',
            moves.into
              ? t('menuEditor.move.into', { name: moves.into.relativeTo.name })
              : t('menuEditor.move.intoNone'),
          )}
          {moveButton(
            'out',
            moves.out
              ? t('menuEditor.move.out', { name: moves.out.relativeTo.name })
              : t('menuEditor.move.outNone'),
          )}
          <Button id={id('edit')} size="small" variant="secondary" onPress={() => handlers.onEdit(item)}>
            {t('menuEditor.edit')}
          </Button>
          <Button id={id('add')} size="small" variant="secondary" onPress={() => handlers.onAddChild(item)}>
            {t('menuEditor.addChild')}
          </Button>
          <ButtonLink size="small" variant="secondary" href={menuEditorPaths.history(item.id)}>
            {t('menuEditor.history')}
          </ButtonLink>
          <Button id={id('delete')} size="small" variant="danger" onPress={() => handlers.onDelete(item)}>
            {t('menuEditor.delete')}
          </Button>
        </Actions>
      </Card>
      {node.children.length ? <MenuTreeView nodes={node.children} items={items} handlers={handlers} /> : null}
    </li>
  );
}
