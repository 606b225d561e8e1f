import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  DomainError,
  NotFoundError,
  UnauthenticatedError,
  ValidationError,
} from '@platform/contracts/errors';
import { surveyResource, type SurveyAnsweredData } from '@platform/contracts/surveys/survey';
import { deciderSpec, specMetadata } from '@platform/tests/support/decider-spec';
import {
  ADDED_CHOICE_POSITION,
  surveyAnswerDecider,
  type AnswerSurvey,
  type SurveyRespondent,
} from './answer.ts';

const SURVEY = 'a0000000-0000-4000-8000-000000000001';
const OTHER_SURVEY = 'a0000000-0000-4000-8000-000000000002';
const RED = 'c0000000-0000-4000-8000-000000000001';
const GREEN = 'c0000000-0000-4000-8000-000000000002';
const BLUE = 'c0000000-0000-4000-8000-000000000003';
const NEW_CHOICE = 'd0000000-0000-4000-8000-000000000001';
const ANSWER = 'e0000000-0000-4000-8000-000000000001';
const ORG = 'f0000000-0000-4000-8000-000000000001';
const NOW = new Date('2026-12-03T10:00:00.000Z');

const member = (userId: string, organizationId: string | null = null): SurveyRespondent => ({
  kind: 'member',
  userId,
  organizationId,
});
const ALICE = member('10000000-0000-4000-8000-000000000001');
const visitor: SurveyRespondent = { kind: 'visitor', key: 'visitor:0123456789abcdef' };

const created = (attributes: Record<string, unknown> = {}) => ({
  type: surveyResource.events.created,
  data: {
    id: SURVEY,
    attributes: surveyResource.attributes.parse({ question: 'Which switch do you use?', ...attributes }),
    relationships: {},
  },
});

const ours = (id: string) => ({ id, surveyId: SURVEY });

function answer(
  respondent: SurveyRespondent,
  choices: ReadonlyArray<{ id: string; surveyId: string | null }> = [ours(RED)],
  newChoice: { id: string; text: string } | null = null,
  answerId = ANSWER,
): AnswerSurvey {
  return {
    type: 'AnswerSurvey',
    data: { surveyId: SURVEY, answerId, choices, newChoice, respondent },
    metadata: specMetadata({ now: NOW }),
  };
}

function answered(overrides: Partial<SurveyAnsweredData> = {}) {
  const data: SurveyAnsweredData = {
    surveyId: SURVEY,
    answerId: ANSWER,
    choiceIds: [RED],
    newChoice: null,
    respondent: `user:${'10000000-0000-4000-8000-000000000001'}`,
    organizationId: null,
    answeredAt: NOW.toISOString(),
    ...overrides,
  };
  return { type: 'SurveyAnswered', data };
}

const spec = deciderSpec(surveyAnswerDecider);

describe('a survey answered (on the survey’s own stream)', () => {
  it('by a member: the answer names its choices and who is counted once', () => {
    spec.given([created()]).when(answer(ALICE)).then([answered()]);
  });

  it('by a visitor, where no sign-in is required: counted by the visitor’s key', () => {
    spec
      .given([created()])
      .when(answer(visitor))
      .then([answered({ respondent: visitor.kind === 'visitor' ? visitor.key : '' })]);
  });

  it('with a choice the reader adds, where allowed: placed after the editors’ choices', () => {
    spec
      .given([created({ allowNewChoice: true, allowMultiple: true })])
      .when(answer(ALICE, [ours(RED)], { id: NEW_CHOICE, text: 'A sip-and-puff' }))
      .then([
        answered({
          choiceIds: [RED, NEW_CHOICE],
          newChoice: { id: NEW_CHOICE, text: 'A sip-and-puff', position: ADDED_CHOICE_POSITION },
        }),
      ]);
  });

  it('several choices with allowMultiple, up to maxSelectedChoices', () => {
    spec
      .given([created({ allowMultiple: true, maxSelectedChoices: 2 })])
      .when(answer(ALICE, [ours(RED), ours(BLUE)]))
      .then([answered({ choiceIds: [RED, BLUE] })]);
  });
});

describe('an answer refused', () => {
  it('before openAt: 409 conflict.survey_not_open; from closeAt: 409 conflict.survey_closed', () => {
    spec
      .given([created({ openAt: '2026-12-04T00:00:00.000Z' })])
      .when(answer(ALICE))
      .thenThrows(ConflictError, { code: 'conflict.survey_not_open' });
    spec
      .given([created({ closeAt: NOW.toISOString() })])
      .when(answer(ALICE))
      .thenThrows(ConflictError, { code: 'conflict.survey_closed' });
  });

  it('by a visitor where sign-in is required: 401', () => {
    spec
      .given([created({ requireAuth: true })])
      .when(answer(visitor))
      .thenThrows(UnauthenticatedError, { code: 'auth.unauthenticated' });
  });

  it('a second answer by the same member or visitor: 409 conflict.survey_already_answered', () => {
    spec
      .given([created(), answered()])
      .when(answer(ALICE, [ours(GREEN)]))
      .thenThrows(ConflictError, { code: 'conflict.survey_already_answered' });
    spec
      .given([created(), answered({ respondent: 'visitor:0123456789abcdef' })])
      .when(answer(visitor))
      .thenThrows(ConflictError, { code: 'conflict.survey_already_answered' });
  });

  it('one per organization: a second member of the organization gets 409; another organization answers', () => {
    const perOrganization = created({ requireAuth: true, onePerOrganization: true });
    const first = answered({ organizationId: ORG });
    const bob = member('20000000-0000-4000-8000-000000000002', ORG);
    spec
      .given([perOrganization, first])
      .when(answer(bob))
      .thenThrows(ConflictError, { code: 'conflict.survey_organization_answered' });
    const carol = member('30000000-0000-4000-8000-000000000003', 'f0000000-0000-4000-8000-000000000002');
    spec
      .given([perOrganization, first])
      .when(answer(carol))
      .then([
        answered({
          respondent: 'user:30000000-0000-4000-8000-000000000003',
          organizationId: 'f0000000-0000-4000-8000-000000000002',
        }),
      ]);
  });

  it('one per organization, by a member acting for none: 403 auth.survey_organization_required', () => {
    spec
      .given([created({ requireAuth: true, onePerOrganization: true })])
      .when(answer(ALICE))
      .thenThrows(DomainError, { code: 'auth.survey_organization_required' });
  });

  it('too many choices: 422 on the choices, one unless allowMultiple, then maxSelectedChoices', () => {
    spec
      .given([created()])
      .when(answer(ALICE, [ours(RED), ours(GREEN)]))
      .thenThrows(ValidationError, {
        code: 'validation.survey_too_many_choices',
        issues: [expect.objectContaining({ pointer: '/data/relationships/choices', meta: { limit: 1 } })],
      });
    spec
      .given([created({ allowMultiple: true, maxSelectedChoices: 2 })])
      .when(answer(ALICE, [ours(RED), ours(GREEN), ours(BLUE)]))
      .thenThrows(ValidationError, { code: 'validation.survey_too_many_choices' });
    // a new choice counts as one
    spec
      .given([created({ allowNewChoice: true })])
      .when(answer(ALICE, [ours(RED)], { id: NEW_CHOICE, text: 'Other' }))
      .thenThrows(ValidationError, { code: 'validation.survey_too_many_choices' });
  });

  it('a choice of another survey, or none that lives, or one named twice: 422 on its pointer', () => {
    spec
      .given([created({ allowMultiple: true })])
      .when(answer(ALICE, [ours(RED), { id: GREEN, surveyId: OTHER_SURVEY }, { id: BLUE, surveyId: null }]))
      .thenThrows(ValidationError, {
        issues: [
          expect.objectContaining({ pointer: '/data/relationships/choices/data/1/id' }),
          expect.objectContaining({ pointer: '/data/relationships/choices/data/2/id' }),
        ],
      });
    spec
      .given([created({ allowMultiple: true })])
      .when(answer(ALICE, [ours(RED), ours(RED)]))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/relationships/choices/data/1/id' })],
      });
  });

  it('no choice at all: 422 validation.required; a new choice where none is taken: 422 on newChoice', () => {
    spec
      .given([created()])
      .when(answer(ALICE, []))
      .thenThrows(ValidationError, { code: 'validation.required' });
    spec
      .given([created()])
      .when(answer(ALICE, [], { id: NEW_CHOICE, text: 'Mine' }))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/newChoice' })],
      });
  });

  it('a survey that does not exist, or was soft-deleted: 404', () => {
    spec.given([]).when(answer(ALICE)).thenThrows(NotFoundError);
    spec
      .given([created(), { type: surveyResource.events.softDeleted, data: { id: SURVEY } }])
      .when(answer(ALICE))
      .thenThrows(NotFoundError);
  });
});
