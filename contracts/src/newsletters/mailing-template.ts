import { z } from 'zod/v4';
import { APP_ADMINS_ONLY } from '../resources/access.ts';
import { defineResource } from '../resources/definition.ts';
import { richText } from '../resources/fields.ts';
import { file } from '../resources/files.ts';

/** Where a newsletter is previewed as its readers would get it (seed 000 §2, seed 001 §2). */
export const newsletterPreviewPath = (id: string) => `/api/v1/services/newsletters/preview/${id}`;

/**
 * A newsletter (seed 001 §3 "mailing-template": subject, introText, articles (list), outroText, lastSentAt
 * (read-only), image, attachments; "it has an article count"): the letter the back office writes, an introduction,
 * the site's articles it points to in their order, a closing text, an image on top and files attached. Previewed
 * at /services/newsletters/preview/{id} as one HTML page, the letter as sent; the sending itself is not in the
 * seed (`lastSentAt` stays empty until a sender keeps it).
 */
export const mailingTemplateResource = defineResource({
  type: 'mailing-templates',
  singular: 'mailing-template',
  category: 'mailingtemplate',
  eventPrefix: 'MailingTemplate',
  module: 'newsletters',
  menu: { group: 'contacts', icon: 'forward_to_inbox' },
  attributes: z.object({
    subject: z.string().trim().min(1).max(255),
    introText: richText(z.string().max(20_000).nullable().default(null)),
    outroText: richText(z.string().max(20_000).nullable().default(null)),
  }),
  relationships: {
    // the site's articles, in the order the letter shows them
    articles: { type: 'articles', many: true },
    image: file({ family: 'image' }),
    attachments: file({ family: ['doc', 'image'], many: true }),
  },
  computed: { lastSentAt: 'datetime' },
  softDeletable: true,
  access: APP_ADMINS_ONLY,
  search: ['subject'],
  sorts: ['subject'],
  defaultSort: { field: 'updatedAt', direction: 'desc' },
  title: 'subject',
});
