import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { useSearch } from 'wouter';
import {
  BackToDashboard,
  LoadError,
  Notice,
  ScreenHeader,
  useAdminErrorText,
  WidePage,
} from '../../kit/admin/admin-ui.tsx';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useToast } from '../../kit/toast/toast-context.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { ConfirmDialog } from '../../kit/ui/confirm-dialog.tsx';
import { VisuallyHidden } from '../../kit/ui/visually-hidden.tsx';
import type { CommandAnswer } from './menu-editor-api.ts';
import { MenuItemDialog, type FormMode } from './menu-item-dialog.tsx';
import {
  buildTree,
  moveToFocusAfter,
  placementOf,
  possibleMoves,
  siblingsOf,
  subtreeIds,
  type EditorItem,
  type MoveKind,
} from './menu-tree.ts';
import { actionElementId, MenuTreeView, type ItemAction } from './menu-tree-view.tsx';
import { useMenuEditorT } from './messages.ts';
import { useMenuEditor } from './use-menu-editor.ts';

const ADD_TOP_ID = 'menu-editor-add-top';

/** Where the focus goes once the tree shows a change: a button of an item, or the first action of its toolbar. */
type FocusRequest = { id: string; action: ItemAction | 'first' } | { id: typeof ADD_TOP_ID };

const Help = styled.p`
  max-width: 48rem;
`;

/**
 * /admin/resources/app-menu-items (seed 000 §2.4, §2.9, §3): the menu tree, each item with its label, link and
 * who sees it, and its actions by keyboard: move up, down, into the item above, out of its parent (the focus
 * stays on the moved item and its new place is announced politely), edit, add a sub-item, history, delete
 * after a confirmation. The shell's menu shows every change once it is saved.
 */
export function MenuEditorScreen() {
  const t = useMenuEditorT();
  const toast = useToast();
  const errorText = useAdminErrorText();
  const search = useSearch();
  const [announcement, setAnnouncement] = useState({ text: '', count: 0 });
  const [alert, setAlert] = useState<string | null>(null);
  const [form, setForm] = useState<FormMode | null>(null);
  const [deleting, setDeleting] = useState<EditorItem | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const wanted = useRef(new URLSearchParams(search).get('item'));
  const editor = useMenuEditor({
    onMoveFailed: ({ item, error }) =>
      setAlert(t('menuEditor.moveFailed', { name: item.name, reason: errorText(error) })),
  });
  const title = t('menuEditor.title');
  usePageTitle(title);
  const tree = useMemo(() => buildTree(editor.items), [editor.items]);
  const announce = (text: string) => setAnnouncement((a) => ({ text, count: a.count + 1 }));

  // ?item={id} (the history's way back) opens the tree on that item
  useLayoutEffect(() => {
    if (editor.state.status !== 'ready' || !wanted.current) return;
    setFocusRequest({ id: wanted.current, action: 'first' });
    wanted.current = null;
  }, [editor.state.status]);

  useLayoutEffect(() => {
    if (!focusRequest || editor.state.status !== 'ready') return;
    const element =
      'action' in focusRequest
        ? focusRequest.action === 'first'
          ? document
              .getElementById(actionElementId(focusRequest.id, 'card'))
              ?.querySelector('[role="toolbar"]')
              ?.querySelector<HTMLElement>('button:not([disabled]), a[href]')
          : document.getElementById(actionElementId(focusRequest.id, focusRequest.action))
        : document.getElementById(focusRequest.id);
    element?.focus();
    element?.scrollIntoView?.({ block: 'nearest' });
    setFocusRequest(null);
  }, [focusRequest, editor.items, editor.state.status]);

  const onMove = (item: EditorItem, kind: MoveKind) => {
    setAlert(null);
    const next = editor.move(item.id, kind);
    if (!next) return;
    const placement = placementOf(next, item.id);
    if (placement)
      announce(
        placement.parent
          ? t('menuEditor.moved.inside', {
              name: item.name,
              index: placement.index,
              count: placement.count,
              parent: placement.parent.name,
            })
          : t('menuEditor.moved.top', { name: item.name, index: placement.index, count: placement.count }),
      );
    const focusKind = moveToFocusAfter(possibleMoves(next, item.id), kind);
    setFocusRequest({ id: item.id, action: focusKind ? `move-${focusKind}` : 'edit' });
  };

  /** Forms and deletes wait for the moves on their way: they need the item's latest version. */
  const openForm = async (mode: FormMode) => {
    setAlert(null);
    await editor.idle();
    if (mode.kind === 'update') {
      const latest = editor.current().find((i) => i.id === mode.item.id);
      if (!latest) return;
      setForm({ kind: 'update', item: latest });
    } else setForm(mode);
  };

  const onSaved = async (answer: CommandAnswer, name: string, created: boolean) => {
    setForm(null);
    toast(t(created ? 'menuEditor.added' : 'menuEditor.saved', { name }), 'success');
    await editor.saved(answer);
    setFocusRequest({ id: answer.data.id, action: 'edit' });
  };

  /** After a delete: the item above, else below, else the parent, else the top-level add button. */
  const focusAfterDelete = (item: EditorItem): FocusRequest => {
    const siblings = siblingsOf(editor.current(), item.parentId);
    const index = siblings.findIndex((s) => s.id === item.id);
    const neighbour = siblings[index - 1] ?? siblings[index + 1];
    if (neighbour) return { id: neighbour.id, action: 'edit' };
    if (item.parentId) return { id: item.parentId, action: 'edit' };
    return { id: ADD_TOP_ID };
  };

  const confirmDelete = async () => {
    if (!deleting || deleteBusy) return;
    const item = deleting;
    const next = focusAfterDelete(item);
    setDeleteBusy(true);
    try {
      await editor.remove(item.id);
      toast(t('menuEditor.deleted', { name: item.name }), 'success');
      setFocusRequest(next);
    } catch (error) {
      setAlert(t('menuEditor.deleteFailed', { name: item.name, reason: errorText(error) }));
      void editor.reload();
    } finally {
      setDeleteBusy(false);
      setDeleting(null);
    }
  };

  const descendants = deleting ? subtreeIds(editor.items, deleting.id).length - 1 : 0;

  return (
    <WidePage>
      <BackToDashboard />
      <ScreenHeader>
        <h1>{title}</h1>
        <Button id={ADD_TOP_ID} onPress={() => void openForm({ kind: 'create', parent: null })}>
          {t('menuEditor.addTop')}
        </Button>
      </ScreenHeader>
      <Help>{t('menuEditor.intro')}</Help>
      <Help>{t('menuEditor.keyboardHelp')}</Help>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        <span key={announcement.count}>{announcement.text}</span>
      </VisuallyHidden>
      <div role="alert">{alert ? <Notice $tone="error">{alert}</Notice> : null}</div>
      {editor.state.status === 'loading' ? <p aria-busy="true">{t('menuEditor.loading')}</p> : null}
      {editor.state.status === 'failed' ? (
        <LoadError message={errorText(editor.state.error)} onRetry={() => void editor.reload()} />
      ) : null}
      {editor.state.status === 'ready' ? (
        tree.length ? (
          <MenuTreeView
            label={t('menuEditor.tree')}
            nodes={tree}
            items={editor.items}
            handlers={{
              onMove,
              onEdit: (item) => void openForm({ kind: 'update', item }),
              onAddChild: (item) => void openForm({ kind: 'create', parent: item }),
              onDelete: (item) => {
                setAlert(null);
                setDeleting(item);
              },
            }}
          />
        ) : (
          <p>{t('menuEditor.empty')}</p>
        )
      ) : null}
      {form ? (
        <MenuItemDialog
          mode={form}
          enqueue={editor.enqueue}
          onSaved={(answer, name, created) => void onSaved(answer, name, created)}
          onClose={() => setForm(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t('menuEditor.delete.title', { name: deleting.name })}
          cancelLabel={t('admin.cancel')}
          confirmLabel={t('menuEditor.delete.confirm')}
          pending={deleteBusy}
          onCancel={() => setDeleting(null)}
          onConfirm={confirmDelete}
        >
          <p>{t('menuEditor.delete.warning')}</p>
          {descendants > 0 ? <p>{t('menuEditor.delete.children', { count: descendants })}</p> : null}
        </ConfirmDialog>
      ) : null}
    </WidePage>
  );
}
