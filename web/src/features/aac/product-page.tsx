import { ApiError } from '../../kit/api/errors.ts';
import { useApi } from '../../kit/api/api-context.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { LoadFailed } from '../../kit/loading/load-failed.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { RichText } from '../../kit/rich-text/lazy.ts';
import { ButtonLink, Link } from '../../kit/ui/link.tsx';
import { readAacProductPage, type AacProductPage, type NamedRef } from './aac-api.ts';
import { Actions, BackLink, Detail, Facts, inAccessOrder, useAacT, useFixedWords } from './aac-ui.tsx';
import { cataloguePath, contributionPath } from './paths.ts';

/**
 * A product's page at {path}/{id} (seed 000 §2.6): what it is, its description, where to find and buy it, what it
 * runs on and has installed, how it is reached, its software and language features; the way to compare it with
 * others and to suggest another product. A product that does not exist, or that the reader may not see (not
 * published yet), is said to be missing in place.
 */
export function AacProductPage({ basePath, productId }: { basePath: string; productId: string }) {
  const t = useAacT();
  const api = useApi();
  const { state, retry } = useLoaded(
    (signal) => readAacProductPage(api, productId, signal),
    [api, productId],
  );
  const product = state.status === 'ready' ? state.value.product : null;
  const missing =
    state.status === 'failed' && state.error instanceof ApiError && state.error.kind === 'not-found';
  usePageTitle(product?.name ?? (missing ? t('aac.product.notFound') : null), product?.shortDescription);

  if (state.status === 'loading') return <InlineLoader aria-label={t('aac.loading')} />;
  if (state.status === 'failed')
    return (
      <Detail>
        <BackLink href={cataloguePath(basePath)} label={t('aac.back')} />
        {missing ? (
          <>
            <h1>{t('aac.product.notFound')}</h1>
            <p>{t('aac.product.notFoundHelp')}</p>
          </>
        ) : (
          <>
            <h1>{t('aac.product.failedTitle')}</h1>
            <LoadFailed message={t('aac.failed')} retryLabel={t('aac.retry')} onRetry={retry} />
          </>
        )}
      </Detail>
    );
  return <ProductArticle basePath={basePath} page={state.value} />;
}

/** Names as a list, or "None" in words. */
function NameList({ items }: { items: readonly NamedRef[] }) {
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

function ProductArticle({ basePath, page }: { basePath: string; page: AacProductPage }) {
  const t = useAacT();
  const words = useFixedWords();
  const { product, installedSystems, accesses } = page;
  // the access types it names, each with the notes written for it
  const accessTypes = inAccessOrder([...product.accessTypes, ...accesses.map((a) => a.accessType)]);
  return (
    <Detail aria-labelledby="aac-product-name">
      <BackLink href={cataloguePath(basePath)} label={t('aac.back')} />
      <h1 id="aac-product-name">{product.name}</h1>
      {product.publishedAt === null ? <p>{t('aac.product.unpublished')}</p> : null}
      <p>
        <strong>{t(product.isDevice ? 'aac.kind.device' : 'aac.kind.software')}</strong>
      </p>
      {product.image?.src ? (
        <img
          className="hero"
          src={product.image.src}
          alt={product.image.description ?? ''}
          width={product.image.width ?? undefined}
          height={product.image.height ?? undefined}
        />
      ) : null}
      {product.shortDescription ? <p className="lead">{product.shortDescription}</p> : null}
      {product.description ? <RichText html={product.description} ugc /> : null}
      {product.website ? (
        <p>
          <Link href={product.website} external>
            {t('aac.product.website', { name: product.name })}
          </Link>
        </p>
      ) : null}
      <Actions>
        <ButtonLink variant="secondary" href={cataloguePath(basePath, [product.id])}>
          {t('aac.product.compare')}
        </ButtonLink>
        <Link href={contributionPath(basePath)}>{t('aac.suggest')}</Link>
      </Actions>

      <h2>{t('aac.product.sellers')}</h2>
      {product.sellers.length > 0 ? (
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
      ) : (
        <p>{t('aac.product.noSeller')}</p>
      )}

      <h2>{t('aac.product.systems')}</h2>
      <Facts>
        <dt>{t('aac.product.compatibleSystems')}</dt>
        <dd>
          <NameList items={product.compatibleSystems} />
        </dd>
        {product.isDevice ? (
          <>
            <dt>{t('aac.product.installedSystems')}</dt>
            <dd>
              {installedSystems.length > 0 ? (
                <ul>
                  {installedSystems.map((installed) => (
                    <li key={installed.id}>
                      {installed.system?.name ?? t('aac.product.unknownSystem')}
                      {installed.note ? <p className="note">{installed.note}</p> : null}
                    </li>
                  ))}
                </ul>
              ) : (
                t('aac.none')
              )}
            </dd>
          </>
        ) : null}
      </Facts>

      <h2>{t('aac.product.access')}</h2>
      {accessTypes.length > 0 ? (
        <ul>
          {accessTypes.map((id) => {
            const notes = accesses.filter((a) => a.accessType === id && a.note);
            return (
              <li key={id}>
                {words.accessType(id)}
                {notes.map((a) => (
                  <p key={a.id} className="note">
                    {a.note}
                  </p>
                ))}
              </li>
            );
          })}
        </ul>
      ) : (
        <p>{t('aac.none')}</p>
      )}

      <h2>{t('aac.product.features')}</h2>
      <Facts>
        <dt>{t('aac.property.integrationType')}</dt>
        <dd>{product.integrationType ? words.integrationType(product.integrationType) : t('aac.none')}</dd>
        <dt>{t('aac.property.keyboardTypes')}</dt>
        <dd>
          <NameList items={product.keyboardTypes} />
        </dd>
        <dt>{t('aac.property.pictogramTypes')}</dt>
        <dd>
          <NameList items={product.pictogramTypes} />
        </dd>
        <dt>{t('aac.property.conjugationTypes')}</dt>
        <dd>
          <NameList items={product.conjugationTypes} />
        </dd>
      </Facts>
    </Detail>
  );
}
