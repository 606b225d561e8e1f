import { timingSafeEqual } from 'node:crypto';
import express, { type Router } from 'express';
import { z } from 'zod/v4';
import { contactEndpoints, type PublicLightUserForm } from '@platform/contracts/contacts/endpoints';
import { LIGHT_USER_FORM_TOKEN, lightUserFormResource } from '@platform/contracts/contacts/records';
import type { Locale } from '@platform/contracts/enums';
import { NotFoundError } from '@platform/contracts/errors';
import { createCaptcha, type CaptchaKeys } from '@platform/infra/captcha';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { resourceColumn } from '@platform/infra/resources/table';
import type { QueryModule } from '../app.ts';
import { sql } from '../db.ts';
import { resourceReader } from '../resources/routes.ts';

const FormRow = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  token: z.string().nullable(),
  is_subscription_form: z.boolean(),
  allow_no_organization: z.boolean(),
  allow_message: z.boolean(),
  only_one_input: z.boolean(),
  is_offline: z.boolean(),
  is_captcha_protected: z.boolean(),
  country: z.string().nullable(),
  expires_at: z.string().nullable(),
  default_job: z.string().nullable(),
});

const column = (name: string) => sql.identifier(['r', resourceColumn(lightUserFormResource, name)]);

/**
 * GET /api/v1/services/forms/{id}?t={token} (seed 001 §2, ADR 0060): a light-user form as its public page shows it,
 * to anyone holding its link. A missing, deleted or malformed form and a wrong token answer the same 404, so the
 * id alone opens nothing. An open form that asks a captcha comes with a fresh challenge, made for it; the answer
 * is never kept by a cache.
 */
export function lightUserFormQueryRoutes(options: { keys: CaptchaKeys; defaultLocale: Locale }): QueryModule {
  const reader = resourceReader(lightUserFormResource, options.defaultLocale);
  return (deps): Router => {
    const router = express.Router();
    const reads = deps.readAfter([reader.projection]);
    mountEndpoint(router, contactEndpoints.form, reads, async (req, res, { params }) => {
      const id = params.id;
      const notFound = new NotFoundError(`light-user-form ${id} not found`);
      const token = typeof req.query.t === 'string' ? req.query.t : '';
      if (!lightUserFormResource.idSchema.safeParse(id).success || !LIGHT_USER_FORM_TOKEN.test(token))
        throw notFound;
      const row = await deps.readPool.maybeOne(sql.type(FormRow)`
        select r.id::text as id, ${column('title')} as title, ${column('description')} as description,
               ${column('token')} as token, ${column('isSubscriptionForm')} as is_subscription_form,
               ${column('allowNoOrganization')} as allow_no_organization, ${column('allowMessage')} as allow_message,
               ${column('onlyOneInput')} as only_one_input, ${column('isOffline')} as is_offline,
               ${column('isCaptchaProtected')} as is_captcha_protected, ${column('country')} as country,
               to_char(${column('expiresAt')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at,
               ${column('defaultJob')}::text as default_job
          from ${reader.table} r
         where r.id = ${id} and r.deleted_at is null`);
      const given = Buffer.from(token);
      const own = Buffer.from(row?.token ?? '');
      if (!row || own.length !== given.length || !timingSafeEqual(own, given)) throw notFound;
      const now = deps.clock();
      const closed = row.is_offline
        ? 'offline'
        : row.expires_at !== null && new Date(row.expires_at).getTime() <= now.getTime()
          ? 'expired'
          : null;
      const document: PublicLightUserForm = {
        data: {
          type: 'light-user-forms',
          id: row.id,
          attributes: {
            title: row.title,
            description: row.description,
            isSubscriptionForm: row.is_subscription_form,
            allowNoOrganization: row.allow_no_organization,
            allowMessage: row.allow_message,
            onlyOneInput: row.only_one_input,
            country: row.country,
            expiresAt: row.expires_at,
            closed,
            defaultJob: row.default_job,
            captcha:
              row.is_captcha_protected && closed === null
                ? await createCaptcha(options.keys, row.id, now)
                : null,
          },
        },
      };
      res.set('Cache-Control', 'private, no-store').set('Referrer-Policy', 'no-referrer').json(document);
    });
    return router;
  };
}
