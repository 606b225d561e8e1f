import { z } from 'zod/v4';
import { CaptchaChallengeSchema, CaptchaPayloadSchema } from '../contacts/endpoints.ts';
import { LOCALES } from '../enums.ts';
import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { FORM_RESPONSE_TOKEN } from './records.ts';
import { FORM_DATA_TYPES, FORM_FIELD_TYPES, FormAnswersSchema, FormFieldConfigSchema } from './rules.ts';

/** Whether a form takes responses now (seed 001 §4): open, not open yet (openAt ahead) or closed (closeAt past). */
export const FORM_STATES = ['open', 'notYetOpen', 'closed'] as const;

const FieldSchema = z.object({
  id: z.string(),
  position: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  required: z.boolean(),
  fieldType: z.enum(FORM_FIELD_TYPES),
  dataType: z.enum(FORM_DATA_TYPES).nullable(),
  config: FormFieldConfigSchema,
});

/**
 * An advanced form as its page shows it (GET /services/aforms/{id}): its title and description (its first
 * field's), its pages, whether it takes responses, and a fresh captcha challenge where it asks one and is open.
 * Never its workflows, its name in the back office, nor anyone's answers.
 */
export const PublicAdvancedFormSchema = z.object({
  data: z.object({
    type: z.literal('forms'),
    id: z.string(),
    attributes: z.object({
      title: z.string().nullable(),
      description: z.string().nullable(),
      state: z.enum(FORM_STATES),
      openAt: z.string().nullable(),
      closeAt: z.string().nullable(),
      captcha: CaptchaChallengeSchema.nullable(),
      sections: z.array(
        z.object({
          id: z.string().nullable(),
          title: z.string().nullable(),
          description: z.string().nullable(),
          fields: z.array(FieldSchema),
        }),
      ),
    }),
  }),
});
export type PublicAdvancedForm = z.infer<typeof PublicAdvancedFormSchema>;

/** A response as its page reads it back by its token (to come back to it): its answers, its page, whether ended. */
export const PublicFormResponseSchema = z.object({
  data: z.object({
    type: z.literal('form-responses'),
    id: z.string(),
    attributes: z.object({
      answers: FormAnswersSchema,
      section: z.number(),
      endedAt: z.string().nullable(),
    }),
  }),
});
export type PublicFormResponse = z.infer<typeof PublicFormResponseSchema>;

/** Starting a response: the captcha's solution (where the form asks one) and the reader's language. */
export const StartFormResponseBodySchema = z.object({
  data: z.object({
    type: z.literal('form-responses'),
    attributes: z
      .object({
        captcha: CaptchaPayloadSchema.nullable().default(null),
        locale: z.enum(LOCALES).nullable().default(null),
      })
      .default({ captcha: null, locale: null }),
  }),
});
export type StartFormResponseBody = z.input<typeof StartFormResponseBodySchema>;

/** The answer to a start: the response's id, and its token, which the page's address carries from then on. */
export const StartedFormResponseSchema = z.object({
  data: z.object({ type: z.literal('form-responses'), id: z.string() }),
  meta: z.object({ token: z.string().regex(FORM_RESPONSE_TOKEN), position: z.string() }),
});
export type StartedFormResponse = z.infer<typeof StartedFormResponseSchema>;

/** One page's answers, by field id. */
export const SaveFormSectionBodySchema = z.object({
  data: z.object({
    type: z.literal('form-responses'),
    attributes: z.object({ answers: FormAnswersSchema }),
  }),
});
export type SaveFormSectionBody = z.input<typeof SaveFormSectionBodySchema>;

/**
 * The advanced form's page (seed 000 §2: /services/aforms/{form}/{token optional}/{section optional}) and its calls.
 * The page's sections are numbered from 1 in its address and from 0 in the calls.
 */
export const advancedFormEndpoints = {
  form: defineEndpoint({ method: 'GET', path: '/services/aforms/:id', response: PublicAdvancedFormSchema }),
  /** a response by its token: 404 for any token that is not one of this form's */
  response: defineEndpoint({
    method: 'GET',
    path: '/services/aforms/:id/responses/:token',
    response: PublicFormResponseSchema,
  }),
  /** 201 with the token; the captcha checked and used once; 409 outside the form's dates */
  start: defineEndpoint({
    method: 'POST',
    path: '/services/aforms/:id/responses',
    body: StartFormResponseBodySchema,
    response: StartedFormResponseSchema,
    anonymous: true,
  }),
  /** a page's answers checked and kept (422 on /data/attributes/answers/{fieldId}); 409 once ended */
  saveSection: defineEndpoint({
    method: 'PUT',
    path: '/services/aforms/:id/responses/:token/sections/:section',
    body: SaveFormSectionBodySchema,
    anonymous: true,
  }),
  /** the response ended: every required question answered (422 on the missing ones), then the workflows run */
  end: defineEndpoint({
    method: 'POST',
    path: '/services/aforms/:id/responses/:token/end',
    anonymous: true,
  }),
} satisfies Record<string, AnyEndpoint>;
