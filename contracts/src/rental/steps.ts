import { z } from 'zod/v4';

/** The steps of a rental command (seed 001 §4), in the order the lifecycle usually goes through them. */
export const RENTAL_STEP_TYPES = [
  'validation',
  'contract',
  'payment',
  'preparation',
  'delivery',
  'retrieval',
  'return',
  'closure',
  'cancellation',
] as const;
export const RentalStepTypeSchema = z.enum(RENTAL_STEP_TYPES);
export type RentalStepType = z.infer<typeof RentalStepTypeSchema>;

export const RENTAL_STEP_STATUSES = ['hidden', 'pending', 'waiting', 'success', 'error'] as const;
export const RentalStepStatusSchema = z.enum(RENTAL_STEP_STATUSES);
export type RentalStepStatus = z.infer<typeof RentalStepStatusSchema>;

/** The theme colours the rental screens use for steps and derived statuses. */
export const RENTAL_COLOURS = ['secondary', 'warning', 'error', 'success', 'info'] as const;
export type RentalColour = (typeof RENTAL_COLOURS)[number];

/** A rental command step as the rules read it (seed 001 §3 rental-command-step). */
export const RentalStepViewSchema = z.object({
  stepType: RentalStepTypeSchema,
  status: RentalStepStatusSchema,
  /** ISO 8601 date-time, or null while the step is not done */
  doneAt: z.string().datetime({ offset: true }).nullable(),
  position: z.number().int(),
});
export type RentalStepView = z.infer<typeof RentalStepViewSchema>;

/** A Material icon per status: the icon tells the state, the colour tells whether someone has to act. */
export const RENTAL_STEP_STATUS_ICONS: Record<RentalStepStatus, string> = {
  hidden: 'visibility_off',
  pending: 'schedule',
  waiting: 'hourglass_top',
  success: 'check_circle',
  error: 'error',
};

/**
 * Seed 001 §4: hidden is secondary; waiting is warning, except for the return step (the member keeping
 * the items until the end date is no cause for concern); error is error; success is success; otherwise info.
 */
export function stepAppearance(step: Pick<RentalStepView, 'stepType' | 'status'>): {
  colour: RentalColour;
  icon: string;
} {
  return { colour: stepColour(step), icon: RENTAL_STEP_STATUS_ICONS[step.status] };
}

function stepColour({ stepType, status }: Pick<RentalStepView, 'stepType' | 'status'>): RentalColour {
  switch (status) {
    case 'hidden':
      return 'secondary';
    case 'waiting':
      return stepType === 'return' ? 'info' : 'warning';
    case 'error':
      return 'error';
    case 'success':
      return 'success';
    case 'pending':
      return 'info';
    default: {
      const unknown: never = status;
      throw new Error(`unknown rental step status ${String(unknown)}`);
    }
  }
}

export type RentalStepDate = { kind: 'done'; at: string } | { kind: 'waiting' } | { kind: 'pending' };

/** Seed 001 §4: the done date, else the waiting or pending text (the screen translates the kind); nothing otherwise. */
export function stepDate(step: Pick<RentalStepView, 'status' | 'doneAt'>): RentalStepDate | null {
  if (step.doneAt !== null) return { kind: 'done', at: step.doneAt };
  if (step.status === 'waiting') return { kind: 'waiting' };
  if (step.status === 'pending') return { kind: 'pending' };
  return null;
}
