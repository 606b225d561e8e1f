import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { ApiError } from '../../kit/api/errors.ts';
import { useApi } from '../../kit/api/api-context.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { hiddenAsForbidden, useRefusedRead } from '../../kit/routing/refused-read.ts';
import { STORAGE_KEYS } from '../../kit/state/storage-keys.ts';
import { useToast } from '../../kit/toast/toast-context.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { ButtonLink, Link } from '../../kit/ui/link.tsx';
import { NumberField } from '../../kit/ui/number-field.tsx';
import { Select } from '../../kit/ui/select.tsx';
import { readAvailability } from './rental-api.ts';
import {
  readCatalogue,
  readCatalogueModel,
  readCategories,
  type CatalogueCategory,
  type CatalogueModel,
} from './catalogue-api.ts';
import { useFormatAmount, useRentalT } from './checkout-ui.tsx';
import { parseStoredCheckout } from './checkout-storage.ts';
import { useRentalCart } from './rental-cart.ts';
import { CardGrid } from '../../kit/ui/card-grid.ts';

const ALL = 'all';

/** The kit's cards (as many columns as fit, one on a phone), with a model's price and the line that grows. */
const Cards = styled(CardGrid)`
  .price {
    font-weight: 700;
  }
  .grow {
    flex: 1 1 auto;
  }
`;

const Filter = styled.div`
  max-width: 20rem;
`;

const Gallery = styled.ul`
  list-style: none;
  margin: 1rem 0;
  padding: 0;
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 14rem), 1fr));
  img {
    display: block;
    width: 100%;
    height: auto;
    border-radius: 0.375rem;
  }
`;

const Detail = styled.article`
  overflow-wrap: anywhere;
  .description {
    white-space: pre-line;
  }
`;

/** The quantity to add and the button that adds it; the toast tells (and screen readers hear) what was added. */
function AddToCart({ model }: { model: CatalogueModel }) {
  const t = useRentalT();
  const toast = useToast();
  const { add } = useRentalCart();
  const [quantity, setQuantity] = useState(1);
  return (
    <div>
      <NumberField
        label={t('rental.catalogue.quantity', { name: model.name })}
        decrementLabel={t('rental.cart.decrease', { name: model.name })}
        incrementLabel={t('rental.cart.increase', { name: model.name })}
        minValue={1}
        step={1}
        value={quantity}
        onChange={(value) => setQuantity(Number.isFinite(value) && value >= 1 ? Math.floor(value) : 1)}
      />
      <Button
        aria-label={t('rental.catalogue.addModel', { name: model.name })}
        onPress={() => {
          add(model.id, quantity);
          toast(t('rental.catalogue.added', { count: quantity, name: model.name }), 'success');
        }}
      >
        {t('rental.catalogue.add')}
      </Button>
    </div>
  );
}

function Price({ cents }: { cents: number }) {
  const t = useRentalT();
  const amount = useFormatAmount();
  return <p className="price">{t('rental.model.pricePerDay', { price: amount(cents) })}</p>;
}

/**
 * The rental models component (seed 000 §2.8): the published models as cards, a category filter, and on each
 * card a quantity to add to the rental cart. `modelKey` (the sub-route {path}/{rentalModel}, §2.6) shows one model.
 */
export function RentalModelsContent({
  basePath,
  modelKey,
  headingLevel = 2,
}: {
  basePath: string;
  modelKey?: string | null;
  headingLevel?: 2 | 3;
}) {
  return modelKey ? (
    <RentalModelDetail basePath={basePath} modelKey={modelKey} />
  ) : (
    <RentalModelList basePath={basePath} headingLevel={headingLevel} />
  );
}

function RentalModelList({ basePath, headingLevel }: { basePath: string; headingLevel: 2 | 3 }) {
  const t = useRentalT();
  const api = useApi();
  const { state, retry } = useLoaded(
    async (signal) => {
      const [models, categories] = await Promise.all([
        readCatalogue(api, signal),
        readCategories(api, signal).catch((): CatalogueCategory[] => []),
      ]);
      return { models, categories };
    },
    [api],
  );
  const [category, setCategory] = useState<string>(ALL);
  const value = state.status === 'ready' ? state.value : null;
  const options = useMemo(() => {
    if (!value) return [];
    const used = new Set(value.models.map((m) => m.categoryId));
    return [
      { id: ALL, label: t('rental.catalogue.allCategories') },
      ...value.categories.filter((c) => used.has(c.id)).map((c) => ({ id: c.id, label: c.name })),
    ];
  }, [value, t]);

  if (state.status === 'loading') return <InlineLoader aria-label={t('rental.catalogue.loading')} />;
  if (state.status === 'failed')
    return (
      <div>
        <p>{t('rental.catalogue.failed')}</p>
        <Button onPress={retry}>{t('rental.catalogue.retry')}</Button>
      </div>
    );
  const { models } = state.value;
  const shown = category === ALL ? models : models.filter((m) => m.categoryId === category);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      {options.length > 2 ? (
        <Filter>
          <Select
            label={t('rental.catalogue.category')}
            options={options}
            selectedKey={category}
            onSelectionChange={(key) => setCategory(key === null ? ALL : String(key))}
          />
        </Filter>
      ) : null}
      {models.length === 0 ? <p>{t('rental.catalogue.empty')}</p> : null}
      <Cards aria-label={t('rental.catalogue.list')}>
        {shown.map((model) => (
          <li key={model.id}>
            {model.images[0]?.src ? (
              <img
                src={model.images[0].src}
                alt=""
                width={model.images[0].width ?? undefined}
                height={model.images[0].height ?? undefined}
                loading="lazy"
              />
            ) : null}
            <Heading>
              <Link href={`${basePath}/${encodeURIComponent(model.key)}`}>{model.name}</Link>
            </Heading>
            <div className="grow">{model.shortDescription ? <p>{model.shortDescription}</p> : null}</div>
            <Price cents={model.rentingPrice} />
            <AddToCart model={model} />
          </li>
        ))}
      </Cards>
    </>
  );
}

/** The period of the checkout under way (the stored checkout), if it has one. */
function storedPeriod() {
  const stored = parseStoredCheckout(localStorage.getItem(STORAGE_KEYS.rentalBooking));
  return stored?.period.startAt && stored.period.endAt ? stored.period : null;
}

function RentalModelDetail({ basePath, modelKey }: { basePath: string; modelKey: string }) {
  const t = useRentalT();
  const intl = useIntl();
  const api = useApi();
  const period = useMemo(storedPeriod, []);
  const { state, retry } = useLoaded(
    async (signal) => {
      const [model, categories] = await Promise.all([
        // a model above the reader's level, or not yet published, exists: the unauthorized screen, not "not found"
        hiddenAsForbidden(api, 'rental-models', modelKey, readCatalogueModel(api, modelKey, signal), signal),
        readCategories(api, signal).catch((): CatalogueCategory[] => []),
      ]);
      let free: number | null = null;
      if (period) {
        const availability = await readAvailability(api, period, [model.id], signal).catch(() => null);
        free = availability?.[model.id]?.free ?? null;
      }
      return { model, categories, free };
    },
    [api, modelKey, period],
  );
  const title = state.status === 'ready' ? state.value.model.name : null;
  usePageTitle(title, state.status === 'ready' ? state.value.model.shortDescription : null);
  const refused = useRefusedRead(state.status === 'failed' ? state.error : null, 'forbidden');

  if (state.status === 'loading' || refused)
    return <InlineLoader aria-label={t('rental.catalogue.loading')} />;
  if (state.status === 'failed') {
    const missing = state.error instanceof ApiError && state.error.kind === 'not-found';
    return (
      <div>
        <h1>{missing ? t('rental.catalogue.notFound') : t('rental.catalogue.failed')}</h1>
        {missing ? null : <Button onPress={retry}>{t('rental.catalogue.retry')}</Button>}
        <p>
          <Link href={basePath || '/'}>{t('rental.catalogue.back')}</Link>
        </p>
      </div>
    );
  }
  const { model, categories, free } = state.value;
  const day = (iso: string) => intl.formatDate(`${iso}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' });
  const category = categories.find((c) => c.id === model.categoryId);
  return (
    <Detail>
      <p>
        <Link href={basePath || '/'}>{t('rental.catalogue.back')}</Link>
      </p>
      <h1>{model.name}</h1>
      {category ? <p>{t('rental.catalogue.inCategory', { category: category.name })}</p> : null}
      {model.shortDescription ? <p>{model.shortDescription}</p> : null}
      {model.images.length > 0 ? (
        <Gallery aria-label={t('rental.catalogue.images', { name: model.name })}>
          {model.images.map((image) => (
            <li key={image.id}>
              <img
                src={image.src ?? undefined}
                alt={image.description ?? ''}
                width={image.width ?? undefined}
                height={image.height ?? undefined}
              />
            </li>
          ))}
        </Gallery>
      ) : null}
      {model.description ? <p className="description">{model.description}</p> : null}
      <Price cents={model.rentingPrice} />
      {period && free !== null ? (
        <p>{t('rental.catalogue.free', { free, startAt: day(period.startAt), endAt: day(period.endAt) })}</p>
      ) : null}
      <AddToCart model={model} />
      <p>
        <ButtonLink href="/services/rentals/cart" variant="text">
          {t('rental.catalogue.toCart')}
        </ButtonLink>
      </p>
    </Detail>
  );
}
