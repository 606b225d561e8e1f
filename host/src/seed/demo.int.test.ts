import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';
import { capturedLogger, TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import { DEMO_PASSWORD, demoAccounts } from './demo-accounts.ts';
import {
  demoArticles,
  demoBlogPosts,
  demoEvents,
  demoPendingBlogPost,
  demoRepositoryItems,
  demoSubjects,
  seedDemoCommunity,
} from './demo-community.ts';
import { DEMO_OPEN_BADGES_PATH, demoCommunityPages } from './demo-content.ts';
import { DEMO_OPEN_BADGE_ASSERTION_ID } from './demo-open-badge-assertion.ts';
import { demoOpenBadgeId } from './demo-open-badges.ts';
import { demoRentalCommands } from './demo-rental-commands.ts';
import { demoRentalModels } from './demo-rental.ts';
import {
  demoTraining,
  demoTrainingRequest,
  demoTrainingResources,
  seedDemoTrainings,
} from './demo-trainings.ts';
import { seedDemo } from './demo.ts';
import { demoSurvey } from './demo-surveys.ts';
import { demoNewsletter } from './demo-newsletters.ts';

let app: AccountsTestApp;

/**
 * Every event the site has stored. Not the event store's head: that is what a reader may pass, below the oldest
 * transaction running anywhere on the server, so another test file's transaction can move it between two reads.
 */
const storedEvents = async (site: AccountsTestApp): Promise<number> => {
  const [row] = await site.platform.sql<{ n: string }[]>`select count(*)::text as n from es_events`;
  return Number(row?.n);
};

/** The events a run appended beyond the demo accounts' sign-ins (a run signs its authors in again). */
const seededEvents = async (site: AccountsTestApp): Promise<number> => {
  const [row] = await site.platform.sql<{ n: string }[]>`
    select count(*)::text as n from es_events where event_type <> 'UserSignedIn'`;
  return Number(row?.n);
};

/** The latest event stored: every seeding command was answered, so a read at it sees them all. */
const head = async (site: AccountsTestApp): Promise<string> => {
  const [row] = await site.platform.sql<
    { head: string }[]
  >`select max(global_position)::text as head from es_events`;
  return row!.head;
};

let filesDir = '';

beforeAll(async () => {
  filesDir = await mkdtemp(join(tmpdir(), 'demo-seed-'));
  app = await startAccountsApp({}, { files: { dir: filesDir } });
});
afterAll(async () => {
  await app.close();
  await rm(filesDir, { recursive: true, force: true });
});

describe('demo seed', () => {
  it('seeds the site and one account per role and access level through real commands, once', async () => {
    const options = {
      eventStore: app.platform.eventStore,
      contracts: app.platform.contracts,
      baseUrl: app.url(''),
      publicUrl: app.platform.accounts.context.publicUrl,
      adminToken: TEST_ADMIN_TOKEN,
      logger: capturedLogger().logger,
    };
    expect(await seedDemo(options)).toBe('seeded');

    const admin = app.browser();
    const login = await signIn(admin, 'admin@demo.example', DEMO_PASSWORD);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.redirectTo).toBe('admin.dashboard');
    const me = await admin.call(
      'GET',
      `/api/v1/users/me?minPosition=${login.body.meta.position}&include=roles`,
    );
    expect(me.body.data.attributes).toMatchObject({ isAdmin: true });
    expect(me.body.data.relationships.roles.data.map((r: { id: string }) => r.id).sort()).toEqual([
      'admin',
      'app_admin',
    ]);

    const orgAdmin = app.browser();
    const orgLogin = await signIn(orgAdmin, 'org-admin@demo.example', DEMO_PASSWORD);
    const orgMe = await orgAdmin.call('GET', `/api/v1/users/me?minPosition=${orgLogin.body.meta.position}`);
    expect(orgMe.body.data.relationships.organizations.data).toHaveLength(2);
    // acting as nobody, the first organization joined (friendly_member, 200) decides
    expect(orgMe.body.meta.effectiveAccessWeight).toBe(200);

    const unverified = await signIn(app.browser(), 'unverified@demo.example', DEMO_PASSWORD);
    expect(unverified.status).toBe(200);
    const users = await app.admin('GET', `/users?page[size]=100&minPosition=${orgLogin.body.meta.position}`);
    expect(users.body.meta.total).toBe(demoAccounts.length);

    // the rental catalogue's page, with the rental models component, and its menu entry (rental is on)
    const rental = await app.admin(
      'GET',
      `/services/routes/resolve?path=/rental&minPosition=${orgLogin.body.meta.position}`,
    );
    expect(rental.status, JSON.stringify(rental.body)).toBe(200);
    expect(
      rental.body.data.components.map((c: { attributes: { name: string } }) => c.attributes.name),
    ).toEqual(['title', 'rental-models']);
    const menu = await app.admin('GET', `/services/app-menu?minPosition=${orgLogin.body.meta.position}`);
    expect(JSON.stringify(menu.body)).toContain('Equipment rental');

    // the open badges' page, with the open badges component, and its menu entry (open badges are on)
    const badgesPage = await app.admin(
      'GET',
      `/services/routes/resolve?path=${DEMO_OPEN_BADGES_PATH}&minPosition=${orgLogin.body.meta.position}`,
    );
    expect(badgesPage.status, JSON.stringify(badgesPage.body)).toBe(200);
    expect(
      badgesPage.body.data.components.map((c: { attributes: { name: string } }) => c.attributes.name),
    ).toEqual(['title', 'open-badges']);
    expect(JSON.stringify(menu.body)).toContain('Open badges');

    // one awarded assertion of a demo badge, in the demo member's assertions and the badge's count
    const member = app.browser();
    const memberLogin = await signIn(member, 'member2@demo.example', DEMO_PASSWORD);
    const mine = await member.call(
      'GET',
      `/api/v1/services/open-badges/my-assertions?minPosition=${memberLogin.body.meta.position}`,
    );
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0].attributes).toMatchObject({
      badgeTitle: 'Switch access basics',
      revoked: false,
    });
    const sessionId = mine.body.data[0].relationships.session.data.id as string;
    const session = await member.call('GET', `/api/v1/services/open-badges/sessions/${sessionId}`);
    expect(session.body.data.attributes).toMatchObject({ status: 'awarded', durationSeconds: 3 * 20 * 60 });
    const badge = await app.admin('GET', `/open-badges/${mine.body.data[0].relationships.badge.data.id}`);
    expect(badge.body.data.attributes.assertionsCount).toBe(1);
    // the ids every demo site has (the browser tests open the badge's and the assertion's pages)
    expect(badge.body.data.id).toBe(demoOpenBadgeId('switch-access'));
    expect(mine.body.data[0].id).toBe(DEMO_OPEN_BADGE_ASSERTION_ID);
    // each demo badge has its image, a public PNG
    for (const key of ['switch-access', 'wheelchair-fitting']) {
      const shown = await app.admin('GET', `/open-badges/${demoOpenBadgeId(key)}`);
      const image = shown.body.data.relationships.image.data as { id: string } | null;
      expect(image, key).not.toBeNull();
      const file = await app.admin('GET', `/files/${image!.id}`);
      expect(file.body.data.attributes, key).toMatchObject({
        family: 'image',
        mimeType: 'image/png',
        isPublic: true,
      });
    }

    // the rental models' images, stored and served as the file fields' files
    const at = memberLogin.body.meta.position;
    const models = await app.admin('GET', `/rental-models?page[size]=50&minPosition=${at}`);
    expect(models.body.data).toHaveLength(demoRentalModels.length);
    for (const model of models.body.data) {
      const images = model.relationships.images.data as Array<{ id: string }>;
      expect(images, model.attributes.name).toHaveLength(1);
      const file = await app.admin('GET', `/files/${images[0]!.id}`);
      expect(file.body.data.attributes).toMatchObject({
        family: 'image',
        mimeType: 'image/png',
        isPublic: true,
      });
      const content = await fetch(app.url(file.body.data.attributes.url as string));
      expect(content.status).toBe(200);
      expect(
        Buffer.from(await content.arrayBuffer())
          .subarray(1, 4)
          .toString('latin1'),
      ).toBe('PNG');
    }

    // the demo members' rental commands, one in each state, as the rental desk lists them
    const desk = app.browser();
    const deskLogin = await signIn(desk, 'rental-admin@demo.example', DEMO_PASSWORD);
    const commands = await desk.call(
      'GET',
      `/api/v1/services/rentals/commands?page[size]=50&minPosition=${deskLogin.body.meta.position}`,
    );
    expect(commands.body.meta.total).toBe(demoRentalCommands.length);
    type Step = { stepType: string; status: string };
    const stepsOf = (c: { attributes: { steps: Step[] } }) =>
      Object.fromEntries(c.attributes.steps.map((s) => [s.stepType, s.status]));
    const all = (
      commands.body.data as Array<{
        attributes: { steps: Step[]; status: string; cancelled: boolean; closed: boolean };
      }>
    ).map((c) => ({ ...c.attributes, steps: stepsOf(c) }));
    expect(all.filter((c) => !c.cancelled && c.steps.validation === 'waiting')).toHaveLength(1);
    expect(
      all.filter((c) => c.steps.validation === 'success' && c.steps.contract === 'waiting'),
    ).toHaveLength(1);
    expect(all.filter((c) => c.steps.retrieval === 'success' && c.steps.return === 'waiting')).toHaveLength(
      1,
    );
    expect(all.filter((c) => c.closed && c.status === 'finished')).toHaveLength(1);
    expect(all.filter((c) => c.cancelled && c.status === 'cancelled')).toHaveLength(1);
    const mineNow = await member.call('GET', `/api/v1/services/rentals/commands?minPosition=${at}`);
    expect(mineNow.body.meta.total).toBe(
      demoRentalCommands.filter((c) => c.member === 'member2@demo.example').length,
    );

    const stored = await storedEvents(app);
    expect(await seedDemo(options)).toBe('already-seeded');
    expect(await storedEvents(app)).toBe(stored);
  });
});

describe('demo community', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Doc = { id: string; attributes: Record<string, any>; relationships: Record<string, any> };
  const titles = (docs: Doc[]) => docs.map((d) => d.attributes.title as string).sort();
  const specTitles = (specs: Array<{ title: string }>) => specs.map((s) => s.title).sort();

  it('is read by a visitor: pages, articles in each layout, posts, events, technical aids, the forum', async () => {
    // the demo seed test above seeded this site
    const at = await head(app);
    const visitor = app.browser();
    const read = async (path: string) => {
      const answer = await visitor.call(
        'GET',
        `/api/v1${path}${path.includes('?') ? '&' : '?'}minPosition=${at}`,
      );
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body as { data: Doc[] };
    };
    const readOne = async (path: string) => (await read(path)) as unknown as { data: Doc };
    const byTitle = (docs: Doc[], title: string) => docs.find((d) => d.attributes.title === title)!;

    // each community page with its component, and its entry in the "Community" menu
    const menu = JSON.stringify((await read('/services/app-menu')).data);
    for (const { page, menu: entry } of demoCommunityPages()) {
      const resolved = (await read(`/services/routes/resolve?path=${page.path}`)) as unknown as {
        data: { components: Doc[] };
      };
      expect(resolved.data.components.map((c) => c.attributes.name)).toEqual(
        page.components.map((c) => c.name),
      );
      expect(menu).toContain(entry.name);
    }

    // three published articles, one in each layout, filed in the category, by the demo editor
    const articles = (await read('/articles?page[size]=50')).data;
    expect(titles(articles)).toEqual(specTitles(demoArticles));
    expect(articles.map((a) => a.relationships.layout.data.id).sort()).toEqual([
      'navigation',
      'pagination',
      'simple',
    ]);
    for (const article of articles) {
      expect(article.relationships.category.data).not.toBeNull();
      expect(article.attributes.author).toMatchObject({ type: 'users', name: 'Adam Demo' });
    }
    const keyguard = byTitle(articles, 'Printing a keyguard for a tablet');
    expect(keyguard.attributes.sections).toHaveLength(3);
    expect(keyguard.attributes.likesCount).toBe(1);

    // the published blog posts, not the member's draft; a like of two members and a comment with its reply
    const posts = (await read('/blog-posts?page[size]=50')).data;
    expect(titles(posts)).toEqual(specTitles(demoBlogPosts));
    const announced = byTitle(posts, demoBlogPosts[0]!.title);
    expect(announced.attributes).toMatchObject({ likesCount: 2, commentsCount: 2 });
    const bySlug = await readOne(`/blog-posts/${announced.attributes.slug as string}`);
    expect(bySlug.data.id).toBe(announced.id);
    const comments = (await read(`/comments?filter[commentable]=blog-posts:${announced.id}`)).data;
    expect(comments).toHaveLength(2);
    const reply = comments.find((c) => c.relationships.parentComment.data !== null)!;
    expect(reply.relationships.parentComment.data.id).toBe(
      comments.find((c) => c.relationships.parentComment.data === null)!.id,
    );

    // the events around the seeding's date: one online at its link, the others at a place
    const events = (await read('/calendar-events?page[size]=50')).data;
    expect(titles(events)).toEqual(specTitles(demoEvents));
    const online = events.filter((e) => e.attributes.isRealLocation === false);
    expect(online).toHaveLength(1);
    expect(online[0]!.attributes.location).toMatch(/^https:\/\//);
    for (const event of events) {
      const days = (Date.parse(event.attributes.startAt as string) - Date.now()) / 86_400_000;
      expect(Math.abs(days)).toBeLessThan(10);
    }

    // four technical aids in two categories, each with its image; the ramp's print notes to download
    const items = (await read('/repository-items?page[size]=50')).data;
    expect(titles(items)).toEqual(specTitles(demoRepositoryItems));
    for (const item of items) expect(item.relationships.image.data, item.attributes.title).not.toBeNull();
    const ramp = byTitle(items, 'Printable threshold ramp');
    expect(ramp.attributes.likesCount).toBe(1);
    const attachments = ramp.relationships.attachments.data as Array<{ id: string }>;
    expect(attachments).toHaveLength(1);
    const notes = await readOne(`/files/${attachments[0]!.id}`);
    expect(notes.data.attributes).toMatchObject({ family: 'doc', mimeType: 'text/plain', isPublic: true });
    const download = await fetch(app.url(notes.data.attributes.url as string));
    expect(download.status).toBe(200);
    expect(await download.text()).toContain('Printable threshold ramp');
    const image = await readOne(`/files/${ramp.relationships.image.data.id as string}`);
    expect((await fetch(app.url(image.data.attributes.url as string))).status).toBe(200);
    const categories = (await read('/repository-categories')).data;
    expect(categories.map((c) => c.attributes.repositoryItemsCount)).toEqual([2, 2]);
    // the member's aids, published through the requests the administrator accepted, are the member's
    const shared = items.filter((i) => i.attributes.author?.name !== 'Adam Demo');
    expect(shared).toHaveLength(demoRepositoryItems.filter((i) => i.by === 'member').length);

    // the forum: two categories, three subjects (the welcome pinned), threaded messages
    const forumCategories = (await read('/forum-categories')).data;
    expect(forumCategories.map((c) => c.attributes.subjectsCount)).toEqual([2, 1]);
    const subjects = (await read('/forum-subjects?page[size]=50')).data;
    expect(titles(subjects)).toEqual(specTitles(demoSubjects));
    for (const spec of demoSubjects) {
      const subject = byTitle(subjects, spec.title);
      expect(subject.attributes.messagesCount, spec.title).toBe(spec.messages.length);
      expect(subject.attributes.pinnedOnHomeAt !== null, spec.title).toBe(spec.pinned);
      const messages = (await read(`/forum-subject-messages?filter[subject]=${subject.id}`)).data;
      const ids = new Map(spec.messages.map((m, index) => [m.key, messages[index]!.id]));
      for (const [index, message] of spec.messages.entries())
        expect(messages[index]!.relationships.parentMessage.data?.id ?? null).toBe(
          message.replyTo ? ids.get(message.replyTo) : null,
        );
    }
    const liked = (await read(`/forum-subject-messages?page[size]=50`)).data.filter(
      (m) => m.attributes.likesCount > 0,
    );
    expect(liked).toHaveLength(1);
  });

  it('holds one pending publication request, by the demo member, that the publishers decide', async () => {
    const at = await head(app);
    const requests = await app.admin('GET', `/publication-requests?page[size]=50&minPosition=${at}`);
    expect(requests.status, JSON.stringify(requests.body)).toBe(200);
    const all = requests.body.data as Array<{
      attributes: { status: string };
      relationships: { publishable: { data: { type: string; id: string } } };
    }>;
    const pending = all.filter((r) => r.attributes.status === 'pending');
    expect(pending).toHaveLength(1);
    expect(pending[0]!.relationships.publishable.data.type).toBe('blog-posts');
    // the member's technical aids: asked for and accepted
    expect(all.filter((r) => r.attributes.status === 'accepted')).toHaveLength(
      demoRepositoryItems.filter((i) => i.by === 'member').length,
    );
    const draft = await app.admin('GET', `/blog-posts/${pending[0]!.relationships.publishable.data.id}`);
    expect(draft.body.data.attributes).toMatchObject({ title: demoPendingBlogPost.title, publishedAt: null });
    // the member's, or the organization the member acts as (the open badges' issuer) when authors are organizations
    expect(['Mia Demo', 'Demo Fab Lab']).toContain(draft.body.data.attributes.author.name);
  });

  it('seeds nothing twice when a run resumes: every record, like and file is there already', async () => {
    const before = await seededEvents(app);
    await seedDemoCommunity({
      eventStore: app.platform.eventStore,
      baseUrl: app.url(''),
      adminToken: TEST_ADMIN_TOKEN,
      logger: capturedLogger().logger,
    });
    expect(await seededEvents(app)).toBe(before);
  });

  it('seeds a newsletter pointing to three demo articles, in its order', async () => {
    const at = await head(app);
    const letters = await app.admin('GET', `/mailing-templates?minPosition=${at}`);
    expect(letters.status).toBe(200);
    const letter = (letters.body.data as Doc[]).find((d) => d.attributes.subject === demoNewsletter.subject)!;
    const articles = await app.admin('GET', `/articles?page[size]=100&minPosition=${at}`);
    const keyOf = new Map(
      demoArticles.map((a) => [
        (articles.body.data as Doc[]).find((d) => d.attributes.title === a.title)!.id,
        a.key,
      ]),
    );
    expect(letter.relationships.articles.data.map((r: { id: string }) => keyOf.get(r.id))).toEqual([
      ...demoNewsletter.articles,
    ]);
  });

  it('seeds the trainings: resources with their reviews’ figures, an open request, a training with two sessions', async () => {
    const at = await head(app);
    const resources = await app.admin('GET', `/training-resources?page[size]=100&minPosition=${at}`);
    expect(resources.status, JSON.stringify(resources.body)).toBe(200);
    const byTitle = new Map(
      (resources.body.data as Array<{ attributes: Record<string, unknown> }>).map((r) => [
        r.attributes.title,
        r,
      ]),
    );
    for (const resource of demoTrainingResources) {
      const ratings = resource.reviews.map((r) => r.reviewRating);
      expect(byTitle.get(resource.title)?.attributes).toMatchObject({
        reviewsCount: ratings.length,
        reviewsAverageRating: ratings.reduce((a, b) => a + b, 0) / ratings.length,
      });
    }
    const requests = await app.browser().call('GET', `/api/v1/training-resource-requests?minPosition=${at}`);
    expect(requests.body.data.map((r: { attributes: { title: string } }) => r.attributes.title)).toEqual([
      demoTrainingRequest.title,
    ]);
    const trainings = await app.admin('GET', `/trainings?minPosition=${at}`);
    expect(trainings.body.data).toHaveLength(1);
    expect(trainings.body.data[0].attributes).toMatchObject({ title: demoTraining.title, sessionsCount: 2 });
    const sessions = await app.admin(
      'GET',
      `/training-sessions?filter[training]=${trainings.body.data[0].id}&include=address&minPosition=${at}`,
    );
    expect(sessions.body.data).toHaveLength(2);
    expect(sessions.body.included[0].attributes).toMatchObject({ city: demoTraining.address.city });

    const before = await seededEvents(app);
    await seedDemoTrainings({
      baseUrl: app.url(''),
      adminToken: TEST_ADMIN_TOKEN,
      logger: capturedLogger().logger,
    });
    expect(await seededEvents(app)).toBe(before);
  });
});

describe('demo survey', () => {
  it('is open on the home page: a visitor answers it and reads the results', async () => {
    const at = await head(app);
    const visitor = app.browser();
    const home = await visitor.call('GET', `/api/v1/services/routes/resolve?path=/&minPosition=${at}`);
    expect(home.status).toBe(200);
    const components = home.body.data.components as Array<{
      attributes: { name: string; props: { survey: string } };
    }>;
    const block = components.at(-1)!.attributes;
    expect(block.name).toBe('survey');
    const results = await visitor.call('GET', `/api/v1/services/surveys/${block.props.survey}/results`);
    expect(results.body.data.attributes.choices.map((c: { text: string }) => c.text)).toEqual([
      ...demoSurvey.choices,
    ]);
    const choice = results.body.data.attributes.choices[2].id as string;
    const answered = await visitor.call('POST', `/api/v1/services/surveys/${block.props.survey}/answers`, {
      body: { data: { relationships: { choices: { data: [{ type: 'survey-choices', id: choice }] } } } },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
  });
});

describe('demo seed on a site with pages of its own', () => {
  let site: AccountsTestApp;
  beforeAll(async () => {
    site = await startAccountsApp();
  });
  afterAll(async () => {
    await site.close();
  });

  it('leaves a site that had a home page before any seeding alone', async () => {
    const created = await site.admin('POST', '/app-pages', {
      data: { type: 'app-pages', attributes: { path: '/', title: 'Our home' } },
    });
    expect(created.status).toBe(201);
    await site.admin('GET', `/app-pages?minPosition=${created.body.meta.position}`);
    const stored = await storedEvents(site);
    const outcome = await seedDemo({
      eventStore: site.platform.eventStore,
      contracts: site.platform.contracts,
      baseUrl: site.url(''),
      publicUrl: site.platform.accounts.context.publicUrl,
      adminToken: TEST_ADMIN_TOKEN,
      logger: capturedLogger().logger,
    });
    expect(outcome).toBe('not-a-demo-site');
    expect(await storedEvents(site)).toBe(stored);
  });
});
