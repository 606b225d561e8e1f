import type { AppEnvironmentSettings } from '../environment/settings.ts';

/**
 * The app environment's rental values (seed 000 §3), as the rules read them: durations in days, the
 * booking expiration delay in minutes, the organisation tax in percent; null means unset. Each rule takes
 * only the values it needs, so the whole settings object or a hand-written one will do.
 */
export type RentalEnvironment = Pick<
  AppEnvironmentSettings,
  | 'rentalDurationMultiple'
  | 'rentalMinDuration'
  | 'rentalMaxDuration'
  | 'rentalBeforeStartDuration'
  | 'rentalMaxItems'
  | 'rentalMaxModels'
  | 'rentalMaxPendingCommands'
  | 'rentalBookingExpirationDelay'
  | 'rentalOrganizationTax'
>;
