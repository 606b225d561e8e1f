import { rentalCommandEventContracts } from '@platform/contracts/rental/command';
import { resourceDefinition } from '@platform/contracts/resources/catalogue';
import { evolveResource, resourceStartState } from '@platform/contracts/resources/state';
import { readStreamOrEmpty } from '@platform/infra/event-store';
import { rentalLifecycleRoutes, type RentalItemModel } from '@platform/command-api/rental/lifecycle-routes';
import { rentalCommandsProjection } from '@platform/projectors/rental/commands-projection';
import { rentalCommandQueryRoutes } from '@platform/query-api/rental/commands-routes';
import type { ModuleDescriptor } from '../modules.ts';

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
 * The rental commands' lifecycle as one module (events, the actions route, the commands' reads, the projection),
 * ready for the platform's list in modules.ts, where it joins the bookings that place the commands.
 */
export function rentalModule(
  options: { itemModel?: RentalItemModel; clock?: () => Date } = {},
): ModuleDescriptor {
  return {
    name: 'rental',
    eventContracts: rentalCommandEventContracts,
    command: () => [rentalLifecycleRoutes({ itemModel: options.itemModel ?? rentalItemModelFromStream })],
    query: () => [rentalCommandQueryRoutes(options.clock ? { clock: options.clock } : {})],
    projections: [rentalCommandsProjection],
  };
}
