import { formResponseResource } from '@platform/contracts/forms/records';
import {
  checkSection,
  formWindow,
  missingAnswers,
  type FormAnswers,
  type FormSection,
} from '@platform/contracts/forms/rules';
import { ConflictError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import type { ResourceState } from '@platform/contracts/resources/state';
import type { Locale } from '@platform/contracts/enums';
import type { Command, Decider } from '../decider.ts';
import { resourceDecider, type StoredResourceEvent } from '../resources/decide.ts';
import type { CaptchaFinding } from '../contacts/submit.ts';
import { CAPTCHA_POINTER, captchaIssues } from '../contacts/submit.ts';

/** An advanced form's rules, as its stream holds them when a call comes (null: no live form). */
export interface AdvancedFormRules {
  isCaptchaProtected: boolean;
  openAt: string | null;
  closeAt: string | null;
}

interface Target {
  formId: string;
  responseId: string;
  form: AdvancedFormRules | null;
}

/** A visitor starts a response: the captcha's check (where the form asks one), their language. */
export type StartFormResponse = Command<
  'StartFormResponse',
  Target & { captcha: CaptchaFinding; locale: Locale | null }
>;
/** A page's answers, checked against the form's pages as the back office last saved them. */
export type SaveFormResponseSection = Command<
  'SaveFormResponseSection',
  Target & { sections: FormSection[]; section: number; answers: FormAnswers }
>;
/** The response ended: every required question must have its answer. */
export type EndFormResponse = Command<'EndFormResponse', Target & { sections: FormSection[] }>;

export type FormResponseCommand = StartFormResponse | SaveFormResponseSection | EndFormResponse;

export const ANSWERS_POINTER = '/data/attributes/answers';
export { CAPTCHA_POINTER };

/**
 * A response to an advanced form, decided on the response's own stream (ADR 0062), with what the command side read
 * beforehand so that the decider stays pure: the form's rules from its stream, its pages from the back office's
 * fields. Its events are the layer's own (created, then updated page by page, then ended), so the back office reads
 * the response's history as any record's. The form must be live (404), open (409 before openAt and from closeAt); a
 * started response must be this form's (404 otherwise: a token is its only key) and not ended (409).
 */
export function formResponseDecider(): Decider<FormResponseCommand, StoredResourceEvent, ResourceState> {
  const record = resourceDecider(formResponseResource);
  return {
    initialState: record.initialState,
    evolve: record.evolve,
    decide(command, state) {
      const { data, metadata } = command;
      const form = data.form;
      if (!form) throw new NotFoundError(`form ${data.formId} not found`);
      const window = formWindow(form, metadata.now);
      const checkOpen = () => {
        if (window === 'notYetOpen')
          throw new ConflictError('conflict.form_not_open', 'This form does not take answers yet');
        if (window === 'closed') throw new ConflictError('conflict.form_closed', 'This form is closed');
      };
      if (command.type === 'StartFormResponse') {
        checkOpen();
        if (form.isCaptchaProtected) {
          const issues = captchaIssues(command.data.captcha);
          if (issues.length) throw new ValidationError(issues);
        }
        if (state.status !== 'none')
          throw new ConflictError('conflict.duplicate_id', 'This response was started already');
        return record.decide(
          {
            type: 'CreateResource',
            data: {
              id: data.responseId,
              attributes: formResponseResource.attributes.parse({ locale: command.data.locale }),
              relationships: { form: data.formId },
            },
            metadata,
          },
          state,
        );
      }
      if (state.status !== 'active' || state.relationships.form !== data.formId)
        throw new NotFoundError(`form response not found`);
      if (state.attributes.endedAt != null)
        throw new ConflictError('conflict.response_ended', 'This response was sent already');
      checkOpen();
      const answers = (state.attributes.answers ?? {}) as FormAnswers;
      if (command.type === 'SaveFormResponseSection') {
        const { sections, section } = command.data;
        const page = sections[section];
        if (!page) throw new NotFoundError(`page ${section + 1} of form ${data.formId} not found`);
        const { values, problems } = checkSection(page, command.data.answers);
        if (problems.length)
          throw new ValidationError(
            problems.map((p) => ({
              code: p.code,
              detail: p.detail,
              pointer: `${ANSWERS_POINTER}/${p.fieldId}`,
            })),
          );
        const reached = Math.max(
          Number(state.attributes.section ?? 0),
          Math.min(section + 1, sections.length - 1),
        );
        return record.decide(
          {
            type: 'UpdateResource',
            data: {
              id: data.responseId,
              attributes: { answers: { ...answers, ...values }, section: reached },
              relationships: {},
            },
            metadata,
          },
          state,
        );
      }
      const missing = missingAnswers(command.data.sections, answers);
      if (missing.length)
        throw new ValidationError(
          missing.map(({ field }) => ({
            code: 'validation.required' as const,
            detail: 'Answer this question',
            pointer: `${ANSWERS_POINTER}/${field.id}`,
          })),
        );
      return record.decide(
        {
          type: 'UpdateResource',
          data: {
            id: data.responseId,
            attributes: { endedAt: metadata.now.toISOString() },
            relationships: {},
          },
          metadata,
        },
        state,
      );
    },
  };
}
