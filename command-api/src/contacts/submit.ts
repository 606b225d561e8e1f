import { timingSafeEqual } from 'node:crypto';
import {
  LightUserFormSubmitted,
  lightUserFormResource,
  type LightUserFormSubmittedData,
} from '@platform/contracts/contacts/records';
import { ConflictError, NotFoundError, ValidationError, type ErrorIssue } from '@platform/contracts/errors';
import {
  evolveResource,
  initialResourceState,
  type ResourceState,
} from '@platform/contracts/resources/state';
import type { Command, Decider, DomainEvent } from '../decider.ts';

/** What the command side found of the captcha a submission sent (its check needs the platform's keys). */
export type CaptchaFinding =
  { status: 'missing' } | { status: 'invalid' } | { status: 'expired' } | { status: 'ok'; signature: string };

/**
 * A visitor's submission of a light-user form, with what the command side found beforehand (the captcha's check,
 * the job's existence), so that the decider stays pure.
 */
export type SubmitLightUserForm = Command<
  'SubmitLightUserForm',
  {
    formId: string;
    inputId: string;
    token: string;
    /** the sha256 of the e-mail address, in hex */
    respondent: string;
    captcha: CaptchaFinding;
    /** what the visitor wrote that the form's rules look at */
    organizationName: string | null;
    message: string | null;
    userHasMailSubscription: boolean;
  }
>;

type FormStreamEvent = DomainEvent<string, unknown>;

/** The form's stream as a submission sees it: the record, the e-mail addresses and captchas already used. */
export interface LightUserFormState {
  form: ResourceState;
  respondents: Readonly<Record<string, true>>;
  captchas: Readonly<Record<string, true>>;
}

interface FormRules {
  token: string | null;
  onlyOneInput: boolean;
  isOffline: boolean;
  isCaptchaProtected: boolean;
  isSubscriptionForm: boolean;
  allowNoOrganization: boolean;
  allowMessage: boolean;
  expiresAt: string | null;
}

/** Whether two tokens are the same, in a time that does not tell how much of them matched. */
const sameToken = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const ATTRIBUTES = '/data/attributes';

/** The submission's own faults against the form (422 on their pointers). */
function submissionIssues(data: SubmitLightUserForm['data'], rules: FormRules): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  if (!rules.allowNoOrganization && data.organizationName === null)
    issues.push({
      code: 'validation.required',
      pointer: `${ATTRIBUTES}/organizationName`,
      detail: "Give your organization's name",
    });
  if (!rules.allowMessage && data.message !== null)
    issues.push({
      code: 'validation.invalid',
      pointer: `${ATTRIBUTES}/message`,
      detail: 'This form takes no message',
    });
  if (!rules.isSubscriptionForm && data.userHasMailSubscription)
    issues.push({
      code: 'validation.invalid',
      pointer: `${ATTRIBUTES}/userHasMailSubscription`,
      detail: 'This form offers no newsletter subscription',
    });
  if (rules.isCaptchaProtected) {
    const pointer = `${ATTRIBUTES}/captcha`;
    const { captcha } = data;
    if (captcha.status === 'missing')
      issues.push({ code: 'validation.required', pointer, detail: 'The anti-spam check is missing' });
    else if (captcha.status === 'invalid')
      issues.push({ code: 'validation.invalid', pointer, detail: 'The anti-spam check did not pass' });
    else if (captcha.status === 'expired')
      issues.push({
        code: 'validation.invalid',
        pointer,
        detail: 'The anti-spam check has expired: send the form again',
      });
  }
  return issues;
}

/**
 * A light-user form's submission, decided on the form's own stream and appended with its expected version (ADR
 * 0060). The form must exist and the token be its own (404 otherwise, the same answer: the link alone opens the
 * form), be online and not expired (409), the captcha pass where the form asks it, and the form's questions be
 * answered as it asks them (422). With onlyOneInput an e-mail address submits once, and a captcha's challenge is
 * used once whatever the form: two submissions racing for either cannot both be stored.
 */
export const lightUserFormSubmitDecider: Decider<SubmitLightUserForm, FormStreamEvent, LightUserFormState> = {
  initialState: () => ({ form: initialResourceState(), respondents: {}, captchas: {} }),
  evolve(state, event) {
    if (event.type === LightUserFormSubmitted.type) {
      const data = event.data as LightUserFormSubmittedData;
      return {
        ...state,
        respondents: { ...state.respondents, [data.respondent]: true },
        captchas: data.captcha ? { ...state.captchas, [data.captcha]: true } : state.captchas,
      };
    }
    return { ...state, form: evolveResource(lightUserFormResource, state.form, event) };
  },
  decide(command, state) {
    const { data } = command;
    const notFound = new NotFoundError(`light-user-form ${data.formId} not found`);
    if (state.form.status !== 'active') throw notFound;
    const rules = state.form.attributes as unknown as FormRules;
    if (!rules.token || !sameToken(rules.token, data.token)) throw notFound;
    if (rules.isOffline) throw new ConflictError('conflict.form_closed', 'This form is closed');
    if (rules.expiresAt !== null && new Date(rules.expiresAt).getTime() <= command.metadata.now.getTime())
      throw new ConflictError('conflict.form_expired', 'This form has expired');
    const issues = submissionIssues(data, rules);
    if (issues.length) throw new ValidationError(issues);
    const captcha = rules.isCaptchaProtected && data.captcha.status === 'ok' ? data.captcha.signature : null;
    if (captcha !== null && state.captchas[captcha])
      throw ValidationError.at(
        `${ATTRIBUTES}/captcha`,
        'This anti-spam check was already used: send the form again',
      );
    if (rules.onlyOneInput && state.respondents[data.respondent])
      throw new ConflictError(
        'conflict.form_already_submitted',
        'This e-mail address has already answered this form',
      );
    const submitted: LightUserFormSubmittedData = {
      formId: data.formId,
      inputId: data.inputId,
      respondent: data.respondent,
      captcha,
      submittedAt: command.metadata.now.toISOString(),
    };
    return [{ type: LightUserFormSubmitted.type, data: submitted }];
  },
};
