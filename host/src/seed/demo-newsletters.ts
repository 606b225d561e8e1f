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
