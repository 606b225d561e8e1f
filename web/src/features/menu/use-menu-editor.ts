import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../kit/api/api-context.tsx';
import { menuAtom } from '../../kit/routing/menu.ts';
import { useEnvironmentSaved } from '../../kit/state/environment-saved.ts';
import { menuEditorApi, type CommandAnswer } from './menu-editor-api.ts';
import { applyDelete, applyMove, possibleMoves, type EditorItem, type MoveKind } from './menu-tree.ts';

export type TreeState = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready' };

/** What a refused move tells the screen: the item, and why. */
export interface MoveFailure {
  item: EditorItem;
  error: unknown;
}

/**
 * The menu tree of the editor and its commands. A move shows at once (the same shift as the server's fold) and
 * is sent in order behind the commands before it, each with the item's version as the server last gave it; a
 * refused one reads the tree again and drops the moves queued after it. Once nothing is left to send, the tree
 * is read again at the last command's position, the shell's menu too (menuAtom), and the other tabs are told
 * that the app environment was updated (seed 000 §4).
 */
export function useMenuEditor({ onMoveFailed }: { onMoveFailed: (failure: MoveFailure) => void }) {
  const api = useApi();
  const setShellMenu = useSetAtom(menuAtom);
  const environmentSaved = useEnvironmentSaved();
  const [state, setState] = useState<TreeState>({ status: 'loading' });
  const [items, setItemsState] = useState<EditorItem[]>([]);
  const itemsRef = useRef<EditorItem[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const pending = useRef(0);
  /** raised by a refused command: the commands queued behind it are dropped */
  const generation = useRef(0);
  /** raised by every local change: a read that started before one is stale */
  const changes = useRef(0);
  const lastPosition = useRef<string | null>(null);
  const failedRef = useRef(onMoveFailed);
  failedRef.current = onMoveFailed;

  const setItems = useCallback((next: EditorItem[]) => {
    itemsRef.current = next;
    setItemsState(next);
  }, []);

  const load = useCallback(
    async (minPosition?: string, signal?: AbortSignal) => {
      const startedAt = changes.current;
      try {
        const read = await menuEditorApi.items(api, minPosition, signal);
        if (signal?.aborted || startedAt !== changes.current || pending.current > 0) return;
        setItems(read);
        setState({ status: 'ready' });
      } catch (error) {
        if (!signal?.aborted && itemsRef.current.length === 0) setState({ status: 'failed', error });
      }
    },
    [api, setItems],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(undefined, controller.signal);
    return () => controller.abort();
  }, [load]);

  /** The shell's menu and the other tabs learn of the change; failures here never undo it. */
  const publish = useCallback(
    async (position: string) => {
      const [menu, revision] = await Promise.allSettled([
        menuEditorApi.renderedMenu(api, position),
        menuEditorApi.environmentRevision(api, position),
      ]);
      if (menu.status === 'fulfilled') setShellMenu(menu.value);
      if (revision.status === 'fulfilled') environmentSaved(revision.value);
    },
    [api, setShellMenu, environmentSaved],
  );

  /** After a command: the tree read again at its position (unless more are on their way), the shell told. */
  const settle = useCallback(
    async (position: string) => {
      lastPosition.current = position;
      if (pending.current > 0) return;
      await Promise.all([load(position), publish(position)]);
    },
    [load, publish],
  );

  /** Runs a command after those before it; resolves with its answer, or null when it was dropped. */
  const enqueue = useCallback((command: () => Promise<CommandAnswer>): Promise<CommandAnswer | null> => {
    const runAt = generation.current;
    pending.current += 1;
    const run = queue.current.then(async () => {
      try {
        if (runAt !== generation.current) return null;
        return await command();
      } finally {
        pending.current -= 1;
      }
    });
    queue.current = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }, []);

  /** Resolves once every command sent so far has been answered. */
  const idle = useCallback(() => queue.current, []);

  const versionOf = (id: string) => itemsRef.current.find((i) => i.id === id)?.version ?? null;
  const withVersion = (id: string, version: string) =>
    setItems(itemsRef.current.map((i) => (i.id === id ? { ...i, version } : i)));

  /** Moves an item at once and sends the move; returns the items after it, or null when it is not possible. */
  const move = useCallback(
    (id: string, kind: MoveKind): EditorItem[] | null => {
      const item = itemsRef.current.find((i) => i.id === id);
      const target = possibleMoves(itemsRef.current, id)[kind];
      if (!item || !target) return null;
      changes.current += 1;
      const next = applyMove(itemsRef.current, id, target);
      setItems(next);
      const body = {
        parent: target.parent,
        ...(target.position !== undefined ? { position: target.position } : {}),
      };
      enqueue(() => menuEditorApi.move(api, id, versionOf(id) ?? item.version, body)).then(
        async (answer) => {
          if (!answer) return;
          withVersion(id, answer.meta.version);
          await settle(answer.meta.position);
        },
        async (error: unknown) => {
          generation.current += 1;
          changes.current += 1;
          failedRef.current({ item, error });
          await load(lastPosition.current ?? undefined);
        },
      );
      return next;
    },
    [api, enqueue, load, setItems, settle],
  );

  /** Deletes an item (and what is under it) after the commands before it; rejects when refused. */
  const remove = useCallback(
    async (id: string): Promise<void> => {
      const answer = await enqueue(async () => {
        const version = versionOf(id);
        if (version === null) throw new Error(`menu item ${id} is not in the tree`);
        return menuEditorApi.delete(api, id, version);
      });
      if (!answer) return;
      changes.current += 1;
      setItems(applyDelete(itemsRef.current, id));
      await settle(answer.meta.position);
    },
    [api, enqueue, setItems, settle],
  );

  /** A save made by the form (create or update): read the tree and the shell's menu at its position. */
  const saved = useCallback(
    async (answer: CommandAnswer) => {
      changes.current += 1;
      await settle(answer.meta.position);
    },
    [settle],
  );

  return {
    state,
    items,
    /** the tree as it is now (commands' answers included), for handlers that run after a render */
    current: () => itemsRef.current,
    move,
    remove,
    saved,
    idle,
    enqueue,
    reload: () => load(lastPosition.current ?? undefined),
  };
}
