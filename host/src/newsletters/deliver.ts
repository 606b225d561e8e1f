import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Sql } from 'postgres';
import type { DatabasePool } from 'slonik';
import { lightUserResource } from '@platform/contracts/contacts/records';
import { LOCALES, type Locale } from '@platform/contracts/enums';
import type { EventContractRegistry } from '@platform/contracts/event-contracts';
import { systemActor } from '@platform/contracts/metadata';
import {
  contactOneClickUnsubscribePath,
  contactUnsubscribePath,
} from '@platform/contracts/newsletters/endpoints';
import { mailingTemplateResource } from '@platform/contracts/newsletters/mailing-template';
import { newsletterSendingResource, type NewsletterSentData } from '@platform/contracts/newsletters/sending';
import {
  evolveResource,
  initialResourceState,
  type ResourceState,
} from '@platform/contracts/resources/state';
import type { Command, Decider, DomainEvent } from '@platform/command-api/decider';
import { handleCommand } from '@platform/command-api/handler';
import type { Clock } from '@platform/command-api/http/metadata';
import { resourceDecider } from '@platform/command-api/resources/decide';
import type { EventStore } from '@platform/infra/event-store';
import { loadState } from '@platform/infra/event-store';
import { anonymousViewer } from '@platform/infra/http/viewer';
import type { Mailer } from '@platform/infra/mail/mailer';
import type { UnsubscribeSigner } from '@platform/infra/mail/unsubscribe';
import { resourceColumn, resourceTable } from '@platform/infra/resources/table';
import {
  newsletterPreviewHtml,
  newsletterText,
  type NewsletterPreviewData,
} from '@platform/query-api/newsletters/preview';
import type { LetterReader } from '@platform/query-api/newsletters/preview-routes';
import { timedJob } from '../timed-job.ts';

/** How often the job looks for sendings to carry out when it has none. */
export const DELIVER_EVERY_MS = 2_000;
/** Letters per step: the progress is written after each, and at most this many go twice after a crash. */
export const DELIVER_BATCH = 20;

export interface NewsletterDeliveryDeps {
  sql: Sql;
  readPool: DatabasePool;
  eventStore: EventStore;
  contracts: EventContractRegistry;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  letters: LetterReader;
  signer: UnsubscribeSigner;
  publicUrl: string;
  defaultLocale: Locale;
  everyMs?: number;
}

interface Recipient {
  contact_id: string;
  email: string;
  locale: string | null;
}

/** The template's stream as the end of a sending sees it: the record alone; the NewsletterSent appended once. */
function newsletterSentDecider(
  templateId: string,
): Decider<Command<'MarkSent', NewsletterSentData>, DomainEvent, ResourceState> {
  return {
    initialState: initialResourceState,
    evolve: (state, event) => evolveResource(mailingTemplateResource, state, event),
    decide: (command) => {
      if (command.data.templateId !== templateId) throw new Error('another template');
      return [{ type: 'NewsletterSent', data: command.data }];
    },
  };
}

/**
 * The newsletters' job (`newsletters.deliver`, ADR 0065): carries out the sendings the back office asked, one step
 * at a time. A step reads the sending's progress from its own stream (never the read model, which may lag), the
 * next DELIVER_BATCH contacts still subscribed (created before the sending was asked, in the order of their ids,
 * after the last one written to), and writes each the letter in their language (the template read as a visitor
 * reads it: only what anyone may open goes out), with their own unsubscribe link in the letter, in its text and
 * in the List-Unsubscribe header. Then the progress is written on the sending's stream as the platform, under a
 * key drawn from the sending and where the step began, so a second process's step is refused. The last step
 * marks the sending finished and appends NewsletterSent to the template's stream (its lastSentAt).
 *
 * A letter the mail server refuses is counted as failed and the step goes on; a step whose every letter is
 * refused (the server is down) writes nothing and is tried again at the next pass. A crash between the letters
 * and the progress sends that step's letters again: mail is not transactional, and the step is small.
 */
export function newsletterDelivery(deps: NewsletterDeliveryDeps) {
  const { sql, eventStore, contracts, clock, logger, mailer, letters, signer } = deps;
  const base = deps.publicUrl.replace(/\/+$/, '');
  const sendings = resourceTable(newsletterSendingResource);
  const templateColumn = sendings.relationships.find((r) => r.name === 'mailingTemplate')!.column;
  const finishedAt = resourceColumn(newsletterSendingResource, 'finishedAt');
  const contacts = resourceTable(lightUserResource).table;
  const contact = (name: string) => resourceColumn(lightUserResource, name);

  async function step(sendingId: string, templateId: string, askedAt: Date): Promise<number> {
    const { state } = await loadState(
      eventStore,
      newsletterSendingResource.streamId(sendingId),
      resourceDecider(newsletterSendingResource, sendingId),
    );
    if (state.status !== 'active' || state.attributes.finishedAt != null) return 0;
    const progress = state.attributes as {
      deliveredCount: number;
      failedCount: number;
      lastRecipientId: string | null;
    };
    const after = progress.lastRecipientId;
    // ordered by the uuid column itself (its primary key's order), so the step reads the next DELIVER_BATCH rows
    // from the last one written to and stops: the text of the id would sort every remaining contact first
    const recipients = await sql<Recipient[]>`
      select c.id::text as contact_id, ${sql(['c', contact('email')].join('.'))} as email,
             ${sql(['c', contact('locale')].join('.'))} as locale
        from ${sql('read')}.${sql(contacts)} c
       where ${sql(['c', contact('hasMailSubscription')].join('.'))} and c.deleted_at is null
         and c.created_at <= ${askedAt}
             ${after ? sql`and c.id > ${after}::uuid` : sql``}
       order by c.id
       limit ${DELIVER_BATCH}`;

    const byLocale = new Map<Locale, NewsletterPreviewData | null>();
    const letterIn = async (locale: Locale) => {
      if (!byLocale.has(locale))
        byLocale.set(
          locale,
          await letters.read(deps, anonymousViewer, templateId, locale, { template: 'any' }),
        );
      return byLocale.get(locale)!;
    };

    let delivered = 0;
    let failed = 0;
    let gone = false;
    for (const recipient of recipients) {
      const locale = (LOCALES as readonly string[]).includes(recipient.locale ?? '')
        ? (recipient.locale as Locale)
        : deps.defaultLocale;
      const letter = await letterIn(locale);
      if (!letter) {
        gone = true;
        break;
      }
      const signature = signer.contact(recipient.contact_id);
      const unsubscribeUrl = `${base}${contactUnsubscribePath(recipient.contact_id, signature)}`;
      const data = { ...letter, unsubscribeUrl };
      try {
        await mailer.send({
          to: recipient.email,
          subject: letter.subject,
          html: newsletterPreviewHtml(data),
          text: newsletterText(data),
          // the one-click way out mail providers offer (RFC 8058), and the page for those who open the address
          headers: {
            'List-Unsubscribe': `<${base}${contactOneClickUnsubscribePath(recipient.contact_id, signature)}>, <${unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        });
        delivered++;
      } catch (error) {
        failed++;
        logger.warn({ err: error, sendingId, contactId: recipient.contact_id }, 'newsletter letter refused');
      }
    }
    if (recipients.length && !delivered && failed === recipients.length)
      throw new Error(`no letter of sending ${sendingId} was accepted; tried again at the next pass`);

    const last = gone ? after : (recipients[recipients.length - 1]?.contact_id ?? after);
    const finished = gone || recipients.length < DELIVER_BATCH;
    const pass = randomUUID();
    const metadata = { now: clock(), actor: systemActor, correlationId: pass, causationId: pass };
    const stepKey = `deliver:${sendingId}:${after ?? 'start'}`;
    const deliveredCount = progress.deliveredCount + delivered;
    const failedCount = progress.failedCount + failed;
    await handleCommand(
      { eventStore, contracts },
      {
        streamId: newsletterSendingResource.streamId(sendingId),
        decider: resourceDecider(newsletterSendingResource, sendingId),
        command: {
          type: 'UpdateResource',
          data: {
            id: sendingId,
            attributes: {
              deliveredCount,
              failedCount,
              lastRecipientId: last,
              ...(finished ? { finishedAt: clock().toISOString() } : {}),
            },
            relationships: {},
          },
          metadata,
        },
        idempotencyKey: stepKey,
      },
    );
    if (finished)
      await handleCommand(
        { eventStore, contracts },
        {
          streamId: mailingTemplateResource.streamId(templateId),
          decider: newsletterSentDecider(templateId),
          command: {
            type: 'MarkSent',
            data: { templateId, sendingId, deliveredCount, failedCount },
            metadata,
          },
          idempotencyKey: `deliver:${sendingId}:sent`,
        },
      );
    return delivered + failed;
  }

  async function run(): Promise<number> {
    const open = await sql<{ id: string; template_id: string; created_at: Date }[]>`
      select id::text, ${sql(templateColumn)}::text as template_id, created_at
        from ${sql('read')}.${sql(sendings.table)}
       where ${sql(finishedAt)} is null
       order by created_at, id
       limit 10`;
    let done = 0;
    for (const sending of open) done += await step(sending.id, sending.template_id, sending.created_at);
    return done;
  }

  return timedJob({
    name: 'newsletters.deliver',
    logger,
    failure: 'the newsletters could not be delivered',
    run,
    batch: DELIVER_BATCH,
    nextDelay: async () => deps.everyMs ?? DELIVER_EVERY_MS,
    everyMs: deps.everyMs ?? DELIVER_EVERY_MS,
  });
}
