import { describe, expect, it } from 'vitest';
import { SURVEY_CHOICE_COUNTS, surveyResource } from '@platform/contracts/surveys/survey';
import { resourceTable } from '@platform/infra/resources/table';
import { surveyAnswersExtension } from './answers.ts';

describe('the survey choices’ counts', () => {
  it('are read from the table the surveys’ projection keeps, so a read waits for that projection', () => {
    expect(SURVEY_CHOICE_COUNTS.projection).toBe(resourceTable(surveyResource).projection);
    expect(surveyAnswersExtension.tables).toContain(SURVEY_CHOICE_COUNTS.table);
  });
});
