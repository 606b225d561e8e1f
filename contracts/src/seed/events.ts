import { z } from 'zod/v4';
import { defineEvent, type EventContract } from '../event-contracts.ts';

/** The one stream that records the demo seeding of a site: when it began and when it was completed. */
export const DEMO_SEED_STREAM = 'seed-demo';

/** `version` is the demo content's version: a later version of the seeder tops up a site seeded by an earlier one. */
export const DemoSeedStarted = defineEvent(
  'DemoSeedStarted',
  z.object({ version: z.number().int().positive() }),
);
export const DemoSeedCompleted = defineEvent(
  'DemoSeedCompleted',
  z.object({ version: z.number().int().positive() }),
);

export const seedEventContracts: EventContract[] = [DemoSeedStarted, DemoSeedCompleted];
