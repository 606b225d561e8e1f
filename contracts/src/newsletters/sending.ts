import { z } from 'zod/v4';
import { defineEvent, type EventContract } from '../event-contracts.ts';
import { APP_ADMINS } from '../resources/access.ts';
import { defineResource } from '../resources/definition.ts';

const count = z.number().int().min(0).default(0);
const instant = z.string().datetime({ offset: true });

/**
 * One sending of a newsletter (ADR 0065; seed 001 §7: "newsletter sending: not shown"): a mailing template sent to
 * the contacts subscribed to the newsletters, asked by the back office (POST /services/newsletters/{id}/send) and
 * carried out by the platform's job (`newsletters.deliver`), which writes every attribute:
 *
 * - `recipientsCount`: the contacts subscribed when it was asked;
 * - `deliveredCount`: the letters handed to the mail server so far (its progress), `failedCount` those it refused;
 * - `lastRecipientId`: the last contact written to, in the order of their ids, where the job goes on after a
 *   restart;
 * - `finishedAt`: when the last letter went (then the template's `lastSentAt`).
 *
 * Its id is drawn from the template and the template's version, so one version of a letter is sent once
 * (409 conflict.newsletter_already_sent); a change to the letter makes another version, which may be sent.
 * The back office reads them (the history of a template's sendings); nobody writes them through the API.
 */
export const newsletterSendingResource = defineResource({
  type: 'newsletter-sendings',
  singular: 'newsletter-sending',
  category: 'newslettersending',
  eventPrefix: 'NewsletterSending',
  module: 'newsletters',
  feature: 'contacts',
  menu: { group: 'contacts', icon: 'outbox' },
  attributes: z.object({
    recipientsCount: count,
    deliveredCount: count,
    failedCount: count,
    lastRecipientId: z.uuid().nullable().default(null),
    finishedAt: instant.nullable().default(null),
  }),
  relationships: {
    // a template's sendings are read newest first on its screen
    mailingTemplate: { type: 'mailing-templates', required: true, immutable: true, sortedIndex: true },
  },
  fieldAccess: {
    recipientsCount: { write: 'nobody' },
    deliveredCount: { write: 'nobody' },
    failedCount: { write: 'nobody' },
    lastRecipientId: { write: 'nobody', read: APP_ADMINS },
    finishedAt: { write: 'nobody' },
  },
  access: {
    see: APP_ADMINS,
    index: APP_ADMINS,
    show: APP_ADMINS,
    // asked through POST /services/newsletters/{id}/send, under the template's own `update` rule; never changed
    // nor deleted by people: the back office's record of what went to whom
  },
  listFilters: { finished: { kind: 'present', attributes: ['finishedAt'] } },
  sorts: ['finishedAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
});

/**
 * A sending went to its last recipient: appended to the template's own stream by the platform's job, so the
 * template's history says when it was sent and to how many, and its projection keeps `lastSentAt`.
 */
export const NewsletterSent = defineEvent(
  'NewsletterSent',
  z.object({
    templateId: z.uuid(),
    sendingId: z.uuid(),
    deliveredCount: z.number().int().min(0),
    failedCount: z.number().int().min(0),
  }),
);
export type NewsletterSentData = z.infer<typeof NewsletterSent.schema>;

export const newsletterEventContracts: EventContract[] = [NewsletterSent];
