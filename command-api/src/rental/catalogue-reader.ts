import type { Sql } from 'postgres';
import { appEnvironmentResource, APP_ENVIRONMENT_ID } from '@platform/contracts/environment/app-environment';
import { resourceTable } from '@platform/infra/resources/table';
import { unavailableDays, type CalendarItem } from '@platform/contracts/rental/calendar';
import type { RentalEnvironment } from '@platform/contracts/rental/environment';

/** A model as a booking needs it: its name for the answers, its price, and the items that are its units. */
export interface CatalogueModel {
  modelId: string;
  name: string;
  rentingPrice: number;
  shippingPrice: number;
  items: CalendarItem[];
}

interface StoredUnavailability {
  startAt: string;
  endAt: string;
}

/**
 * The published, live models among `modelIds` with their live items, from the read models. What the calendar
 * decides with is the items as they were when the request came (ADR 0028): the units themselves are guarded by the
 * model's calendar stream.
 */
export async function loadRentalCatalogue(
  sql: Sql,
  modelIds: readonly string[],
): Promise<Map<string, CatalogueModel>> {
  const ids = [...new Set(modelIds)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const models = new Map<string, CatalogueModel>();
  if (ids.length === 0) return models;
  const rows = await sql<
    Array<{ id: string; name: string; renting_price: string | null; shipping_price: string | null }>
  >`select id::text, name, renting_price, shipping_price from read.rental_models
    where id = any(${ids}::uuid[]) and deleted_at is null
      and published_at is not null and published_at <= now()`;
  for (const row of rows)
    models.set(row.id, {
      modelId: row.id,
      name: row.name,
      rentingPrice: Number(row.renting_price ?? 0),
      shippingPrice: Number(row.shipping_price ?? 0),
      items: [],
    });
  if (models.size === 0) return models;
  const items = await sql<
    Array<{ id: string; model_id: string; unavailabilities: StoredUnavailability[] | null }>
  >`
    select id::text, rental_model_id::text as model_id, unavailabilities from read.rental_items
    where rental_model_id = any(${[...models.keys()]}::uuid[]) and deleted_at is null`;
  for (const item of items)
    models.get(item.model_id)?.items.push({
      itemId: item.id,
      unavailabilities: (item.unavailabilities ?? []).map(unavailableDays),
    });
  return models;
}

/** The app environment's rental values (unset ones are null), from the settings record's projection. */
export async function loadRentalEnvironment(sql: Sql): Promise<RentalEnvironment> {
  const { table, attributes } = resourceTable(appEnvironmentResource);
  const [row] = await sql<Array<{ settings: Record<string, unknown> | null }>>`
    select (select to_jsonb(s) from ${sql('read.' + table)} s where s.id = ${APP_ENVIRONMENT_ID}) as settings`;
  const stored = row?.settings ?? {};
  const value = (name: keyof RentalEnvironment): number | null => {
    const column = attributes.find((a) => a.name === name)?.column;
    const raw = column ? stored[column] : null;
    return raw === null || raw === undefined ? null : Number(raw);
  };
  return {
    rentalDurationMultiple: value('rentalDurationMultiple'),
    rentalMinDuration: value('rentalMinDuration'),
    rentalMaxDuration: value('rentalMaxDuration'),
    rentalBeforeStartDuration: value('rentalBeforeStartDuration'),
    rentalMaxItems: value('rentalMaxItems'),
    rentalMaxModels: value('rentalMaxModels'),
    rentalMaxPendingCommands: value('rentalMaxPendingCommands'),
    rentalBookingExpirationDelay: value('rentalBookingExpirationDelay'),
    rentalOrganizationTax: value('rentalOrganizationTax'),
  };
}

/** How the member's rentals are invoiced (their profile's rental invoicing strategy; null: the standard way). */
export async function loadInvoicingStrategy(sql: Sql, userId: string): Promise<string | null> {
  const [row] = await sql<Array<{ strategy: string | null }>>`
    select rental_invoicing_strategy_id as strategy from read.users where id = ${userId}`;
  return row?.strategy ?? null;
}
