import { z } from 'zod/v4';
import { defineEvent, type EventContract } from '../event-contracts.ts';
import { APP_ADMINS } from '../resources/access.ts';
import { defineResource, type ReadModelAttribute, type WorkflowEvents } from '../resources/definition.ts';
import { richText } from '../resources/fields.ts';
import { SURVEY_ANSWER_MAX_CHOICES, SurveyChoiceTextSchema } from './rules.ts';

// the rules a reader's screen reads too, without the definitions (rules.ts)
export {
  SURVEY_ANSWER_MAX_CHOICES,
  surveyAvailability,
  surveyChoicesLimit,
  type SurveyAvailability,
} from './rules.ts';

/**
 * Surveys (issue 23; seed 001 §3 "### Surveys", §4, §5) on the resource layer: editors write a survey and its
 * choices; readers answer it. An answer is a workflow decided on the survey's own stream (SurveyAnswered,
 * command-api/src/surveys/answer.ts), so that the one-answer rules hold under any concurrency (ADR 0043). Every
 * type depends on the surveys feature (FEATURE_SURVEYS).
 */

/** Who writes surveys and their choices: the back office's editors and administrators. */
export const SURVEY_EDITORS = {
  see: APP_ADMINS,
  index: 'everyone',
  show: 'everyone',
  create: APP_ADMINS,
  update: APP_ADMINS,
  delete: APP_ADMINS,
  softDelete: APP_ADMINS,
  restore: APP_ADMINS,
} as const;

/** A reader answered a survey: appended to the survey's stream with its expected version. */
export const SurveyAnswered = defineEvent(
  'SurveyAnswered',
  z.object({
    surveyId: z.string().uuid(),
    answerId: z.string().uuid(),
    /** the survey's choices the answer names (a choice it added included) */
    choiceIds: z.array(z.string().uuid()).max(SURVEY_ANSWER_MAX_CHOICES + 1),
    /** a choice the reader added (allowNewChoice): created as a survey-choice record on its own stream after */
    newChoice: z.object({ id: z.string().uuid(), text: z.string(), position: z.number().int() }).nullable(),
    /** who is counted once: `user:<id>`, or `visitor:<key>` (a key from the visitor's survey cookie, ADR 0043) */
    respondent: z.string().min(1).max(100),
    /** the organization the member answered for (null: none) */
    organizationId: z.string().uuid().nullable(),
    answeredAt: z.string().datetime({ offset: true }),
  }),
);
export type SurveyAnsweredData = z.infer<typeof SurveyAnswered.schema>;

export const surveyEventContracts: EventContract[] = [SurveyAnswered];

/** Answers in a survey's history (read by administrators): which choices, never who. */
const SURVEY_ANSWER_WORKFLOW: WorkflowEvents = {
  types: [SurveyAnswered.type],
  kind: () => 'surveyAnswered',
  fields: ({ data }) => {
    const d = (data ?? {}) as Partial<SurveyAnsweredData>;
    return { 'answer.choices': d.choiceIds ?? [] };
  },
};

const datetime = z.string().datetime({ offset: true }).nullable().default(null);

/** A survey (seed 001 §3): a question with choices, open between openAt and closeAt (seed 001 §4). */
export const surveyResource = defineResource({
  type: 'surveys',
  singular: 'survey',
  category: 'survey',
  eventPrefix: 'Survey',
  module: 'surveys',
  feature: 'surveys',
  menu: { group: 'community', icon: 'poll' },
  attributes: z.object({
    question: z.string().trim().min(1).max(500),
    description: richText(z.string().max(20_000)).nullable().default(null),
    allowMultiple: z.boolean().default(false),
    /** with allowMultiple only (seed 001 §5); null: as many as there are choices */
    maxSelectedChoices: z.number().int().min(1).max(SURVEY_ANSWER_MAX_CHOICES).nullable().default(null),
    allowNewChoice: z.boolean().default(false),
    requireAuth: z.boolean().default(false),
    onePerOrganization: z.boolean().default(false),
    openAt: datetime,
    closeAt: datetime,
  }),
  // kept by the answers' projection handlers (projectors/src/surveys/answers.ts), never by a counter beside them
  computed: { answersCount: 'integer' },
  workflowEvents: SURVEY_ANSWER_WORKFLOW,
  invariants: (a) => {
    const problems: Array<{ attribute: string; detail: string }> = [];
    if (a.maxSelectedChoices !== null && a.maxSelectedChoices !== undefined && a.allowMultiple !== true)
      problems.push({
        attribute: 'maxSelectedChoices',
        detail: 'maxSelectedChoices applies only when multiple answers are allowed',
      });
    if (a.onePerOrganization === true && a.requireAuth !== true)
      problems.push({
        attribute: 'onePerOrganization',
        detail: 'One answer per organization needs authentication: set requireAuth',
      });
    if (
      typeof a.openAt === 'string' &&
      typeof a.closeAt === 'string' &&
      new Date(a.closeAt).getTime() <= new Date(a.openAt).getTime()
    )
      problems.push({ attribute: 'closeAt', detail: 'closeAt must be after openAt' });
    return problems;
  },
  traits: { translatable: ['question', 'description'] },
  softDeletable: true,
  access: SURVEY_EDITORS,
  filters: ['requireAuth', 'onePerOrganization'],
  search: ['question'],
  sorts: ['question', 'openAt', 'closeAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  title: 'question',
});

/** Where the answers' projection keeps each choice's count (read by the survey-choices as `answersCount`). */
export const SURVEY_CHOICE_COUNTS: ReadModelAttribute = {
  // the surveys' projection (infra resourceTable(surveyResource).projection) keeps it, from SurveyAnswered
  projection: 'resource_surveys',
  table: 'survey_choice_counts',
  column: 'answers_count',
  kind: 'integer',
  default: 0,
};

/** A choice of a survey (seed 001 §3): written by editors, or added by a reader's answer (addedByUser). */
export const surveyChoiceResource = defineResource({
  type: 'survey-choices',
  singular: 'survey-choice',
  category: 'surveychoice',
  eventPrefix: 'SurveyChoice',
  module: 'surveys',
  feature: 'surveys',
  menu: { group: 'community', icon: 'checklist' },
  attributes: z.object({
    text: SurveyChoiceTextSchema,
    position: z.number().int().min(0).max(1_000_000).default(0),
    /** set by the answers' workflow on a choice a reader added; never written through the API */
    addedByUser: z.boolean().default(false),
  }),
  relationships: {
    survey: { type: 'surveys', required: true, immutable: true, readGate: true },
  },
  readModel: { answersCount: SURVEY_CHOICE_COUNTS },
  fieldAccess: { addedByUser: { write: 'nobody' } },
  traits: { translatable: ['text'] },
  access: SURVEY_EDITORS,
  sorts: ['position', 'text'],
  defaultSort: { field: 'position', direction: 'asc' },
  title: 'text',
});

export const surveyResources = [surveyResource, surveyChoiceResource] as const;
