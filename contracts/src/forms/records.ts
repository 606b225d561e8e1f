import { z } from 'zod/v4';
import { LOCALES } from '../enums.ts';
import { APP_ADMINS, APP_ADMINS_ONLY } from '../resources/access.ts';
import { defineResource } from '../resources/definition.ts';
import { singleLine } from '../resources/fields.ts';
import {
  configProblems,
  FORM_DATA_TYPES,
  FORM_FIELD_TYPES,
  FORM_WORKFLOW_RUN_STATUSES,
  FORM_WORKFLOW_TYPES,
  FormAnswersSchema,
  FormFieldConfigSchema,
} from './rules.ts';

/**
 * The advanced forms (seed 001 §3 "Forms"; seed 000 §2 and seed 001 §2: the page services.advanced-forms.show at
 * /services/aforms/{form}/{token}/{section}), behind the forms feature (FEATURE_FORMS), ADR 0062:
 *
 * - a form is made of fields in their positions; a section field starts a page, so a long form is answered page
 *   by page. Its title and description are its first field's. It takes responses between openAt and closeAt, each
 *   started behind a captcha unless the back office turns it off;
 * - a response is a visitor's answers, saved page by page under a secret token (the page's address), so they can
 *   leave and come back; once ended it is counted (endedResponsesCount) and the form's workflows run on it, each
 *   run kept as a form-workflow-run (what it did, or why it failed).
 *
 * The back office (application administrators) keeps the forms and reads the responses; nobody else reads them.
 */

const name = z.string().trim().min(1).max(255);
const optionalText = (max: number) => z.string().trim().max(max).nullable().default(null);
const instant = z.string().datetime({ offset: true });

/** What a response's secret token is made of: 32 URL-safe characters (24 random bytes), made by the command side. */
export const FORM_RESPONSE_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** The public address of a form's page (seed 000 §2 services.advanced-forms.show): a response's and its page's. */
export const advancedFormPath = (formId: string, token?: string | null, section?: number) =>
  `/services/aforms/${formId}${token ? `/${token}${section !== undefined ? `/${section + 1}` : ''}` : ''}`;

const readOnlyList = { see: APP_ADMINS, index: APP_ADMINS, show: APP_ADMINS } as const;

/** The kinds of field (seed 001 §3 form-field-type, no fields of its own): what the page shows and asks. */
export const formFieldTypeResource = defineResource({
  type: 'form-field-types',
  singular: 'form-field-type',
  category: 'formfieldtype',
  eventPrefix: 'FormFieldType',
  module: 'forms',
  feature: 'forms',
  menu: { group: 'contacts', icon: 'list_alt' },
  attributes: z.object({ name }),
  fixedRows: { rows: FORM_FIELD_TYPES.map((id) => ({ id, attributes: { name: id } })) },
  access: readOnlyList,
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

/** What a short text holds (seed 001 §3 form-data-type, no fields of its own): checked and keyed as such. */
export const formDataTypeResource = defineResource({
  type: 'form-data-types',
  singular: 'form-data-type',
  category: 'formdatatype',
  eventPrefix: 'FormDataType',
  module: 'forms',
  feature: 'forms',
  menu: { group: 'contacts', icon: 'data_object' },
  attributes: z.object({ name }),
  fixedRows: { rows: FORM_DATA_TYPES.map((id) => ({ id, attributes: { name: id } })) },
  access: readOnlyList,
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

/** What a form does once a response is ended (seed 001 §3 form-workflow-type: priority, read-only). */
export const formWorkflowTypeResource = defineResource({
  type: 'form-workflow-types',
  singular: 'form-workflow-type',
  category: 'formworkflowtype',
  eventPrefix: 'FormWorkflowType',
  module: 'forms',
  feature: 'forms',
  menu: { group: 'contacts', icon: 'account_tree' },
  attributes: z.object({ name, priority: z.number().int().min(0).max(1000).default(0) }),
  fixedRows: {
    rows: FORM_WORKFLOW_TYPES.map(({ id, priority }) => ({ id, attributes: { name: id, priority } })),
  },
  // version 2: its fixed rows gain email_respondent and create_contact
  version: 2,
  access: readOnlyList,
  sorts: ['priority', 'name'],
  defaultSort: { field: 'priority', direction: 'asc' },
  title: 'name',
});

/**
 * An advanced form (seed 001 §3 form). `name` is the back office's own word for it in its lists (the page shows
 * the first field's title); `endedResponsesCount` counts its ended responses.
 */
export const formResource = defineResource({
  type: 'forms',
  singular: 'form',
  category: 'form',
  eventPrefix: 'Form',
  module: 'forms',
  feature: 'forms',
  menu: { group: 'contacts', icon: 'quiz' },
  attributes: z.object({
    name,
    isCaptchaProtected: z.boolean().default(true),
    openAt: instant.nullable().default(null),
    closeAt: instant.nullable().default(null),
  }),
  counts: {
    endedResponsesCount: { type: 'form-responses', via: 'form', kind: 'count', whenSet: 'endedAt' },
  },
  invariants: ({ openAt, closeAt }) =>
    typeof openAt === 'string' && typeof closeAt === 'string' && Date.parse(closeAt) <= Date.parse(openAt)
      ? [{ attribute: 'closeAt', detail: 'A form closes after it opens' }]
      : [],
  softDeletable: true,
  access: APP_ADMINS_ONLY,
  search: ['name'],
  sorts: ['name', 'openAt', 'closeAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  title: 'name',
});

/**
 * A field of a form (seed 001 §3 form-field; seed 001 §5: position 0 and required false by default). A section
 * field starts a page; its config says what its type reads (a text's most characters, a number's bounds, the
 * choices offered), checked against the field's type when written.
 */
export const formFieldResource = defineResource({
  type: 'form-fields',
  singular: 'form-field',
  category: 'formfield',
  eventPrefix: 'FormField',
  module: 'forms',
  feature: 'forms',
  menu: { group: 'contacts', icon: 'short_text' },
  attributes: z.object({
    title: singleLine(name),
    description: optionalText(5000),
    position: z.number().int().min(0).max(10_000).default(0),
    required: z.boolean().default(false),
    config: FormFieldConfigSchema.default({}),
  }),
  relationships: {
    form: { type: 'forms', required: true, immutable: true },
    fieldType: { type: 'form-field-types', required: true },
    dataType: { type: 'form-data-types' },
  },
  invariants: ({ config }, { relationships }) => {
    if (!relationships) return [];
    const fieldType = typeof relationships.fieldType === 'string' ? relationships.fieldType : null;
    const problems = configProblems(fieldType, FormFieldConfigSchema.parse(config ?? {})).map((detail) => ({
      attribute: 'config',
      detail,
    }));
    if (relationships.dataType != null && fieldType !== 'short_text')
      problems.push({ attribute: 'dataType', detail: 'Only a short text has a data type' });
    return problems;
  },
  access: APP_ADMINS_ONLY,
  filters: ['required'],
  search: ['title'],
  sorts: ['position', 'title'],
  defaultSort: { field: 'position', direction: 'asc' },
  title: 'title',
});

/** A form's workflow (seed 001 §3 form-workflow): what its type does once a response is ended, as config says. */
export const formWorkflowResource = defineResource({
  type: 'form-workflows',
  singular: 'form-workflow',
  category: 'formworkflow',
  eventPrefix: 'FormWorkflow',
  module: 'forms',
  feature: 'forms',
  menu: { group: 'contacts', icon: 'route' },
  attributes: z.object({
    name,
    /**
     * notify_users: `{ "userIds": ["…"] }`, the back-office members told; email_respondent: `{ "emailFieldId":
     * "…", "message": "…" }`, the e-mail question whose answer is the respondent's address, and the words the copy
     * of their answers begins with (optional); create_contact: `{ "emailFieldId", "firstNameFieldId",
     * "lastNameFieldId" }`, the questions a contact is made from, and optionally `phoneFieldId` and
     * `subscriptionFieldId` (a checkbox asking for the newsletter)
     */
    config: z
      .object({
        userIds: z.array(z.string().uuid()).max(50).optional(),
        emailFieldId: z.string().uuid().optional(),
        message: z.string().trim().min(1).max(2000).optional(),
        firstNameFieldId: z.string().uuid().optional(),
        lastNameFieldId: z.string().uuid().optional(),
        phoneFieldId: z.string().uuid().optional(),
        subscriptionFieldId: z.string().uuid().optional(),
      })
      .strict()
      .default({}),
  }),
  relationships: {
    form: { type: 'forms', required: true, immutable: true },
    workflowType: { type: 'form-workflow-types', required: true },
  },
  invariants: ({ config }, { relationships }) => {
    const c = (config ?? {}) as { userIds?: string[]; emailFieldId?: string };
    if (relationships?.workflowType === 'notify_users' && !(c.userIds?.length ?? 0))
      return [{ attribute: 'config', detail: 'Name the members to tell (config.userIds)' }];
    if (relationships?.workflowType === 'email_respondent' && !c.emailFieldId)
      return [
        {
          attribute: 'config',
          detail: 'Name the e-mail question whose answer is the address to write to (config.emailFieldId)',
        },
      ];
    const contact = c as { emailFieldId?: string; firstNameFieldId?: string; lastNameFieldId?: string };
    if (
      relationships?.workflowType === 'create_contact' &&
      !(contact.emailFieldId && contact.firstNameFieldId && contact.lastNameFieldId)
    )
      return [
        {
          attribute: 'config',
          detail:
            'Name the questions a contact is made from (config.emailFieldId, firstNameFieldId and lastNameFieldId)',
        },
      ];
    return [];
  },
  access: APP_ADMINS_ONLY,
  search: ['name'],
  sorts: ['name'],
  defaultSort: { field: 'createdAt', direction: 'asc' },
  title: 'name',
});

/**
 * A response to a form (ADR 0062): the answers by field id, the furthest page reached (`section`, from 0), the
 * reader's language, and `endedAt` once the visitor ended it. Made and saved only through the page's calls
 * (POST /services/aforms/{form}/responses, then its token); the back office reads it and puts it aside.
 */
export const formResponseResource = defineResource({
  type: 'form-responses',
  singular: 'form-response',
  category: 'formresponse',
  eventPrefix: 'FormResponse',
  module: 'forms',
  feature: 'forms',
  menu: { group: 'contacts', icon: 'fact_check' },
  attributes: z.object({
    answers: FormAnswersSchema.default({}),
    section: z.number().int().min(0).max(1000).default(0),
    locale: z.enum(LOCALES).nullable().default(null),
    endedAt: instant.nullable().default(null),
  }),
  relationships: {
    // a form's responses are many and read newest first (the back office's list of one form's): ADR 0062
    form: { type: 'forms', required: true, immutable: true, sortedIndex: true },
  },
  softDeletable: true,
  access: {
    see: APP_ADMINS,
    index: APP_ADMINS,
    show: APP_ADMINS,
    softDelete: APP_ADMINS,
    restore: APP_ADMINS,
    delete: 'admin',
  },
  filters: ['locale'],
  listFilters: { ended: { kind: 'present', attributes: ['endedAt'] } },
  sorts: ['endedAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
});

/**
 * One workflow's run on one ended response (seed 001 §3 form-workflow-run): its status (done or failed; seed 001
 * §4 shows none), the message saying what it did, and the replacements it used. Made by the command side only.
 */
export const formWorkflowRunResource = defineResource({
  type: 'form-workflow-runs',
  singular: 'form-workflow-run',
  category: 'formworkflowrun',
  eventPrefix: 'FormWorkflowRun',
  module: 'forms',
  feature: 'forms',
  menu: { group: 'contacts', icon: 'history' },
  attributes: z.object({
    status: z.enum(FORM_WORKFLOW_RUN_STATUSES),
    message: optionalText(2000),
    replacements: z.record(z.string(), z.string().max(2000)).default({}),
  }),
  relationships: {
    workflow: { type: 'form-workflows', required: true, immutable: true },
    workflowType: { type: 'form-workflow-types', required: true, immutable: true },
    response: { type: 'form-responses', required: true, immutable: true },
  },
  immutable: ['status', 'message', 'replacements'],
  access: { see: APP_ADMINS, index: APP_ADMINS, show: APP_ADMINS, delete: 'admin' },
  filters: ['status'],
  sorts: ['status'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
});

export const formResources = [
  formFieldTypeResource,
  formDataTypeResource,
  formWorkflowTypeResource,
  formResource,
  formFieldResource,
  formWorkflowResource,
  formResponseResource,
  formWorkflowRunResource,
];
