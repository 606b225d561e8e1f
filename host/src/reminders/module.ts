import type { ModuleDescriptor } from '../module-descriptor.ts';
import { reminderScheduler } from './scheduler.ts';

/**
 * The reminders (ADR 0063): the reminders and the existing solutions of a project are resources of the catalogue
 * (contracts/src/reminders/records.ts); the module adds the job that sends a reminder when its time comes. With
 * FEATURE_REMINDERS off the job does not run (and the reminders answer 404).
 */
export function remindersModule(): ModuleDescriptor {
  return {
    name: 'reminders',
    eventContracts: [],
    jobs: (context) => (context.features.reminders ? [reminderScheduler(context)] : []),
  };
}
