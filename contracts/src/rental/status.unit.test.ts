import { describe, expect, it } from 'vitest';
import {
  CONTRACT_PAYMENT_DEADLINE_DAYS,
  contractPaymentDeadline,
  deriveRentalCommand,
  FINISHING_DAYS,
  RENTAL_COMMAND_FLAGS,
  rentalCommandAlerts,
  rentalCommandFlags,
  rentalCommandStatus,
  type RentalCommandFlag,
  type RentalCommandView,
  WAITING_RETURN_DAYS,
} from './status.ts';
import type { RentalStepStatus, RentalStepType, RentalStepView } from './steps.ts';

const ORDER: RentalStepType[] = [
  'validation',
  'contract',
  'payment',
  'preparation',
  'delivery',
  'return',
  'closure',
];

/** A command from 10 to 30 June 2026 whose steps have the given statuses (pending otherwise). */
function command(
  statuses: Partial<Record<RentalStepType, RentalStepStatus | [RentalStepStatus, string]>> = {},
  dates: Partial<Pick<RentalCommandView, 'startAt' | 'endAt' | 'createdAt'>> = {},
): RentalCommandView {
  const types = [...new Set<RentalStepType>([...ORDER, ...(Object.keys(statuses) as RentalStepType[])])];
  const steps: RentalStepView[] = types.map((stepType, position) => {
    const given = statuses[stepType] ?? 'pending';
    const [status, doneAt] = Array.isArray(given) ? given : [given, null];
    return { stepType, status, doneAt, position };
  });
  return {
    createdAt: '2026-06-01T08:00:00.000Z',
    startAt: '2026-06-10',
    endAt: '2026-06-30',
    steps,
    ...dates,
  };
}

/** noon in Paris on a June 2026 day */
const on = (day: string) => new Date(`${day}T10:00:00Z`);
const raised = (flags: Record<RentalCommandFlag, boolean>) =>
  RENTAL_COMMAND_FLAGS.filter((flag) => flags[flag]);

describe('rental constants (seed 001 §9)', () => {
  it('are 5 days, 1 week and 7 days', () => {
    expect([WAITING_RETURN_DAYS, FINISHING_DAYS, CONTRACT_PAYMENT_DEADLINE_DAYS]).toEqual([5, 7, 7]);
  });
});

describe('rental command derived status (seed 001 §4)', () => {
  it('is cancelled once a cancellation step exists, whatever else holds', () => {
    const cancelled = command({ return: 'success', cancellation: 'success' });
    expect(rentalCommandStatus(cancelled, on('2026-06-28'))).toEqual({
      status: 'cancelled',
      colour: 'error',
    });
    expect(rentalCommandStatus(command({ cancellation: 'waiting' }), on('2026-06-01')).status).toBe(
      'cancelled',
    );
  });

  it('is finished once returned', () => {
    expect(rentalCommandStatus(command({ return: 'success' }), on('2026-06-29'))).toEqual({
      status: 'finished',
      colour: 'success',
    });
  });

  it('is waitingReturn from exactly 5 days before the end while the return step waits', () => {
    const waiting = command({ return: 'waiting' });
    expect(rentalCommandStatus(waiting, on('2026-06-25'))).toEqual({
      status: 'waitingReturn',
      colour: 'warning',
    });
    expect(rentalCommandStatus(waiting, new Date('2026-06-24T22:00:00Z')).status).toBe('waitingReturn');
    expect(rentalCommandStatus(waiting, new Date('2026-06-24T21:59:59Z')).status).toBe('finishing');
    expect(rentalCommandStatus(waiting, on('2026-07-05')).status).toBe('waitingReturn');
  });

  it('is finishing from exactly 1 week before the end', () => {
    const running = command({ delivery: 'success' });
    expect(rentalCommandStatus(running, on('2026-06-22')).status).toBe('running');
    expect(rentalCommandStatus(running, on('2026-06-23'))).toEqual({
      status: 'finishing',
      colour: 'warning',
    });
    // 5 days before the end but the return step is not waiting: still finishing
    expect(rentalCommandStatus(running, on('2026-06-27')).status).toBe('finishing');
  });

  it('is coming while the start is in the future, running from the start day', () => {
    expect(rentalCommandStatus(command(), on('2026-06-09'))).toEqual({ status: 'coming', colour: 'info' });
    expect(rentalCommandStatus(command(), on('2026-06-10'))).toEqual({
      status: 'running',
      colour: 'success',
    });
  });

  it("follows the seed's order: a period shorter than a week is finishing before it starts", () => {
    const short = command({}, { startAt: '2026-06-10', endAt: '2026-06-13' });
    expect(rentalCommandStatus(short, on('2026-06-05')).status).toBe('coming');
    expect(rentalCommandStatus(short, on('2026-06-06')).status).toBe('finishing');
  });

  it('without an end date, is coming or running only', () => {
    const open = command({ return: 'waiting' }, { endAt: null });
    expect(rentalCommandStatus(open, on('2026-06-01')).status).toBe('coming');
    expect(rentalCommandStatus(open, on('2027-01-01')).status).toBe('running');
  });
});

describe('rental command derived flags (seed 001 §4)', () => {
  it('requires validation while the validation step waits', () => {
    expect(raised(rentalCommandFlags(command({ validation: 'waiting' })))).toEqual(['requiringValidation']);
  });

  it('requires the contract while its step waits or failed with no done date', () => {
    expect(raised(rentalCommandFlags(command({ contract: 'waiting' })))).toEqual(['requiringContract']);
    expect(raised(rentalCommandFlags(command({ contract: 'error' })))).toEqual(['requiringContract']);
  });

  it('requires the contract validation once the contract has a done date but still waits', () => {
    const signed = command({ contract: ['waiting', '2026-06-03T12:00:00.000Z'] });
    expect(raised(rentalCommandFlags(signed))).toEqual(['requiringContractValidation']);
    expect(raised(rentalCommandFlags(command({ contract: ['error', '2026-06-03T12:00:00.000Z'] })))).toEqual(
      [],
    );
  });

  it('requires payment and preparation while their steps wait', () => {
    expect(raised(rentalCommandFlags(command({ payment: 'waiting' })))).toEqual(['requiringPayment']);
    expect(raised(rentalCommandFlags(command({ payment: 'error' })))).toEqual(['requiringPayment']);
    expect(raised(rentalCommandFlags(command({ preparation: 'waiting' })))).toEqual(['requiringPreparation']);
  });

  it('requires delivery or retrieval once prepared while that step is pending', () => {
    expect(raised(rentalCommandFlags(command({ preparation: 'success' })))).toEqual([
      'prepared',
      'requiringDelivery',
    ]);
    expect(
      raised(
        rentalCommandFlags(command({ preparation: 'success', delivery: 'hidden', retrieval: 'pending' })),
      ),
    ).toEqual(['prepared', 'requiringRetrieval']);
    // not prepared: nothing to deliver yet
    expect(raised(rentalCommandFlags(command({ preparation: 'waiting' })))).not.toContain(
      'requiringDelivery',
    );
  });

  it('waits for delivery, retrieval, return and closure while those steps wait; returned once returned', () => {
    expect(raised(rentalCommandFlags(command({ preparation: 'success', delivery: 'waiting' })))).toEqual([
      'prepared',
      'waitingDelivery',
    ]);
    expect(raised(rentalCommandFlags(command({ delivery: 'hidden', retrieval: 'waiting' })))).toEqual([
      'waitingRetrieval',
    ]);
    expect(raised(rentalCommandFlags(command({ return: 'waiting' })))).toEqual(['waitingReturn']);
    expect(raised(rentalCommandFlags(command({ return: 'success', closure: 'waiting' })))).toEqual([
      'returned',
      'waitingClosure',
    ]);
  });

  it('reads the last step of a type when a step was redone', () => {
    const redone = command({ contract: 'error' });
    redone.steps.push({
      stepType: 'contract',
      status: 'success',
      doneAt: '2026-06-04T08:00:00.000Z',
      position: 99,
    });
    expect(rentalCommandFlags(redone).requiringContract).toBe(false);
  });

  it('are all false when cancelled', () => {
    const busy = command({
      validation: 'waiting',
      contract: 'waiting',
      payment: 'waiting',
      preparation: 'success',
      retrieval: 'waiting',
      return: 'waiting',
      closure: 'waiting',
    });
    expect(raised(rentalCommandFlags(busy)).length).toBeGreaterThan(5);
    busy.steps.push({ stepType: 'cancellation', status: 'success', doneAt: null, position: 20 });
    expect(raised(rentalCommandFlags(busy))).toEqual([]);
    expect(rentalCommandAlerts(busy)).toEqual([]);
  });
});

describe('rental command alerts (seed 001 §4)', () => {
  it('informs on requiring validation, without a deadline', () => {
    expect(rentalCommandAlerts(command({ validation: 'waiting' }))).toEqual([
      { level: 'info', kind: 'requiringValidation', deadline: null },
    ]);
  });

  it('warns on the contract and the payment, due 7 days after the validation date', () => {
    const validated = command({
      validation: ['success', '2026-06-02T15:45:00.000Z'],
      contract: 'waiting',
      payment: 'waiting',
    });
    expect(rentalCommandAlerts(validated)).toEqual([
      { level: 'warning', kind: 'requiringContract', deadline: '2026-06-09T15:45:00.000Z' },
      { level: 'warning', kind: 'requiringPayment', deadline: '2026-06-09T15:45:00.000Z' },
    ]);
  });

  it('dates that deadline from the creation while the validation has no done date', () => {
    expect(contractPaymentDeadline(command({ contract: 'waiting' }))).toBe('2026-06-08T08:00:00.000Z');
    expect(contractPaymentDeadline({ createdAt: '2026-06-01T08:00:00+02:00', steps: [] })).toBe(
      '2026-06-08T06:00:00.000Z',
    );
  });

  it('informs on waiting delivery or retrieval', () => {
    expect(rentalCommandAlerts(command({ delivery: 'waiting' }))).toEqual([
      { level: 'info', kind: 'waitingDelivery', deadline: null },
    ]);
    expect(rentalCommandAlerts(command({ delivery: 'hidden', retrieval: 'waiting' }))).toEqual([
      { level: 'info', kind: 'waitingRetrieval', deadline: null },
    ]);
  });

  it('warns on waiting return, due on the end date', () => {
    expect(rentalCommandAlerts(command({ return: 'waiting' }))).toEqual([
      { level: 'warning', kind: 'waitingReturn', deadline: '2026-06-30' },
    ]);
  });

  it('raises nothing for a command with nothing due', () => {
    expect(rentalCommandAlerts(command({ contract: ['waiting', '2026-06-03T12:00:00.000Z'] }))).toEqual([]);
  });
});

describe('deriveRentalCommand', () => {
  it('gives status, colour, flags and alerts at once', () => {
    const derived = deriveRentalCommand(command({ return: 'waiting' }), on('2026-06-26'));
    expect(derived.status).toBe('waitingReturn');
    expect(derived.colour).toBe('warning');
    expect(raised(derived.flags)).toEqual(['waitingReturn']);
    expect(derived.alerts.map((alert) => alert.kind)).toEqual(['waitingReturn']);
  });
});
