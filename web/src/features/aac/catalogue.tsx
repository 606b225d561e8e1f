import { AAC_ACCESS_TYPES, AAC_COMPARE_MAX } from '@platform/contracts/aac/records';
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { LoadFailed } from '../../kit/loading/load-failed.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { useNavigation } from '../../kit/routing/router.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { CardGrid } from '../../kit/ui/card-grid.ts';
import { Checkbox } from '../../kit/ui/checkbox.tsx';
import { ButtonLink, Link } from '../../kit/ui/link.tsx';
import { Select } from '../../kit/ui/select.tsx';
import { TextField } from '../../kit/ui/text-field.tsx';
import { VisuallyHidden } from '../../kit/ui/visually-hidden.tsx';
import { Pager, pageParam, useQueryState } from '../community/index.ts';
import {
  AAC_PAGE_SIZE,
  readAacProducts,
  readAacSystems,
  type AacProductCard,
  type AacProductQuery,
  type NamedRef,
} from './aac-api.ts';
import { inAccessOrder, useAacT, useFixedWords } from './aac-ui.tsx';
import { comparePath, contributionPath, parseIds, productPath } from './paths.ts';

/**
 * The AAC products component's catalogue (seed 000 §2.8): the published products as cards with a search box and
 * filters by compatible system, access type and kind (device or software), by pages, and the products chosen for
 * comparison; all of it in the URL (`?search&system&access&kind&page&compare=a,b`), so that a link, a reload and
 * the way back from a product's page keep it.
 */

const ALL = 'all';
const KINDS = ['device', 'software'] as const;
type Kind = (typeof KINDS)[number];
const kindOf = (value: string | null): Kind | null =>
  KINDS.includes(value as Kind) ? (value as Kind) : null;

/** The search form and the filters side by side, wrapping on a narrow window. */
const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  align-items: flex-end;
  margin-bottom: 1rem;
  form {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: flex-end;
    flex: 1 1 100%;
    min-width: 0;
  }
  form > :first-child {
    flex: 1 1 12rem;
    min-width: 0;
    margin-bottom: 0;
  }
  > div {
    flex: 1 1 12rem;
    min-width: 0;
  }
`;

/** The comparison's bar: what is chosen, the way to the comparison and to start again. */
const CompareBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 1rem;
  align-items: center;
  margin: 1rem 0;
  padding: 0.75rem 1rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 0.5rem;
  background: ${({ theme }) => theme.colors.surface};
  p {
    margin: 0;
    flex: 1 1 12rem;
    min-width: 0;
  }
`;

/** Product photos are shown whole, on the card's surface. */
const Cards = styled(CardGrid)`
  img {
    object-fit: contain;
  }
  .kind {
    font-weight: 600;
  }
  > li > :last-child {
    margin-top: auto;
    margin-bottom: 0;
    padding-top: 0.5rem;
  }
`;

/** A filter over a list of choices, with "All" first; `onChange` gets the URL's value (null: every one). */
function ChoiceFilter({
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  options: ReadonlyArray<{ id: string; label: string }>;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  return (
    <div>
      <Select
        label={label}
        options={[{ id: ALL, label: allLabel }, ...options]}
        selectedKey={value !== null && options.some((o) => o.id === value) ? value : ALL}
        onSelectionChange={(key) => onChange(key === null || key === ALL ? null : String(key))}
      />
    </div>
  );
}

function ProductCard({
  product,
  href,
  headingLevel,
  chosen,
  full,
  onChoose,
}: {
  product: AacProductCard;
  href: string;
  headingLevel: 2 | 3;
  chosen: boolean;
  full: boolean;
  onChoose: (chosen: boolean) => void;
}) {
  const t = useAacT();
  const words = useFixedWords();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const access = inAccessOrder(product.accessTypes).map(words.accessType);
  return (
    <li>
      {product.image?.src ? (
        <img
          src={product.image.src}
          alt=""
          width={product.image.width ?? undefined}
          height={product.image.height ?? undefined}
          loading="lazy"
        />
      ) : null}
      <Heading>
        <Link href={href}>{product.name}</Link>
      </Heading>
      <p className="kind">{t(product.isDevice ? 'aac.kind.device' : 'aac.kind.software')}</p>
      {product.shortDescription ? <p>{product.shortDescription}</p> : null}
      {product.compatibleSystems.length > 0 ? (
        <p>
          {t('aac.catalogue.systems', { names: product.compatibleSystems.map((s) => s.name).join(', ') })}
        </p>
      ) : null}
      {access.length > 0 ? <p>{t('aac.catalogue.accessTypes', { names: access.join(', ') })}</p> : null}
      <Checkbox isSelected={chosen} isDisabled={!chosen && full} onChange={onChoose}>
        {t('aac.catalogue.compare')} <VisuallyHidden>{product.name}</VisuallyHidden>
      </Checkbox>
    </li>
  );
}

function useSystems(): readonly NamedRef[] {
  const api = useApi();
  // a list that cannot be read leaves its filter out, not the catalogue
  const { state } = useLoaded((signal) => readAacSystems(api, signal).catch((): NamedRef[] => []), [api]);
  return state.status === 'ready' ? state.value : [];
}

export function AacCatalogue({ basePath, headingLevel }: { basePath: string; headingLevel: 2 | 3 }) {
  const t = useAacT();
  const words = useFixedWords();
  const api = useApi();
  const { navigate } = useNavigation();
  const { params, hrefWith, update } = useQueryState();
  const query: AacProductQuery = {
    search: params.get('search')?.trim() ?? '',
    system: params.get('system'),
    accessType: params.get('access'),
    kind: kindOf(params.get('kind')),
    page: pageParam(params),
  };
  const chosen = parseIds(params.get('compare')).slice(0, AAC_COMPARE_MAX);
  const full = chosen.length >= AAC_COMPARE_MAX;
  const [typed, setTyped] = useState(query.search);
  useEffect(() => setTyped(query.search), [query.search]);
  const systems = useSystems();
  const { state, retry } = useLoaded(
    (signal) => readAacProducts(api, query, signal),
    [api, query.search, query.system, query.accessType, query.kind, query.page],
    { keep: true },
  );
  const filtered = Boolean(query.search || query.system || query.accessType || query.kind);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ search: typed.trim() || null });
  };
  // the choice is the URL's, in place of the current entry: the way back leaves the catalogue, not a checkbox
  const choose = (ids: readonly string[]) =>
    navigate(
      hrefWith({ compare: ids.length > 0 ? ids.join(',') : null, page: params.get('page') }).replace(
        /%2C/gi,
        ',',
      ),
      { replace: true },
    );

  return (
    <>
      <Filters>
        <form role="search" onSubmit={submit}>
          <TextField type="search" label={t('aac.catalogue.search')} value={typed} onChange={setTyped} />
          <Button type="submit">{t('aac.catalogue.searchButton')}</Button>
        </form>
        {systems.length > 0 ? (
          <ChoiceFilter
            label={t('aac.catalogue.system')}
            allLabel={t('aac.catalogue.allSystems')}
            options={systems.map((s) => ({ id: s.id, label: s.name }))}
            value={query.system}
            onChange={(system) => update({ system })}
          />
        ) : null}
        <ChoiceFilter
          label={t('aac.catalogue.accessType')}
          allLabel={t('aac.catalogue.allAccessTypes')}
          options={AAC_ACCESS_TYPES.map((id) => ({ id, label: words.accessType(id) }))}
          value={query.accessType}
          onChange={(access) => update({ access })}
        />
        <ChoiceFilter
          label={t('aac.catalogue.kind')}
          allLabel={t('aac.catalogue.allKinds')}
          options={[
            { id: 'device', label: t('aac.catalogue.devices') },
            { id: 'software', label: t('aac.catalogue.software') },
          ]}
          value={query.kind}
          onChange={(kind) => update({ kind })}
        />
      </Filters>
      {filtered ? (
        <p>
          <Link href={hrefWith({ search: null, system: null, access: null, kind: null })}>
            {t('aac.catalogue.clearFilters')}
          </Link>
        </p>
      ) : null}
      {state.status === 'loading' ? <InlineLoader aria-label={t('aac.loading')} /> : null}
      {state.status === 'failed' ? (
        <LoadFailed message={t('aac.failed')} retryLabel={t('aac.retry')} onRetry={retry} />
      ) : null}
      <CompareBar aria-label={t('aac.catalogue.comparison')} role="group">
        <p role="status">
          {chosen.length === 0
            ? t('aac.catalogue.chooseToCompare', { max: AAC_COMPARE_MAX })
            : full
              ? t('aac.catalogue.chosenFull', { max: AAC_COMPARE_MAX })
              : t('aac.catalogue.chosen', { count: chosen.length, max: AAC_COMPARE_MAX })}
        </p>
        {chosen.length > 0 ? (
          <>
            <ButtonLink href={comparePath(basePath, chosen)}>
              {t('aac.catalogue.compareCount', { count: chosen.length })}
            </ButtonLink>
            <Button variant="secondary" onPress={() => choose([])}>
              {t('aac.catalogue.clearComparison')}
            </Button>
          </>
        ) : null}
      </CompareBar>
      {state.status === 'ready' ? (
        <>
          <p role="status">
            {state.value.total === 0
              ? t(filtered ? 'aac.catalogue.noneFound' : 'aac.catalogue.empty')
              : t(state.value.capped ? 'aac.catalogue.foundMore' : 'aac.catalogue.found', {
                  count: state.value.total,
                })}
          </p>
          {state.value.items.length > 0 ? (
            <Cards aria-label={t('aac.catalogue.list')}>
              {state.value.items.map((product) => (
                <ProductCard
                  key={product.id}
                  product={product}
                  href={productPath(basePath, product.id)}
                  headingLevel={headingLevel}
                  chosen={chosen.includes(product.id)}
                  full={full}
                  onChoose={(on) =>
                    choose(on ? [...chosen, product.id] : chosen.filter((id) => id !== product.id))
                  }
                />
              ))}
            </Cards>
          ) : null}
          <Pager
            page={query.page}
            pages={Math.ceil(state.value.total / AAC_PAGE_SIZE)}
            more={state.value.capped}
            label={t('aac.catalogue.pages')}
            pageLabel={(n) => t('aac.catalogue.page', { page: n })}
            hrefOf={(n) => hrefWith({ page: n === 1 ? null : String(n) })}
          />
        </>
      ) : null}
      <p>
        {t('aac.catalogue.missing')} <Link href={contributionPath(basePath)}>{t('aac.suggest')}</Link>
      </p>
    </>
  );
}
