import express, { type Router } from 'express';
import { z } from 'zod/v4';
import { advancedFormEndpoints, type StartedFormResponse } from '@platform/contracts/forms/endpoints';
import {
  FORM_RESPONSE_TOKEN,
  formResource,
  formResponseResource,
  formWorkflowRunResource,
} from '@platform/contracts/forms/records';
import {
  FORM_WORKFLOW_TYPES,
  formFieldViewOf,
  sectionsOf,
  type FormAnswers,
  type FormFieldView,
  type FormSection,
} from '@platform/contracts/forms/rules';
import { EmailSchema } from '@platform/contracts/accounts/emails';
import { NotFoundError } from '@platform/contracts/errors';
import type { ResourceChange } from '@platform/contracts/resources/hooks';
import { checkCaptcha, type CaptchaKeys } from '@platform/infra/captcha';
import { formResponseIdOf, newFormResponseToken } from '@platform/infra/forms/responses';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { JSON_API_MEDIA_TYPE } from '@platform/infra/http/errors';
import type { Mailer } from '@platform/infra/mail/mailer';
import type { CommandModuleDeps, CommandRequest } from '../app.ts';
import { captchaUseDecider, captchaUseStreamId, type CaptchaFinding } from '../contacts/submit.ts';
import { deriveId, type CommandResult } from '../handler.ts';
import { sendCommandResult } from '../http/respond.ts';
import { createRecord, recordState } from '../resources/record-writes.ts';
import { carryOutReaction } from '../resources/routes.ts';
import { contactFromAnswers } from './contact-workflow.ts';
import { receiptLocale, receiptMessage } from './receipt.ts';
import { formResponseDecider, type AdvancedFormRules, type FormResponseCommand } from './respond.ts';

const uuid = z.string().uuid();

/** The form's rules from its stream (null: no live form of that id). */
async function formRules(
  deps: CommandModuleDeps,
  formId: string,
): Promise<{ rules: AdvancedFormRules; name: string } | null> {
  if (!uuid.safeParse(formId).success) return null;
  const state = await recordState(deps, formResource, formId);
  if (state.status !== 'active') return null;
  const a = state.attributes;
  return {
    name: String(a.name),
    rules: {
      isCaptchaProtected: a.isCaptchaProtected !== false,
      openAt: (a.openAt as string | null) ?? null,
      closeAt: (a.closeAt as string | null) ?? null,
    },
  };
}

/**
 * The form's pages as the back office last saved its fields (the fields' read model): a response is checked against
 * the questions its page showed, which come from there too (ADR 0062).
 */
async function formSections(deps: CommandModuleDeps, formId: string): Promise<FormSection[]> {
  if (!deps.readSql) throw new Error('advanced forms need the read models (readSql)');
  const rows = await deps.readSql<
    Array<{
      id: string;
      position: string | number;
      title: string;
      description: string | null;
      required: boolean;
      field_type_id: string;
      data_type_id: string | null;
      config: unknown;
    }>
  >`select id::text, position, title, description, required, field_type_id, data_type_id, config
      from read.form_fields where form_id = ${formId} limit 1000`;
  return sectionsOf(
    rows
      .map((row) =>
        formFieldViewOf({
          id: row.id,
          position: Number(row.position),
          title: row.title,
          description: row.description,
          required: row.required,
          fieldType: row.field_type_id,
          dataType: row.data_type_id,
          config: row.config,
        }),
      )
      .filter((field): field is FormFieldView => field !== null),
  );
}

/** A token's response on a form: its id, or a 404 for anything that cannot be one. */
function responseOf(formId: string, token: string): string {
  if (!uuid.safeParse(formId).success || !FORM_RESPONSE_TOKEN.test(token))
    throw new NotFoundError('form response not found');
  return formResponseIdOf(formId, token);
}

const NOTIFICATION_TYPE = 'form-response';

/** What the `email_respondent` workflow writes with: the platform's mailer and its name (the host gives them). */
export interface RespondentMail {
  mailer: Mailer;
  appName: string;
}

interface EndedResponse {
  answers: FormAnswers;
  locale: unknown;
}

/**
 * The `email_respondent` workflow: the respondent's copy of their answers, to the address they gave in the e-mail
 * question the config names, in the response's language. No address given (an optional question left empty): done,
 * nothing sent. A question that is not one of the form's e-mail questions, or a mailer that refuses: failed, with
 * its reason for the back office.
 */
async function emailRespondent(
  config: unknown,
  input: { formName: string; sections: readonly FormSection[] },
  response: EndedResponse,
  mail: RespondentMail | undefined,
): Promise<string> {
  const c = (config ?? {}) as { emailFieldId?: unknown; message?: unknown };
  const fieldId = typeof c.emailFieldId === 'string' ? c.emailFieldId : '';
  const question = input.sections.flatMap((section) => section.fields).find((field) => field.id === fieldId);
  if (!question || question.fieldType !== 'short_text' || question.dataType !== 'email')
    throw new Error('config.emailFieldId names no e-mail question of this form');
  const given = response.answers[fieldId];
  if (given === undefined || given === null || given === '') return 'No address given: nothing sent';
  const address = EmailSchema.safeParse(given);
  if (!address.success) throw new Error('The answer to the e-mail question is not an e-mail address');
  if (!mail) throw new Error('This platform sends no e-mail');
  await mail.mailer.send(
    receiptMessage({
      to: address.data,
      locale: receiptLocale(response.locale),
      formName: input.formName,
      appName: mail.appName,
      message: typeof c.message === 'string' ? c.message : null,
      sections: input.sections,
      answers: response.answers,
    }),
  );
  return `A copy of the answers sent to ${address.data}`;
}

/**
 * The form's workflows run on an ended response, in their types' priority: each run kept as a form-workflow-run
 * (done, or failed with its message), its id drawn from the response and the workflow so that a retried end runs
 * nothing twice. A run that fails does not stop the others; the response stays ended.
 */
async function runWorkflows(
  deps: CommandModuleDeps,
  input: {
    formId: string;
    formName: string;
    responseId: string;
    sections: readonly FormSection[];
    result: CommandResult;
    metadata: CommandRequest['metadata'];
  },
  options: { mail?: RespondentMail; contacts?: boolean },
): Promise<bigint> {
  let { position } = input.result;
  if (!input.result.events.length || !deps.readSql) return position;
  const workflows = await deps.readSql<Array<{ id: string; name: string; type: string; config: unknown }>>`
    select id::text, name, workflow_type_id as type, config from read.form_workflows
     where form_id = ${input.formId} limit 100`;
  const priority = (type: string) => FORM_WORKFLOW_TYPES.find((t) => t.id === type)?.priority ?? 1000;
  workflows.sort((a, b) => priority(a.type) - priority(b.type) || a.name.localeCompare(b.name));
  const causeEventIds = input.result.events.map((event) => event.eventId);
  const change: ResourceChange = {
    type: formResponseResource.type,
    id: input.responseId,
    action: 'updated',
    attributes: {},
    relationships: { form: input.formId },
    changed: {},
    actorId: input.metadata.actor.userId,
  };
  const replacements = { form: input.formName, response: input.responseId };
  // the response as it ended (its answers and language), read from its stream once, for a workflow writing to it
  let ended: EndedResponse | null = null;
  const response = async (): Promise<EndedResponse> => {
    if (ended) return ended;
    const state = await recordState(deps, formResponseResource, input.responseId);
    const attributes = 'attributes' in state ? state.attributes : {};
    ended = { answers: (attributes.answers ?? {}) as FormAnswers, locale: attributes.locale };
    return ended;
  };
  for (const [index, workflow] of workflows.entries()) {
    let status: 'done' | 'failed' = 'done';
    let message: string;
    // the contact a create_contact run made or kept, named among its replacements for the back office
    let contact: string | null = null;
    try {
      if (workflow.type === 'notify_users') {
        const users = ((workflow.config as { userIds?: unknown } | null)?.userIds ?? []) as unknown[];
        const userIds = users.filter((id): id is string => typeof id === 'string');
        for (const [at, userId] of userIds.entries()) {
          const reached = await carryOutReaction(
            deps,
            {
              kind: 'notify',
              userId,
              notificationType: NOTIFICATION_TYPE,
              message: `A new response to the form “${input.formName}”`,
              actionUrl: `/admin/resources/form-responses/show/${input.responseId}`,
            },
            { change, metadata: input.metadata, causeEventIds, index: index * 100 + at },
          );
          if (reached > position) position = reached;
        }
        message = `${userIds.length} member${userIds.length === 1 ? '' : 's'} told`;
      } else if (workflow.type === 'email_respondent') {
        message = await emailRespondent(workflow.config, input, await response(), options.mail);
      } else if (workflow.type === 'create_contact') {
        if (!options.contacts) throw new Error('The contacts are off on this platform: no contact made');
        const { answers, locale } = await response();
        const made = await contactFromAnswers(deps, {
          config: workflow.config,
          sections: input.sections,
          answers,
          locale,
          responseId: input.responseId,
          workflowId: workflow.id,
          cause: causeEventIds[0]!,
          metadata: input.metadata,
        });
        message = made.message;
        contact = made.contactId;
        if (made.position !== null && made.position > position) position = made.position;
      } else {
        throw new Error(`no such workflow type: ${workflow.type}`);
      }
    } catch (error) {
      status = 'failed';
      message = error instanceof Error ? error.message.slice(0, 2000) : 'failed';
      deps.logger.warn({ err: error, workflowId: workflow.id }, 'form workflow failed');
    }
    const runId = deriveId(input.responseId, 'form-workflow-run', workflow.id);
    const run = await createRecord(deps, formWorkflowRunResource, {
      id: runId,
      attributes: { status, message, replacements: contact ? { ...replacements, contact } : replacements },
      relationships: { workflow: workflow.id, workflowType: workflow.type, response: input.responseId },
      metadata: input.metadata,
      idempotencyKey: `${causeEventIds[0]}:run:${workflow.id}`,
    }).catch((error: unknown) => {
      deps.logger.warn({ err: error, workflowId: workflow.id }, 'form workflow run not recorded');
      return null;
    });
    if (run && run.position > position) position = run.position;
  }
  return position;
}

/**
 * The advanced form's calls (seed 000 §2 services.advanced-forms.show, ADR 0062), each decided on the response's own
 * stream (respond.ts):
 * - POST /services/aforms/{id}/responses: a visitor starts a response (the captcha checked with the platform's
 *   keys and used once on its own stream); 201 with the response's token;
 * - PUT /services/aforms/{id}/responses/{token}/sections/{n}: page n's answers (from 0), checked and kept;
 * - POST /services/aforms/{id}/responses/{token}/end: ended once every required question has its answer; then the
 *   form's workflows run.
 */
export function advancedFormRoutes(options: {
  keys: CaptchaKeys;
  /** the respondents' copies of their answers (email_respondent) */
  mail?: RespondentMail;
  /** the contacts feature is on: create_contact may keep respondents among them */
  contacts?: boolean;
}) {
  return (deps: CommandModuleDeps): Router => {
    const router = express.Router();
    const decider = formResponseDecider();
    const decide = (request: CommandRequest, responseId: string, command: FormResponseCommand) =>
      deps.handle({
        streamId: formResponseResource.streamId(responseId),
        decider,
        command,
        ...(request.idempotencyKey !== undefined ? { idempotencyKey: request.idempotencyKey } : {}),
      });

    mountEndpoint(router, advancedFormEndpoints.start, async (req, res, call) => {
      const formId = call.params.id;
      const request = deps.commandRequest(req, res);
      const { metadata } = request;
      const { captcha: payload, locale } = call.body().data.attributes;
      const form = await formRules(deps, formId);
      const token = newFormResponseToken();
      const responseId = uuid.safeParse(formId).success ? formResponseIdOf(formId, token) : formId;
      const captcha: CaptchaFinding =
        payload === null
          ? { status: 'missing' }
          : await checkCaptcha(options.keys, payload, formId, metadata.now).then((status) =>
              status === 'ok' ? { status, signature: payload.challenge.signature } : { status },
            );
      const command: FormResponseCommand = {
        type: 'StartFormResponse',
        data: { formId, responseId, form: form?.rules ?? null, captcha, locale },
        metadata,
      };
      // decided once before the challenge is used, so that a refused start leaves its challenge to a retry
      decider.decide(command, decider.initialState());
      if (form?.rules.isCaptchaProtected && captcha.status === 'ok')
        await deps.handle({
          streamId: captchaUseStreamId(captcha.signature),
          decider: captchaUseDecider,
          command: {
            type: 'UseCaptcha',
            data: { scope: formId, usedAt: metadata.now.toISOString() },
            metadata,
          },
        });
      const result = await deps.handle({
        streamId: formResponseResource.streamId(responseId),
        decider,
        command,
      });
      const answer: StartedFormResponse = {
        data: { type: 'form-responses', id: responseId },
        meta: { token, position: result.position.toString() },
      };
      res
        .status(201)
        .set('X-Event-Position', result.position.toString())
        .set('Cache-Control', 'private, no-store')
        .type(JSON_API_MEDIA_TYPE)
        .send(JSON.stringify(answer));
    });

    mountEndpoint(router, advancedFormEndpoints.saveSection, async (req, res, call) => {
      const { id: formId, token } = call.params;
      const responseId = responseOf(formId, token);
      const section = Number(call.params.section);
      if (!Number.isInteger(section) || section < 0 || section > 1000)
        throw new NotFoundError(`page ${call.params.section} not found`);
      const request = deps.commandRequest(req, res);
      const form = await formRules(deps, formId);
      const sections = form ? await formSections(deps, formId) : [];
      const result = await decide(request, responseId, {
        type: 'SaveFormResponseSection',
        data: {
          formId,
          responseId,
          form: form?.rules ?? null,
          sections,
          section,
          answers: call.body().data.attributes.answers,
        },
        metadata: request.metadata,
      });
      sendCommandResult(res, { type: formResponseResource.type, id: responseId, result });
    });

    mountEndpoint(router, advancedFormEndpoints.end, async (req, res, call) => {
      const { id: formId, token } = call.params;
      const responseId = responseOf(formId, token);
      const request = deps.commandRequest(req, res);
      const form = await formRules(deps, formId);
      const sections = form ? await formSections(deps, formId) : [];
      const result = await decide(request, responseId, {
        type: 'EndFormResponse',
        data: { formId, responseId, form: form?.rules ?? null, sections },
        metadata: request.metadata,
      });
      const position = await runWorkflows(
        deps,
        { formId, formName: form?.name ?? '', responseId, sections, result, metadata: request.metadata },
        options,
      );
      sendCommandResult(res, {
        type: formResponseResource.type,
        id: responseId,
        result: position > result.position ? { ...result, position } : result,
      });
    });
    return router;
  };
}
