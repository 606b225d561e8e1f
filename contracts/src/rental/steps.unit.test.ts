import { describe, expect, it } from 'vitest';
import {
  RENTAL_STEP_STATUSES,
  RENTAL_STEP_TYPES,
  RentalStepTypeSchema,
  stepAppearance,
  stepDate,
} from './steps.ts';

describe('rental step appearance (seed 001 §4)', () => {
  it('shows hidden steps as secondary, whatever their type', () => {
    for (const stepType of RENTAL_STEP_TYPES)
      expect(stepAppearance({ stepType, status: 'hidden' })).toEqual({
        colour: 'secondary',
        icon: 'visibility_off',
      });
  });

  it('shows a waiting step as warning, except the return step, which is info', () => {
    for (const stepType of RENTAL_STEP_TYPES.filter((type) => type !== 'return'))
      expect(stepAppearance({ stepType, status: 'waiting' }).colour).toBe('warning');
    expect(stepAppearance({ stepType: 'return', status: 'waiting' })).toEqual({
      colour: 'info',
      icon: 'hourglass_top',
    });
  });

  it('shows error as error, success as success, pending as info', () => {
    expect(stepAppearance({ stepType: 'payment', status: 'error' })).toEqual({
      colour: 'error',
      icon: 'error',
    });
    expect(stepAppearance({ stepType: 'return', status: 'error' }).colour).toBe('error');
    expect(stepAppearance({ stepType: 'contract', status: 'success' })).toEqual({
      colour: 'success',
      icon: 'check_circle',
    });
    expect(stepAppearance({ stepType: 'delivery', status: 'pending' })).toEqual({
      colour: 'info',
      icon: 'schedule',
    });
  });

  it('gives each status its own icon', () => {
    const icons = RENTAL_STEP_STATUSES.map(
      (status) => stepAppearance({ stepType: 'validation', status }).icon,
    );
    expect(new Set(icons).size).toBe(RENTAL_STEP_STATUSES.length);
  });

  it('knows the nine step types and no other', () => {
    expect(RENTAL_STEP_TYPES).toHaveLength(9);
    expect(RentalStepTypeSchema.safeParse('closure').success).toBe(true);
    expect(RentalStepTypeSchema.safeParse('shipping').success).toBe(false);
  });
});

describe('rental step date (seed 001 §4)', () => {
  it('shows the done date whatever the status', () => {
    const at = '2026-03-02T09:30:00.000Z';
    expect(stepDate({ status: 'success', doneAt: at })).toEqual({ kind: 'done', at });
    expect(stepDate({ status: 'waiting', doneAt: at })).toEqual({ kind: 'done', at });
  });

  it('else says waiting or pending, and nothing for the other statuses', () => {
    expect(stepDate({ status: 'waiting', doneAt: null })).toEqual({ kind: 'waiting' });
    expect(stepDate({ status: 'pending', doneAt: null })).toEqual({ kind: 'pending' });
    expect(stepDate({ status: 'hidden', doneAt: null })).toBeNull();
    expect(stepDate({ status: 'error', doneAt: null })).toBeNull();
    expect(stepDate({ status: 'success', doneAt: null })).toBeNull();
  });
});
