import { describe, expect, it } from 'vitest';
import {
  SURVEY_ANSWER_MAX_CHOICES,
  surveyAvailability,
  surveyChoicesLimit,
  surveyResource,
} from './survey.ts';

const at = (iso: string) => new Date(iso);

describe('survey availability (seed 001 §4)', () => {
  const window = { openAt: '2026-12-01T09:00:00.000Z', closeAt: '2026-12-08T09:00:00.000Z' };

  it('is open from openAt (included) until closeAt (excluded)', () => {
    expect(surveyAvailability(window, at('2026-12-01T08:59:59.999Z'))).toEqual({
      open: false,
      reason: 'notYetOpen',
    });
    expect(surveyAvailability(window, at('2026-12-01T09:00:00.000Z'))).toEqual({ open: true });
    expect(surveyAvailability(window, at('2026-12-08T08:59:59.999Z'))).toEqual({ open: true });
    expect(surveyAvailability(window, at('2026-12-08T09:00:00.000Z'))).toEqual({
      open: false,
      reason: 'closed',
    });
  });

  it('has no bound where a date is unset', () => {
    expect(surveyAvailability({ openAt: null, closeAt: null }, at('1990-01-01T00:00:00Z'))).toEqual({
      open: true,
    });
    expect(surveyAvailability({ openAt: null, closeAt: window.closeAt }, at('2000-01-01T00:00:00Z'))).toEqual(
      { open: true },
    );
  });
});

describe('how many choices an answer names (seed 001 §5)', () => {
  it('one, unless several are allowed; then up to maxSelectedChoices', () => {
    expect(surveyChoicesLimit({ allowMultiple: false, maxSelectedChoices: null })).toBe(1);
    expect(surveyChoicesLimit({ allowMultiple: true, maxSelectedChoices: 3 })).toBe(3);
    expect(surveyChoicesLimit({ allowMultiple: true, maxSelectedChoices: null })).toBe(
      SURVEY_ANSWER_MAX_CHOICES,
    );
  });
});

describe('a survey’s rules over several attributes', () => {
  const base = surveyResource.attributes.parse({ question: 'Which switch do you use?' });
  const problems = (attributes: Record<string, unknown>) =>
    surveyResource
      .invariants({ ...base, ...attributes }, { now: new Date(), previous: null })
      .map((p) => p.attribute);

  it('takes maxSelectedChoices only with allowMultiple', () => {
    expect(problems({ maxSelectedChoices: 2 })).toEqual(['maxSelectedChoices']);
    expect(problems({ maxSelectedChoices: 2, allowMultiple: true })).toEqual([]);
  });

  it('needs authentication for one answer per organization', () => {
    expect(problems({ onePerOrganization: true })).toEqual(['onePerOrganization']);
    expect(problems({ onePerOrganization: true, requireAuth: true })).toEqual([]);
  });

  it('closes after it opens', () => {
    expect(problems({ openAt: '2026-12-02T00:00:00.000Z', closeAt: '2026-12-01T00:00:00.000Z' })).toEqual([
      'closeAt',
    ]);
  });
});
