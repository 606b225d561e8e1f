import type { DependencyList, ReactNode, Ref } from 'react';
import { useLoadedAt, type Loaded } from '../loading/use-loaded.ts';
import { usePageTitle } from '../routing/page-title.ts';
import {
  BackToDashboard,
  DataTable,
  LoadError,
  Notice,
  Pager,
  ScreenHeader,
  TableScroll,
  useAdminErrorText,
  useAdminT,
  WidePage,
} from './admin-ui.tsx';
import type { ListMeta } from './list-meta.ts';

/**
 * A back-office list read from the server (useLoadedAt): read again whenever `deps` change, and by
 * `reload(position)` after an action. What was read stays on screen while the next read is on its way, so that
 * paging or deciding a row does not blank the table.
 */
export function useListRead<V>(
  load: (options: { signal: AbortSignal; minPosition?: string }) => Promise<V>,
  deps: DependencyList,
) {
  return useLoadedAt(load, deps, { keep: true });
}

/** One column of a list: its header, and what each row shows in it. */
export interface ListColumn<Row> {
  id: string;
  header: ReactNode;
  /** the header cell's aria-sort, on a column the list can be sorted by */
  sort?: 'ascending' | 'descending' | 'none';
  /** the column that names the row: its cells are row headers */
  rowHeader?: boolean;
  /** long text that wraps, its words whole (DataTable's `.text`) */
  text?: boolean;
  /** an id on the cell, for an element of the row to be described by it */
  cellId?: (row: Row) => string;
  cell: (row: Row) => ReactNode;
}

/** The page of rows a list shows, and where it stands among all (JSON:API meta). */
export interface ListPage<Row> {
  rows: readonly Row[];
  meta: ListMeta;
}

/**
 * The frame of every back-office list, its title the document's too (the generic resource lists, users, mailbox, validation requests, pages):
 * the way back to the dashboard, the title with the screen's own actions, what stands before the table (an
 * introduction, the filters as a search landmark), an action's failure said at once, the read's loading,
 * failed (with a retry) and empty states, the table in its own scroll region named by its caption (header
 * cells with their scope, each row named by its row header), and the pager.
 */
export function ListFrame<V, Row>({
  title,
  headingRef,
  actions,
  before,
  actionError,
  state,
  onRetry,
  list,
  caption,
  captionId,
  columns,
  rowKey,
  rowCurrent,
  tableRef,
  empty,
  pagerLabel,
  onPage,
  children,
}: {
  title: string;
  /** given, the title can take focus by script (where focus goes when what it was on is gone) */
  headingRef?: Ref<HTMLHeadingElement>;
  /** beside the title: create, refresh */
  actions?: ReactNode;
  /** between the title and the table: an introduction, the filters */
  before?: ReactNode;
  actionError?: string | null;
  state: Loaded<V>;
  onRetry: () => void;
  /** the rows of what was read; null when there is no list to show (the screen says why in `before`) */
  list: (value: V) => ListPage<Row> | null;
  /** `capped`: the list counted no further than `total`, more records follow (ADR 0045) */
  caption: (total: number, value: V, capped: boolean) => string;
  captionId: string;
  columns: readonly ListColumn<Row>[];
  rowKey: (row: Row) => string;
  /** the row whose details are open below the table */
  rowCurrent?: (row: Row) => boolean;
  /** given, the table's region can take focus by script */
  tableRef?: Ref<HTMLDivElement>;
  empty: string;
  pagerLabel: string;
  onPage: (page: number) => void;
  /** after the list: details of a row, dialogs */
  children?: ReactNode;
}) {
  const t = useAdminT();
  const errorText = useAdminErrorText();
  usePageTitle(title);
  const heading = headingRef ? (
    <h1 ref={headingRef} tabIndex={-1}>
      {title}
    </h1>
  ) : (
    <h1>{title}</h1>
  );
  const page = state.status === 'ready' ? list(state.value) : null;
  return (
    <WidePage>
      <BackToDashboard />
      {actions ? (
        <ScreenHeader>
          {heading}
          {actions}
        </ScreenHeader>
      ) : (
        heading
      )}
      {before}
      {actionError ? (
        <div role="alert">
          <Notice $tone="error">{actionError}</Notice>
        </div>
      ) : null}
      {state.status === 'failed' ? <LoadError message={errorText(state.error)} onRetry={onRetry} /> : null}
      {state.status === 'loading' ? <p aria-busy="true">{t('app.loading')}</p> : null}
      {page && page.rows.length === 0 ? <p>{empty}</p> : null}
      {page && page.rows.length > 0 && state.status === 'ready' ? (
        <TableScroll ref={tableRef} tabIndex={tableRef ? -1 : undefined} aria-labelledby={captionId}>
          <DataTable>
            <caption id={captionId}>
              {caption(page.meta.total, state.value, page.meta.totalCapped === true)}
            </caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.id} scope="col" aria-sort={c.sort}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page.rows.map((row) => (
                <tr key={rowKey(row)} aria-current={rowCurrent?.(row) ? 'true' : undefined}>
                  {columns.map((c) => {
                    const props = { className: c.text ? 'text' : undefined, id: c.cellId?.(row) };
                    return c.rowHeader ? (
                      <th key={c.id} scope="row" {...props}>
                        {c.cell(row)}
                      </th>
                    ) : (
                      <td key={c.id} {...props}>
                        {c.cell(row)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </DataTable>
        </TableScroll>
      ) : null}
      {page ? <Pager meta={page.meta} label={pagerLabel} onPage={onPage} /> : null}
      {children}
    </WidePage>
  );
}
