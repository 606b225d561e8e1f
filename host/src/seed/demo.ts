import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { handleCommand } from '@platform/command-api/handler';
import type { EventContractRegistry } from '@platform/contracts/event-contracts';
import { systemActor } from '@platform/contracts/metadata';
import { DEMO_SEED_STREAM } from '@platform/contracts/seed/events';
import { loadState, type EventStore } from '@platform/infra/event-store';
import { readModelsAt, seedClient } from './client.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoCommunity } from './demo-community.ts';
import type { DemoFeatures } from './demo-content.ts';
import { DEMO_EQLAAT_MEMBER, seedDemoEqlaat } from './demo-eqlaat.ts';
import { DEMO_ACCOUNT_HOLDER, seedDemoAccounting } from './demo-accounting.ts';
import { seedDemoContacts } from './demo-contacts.ts';
import { seedDemoSoftware } from './demo-software.ts';
import { DEMO_FORMS_ADMIN, seedDemoForms } from './demo-forms.ts';
import { seedDemoAac } from './demo-aac.ts';
import { seedDemoNewsletters, sendDemoNewsletter } from './demo-newsletters.ts';
import { seedDemoOpenBadgeAssertion } from './demo-open-badge-assertion.ts';
import { seedDemoOpenBadges } from './demo-open-badges.ts';
import { seedDemoRental } from './demo-rental.ts';
import { seedDemoRentalCommands } from './demo-rental-commands.ts';
import { seedDemoSite } from './demo-site.ts';
import { seedDemoTrainings } from './demo-trainings.ts';
import { seedDemoSurveys } from './demo-surveys.ts';
import { demoSeedDecider, isSeeded, type DemoSeedCommand } from './progress.ts';

/** Raise it when the demo content grows: a site seeded by an earlier version is topped up on its next start. */
// 3: the open badges (their issuer threshold, issuer member and badges); 4: an awarded assertion; 5: the open
// badges' page and its menu entry; 6: the rental models' images and rental commands of the demo members in several
// states; 7: the community (issue 21): articles, blog posts, events, repository, forum, likes, a comment, a pending
// publication request, and their pages and menu entries; 8: the trainings (issue 23): resource themes and types,
// training resources with reviews, an open request, a training with two sessions; and an open survey on the home page;
// 9: the trainings' pages (training resources, requests, trainings) and their menu entries; 10: the open badges'
// images; 11: the eqlaat team's records: project categories, patients' projects with their steps, appointments in
// the week of the seeding and the next, a report; 12: a demo member's account: movements and two documents; a
// newsletter pointing to three articles; 13: the contacts: a contact, a fair's contact form and two visitors' inputs,
// one handled into a contact; 14: the software catalogue: declared events, two services, two installations' reports
// over the last days, a demo member's authorization and association; 15: the advanced forms: a survey of three pages
// behind its captcha, a workflow telling the demo administrator, two visitors' ended responses and one in progress;
// 16: the AAC products catalogue: its lists, four published products, a member's contribution, its page; 17: the
// newsletter sent to the subscribed contacts; 18: the advanced form's workflow sending each respondent a copy of their
// answers
export const DEMO_CONTENT_VERSION = 18;

/** the demo account that keeps the demo stock: the rental administrator */
const DEMO_RENTAL_KEEPER = 'rental-admin@demo.example';

export interface DemoSeedDeps {
  eventStore: EventStore;
  contracts: EventContractRegistry;
  baseUrl: string;
  /**
   * the address users open (PUBLIC_URL, the accounts' publicUrl): the demo assertion's jsonURL and imageURL are
   * under it, as an award's are, not under baseUrl (the local address the seeding calls the API at)
   */
  publicUrl: string;
  adminToken: string;
  logger: Logger;
  clock?: () => Date;
  /**
   * the features the site serves (FEATURE_RENTAL, FEATURE_OPEN_BADGES, FEATURE_ARTICLES, ...): what a feature
   * serves is seeded when it is on (default)
   */
  features?: DemoFeatures;
}

export type DemoSeedOutcome = 'seeded' | 'already-seeded' | 'not-a-demo-site';

/**
 * Seeds the demo site and accounts on a new site, and finishes a seeding an earlier start began: the seed
 * stream records when a seeding began and when it was completed, and every seeding command carries an
 * Idempotency-Key, so running them all again appends only what an interrupted run had not. A site that already
 * had pages before any seeding began is not a demo site and is left alone.
 */
export async function seedDemo(deps: DemoSeedDeps): Promise<DemoSeedOutcome> {
  const { eventStore, logger } = deps;
  const state = await readSeedState(eventStore);
  if (isSeeded(state, DEMO_CONTENT_VERSION)) return 'already-seeded';
  if (state.status === 'none') {
    const home = await seedClient(deps.baseUrl, deps.adminToken).get(
      '/app-pages?page[size]=1&filter[path]=/',
    );
    if (Array.isArray(home.data) && home.data.length > 0) {
      logger.info('the site has pages of its own: the demo content is not seeded');
      return 'not-a-demo-site';
    }
  } else if (state.status === 'started') {
    logger.info('completing the demo seeding an earlier start began');
  }

  await record(deps, 'BeginDemoSeed');
  await seedDemoSite(deps);
  const accounts = await seedDemoAccounts(deps);
  // the demo accounts' roles and levels as written: the members' sessions below are read at this position. The last
  // event committed, not headPosition(): that one stops below the oldest transaction running anywhere on the
  // database server (a projector's, another site's), so it may name an event before the grants, and the sessions
  // would be read before them (refused what their roles allow)
  const grantedAt = String(await deps.eventStore.lastCommittedPosition());
  await readModelsAt(seedClient(deps.baseUrl, deps.adminToken), grantedAt);
  if (deps.features?.rental !== false) {
    const catalogue = await seedDemoRental({ ...deps, keepers: [accounts.get(DEMO_RENTAL_KEEPER)!] });
    await seedDemoRentalCommands({ ...deps, ...catalogue });
  }
  if (deps.features?.openBadges !== false) {
    const badges = await seedDemoOpenBadges({ ...deps, accounts });
    await seedDemoOpenBadgeAssertion({ ...deps, accounts, badges });
  }
  const community = await seedDemoCommunity({ ...deps, grantedAt });
  if (deps.features?.trainings !== false) await seedDemoTrainings({ ...deps, grantedAt });
  if (deps.features?.eqlaat !== false)
    await seedDemoEqlaat({ ...deps, grantedAt, member: accounts.get(DEMO_EQLAAT_MEMBER)! });
  if (deps.features?.surveys !== false) await seedDemoSurveys(deps);
  const newsletter = await seedDemoNewsletters({ ...deps, articles: community.articles });
  if (deps.features?.contacts !== false) {
    const contactsAt = await seedDemoContacts({ ...deps, newsletter });
    await sendDemoNewsletter({ ...deps, newsletter, contactsAt });
  }
  if (deps.features?.software !== false)
    await seedDemoSoftware({ ...deps, now: deps.clock ?? (() => new Date()), grantedAt });
  if (deps.features?.forms !== false)
    await seedDemoForms({ ...deps, notify: accounts.get(DEMO_FORMS_ADMIN)! });
  if (deps.features?.aacProducts !== false) await seedDemoAac(deps);
  const accounting = {
    transactions: deps.features?.transactions !== false,
    documents: deps.features?.documents !== false,
  };
  if (accounting.transactions || accounting.documents)
    await seedDemoAccounting({ ...deps, holder: accounts.get(DEMO_ACCOUNT_HOLDER)!, features: accounting });
  await record(deps, 'CompleteDemoSeed');
  return 'seeded';
}

async function readSeedState(eventStore: EventStore) {
  return (await loadState(eventStore, DEMO_SEED_STREAM, demoSeedDecider)).state;
}

async function record(deps: DemoSeedDeps, type: DemoSeedCommand['type']) {
  const id = randomUUID();
  await handleCommand(
    { eventStore: deps.eventStore, contracts: deps.contracts },
    {
      streamId: DEMO_SEED_STREAM,
      decider: demoSeedDecider,
      command: {
        type,
        data: { version: DEMO_CONTENT_VERSION },
        metadata: {
          now: (deps.clock ?? (() => new Date()))(),
          actor: systemActor,
          correlationId: id,
          causationId: id,
        },
      },
    },
  );
}
