import type { NewsletterSentData } from '@platform/contracts/newsletters/sending';
import type { ResourceProjectionExtension } from '../resources/projection.ts';

/**
 * A sending's end in the mailing templates' projection (ADR 0065): the template's computed `lastSentAt` is when
 * its last sending went to its last recipient (NewsletterSent, on the template's own stream).
 */
export const newsletterSentExtension: ResourceProjectionExtension = {
  eventTypes: ['NewsletterSent'],
  async apply(tx, event, table) {
    const data = event.data as NewsletterSentData;
    await tx`
      update ${tx(table)}
         set last_sent_at = greatest(last_sent_at, ${event.metadata.recordedAt}::timestamptz),
             version = ${event.streamVersion.toString()}
       where id = ${data.templateId}`;
  },
};
