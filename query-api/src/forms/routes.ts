import express, { type Router } from 'express';
import { z } from 'zod/v4';
import type { Locale } from '@platform/contracts/enums';
import { NotFoundError } from '@platform/contracts/errors';
import {
  advancedFormEndpoints,
  type PublicAdvancedForm,
  type PublicFormResponse,
} from '@platform/contracts/forms/endpoints';
import {
  FORM_RESPONSE_TOKEN,
  formFieldResource,
  formResource,
  formResponseResource,
} from '@platform/contracts/forms/records';
import {
  formFieldViewOf,
  formHeading,
  formWindow,
  FormAnswersSchema,
  sectionsOf,
  type FormFieldView,
} from '@platform/contracts/forms/rules';
import { createCaptcha, type CaptchaKeys } from '@platform/infra/captcha';
import { formResponseIdOf } from '@platform/infra/forms/responses';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { resourceColumn } from '@platform/infra/resources/table';
import type { QueryModule } from '../app.ts';
import { sql } from '../db.ts';
import { resourceReader } from '../resources/routes.ts';

const uuid = z.string().uuid();
const iso = (name: string) =>
  sql.fragment`to_char(${sql.identifier(['r', name])} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const FormRow = z.object({
  id: z.string(),
  is_captcha_protected: z.boolean(),
  open_at: z.string().nullable(),
  close_at: z.string().nullable(),
});
const FieldRow = z.object({
  id: z.string(),
  position: z.coerce.number(),
  title: z.string(),
  description: z.string().nullable(),
  required: z.boolean(),
  field_type: z.string(),
  data_type: z.string().nullable(),
  config: z.unknown(),
});
const ResponseRow = z.object({
  id: z.string(),
  answers: z.unknown(),
  section: z.coerce.number(),
  ended_at: z.string().nullable(),
});

/**
 * The advanced form's page reads (seed 000 §2 services.advanced-forms.show, ADR 0062):
 * - GET /services/aforms/{id}: the form as its page shows it, to anyone (its id is its address): its pages, built
 *   from its fields in their positions, its title and description (its first field's), whether it takes responses
 *   now, and a fresh captcha challenge where it asks one and is open. Never cached: a challenge is used once.
 * - GET /services/aforms/{id}/responses/{token}: a response by its token, to come back to it (its answers, its
 *   furthest page, whether ended). Any other token is the same 404.
 */
export function advancedFormQueryRoutes(options: { keys: CaptchaKeys; defaultLocale: Locale }): QueryModule {
  const forms = resourceReader(formResource, options.defaultLocale);
  const fields = resourceReader(formFieldResource, options.defaultLocale);
  const responses = resourceReader(formResponseResource, options.defaultLocale);
  const formColumn = (name: string) => resourceColumn(formResource, name);
  const fieldColumn = (name: string) => sql.identifier(['f', resourceColumn(formFieldResource, name)]);
  return (deps): Router => {
    const router = express.Router();
    const reads = deps.readAfter([forms.projection, fields.projection]);
    mountEndpoint(router, advancedFormEndpoints.form, reads, async (_req, res, { params }) => {
      const id = params.id;
      if (!uuid.safeParse(id).success) throw new NotFoundError(`form ${id} not found`);
      const row = await deps.readPool.maybeOne(sql.type(FormRow)`
        select r.id::text as id, ${sql.identifier(['r', formColumn('isCaptchaProtected')])} as is_captcha_protected,
               ${iso(formColumn('openAt'))} as open_at, ${iso(formColumn('closeAt'))} as close_at
          from ${forms.table} r where r.id = ${id} and r.deleted_at is null`);
      if (!row) throw new NotFoundError(`form ${id} not found`);
      const fieldRows = await deps.readPool.any(sql.type(FieldRow)`
        select f.id::text as id, ${fieldColumn('position')} as position, ${fieldColumn('title')} as title,
               ${fieldColumn('description')} as description, ${fieldColumn('required')} as required,
               ${fieldColumn('fieldType')} as field_type, ${fieldColumn('dataType')} as data_type,
               ${fieldColumn('config')} as config
          from ${fields.table} f where ${fieldColumn('form')} = ${id}
         order by ${fieldColumn('position')}, f.id limit 1000`);
      const views = fieldRows
        .map((f) =>
          formFieldViewOf({
            id: f.id,
            position: f.position,
            title: f.title,
            description: f.description,
            required: f.required,
            fieldType: f.field_type,
            dataType: f.data_type,
            config: f.config,
          }),
        )
        .filter((field): field is FormFieldView => field !== null);
      const now = deps.clock();
      const state = formWindow({ openAt: row.open_at, closeAt: row.close_at }, now);
      const document: PublicAdvancedForm = {
        data: {
          type: 'forms',
          id: row.id,
          attributes: {
            ...formHeading(views),
            state,
            openAt: row.open_at,
            closeAt: row.close_at,
            captcha:
              row.is_captcha_protected && state === 'open'
                ? await createCaptcha(options.keys, row.id, now)
                : null,
            sections: sectionsOf(views),
          },
        },
      };
      res.set('Cache-Control', 'private, no-store').set('Referrer-Policy', 'no-referrer').json(document);
    });

    const responseColumn = (name: string) =>
      sql.identifier(['r', resourceColumn(formResponseResource, name)]);
    mountEndpoint(
      router,
      advancedFormEndpoints.response,
      deps.readAfter([responses.projection]),
      async (_req, res, { params }) => {
        const notFound = new NotFoundError('form response not found');
        if (!uuid.safeParse(params.id).success || !FORM_RESPONSE_TOKEN.test(params.token)) throw notFound;
        const responseId = formResponseIdOf(params.id, params.token);
        const row = await deps.readPool.maybeOne(sql.type(ResponseRow)`
          select r.id::text as id, ${responseColumn('answers')} as answers, ${responseColumn('section')} as section,
                 ${iso(resourceColumn(formResponseResource, 'endedAt'))} as ended_at
            from ${responses.table} r
           where r.id = ${responseId} and r.deleted_at is null and ${responseColumn('form')} = ${params.id}`);
        if (!row) throw notFound;
        const answers = FormAnswersSchema.safeParse(row.answers ?? {});
        const document: PublicFormResponse = {
          data: {
            type: 'form-responses',
            id: row.id,
            attributes: {
              answers: answers.success ? answers.data : {},
              section: row.section,
              endedAt: row.ended_at,
            },
          },
        };
        res.set('Cache-Control', 'private, no-store').set('Referrer-Policy', 'no-referrer').json(document);
      },
    );
    return router;
  };
}
