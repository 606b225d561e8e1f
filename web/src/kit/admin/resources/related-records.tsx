import { Fragment } from 'react';
import { Link } from '../../ui/link.tsx';
import type { RelatedView } from './record-title.ts';
import { useRecordTitle, useResourceT } from './resource-ui.tsx';

/**
 * The records a relationship points at, by name: each a link to its screen where the back office has one, else
 * its plain name; a record the document did not include shows its id.
 */
export function RelatedRecords({ records }: { records: readonly RelatedView[] }) {
  const t = useResourceT();
  const titleOf = useRecordTitle();
  if (records.length === 0) return <>{t('admin.resources.value.empty')}</>;
  return (
    <>
      {records.map((r, i) => (
        <Fragment key={`${r.type}/${r.id}`}>
          {i > 0 ? ', ' : null}
          {r.link ? (
            <Link href={r.link}>{titleOf(r.type, r.id, r.title)}</Link>
          ) : (
            titleOf(r.type, r.id, r.title)
          )}
        </Fragment>
      ))}
    </>
  );
}
