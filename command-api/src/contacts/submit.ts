import { timingSafeEqual } from 'node:crypto';
import {
  CaptchaUsed,
  lightUserFormInputResource,
  type CaptchaUsedData,
} from '@platform/contracts/contacts/records';
import { ConflictError, NotFoundError, ValidationError, type ErrorIssue } from '@platform/contracts/errors';
import type { ResourceState, ResourceValues } from '@platform/contracts/resources/state';
import type { Command, Decider, DomainEvent } from '../decider.ts';
import { resourceDecider, type StoredResourceEvent } from '../resources/decide.ts';

/** What the command side found of the captcha a submission sent (its check needs the platform's keys). */
export type CaptchaFinding =
  { status: 'missing' } | { status: 'invalid' } | { status: 'expired' } | { status: 'ok'; signature: string };

/** A light-user form's rules, as its stream holds them when the submission comes. */
export interface FormRules {
  token: string | null;
  onlyOneInput: boolean;
  isOffline: boolean;
  isCaptchaProtected: boolean;
  isSubscriptionForm: boolean;
  allowNoOrganization: boolean;
  allowMessage: boolean;
  expiresAt: string | null;
}

/**
 * A visitor's submission of a light-user form, decided on the input's own stream, with what the command side
 * found beforehand so that the decider stays pure: the form as its stream holds it (null: no live form), the
 * captcha's check, and the input's values as the visitor wrote them.
 */
export type SubmitLightUserForm = Command<
  'SubmitLightUserForm',
  {
    formId: string;
    inputId: string;
    token: string;
    form: FormRules | null;
    captcha: CaptchaFinding;
    input: ResourceValues;
  }
>;

/** Whether two tokens are the same, in a time that does not tell how much of them matched. */
const sameToken = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const ATTRIBUTES = '/data/attributes';
export const CAPTCHA_POINTER = `${ATTRIBUTES}/captcha`;

/** What is wrong with a captcha's finding, on its pointer (none when it passed). */
export function captchaIssues(captcha: CaptchaFinding): ErrorIssue[] {
  switch (captcha.status) {
    case 'missing':
      return [
        { code: 'validation.required', pointer: CAPTCHA_POINTER, detail: 'The anti-spam check is missing' },
      ];
    case 'invalid':
      return [
        { code: 'validation.invalid', pointer: CAPTCHA_POINTER, detail: 'The anti-spam check did not pass' },
      ];
    case 'expired':
      return [
        {
          code: 'validation.invalid',
          pointer: CAPTCHA_POINTER,
          detail: 'The anti-spam check has expired: send the form again',
        },
      ];
    default:
      return [];
  }
}

/** The submission's own faults against the form (422 on their pointers). */
function submissionIssues(data: SubmitLightUserForm['data'], rules: FormRules): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  const written = data.input.attributes;
  if (!rules.allowNoOrganization && written.organizationName == null)
    issues.push({
      code: 'validation.required',
      pointer: `${ATTRIBUTES}/organizationName`,
      detail: "Give your organization's name",
    });
  if (!rules.allowMessage && written.message != null)
    issues.push({
      code: 'validation.invalid',
      pointer: `${ATTRIBUTES}/message`,
      detail: 'This form takes no message',
    });
  if (!rules.isSubscriptionForm && written.userHasMailSubscription === true)
    issues.push({
      code: 'validation.invalid',
      pointer: `${ATTRIBUTES}/userHasMailSubscription`,
      detail: 'This form offers no newsletter subscription',
    });
  if (rules.isCaptchaProtected) issues.push(...captchaIssues(data.captcha));
  return issues;
}

/**
 * A light-user form's submission, decided on the input's own stream (ADR 0060): the form must be live and the
 * token its own (404 otherwise, the same answer: the link alone opens the form), online and not expired (409), the
 * captcha must pass where the form asks it and the form's questions be answered as it asks them (422). Its event
 * is the input's creation. With onlyOneInput, the input's id is drawn from the form and the e-mail address, so
 * its stream is the guard: a second input from the address finds it taken (409), whatever the concurrency.
 *
 * The form's stream holds its record alone: a submission reads it and appends elsewhere, so a form with many
 * inputs is read as fast as a new one.
 */
export function lightUserFormSubmitDecider(): Decider<
  SubmitLightUserForm,
  StoredResourceEvent,
  ResourceState
> {
  const input = resourceDecider(lightUserFormInputResource);
  return {
    initialState: input.initialState,
    evolve: input.evolve,
    decide(command, state) {
      const { data } = command;
      const rules = data.form;
      if (!rules?.token || !sameToken(rules.token, data.token))
        throw new NotFoundError(`light-user-form ${data.formId} not found`);
      if (rules.isOffline) throw new ConflictError('conflict.form_closed', 'This form is closed');
      if (rules.expiresAt !== null && new Date(rules.expiresAt).getTime() <= command.metadata.now.getTime())
        throw new ConflictError('conflict.form_expired', 'This form has expired');
      const issues = submissionIssues(data, rules);
      if (issues.length) throw new ValidationError(issues);
      if (state.status !== 'none')
        throw new ConflictError(
          'conflict.form_already_submitted',
          'This e-mail address has already answered this form',
        );
      return input.decide(
        { type: 'CreateResource', data: { id: data.inputId, ...data.input }, metadata: command.metadata },
        state,
      );
    },
  };
}

/** A captcha's challenge, used once: the first use is recorded on the challenge's own stream. */
export type UseCaptcha = Command<'UseCaptcha', CaptchaUsedData>;

export const captchaUseStreamId = (signature: string) => `captchause-${signature}`;

export const captchaUseDecider: Decider<UseCaptcha, DomainEvent<string, unknown>, { used: boolean }> = {
  initialState: () => ({ used: false }),
  evolve: (state, event) => (event.type === CaptchaUsed.type ? { used: true } : state),
  decide(command, state) {
    if (state.used)
      throw ValidationError.at(CAPTCHA_POINTER, 'This anti-spam check was already used: send the form again');
    return [{ type: CaptchaUsed.type, data: command.data }];
  },
};
