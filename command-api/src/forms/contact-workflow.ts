import { EmailSchema } from '@platform/contracts/accounts/emails';
import { lightUserResource } from '@platform/contracts/contacts/records';
import { LOCALES } from '@platform/contracts/enums';
import { ConflictError } from '@platform/contracts/errors';
import type { FormAnswers, FormFieldView, FormSection } from '@platform/contracts/forms/rules';
import type { CommandModuleDeps, CommandRequest } from '../app.ts';
import { contactOf } from '../contacts/routes.ts';
import { deriveId } from '../handler.ts';
import { resourceDecider } from '../resources/decide.ts';
import { createRecord } from '../resources/record-writes.ts';

/** What a run of the `create_contact` workflow says, the contact it made or kept, and the position it reached. */
export interface ContactRun {
  message: string;
  contactId: string | null;
  position: bigint | null;
}

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * The `create_contact` workflow (ADR 0062 amendment): the respondent kept among the contacts. The contact holding
 * the address they gave is kept (its last action dated, subscribed when the config's checkbox was ticked); when none
 * does, one is made from the answers, its address claimed as any contact's (two responses racing for one address:
 * the second keeps the first's). Its id and its writes' keys are drawn from the response and the workflow, so a
 * retried end makes nothing twice. No address or no name given: done, nothing made. A config naming questions the
 * form does not ask as it needs: failed, with its reason.
 */
export async function contactFromAnswers(
  deps: CommandModuleDeps,
  run: {
    config: unknown;
    sections: readonly FormSection[];
    answers: FormAnswers;
    locale: unknown;
    responseId: string;
    workflowId: string;
    /** the end's first event: the writes' idempotency keys are drawn from it */
    cause: string;
    metadata: CommandRequest['metadata'];
  },
): Promise<ContactRun> {
  const c = (run.config ?? {}) as Record<string, unknown>;
  const questions = run.sections.flatMap((section) => section.fields);
  const question = (name: string, fits: (field: FormFieldView) => boolean, optional = false) => {
    const id = typeof c[name] === 'string' ? c[name] : '';
    if (!id && optional) return null;
    const field = questions.find((f) => f.id === id);
    if (!field || !fits(field)) throw new Error(`config.${name} names no ${describe(name)} of this form`);
    return field.id;
  };
  const shortText = (f: FormFieldView) => f.fieldType === 'short_text';
  const emailField = question('emailFieldId', (f) => shortText(f) && f.dataType === 'email')!;
  const firstField = question('firstNameFieldId', shortText)!;
  const lastField = question('lastNameFieldId', shortText)!;
  const phoneField = question('phoneFieldId', shortText, true);
  const subscriptionField = question('subscriptionFieldId', (f) => f.fieldType === 'checkbox', true);

  const { answers } = run;
  if (!given(answers[emailField]))
    return { message: 'No address given: no contact made', contactId: null, position: null };
  const email = EmailSchema.safeParse(answers[emailField]);
  if (!email.success) throw new Error('The answer to the e-mail question is not an e-mail address');
  if (!given(answers[firstField]) || !given(answers[lastField]))
    return { message: 'No name given: no contact made', contactId: null, position: null };
  const subscribes = subscriptionField !== null && answers[subscriptionField] === true;
  const now = run.metadata.now.toISOString();
  const key = `${run.cause}:contact:${run.workflowId}`;

  const keep = async (id: string): Promise<ContactRun> => {
    const touched = await deps.handle({
      streamId: lightUserResource.streamId(id),
      decider: resourceDecider(lightUserResource, id),
      command: {
        type: 'UpdateResource',
        data: {
          id,
          attributes: { lastActionAt: now, ...(subscribes ? { hasMailSubscription: true } : {}) },
          relationships: {},
        },
        metadata: run.metadata,
      },
      idempotencyKey: `${key}:kept`,
    });
    return { message: `Contact kept: ${email.data}`, contactId: id, position: touched.position };
  };

  const existing = await contactOf(deps, email.data);
  if (existing) return keep(existing);
  const id = deriveId(run.responseId, lightUserResource.type, run.workflowId);
  try {
    const made = await createRecord(deps, lightUserResource, {
      id,
      attributes: {
        firstName: String(answers[firstField]),
        lastName: String(answers[lastField]),
        email: email.data,
        // a phone number the contacts' field cannot hold (over 40 characters) is left out
        phone:
          phoneField !== null && given(answers[phoneField]) && String(answers[phoneField]).length <= 40
            ? String(answers[phoneField])
            : null,
        locale: LOCALES.find((locale) => locale === run.locale) ?? null,
        hasMailSubscription: subscribes,
        lastActionAt: now,
      },
      metadata: run.metadata,
      idempotencyKey: key,
    });
    return { message: `Contact made: ${email.data}`, contactId: id, position: made.position };
  } catch (error) {
    // another response made the contact of this address a moment before: it is kept
    if (!(error instanceof ConflictError)) throw error;
    const holder = await contactOf(deps, email.data);
    if (!holder || holder === id) throw error;
    return keep(holder);
  }
}

function describe(name: string): string {
  if (name === 'emailFieldId') return 'e-mail question';
  if (name === 'subscriptionFieldId') return 'checkbox';
  return 'short text question';
}
