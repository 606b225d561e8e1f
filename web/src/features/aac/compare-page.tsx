import { AAC_COMPARE_MAX } from '@platform/contracts/aac/records';
import { useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { LoadFailed } from '../../kit/loading/load-failed.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useNavigation } from '../../kit/routing/router.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { ScrollRegion } from '../../kit/ui/scroll-region.tsx';
import { VisuallyHidden } from '../../kit/ui/visually-hidden.tsx';
import { useQueryState } from '../community/index.ts';
import {
  readComparedProducts,
  type AacProductView,
  type InstalledSystemView,
  type NamedRef,
} from './aac-api.ts';
import { BackLink, Detail, inAccessOrder, useAacT, useFixedWords } from './aac-ui.tsx';
import { cataloguePath, comparePath, parseIds, productPath } from './paths.ts';

type Compared = { product: AacProductView; installedSystems: InstalledSystemView[] };

/**
 * A data table: a row per property, its header the property's name, a column per product. With large text on a
 * phone it grows wider than the screen and scrolls in its own labelled region (ScrollRegion, a tab stop while it
 * overflows, WCAG 1.4.10's exception for data tables), never the page.
 */
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  caption {
    caption-side: top;
    text-align: start;
    font-weight: 600;
    padding: 0.5rem 0;
  }
  /* the caption is as wide as the table: its words stay in sight, wrapped, while the table scrolls under them */
  caption > span {
    display: inline-block;
    position: sticky;
    left: 0;
    max-width: min(calc(100vw - 3rem), ${({ theme }) => theme.layout.contentMaxWidth - 32}px);
  }
  th,
  td {
    text-align: start;
    vertical-align: top;
    padding: 0.625rem 0.75rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    overflow-wrap: break-word;
  }
  th {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  ul {
    margin: 0;
    padding-inline-start: 1.25rem;
  }
  img {
    display: block;
    max-width: 8rem;
    height: auto;
    margin-bottom: 0.5rem;
  }
`;

const Region = styled(ScrollRegion)`
  margin: 1rem 0;
`;

function Names({ items }: { items: readonly NamedRef[] }) {
  const t = useAacT();
  if (items.length === 0) return <>{t('aac.none')}</>;
  return (
    <ul>
      {items.map((item) => (
        <li key={item.id}>{item.name}</li>
      ))}
    </ul>
  );
}

/** The table's rows: a property's name and its value for a product. */
function useRows(): Array<{ key: string; label: string; value: (c: Compared) => ReactNode }> {
  const t = useAacT();
  const words = useFixedWords();
  const named = (ids: readonly string[], word: (id: string) => string) =>
    ids.map((id) => ({ id, name: word(id) }));
  return [
    {
      key: 'kind',
      label: t('aac.property.kind'),
      value: ({ product }) => t(product.isDevice ? 'aac.kind.device' : 'aac.kind.software'),
    },
    {
      key: 'shortDescription',
      label: t('aac.property.shortDescription'),
      value: ({ product }) => product.shortDescription ?? t('aac.none'),
    },
    {
      key: 'compatibleSystems',
      label: t('aac.product.compatibleSystems'),
      value: ({ product }) => <Names items={product.compatibleSystems} />,
    },
    {
      key: 'installedSystems',
      label: t('aac.product.installedSystems'),
      value: ({ product, installedSystems }) =>
        product.isDevice ? (
          <Names
            items={installedSystems.flatMap((x) => (x.system ? [{ id: x.id, name: x.system.name }] : []))}
          />
        ) : (
          t('aac.compare.notDevice')
        ),
    },
    {
      key: 'accessTypes',
      label: t('aac.property.accessTypes'),
      value: ({ product }) => <Names items={named(inAccessOrder(product.accessTypes), words.accessType)} />,
    },
    {
      key: 'integrationType',
      label: t('aac.property.integrationType'),
      value: ({ product }) =>
        product.integrationType ? words.integrationType(product.integrationType) : t('aac.none'),
    },
    {
      key: 'keyboardTypes',
      label: t('aac.property.keyboardTypes'),
      value: ({ product }) => <Names items={product.keyboardTypes} />,
    },
    {
      key: 'pictogramTypes',
      label: t('aac.property.pictogramTypes'),
      value: ({ product }) => <Names items={product.pictogramTypes} />,
    },
    {
      key: 'conjugationTypes',
      label: t('aac.property.conjugationTypes'),
      value: ({ product }) => <Names items={product.conjugationTypes} />,
    },
    {
      key: 'sellers',
      label: t('aac.product.sellers'),
      value: ({ product }) =>
        product.sellers.length === 0 ? (
          t('aac.none')
        ) : (
          <ul>
            {product.sellers.map((seller) => (
              <li key={seller.id}>
                {seller.website ? (
                  <Link href={seller.website} external>
                    {seller.name}
                  </Link>
                ) : (
                  seller.name
                )}
              </li>
            ))}
          </ul>
        ),
    },
    {
      key: 'website',
      label: t('aac.property.website'),
      value: ({ product }) =>
        product.website ? (
          <Link href={product.website} external>
            {t('aac.product.website', { name: product.name })}
          </Link>
        ) : (
          t('aac.none')
        ),
    },
  ];
}

function CompareTable({
  basePath,
  compared,
  onRemove,
}: {
  basePath: string;
  compared: readonly Compared[];
  onRemove: (product: AacProductView) => void;
}) {
  const t = useAacT();
  const intl = useIntl();
  const rows = useRows();
  const caption = t('aac.compare.caption', {
    names: intl.formatList(
      compared.map((c) => c.product.name),
      { type: 'conjunction' },
    ),
  });
  return (
    <Region aria-label={t('aac.compare.region')}>
      {/* a product's column stays readable: on a narrower screen the table scrolls in its region */}
      <Table style={{ minWidth: `${7 + compared.length * 10}em` }}>
        <caption>
          <span>{caption}</span>
        </caption>
        <thead>
          <tr>
            <td />
            {compared.map(({ product }) => (
              <th key={product.id} scope="col">
                {product.image?.src ? (
                  <img
                    src={product.image.src}
                    alt=""
                    width={product.image.width ?? undefined}
                    height={product.image.height ?? undefined}
                  />
                ) : null}
                <Link href={productPath(basePath, product.id)}>{product.name}</Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {compared.map((c) => (
                <td key={c.product.id}>{row.value(c)}</td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row">{t('aac.compare.actions')}</th>
            {compared.map(({ product }) => (
              <td key={product.id}>
                <Button variant="secondary" size="small" onPress={() => onRemove(product)}>
                  {t('aac.compare.remove')} <VisuallyHidden>{product.name}</VisuallyHidden>
                </Button>
              </td>
            ))}
          </tr>
        </tbody>
      </Table>
    </Region>
  );
}

/**
 * The comparison at {path}/compare?ids=a,b (seed 000 §2.6): two to AAC_COMPARE_MAX products side by side, each of
 * which can be removed; fewer than two is explained, with the way back to the catalogue to choose.
 */
export function AacComparePage({ basePath }: { basePath: string }) {
  const t = useAacT();
  const api = useApi();
  const { navigate } = useNavigation();
  const { params } = useQueryState();
  const asked = parseIds(params.get('ids'));
  const ids = asked.slice(0, AAC_COMPARE_MAX);
  const key = ids.join(',');
  const heading = useRef<HTMLHeadingElement>(null);
  const [said, setSaid] = useState('');
  usePageTitle(t('aac.compare.title'));
  const { state, retry } = useLoaded(
    (signal) =>
      ids.length < 2 ? Promise.resolve({ items: [], missing: 0 }) : readComparedProducts(api, ids, signal),
    [api, key],
    // a product removed leaves the others on screen while they are read again
    { keep: true },
  );

  const remove = (product: AacProductView) => {
    navigate(
      comparePath(
        basePath,
        ids.filter((id) => id !== product.id),
      ),
    );
    setSaid(t('aac.compare.removed', { name: product.name }));
    // its button is gone: the page's heading takes the focus, the status says what happened
    heading.current?.focus();
  };
  const compared =
    state.status === 'ready' ? state.value.items.filter((c) => ids.includes(c.product.id)) : [];
  const tooFew = (
    <p>
      {t('aac.compare.tooFew', { max: AAC_COMPARE_MAX })}{' '}
      <Link href={cataloguePath(basePath, ids)}>{t('aac.compare.choose')}</Link>
    </p>
  );

  return (
    <Detail aria-labelledby="aac-compare-title">
      <BackLink href={cataloguePath(basePath, ids)} label={t('aac.back')} />
      <h1 id="aac-compare-title" ref={heading} tabIndex={-1}>
        {t('aac.compare.title')}
      </h1>
      <p role="status">{said}</p>
      {asked.length > AAC_COMPARE_MAX ? <p>{t('aac.compare.tooMany', { max: AAC_COMPARE_MAX })}</p> : null}
      {ids.length < 2 ? (
        tooFew
      ) : state.status === 'loading' ? (
        <InlineLoader aria-label={t('aac.loading')} />
      ) : state.status === 'failed' ? (
        <LoadFailed message={t('aac.failed')} retryLabel={t('aac.retry')} onRetry={retry} />
      ) : (
        <>
          {state.value.missing > 0 ? <p>{t('aac.compare.missing', { count: state.value.missing })}</p> : null}
          {compared.length < 2 ? (
            tooFew
          ) : (
            <CompareTable basePath={basePath} compared={compared} onRemove={remove} />
          )}
        </>
      )}
    </Detail>
  );
}
