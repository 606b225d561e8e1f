import { z } from 'zod/v4';
import { LOCALES } from '../enums.ts';
import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { LIGHT_USER_FORM_TOKEN, lightUserFormInputFields, UtmSchema } from './records.ts';

/**
 * The captcha of a light-user form (ALTCHA's proof of work, ADR 0060): the challenge the form's page is given, as
 * the server signed it, and what the visitor's browser found. The server alone checks it (its signature, its
 * form, its expiry, the solution).
 */
export const CaptchaChallengeSchema = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string().max(200),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

export const CaptchaPayloadSchema = z.object({
  challenge: CaptchaChallengeSchema,
  solution: z.object({
    counter: z
      .number()
      .int()
      .min(0)
      .max(2 ** 32 - 1),
    derivedKey: z.string().regex(/^[0-9a-f]{2,256}$/),
    time: z.number().optional(),
  }),
});
export type CaptchaPayload = z.infer<typeof CaptchaPayloadSchema>;

/** Why a form takes nothing now: the back office put it offline, or its date has passed. */
export const LIGHT_USER_FORM_CLOSED_REASONS = ['offline', 'expired'] as const;
export type LightUserFormClosedReason = (typeof LIGHT_USER_FORM_CLOSED_REASONS)[number];

/**
 * A light-user form as its page shows it to a visitor who has its link (GET /services/forms/{id}?t={token}): what
 * it asks and whether it is open. Never the back office's note, tags or notified users.
 */
export const PublicLightUserFormSchema = z.object({
  data: z.object({
    type: z.literal('light-user-forms'),
    id: z.string(),
    attributes: z.object({
      title: z.string(),
      description: z.string().nullable(),
      isSubscriptionForm: z.boolean(),
      allowNoOrganization: z.boolean(),
      allowMessage: z.boolean(),
      onlyOneInput: z.boolean(),
      country: z.string().nullable(),
      expiresAt: z.string().nullable(),
      /** null: open; otherwise why it takes nothing */
      closed: z.enum(LIGHT_USER_FORM_CLOSED_REASONS).nullable(),
      /** the job the form proposes first (its defaultJob), or null */
      defaultJob: z.string().nullable(),
      /** a fresh challenge for the visitor's browser to solve (null: the form asks none, or is closed) */
      captcha: CaptchaChallengeSchema.nullable(),
    }),
  }),
});
export type PublicLightUserForm = z.infer<typeof PublicLightUserFormSchema>;

/** What a visitor sends: the form's token, the captcha's solution, what they wrote, their job. */
export const LightUserFormInputBodySchema = z.object({
  data: z.object({
    type: z.literal('light-user-form-inputs'),
    attributes: z.object({
      token: z.string().regex(LIGHT_USER_FORM_TOKEN, 'The link of this form is not valid'),
      captcha: CaptchaPayloadSchema.nullable().default(null),
      ...lightUserFormInputFields,
      locale: z.enum(LOCALES).nullable().default(null),
      utm: UtmSchema.nullable().default(null),
    }),
    relationships: z
      .object({
        userJob: z
          .object({ data: z.object({ type: z.literal('jobs'), id: z.string().min(1).max(64) }).nullable() })
          .optional(),
      })
      .default({}),
  }),
});
export type LightUserFormInputBody = z.input<typeof LightUserFormInputBodySchema>;

/** The public light-user form's calls (seed 001 §2: /services/forms/{id}?t={token}). */
export const contactEndpoints = {
  /** the form as its page shows it, with a fresh captcha challenge; the token in `?t=` (404 without the right one) */
  form: defineEndpoint({
    method: 'GET',
    path: '/services/forms/:id',
    response: PublicLightUserFormSchema,
  }),
  /** 201 `{ data: { type: 'light-user-form-inputs', id } }`: decided on the form's stream */
  submit: defineEndpoint({
    method: 'POST',
    path: '/services/forms/:id/inputs',
    body: LightUserFormInputBodySchema,
    anonymous: true,
  }),
  /**
   * the back office handles an input (seed 001 §3 handledAt, createdLightUser, matchingLightUser): the contact
   * that had its e-mail address is kept (and told of the subscription the input asked), or one is made from it;
   * the input is marked handled, naming it. 201 `{ data: { type: 'light-users', id }, meta: { position, created } }`;
   * an input handled already: 409 conflict.input_handled
   */
  handleInput: defineEndpoint({
    method: 'POST',
    path: '/services/light-user-form-inputs/:id/handle',
  }),
} satisfies Record<string, AnyEndpoint>;
