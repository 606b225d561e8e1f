import { userEventContracts } from './accounts/events.ts';
import { EventContractRegistry, type EventContract } from './event-contracts.ts';
import { environmentEventContracts } from './environment/events.ts';
import { menuEventContracts } from './menu/events.ts';
import { organizationEventContracts } from './organizations/events.ts';
import { pagesEventContracts } from './pages/events.ts';
import { pathClaimEventContracts } from './paths.ts';
import { couponEventContracts } from './coupons/coupon.ts';
import { resourceCatalogue } from './resources/catalogue.ts';
import { resourceEventContracts } from './resources/definition.ts';
import { seedEventContracts } from './seed/events.ts';

/** Every event contract of the platform: validated on append, upcast on read. */
export const allEventContracts: EventContract[] = [
  ...pagesEventContracts,
  ...pathClaimEventContracts,
  ...menuEventContracts,
  ...environmentEventContracts,
  ...userEventContracts,
  ...organizationEventContracts,
  ...seedEventContracts,
  ...resourceCatalogue.flatMap(resourceEventContracts),
  ...couponEventContracts,
];

export function createEventContractRegistry(): EventContractRegistry {
  return new EventContractRegistry(allEventContracts);
}
