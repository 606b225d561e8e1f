import type { Logger } from 'pino';
import { seedClient } from './client.ts';

/**
 * The demo site's newsletter (seed 001 §3 "mailing-template"): one letter written by the back office, pointing to
 * the demo articles in the order it shows them, previewed at /services/newsletters/preview/{id}. Written by the
 * machine credential with an Idempotency-Key, so running it again appends nothing. Its articles are those the demo
 * community seeded (none when the articles feature is off: the letter then has its texts alone).
 */

const KEY = 'seed:newsletters';

export const demoNewsletter = {
  subject: 'News from the community: switches, keyguards and homes',
  introText:
    '<p>Three guides written by members this season, for those who start with switch access, print their own ' +
    'keyguards or adapt a home.</p>',
  outroText:
    '<p>Equipment to try before choosing it? The rental service lends it for a few weeks. See you next month.</p>',
  /** the demo articles it points to, by their seed keys, in the letter's order */
  articles: ['first-switch', 'printed-keyguard', 'home-adaptations'],
} as const;

export async function seedDemoNewsletters(options: {
  baseUrl: string;
  adminToken: string;
  logger: Logger;
  /** the demo articles' ids by their seed keys */
  articles: ReadonlyMap<string, string>;
}): Promise<string> {
  const admin = seedClient(options.baseUrl, options.adminToken);
  const { articles: keys, ...attributes } = demoNewsletter;
  const ids = keys.flatMap((key) => (options.articles.has(key) ? [options.articles.get(key)!] : []));
  const type = 'mailing-templates';
  const { id } = await admin.command(
    'POST',
    `/${type}`,
    {
      data: {
        type,
        attributes,
        relationships: { articles: { data: ids.map((article) => ({ type: 'articles', id: article })) } },
      },
    },
    `${KEY}:letter`,
  );
  options.logger.info({ articles: ids.length }, 'demo newsletter seeded');
  return id;
}

/**
 * The demo newsletter sent once to the demo contacts subscribed (ADR 0065), so the back office shows a sending
 * and the letters are in the dev mailbox (demo addresses are on demo.example, which takes no mail). Asked after the
 * contacts' read model has reached `contactsAt` (the sending counts its readers there); its Idempotency-Key makes a
 * second seeding answer as the first.
 */
export async function sendDemoNewsletter(options: {
  baseUrl: string;
  adminToken: string;
  logger: Logger;
  newsletter: string;
  contactsAt: string;
}): Promise<void> {
  const admin = seedClient(options.baseUrl, options.adminToken);
  await admin.get(`/light-users?page[size]=1&minPosition=${options.contactsAt}`);
  const sending = await admin.command(
    'POST',
    `/services/newsletters/${options.newsletter}/send`,
    undefined,
    `${KEY}:send`,
  );
  // the platform's job writes the letters in the background: the seeding ends once they went (the template's
  // lastSentAt is the sending's last write), so nothing of it is still being written after the seeding's marker
  for (let waited = 0; waited < SENT_WAIT_MS; waited += SENT_POLL_MS) {
    const letter = (await admin.get(
      `/mailing-templates/${options.newsletter}?minPosition=${sending.position}`,
    )) as {
      data: { attributes: { lastSentAt: string | null } };
    };
    if (letter.data.attributes.lastSentAt !== null) {
      options.logger.info({ sending: sending.id }, 'demo newsletter sent');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, SENT_POLL_MS));
  }
  // a platform whose jobs run elsewhere (a split deployment) sends it when they do
  options.logger.warn({ sending: sending.id }, 'demo newsletter asked; its letters go when the jobs run');
}

/** How long the seeding waits for the demo newsletter's letters, looking every SENT_POLL_MS. */
const SENT_WAIT_MS = 60_000;
const SENT_POLL_MS = 100;
