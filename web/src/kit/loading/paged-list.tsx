import { useCallback, useEffect, useState, type DependencyList, type ReactNode } from 'react';
import styled from 'styled-components';
import { StepPager, type StepPagerWords } from '../ui/step-pager.tsx';
import { InlineLoader } from './chrome.tsx';
import { LoadFailed } from './load-failed.tsx';
import { useLoadedAt, type Loaded } from './use-loaded.ts';

/** One page of a member's list as the server answers it: its items, and how many there are in all. */
export interface ListPageOf<T> {
  items: readonly T[];
  total: number;
  totalPages: number;
  /** the list counted no further than `total` (meta.totalCapped, ADR 0045): pages follow `totalPages` */
  totalCapped?: boolean;
}

/** `P`: the page as the screen's read answers it, when it tells more than its items (an account's balance). */
export interface PagedRead<T, P extends ListPageOf<unknown> = ListPageOf<T>> {
  state: Loaded<P>;
  page: number;
  setPage: (page: number) => void;
  retry: () => void;
  /**
   * Reads the page again at least at a command's position; resolves once the list on screen shows what was read
   * (or that the read failed), so that focus and the command's confirmation follow the list.
   */
  reload: (minPosition?: string) => Promise<void>;
}

/**
 * A member's list read page by page (useLoadedAt): read again when `deps` or the page change, and by
 * `reload(position)` after an action. What was read stays on screen while the next page is on its way. A page
 * past the end (its last item removed) gives way to the last page.
 */
export function usePagedRead<P extends ListPageOf<unknown>>(
  read: (options: { page: number; signal: AbortSignal; minPosition?: string }) => Promise<P>,
  deps: DependencyList,
): PagedRead<P['items'][number], P> {
  const [page, setPage] = useState(1);
  const { state, reload, reloadAndWait } = useLoadedAt(
    ({ signal, minPosition }) => read({ page, signal, minPosition }),
    [...deps, page],
    { keep: true },
  );
  useEffect(() => {
    if (state.status === 'ready' && pastTheEnd(state.value, page)) setPage(state.value.totalPages);
  }, [state, page]);
  const retry = useCallback(() => reload(), [reload]);
  return { state, page, setPage, retry, reload: reloadAndWait };
}

const pastTheEnd = (value: ListPageOf<unknown>, page: number) =>
  value.items.length === 0 && page > 1 && page > value.totalPages;

/** The words of a paged list, in the screen's own messages. */
export interface PagedListWords extends StepPagerWords {
  /** the loader's name */
  loading: string;
  loadFailed: string;
  retry: string;
  /** said when the list has no item */
  empty: string;
  /** the list's name */
  list: string;
  /** the pager's name */
  pages: string;
}

/** The list of a member's screen: one card per item. */
export const MemberList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
`;

/** One card of a MemberList: its title a focusable h2, a `.meta` line and its `.actions`. */
export const MemberListItem = styled.li`
  display: grid;
  gap: 0.375rem;
  min-width: 0;
  padding: 0.75rem 1rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 0.5rem;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  overflow-wrap: anywhere;
  h2 {
    margin: 0;
    font-size: 1.125rem;
    &:focus-visible {
      outline: 3px solid ${({ theme }) => theme.colors.focus};
      outline-offset: 2px;
    }
  }
  p {
    margin: 0;
  }
  .meta {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9375rem;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem 1rem;
  }
`;

/**
 * A member's paged list (likes, notifications): the loader while the first page is on its way, a failed read with
 * a retry, the empty state, the items in a named list (`item` renders each one's MemberListItem, with its key),
 * and the pager.
 */
export function PagedList<T>({
  read,
  words,
  item,
}: {
  read: PagedRead<T>;
  words: PagedListWords;
  item: (item: T, index: number, items: readonly T[]) => ReactNode;
}) {
  const { state, page, setPage, retry } = read;
  if (state.status === 'loading') return <InlineLoader aria-label={words.loading} />;
  if (state.status === 'failed')
    return <LoadFailed message={words.loadFailed} retryLabel={words.retry} onRetry={retry} />;
  const { items, totalPages, totalCapped } = state.value;
  if (pastTheEnd(state.value, page)) return <InlineLoader aria-label={words.loading} />;
  return (
    <>
      {items.length === 0 ? (
        <p>{words.empty}</p>
      ) : (
        <MemberList aria-label={words.list}>{items.map((it, i) => item(it, i, items))}</MemberList>
      )}
      <StepPager
        live
        page={page}
        totalPages={totalPages}
        more={totalCapped === true}
        label={words.pages}
        words={words}
        onPage={setPage}
      />
    </>
  );
}
