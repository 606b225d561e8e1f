import { moduleEventContracts } from '@platform/contracts/registry';
import { RENTAL_ADMINS } from '@platform/contracts/rental/records';
import { rentalBookingRoutes } from '@platform/command-api/rental/booking-routes';
import { rentalCalendarProjection } from '@platform/projectors/rental/calendar-projection';
import { rentalAvailabilityRoutes } from '@platform/query-api/rental/availability-routes';
import { resourceDefinition } from '@platform/contracts/resources/catalogue';
import { evolveResource, resourceStartState } from '@platform/contracts/resources/state';
import { readStreamOrEmpty } from '@platform/infra/event-store';
import { rentalLifecycleRoutes, type RentalItemModel } from '@platform/command-api/rental/lifecycle-routes';
import { rentalCommandsProjection } from '@platform/projectors/rental/commands-projection';
import { rentalCommandQueryRoutes } from '@platform/query-api/rental/commands-routes';
import { rentalDocumentRoutes } from '@platform/query-api/rental/documents-routes';
import { rentalFreeItemsRoutes } from '@platform/query-api/rental/free-items-routes';
import type { ModuleDescriptor } from '../module-descriptor.ts';

/**
 * The rental item's model, read from the item's own stream when the catalogue has rental items (records of the
 * resource layer, with a `rentalModel` relationship); none otherwise.
 */
export const rentalItemModelFromStream: RentalItemModel = async (itemId, deps) => {
  const items = resourceDefinition('rental-items');
  if (!items) return null;
  const stored = await readStreamOrEmpty(deps.eventStore, items.streamId(itemId));
  const state = stored.reduce((s, e) => evolveResource(items, s, e), resourceStartState(items, itemId));
  if (state.status !== 'active') return null;
  const model = state.relationships.rentalModel;
  return typeof model === 'string' ? model : null;
};

/**
 * The rental flow as one module (ADR 0028): the models' calendars and the members' bookings, the commands and their
 * lifecycle (events, routes, reads, projections). Its plain records (models, items, stocks...) are resources of the
 * catalogue, switched by the same feature: when it is off, none of its routes answer.
 */
export function rentalModule(options: { itemModel?: RentalItemModel } = {}): ModuleDescriptor {
  return {
    name: 'rental',
    eventContracts: moduleEventContracts.rental,
    command: ({ features, minPositionTimeoutMs }) =>
      features.rental
        ? [
            (deps) => rentalBookingRoutes(deps, { rentalTeam: RENTAL_ADMINS, minPositionTimeoutMs }),
            rentalLifecycleRoutes({ itemModel: options.itemModel ?? rentalItemModelFromStream }),
          ]
        : [],
    query: ({ features, appName, currency, files }) =>
      features.rental
        ? [
            rentalAvailabilityRoutes,
            rentalCommandQueryRoutes(),
            rentalDocumentRoutes({ appName, currency, store: files.store }),
            rentalFreeItemsRoutes(),
          ]
        : [],
    projections: [rentalCalendarProjection, rentalCommandsProjection],
  };
}
