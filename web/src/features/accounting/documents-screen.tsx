import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { useT } from '../../kit/i18n/use-t.ts';
import { MemberListItem, PagedList, usePagedRead } from '../../kit/loading/paged-list.tsx';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useSignedInUser } from '../../kit/session/session.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { Lead, PageContainer } from '../../kit/ui/page-container.tsx';
import { readDocuments } from './accounting-api.ts';
import type en from './messages/en.json';

const Item = styled(MemberListItem)`
  dl {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: 0.25rem 1rem;
    margin: 0;
  }
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
  .comment {
    white-space: pre-wrap;
  }
`;

/**
 * /account/documents (seed 000 §2, the documents feature; seed 001 §3): the documents given to the member, newest
 * first, each with its type, date and comment, and a link that downloads its file (served to its owner only).
 */
export function DocumentsScreen() {
  const t = useT<typeof en>();
  const intl = useIntl();
  const api = useApi();
  const user = useSignedInUser();
  usePageTitle(t('accounting.documents.title'));
  const read = usePagedRead(
    ({ page, signal, minPosition }) => readDocuments(api, user.id, page, { signal, minPosition }),
    [api, user.id],
  );

  return (
    <PageContainer>
      <h1>{t('accounting.documents.title')}</h1>
      <Lead>{t('accounting.documents.intro')}</Lead>
      <PagedList
        read={read}
        words={{
          loading: t('accounting.documents.loading'),
          loadFailed: t('accounting.documents.loadFailed'),
          retry: t('accounting.retry'),
          empty: t('accounting.documents.none'),
          list: t('accounting.documents.listLabel'),
          pages: t('accounting.documents.pages'),
          previous: t('accounting.previous'),
          next: t('accounting.next'),
          position: (page, pages) => t('accounting.pageOf', { page, pages }),
        }}
        item={(document) => (
          <Item key={document.id}>
            <h2>{document.name}</h2>
            <dl>
              <dt>{t('accounting.documents.type')}</dt>
              <dd>{t(`accounting.documentType.${document.documentType}`)}</dd>
              <dt>{t('accounting.documents.date')}</dt>
              <dd>
                <time dateTime={document.createdAt}>
                  {intl.formatDate(document.createdAt, { dateStyle: 'medium' })}
                </time>
              </dd>
            </dl>
            {document.comment ? <p className="comment">{document.comment}</p> : null}
            <div className="actions">
              {document.fileUrl ? (
                <Link href={document.fileUrl} download={document.fileName}>
                  {t('accounting.documents.download', { name: document.name })}
                </Link>
              ) : (
                <p className="meta">{t('accounting.documents.noFile')}</p>
              )}
            </div>
          </Item>
        )}
      />
    </PageContainer>
  );
}
