import type { OpenBadgeAssertionIssuedData } from '@platform/contracts/open-badges/session';
import { STATUS_LIST_LENGTH } from '@platform/infra/open-badges/ob3';
import type { Projection } from '../projection.ts';

/** The table of the assertions' places in the Open Badges 3.0 status lists (`read.open_badge_status_entries`). */
export const OPEN_BADGE_STATUS_ENTRIES_TABLE = 'open_badge_status_entries';

/** The list and index of the `n`th assertion issued (n from 0): lists are numbered from 1 (ADR 0030). */
export function statusEntryOf(n: number): { listId: number; index: number } {
  return { listId: Math.floor(n / STATUS_LIST_LENGTH) + 1, index: n % STATUS_LIST_LENGTH };
}

/**
 * Each issued assertion's bit in the 3.0 status lists (ADR 0030): the assertions numbered in the order of their
 * `OpenBadgeAssertionIssued` in the log (n = 0, 1, 2, ...), list floor(n / STATUS_LIST_LENGTH) + 1, index
 * n mod STATUS_LIST_LENGTH. The number depends on the log's order alone, so a replay gives every assertion the
 * bit its credential already names. One row per assertion (an event applied twice numbers nothing new).
 */
export const openBadgeStatusIndexProjection: Projection = {
  name: 'open_badge_status_entries',
  version: 1,
  eventTypes: ['OpenBadgeAssertionIssued'],
  tables: [OPEN_BADGE_STATUS_ENTRIES_TABLE],
  async setup(tx) {
    await tx.unsafe(`
      create table ${OPEN_BADGE_STATUS_ENTRIES_TABLE} (
        assertion_id uuid primary key,
        n bigint not null unique,
        list_id integer not null,
        list_index integer not null,
        issued_at timestamptz not null,
        unique (list_id, list_index)
      );
    `);
  },
  async apply(tx, event) {
    if (event.type !== 'OpenBadgeAssertionIssued') return;
    const data = event.data as OpenBadgeAssertionIssuedData;
    const [known] = await tx`
      select 1 from ${tx(OPEN_BADGE_STATUS_ENTRIES_TABLE)} where assertion_id = ${data.assertionId}`;
    if (known) return;
    const [row] = await tx<{ n: string }[]>`
      select (coalesce(max(n), -1) + 1)::text as n from ${tx(OPEN_BADGE_STATUS_ENTRIES_TABLE)}`;
    const n = Number(row!.n);
    const { listId, index } = statusEntryOf(n);
    await tx`
      insert into ${tx(OPEN_BADGE_STATUS_ENTRIES_TABLE)} (assertion_id, n, list_id, list_index, issued_at)
      values (${data.assertionId}, ${n}, ${listId}, ${index}, ${data.issuedAt})`;
  },
};
