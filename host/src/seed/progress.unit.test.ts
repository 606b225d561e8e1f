import { describe, expect, it } from 'vitest';
import { deciderSpec, specMetadata } from '@platform/tests/support/decider-spec';
import { demoSeedDecider, isSeeded, type DemoSeedCommand, type DemoSeedEvent } from './progress.ts';

const spec = deciderSpec(demoSeedDecider);
const metadata = specMetadata();
const begin = (version: number): DemoSeedCommand => ({ type: 'BeginDemoSeed', data: { version }, metadata });
const complete = (version: number): DemoSeedCommand => ({
  type: 'CompleteDemoSeed',
  data: { version },
  metadata,
});
const started = (version: number): DemoSeedEvent => ({ type: 'DemoSeedStarted', data: { version } });
const completed = (version: number): DemoSeedEvent => ({ type: 'DemoSeedCompleted', data: { version } });

describe('demo seed progress', () => {
  it('records the start of a first seeding', () => {
    spec
      .given([])
      .when(begin(1))
      .then([started(1)]);
  });

  it('resumes an interrupted seeding without recording a second start', () => {
    spec
      .given([started(1)])
      .when(begin(1))
      .then([]);
  });

  it('records the completion once', () => {
    spec
      .given([started(1)])
      .when(complete(1))
      .then([completed(1)]);
    spec
      .given([started(1), completed(1)])
      .when(complete(1))
      .then([]);
  });

  it('tops up a site seeded by an earlier version of the demo content', () => {
    spec
      .given([started(1), completed(1)])
      .when(begin(2))
      .then([started(2)]);
    spec
      .given([started(1), completed(1), started(2)])
      .when(complete(2))
      .then([completed(2)]);
  });

  it('leaves a site seeded by a later version alone', () => {
    spec
      .given([started(3), completed(3)])
      .when(begin(2))
      .then([]);
  });

  it('says a site is seeded only once the seeding of that version is complete', () => {
    const state = (events: DemoSeedEvent[]) =>
      events.reduce(demoSeedDecider.evolve, demoSeedDecider.initialState());
    expect(isSeeded(state([]), 1)).toBe(false);
    expect(isSeeded(state([started(1)]), 1)).toBe(false);
    expect(isSeeded(state([started(1), completed(1)]), 1)).toBe(true);
    expect(isSeeded(state([started(1), completed(1), started(2)]), 2)).toBe(false);
  });
});
