import { shellEndpoints } from '@platform/contracts/shell-endpoints';
import { useCallback, useEffect, useRef, useState } from 'react';
import { EnvironmentDocumentSchema } from '../../../kit/api/documents.ts';
import { ApiError } from '../../../kit/api/errors.ts';
import { useApi } from '../../../kit/api/api-context.tsx';
import { useEnvironmentSaved } from '../../../kit/state/environment-saved.ts';
import { pagesApi, type CommandAnswer, type LoadedPage, type PageComponent } from './pages-api.ts';

export type EditorState =
  { status: 'loading' } | { status: 'failed'; error: unknown } | ({ status: 'ready' } & LoadedPage);

/** A command the editor sends with If-Match at the page's version; its answer gives the next version. */
export type PageCommand = (version: string | null) => Promise<CommandAnswer>;

const newer = (a: string, b: string | null) => b === null || BigInt(a) >= BigInt(b);

export const isStaleVersion = (error: unknown) =>
  error instanceof ApiError &&
  error.kind === 'conflict' &&
  error.errors.some((e) => e.code === 'conflict.wrong_expected_version');

/**
 * One page in the editor: loaded with its components, changed by commands that run one after the other (each
 * with If-Match at the version the previous one answered, so that the editor's own commands never conflict
 * with each other, and a change made elsewhere is a 409), read again after each at the command's position.
 */
export function usePageEditor(id: string, minPosition?: string) {
  const api = useApi();
  const [state, setState] = useState<EditorState>({ status: 'loading' });
  /** another session changed the page: the editor's version is stale until it is read again */
  const [stale, setStale] = useState(false);
  const version = useRef<string | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  /** commands queued or running: a read made meanwhile would undo a move shown before its command ran */
  const pending = useRef(0);
  const reading = useRef<AbortController | null>(null);

  const read = useCallback(
    (minPosition?: string, options: { reset?: boolean } = {}) => {
      reading.current?.abort();
      const controller = new AbortController();
      reading.current = controller;
      if (options.reset) {
        version.current = null;
        setState({ status: 'loading' });
      }
      return pagesApi.load(api, id, minPosition, controller.signal).then(
        (loaded) => {
          if (controller.signal.aborted) return;
          // a read that started before the editor's last command answered shows an older page, and one that ends
          // while commands wait misses their changes (the read after the last of them shows them): skip both
          if (!newer(loaded.page.meta.version, version.current)) return;
          if (pending.current > 0 && !options.reset) return;
          version.current = loaded.page.meta.version;
          // only the reader's reload ends a conflict: their unsaved edits were made on the old page
          if (options.reset) setStale(false);
          setState({ status: 'ready', ...loaded });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setState((s) => (s.status === 'ready' && !options.reset ? s : { status: 'failed', error }));
        },
      );
    },
    [api, id],
  );

  // the first read waits for the command that led here (a new page, a new draft, a publication)
  const first = useRef(minPosition);
  useEffect(() => {
    void read(first.current, { reset: true });
    return () => reading.current?.abort();
  }, [read]);

  // saving a page that is not a draft updates the environment (seed 000 §4): this tab takes the new revision, the
  // others are told; failures here never undo the change
  const environmentSaved = useEnvironmentSaved();
  const announceEnvironment = useCallback(
    (position: string) =>
      api
        .call(shellEndpoints.environment, {
          schema: EnvironmentDocumentSchema,
          query: { minPosition: position },
          quiet: true,
        })
        .then(
          (d) => environmentSaved(d.meta.revision),
          () => undefined,
        ),
    [api, environmentSaved],
  );

  /** Runs a command after the ones before it; the page is read again at its position. Rejects as it failed. */
  const run = useCallback(
    (command: PageCommand): Promise<CommandAnswer> => {
      pending.current += 1;
      const next = queue.current.then(async () => {
        try {
          const answer = await command(version.current);
          pending.current -= 1;
          // a component's command answers with its page's version; a draft's creation or a publication with
          // another page's
          if (answer.data.id === id || answer.data.type === 'app-page-components')
            version.current = answer.meta.version;
          void read(answer.meta.position);
          void announceEnvironment(answer.meta.position);
          return answer;
        } catch (error) {
          pending.current -= 1;
          if (isStaleVersion(error)) setStale(true);
          throw error;
        }
      });
      queue.current = next.catch(() => undefined);
      return next;
    },
    [id, read, announceEnvironment],
  );

  /** Shows the components in a new order at once (a move by keyboard), before the server has answered. */
  const showComponents = useCallback((components: PageComponent[]) => {
    setState((s) => (s.status === 'ready' ? { ...s, components } : s));
  }, []);

  return {
    state,
    stale,
    run,
    showComponents,
    reload: () => read(undefined, { reset: true }),
    refresh: (minPosition?: string) => read(minPosition),
  };
}
