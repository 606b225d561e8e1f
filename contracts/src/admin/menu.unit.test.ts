import { describe, expect, it } from 'vitest';
import { resourceCatalogue } from '../resources/catalogue.ts';
import type { ViewerFacts } from '../resources/access.ts';
import { ALL_RESOURCE_FEATURES } from '../resources/definition.ts';
import { adminMenu } from './menu.ts';

const features = { validationRequests: true, organizations: true, ...ALL_RESOURCE_FEATURES };
const viewer = (roles: ViewerFacts['roles'], isAdmin = false): ViewerFacts => ({
  userId: '0a000000-0000-4000-8000-00000000000a',
  roles,
  // a contact: below the contributors' level, so a member without roles sees no back office entry
  accessWeight: 100,
  isAdmin,
});
const keys = (roles: ViewerFacts['roles'], isAdmin = false) =>
  adminMenu(resourceCatalogue, viewer(roles, isAdmin), features).map((s) => [
    s.group,
    s.entries.map((e) => e.key),
  ]);

describe('the admin menu (seed 001 §6)', () => {
  it('puts the dashboard first, then the groups in their order', () => {
    const menu = adminMenu(resourceCatalogue, viewer(['admin'], true), features);
    expect(menu[0]).toEqual({
      group: null,
      entries: [{ key: 'dashboard', href: '/admin/dashboard', icon: 'dashboard' }],
    });
    const groups = menu.slice(1).map((s) => s.group);
    expect(groups).toEqual([
      'application',
      'accounts',
      'community',
      'articles',
      'repository',
      'forum',
      'contacts',
      'software',
      'trainingResources',
      'trainings',
      'openBadges',
      'adProjects',
      'eqlaat',
      'rental',
      'aacProducts',
      'statistics',
    ]);
  });

  it('places the app menu items entry fifth in the application group for application administrators', () => {
    const application = adminMenu(resourceCatalogue, viewer(['app_admin']), features).find(
      (s) => s.group === 'application',
    )!;
    expect(application.entries[4]!.key).toBe('app-menu-items');
    // redirections come from their resource definition now, after the hand-written pages entry
    expect(application.entries.map((e) => e.key)).toEqual([
      'app-pages',
      'app-redirections',
      'app-short-urls',
      'language-lines',
      'app-menu-items',
      'app-environments',
      'files',
      'admin-files',
      'file-containers',
    ]);
    const forAdmin = adminMenu(resourceCatalogue, viewer(['admin'], true), features).find(
      (s) => s.group === 'application',
    )!;
    expect(forAdmin.entries.map((e) => e.key)).not.toContain('app-menu-items');
  });

  it('opens the statistics group with the charts, for administrators and application administrators', () => {
    const statistics = (roles: ViewerFacts['roles'], isAdmin = false) =>
      keys(roles, isAdmin).find(([group]) => group === 'statistics')?.[1];
    expect(statistics(['admin'], true)).toEqual(['stats', 'stats-banned-origins']);
    // the banned origins stay the administrators'; the charts are the statistics readers' (ADR 0040)
    expect(statistics(['app_admin'])).toEqual(['stats']);
    expect(statistics(['contributor'])).toBeUndefined();
  });

  it('shows only what the viewer may see', () => {
    expect(keys([])).toEqual([[null, ['dashboard']]]);
    const appAdmin = keys(['app_admin']);
    expect(appAdmin.flatMap(([, entries]) => entries)).not.toContain('users');
    expect(appAdmin.flatMap(([, entries]) => entries)).toContain('coupons');
    const withoutRequests = adminMenu(resourceCatalogue, viewer(['admin'], true), {
      ...features,
      validationRequests: false,
    });
    expect(withoutRequests.flatMap((s) => s.entries.map((e) => e.key))).not.toContain('validation-requests');
  });

  it('leaves out a resource whose feature is off (organizations)', () => {
    const entries = (organizations: boolean) =>
      adminMenu(resourceCatalogue, viewer(['admin'], true), { ...features, organizations }).flatMap((s) =>
        s.entries.map((e) => e.key),
      );
    expect(entries(true)).toContain('organizations');
    expect(entries(false)).not.toContain('organizations');
  });

  it('lists the rental records in the rental group for rental administrators, and none without the feature', () => {
    const RENTAL = [
      'rental-commands',
      'rental-models',
      'rental-model-categories',
      'rental-items',
      'rental-stocks',
      'rental-item-conditions',
      'rental-invoicing-strategies',
    ];
    const rentalGroup = (roles: ViewerFacts['roles'], rental = true) =>
      adminMenu(resourceCatalogue, viewer(roles, roles.includes('admin')), { ...features, rental })
        .find((s) => s.group === 'rental')
        ?.entries.map((e) => e.key) ?? null;
    expect(rentalGroup(['rental_admin'])).toEqual(RENTAL);
    expect(rentalGroup(['admin'])).toEqual(RENTAL);
    expect(rentalGroup(['app_admin'])).toEqual(RENTAL);
    expect(rentalGroup(['contributor'])).toBeNull();
    expect(rentalGroup(['rental_admin'], false)).toBeNull();
    expect(rentalGroup(['admin'], false)).toBeNull();
    // a rental administrator sees the rental group only
    expect(keys(['rental_admin']).map(([group]) => group)).toEqual([null, 'rental']);
  });

  it('lists the open badges and the training sessions desk to administrators and to issuers under the environment’s threshold', () => {
    const ORG = '0a000000-0000-4000-8000-0000000000b0';
    const group = (facts: ViewerFacts, openBadges = true) =>
      adminMenu(resourceCatalogue, facts, { ...features, openBadges })
        .find((s) => s.group === 'openBadges')
        ?.entries.map((e) => e.key) ?? null;
    const issuer = (weight: number): ViewerFacts => ({
      ...viewer([]),
      accessWeight: weight,
      actingAsOrganizationId: ORG,
      environment: { openBadgeIssuerAccessLevel: 'member_level_1' },
    });
    // the desk first, then the records of the back office (sessions and assertions read-only, for administrators)
    expect(group(viewer(['admin'], true))).toEqual([
      'open-badge-sessions',
      'open-badges',
      'open-badge-training-sessions',
      'open-badge-assertions',
    ]);
    expect(group(issuer(300))).toEqual(['open-badge-sessions', 'open-badges']);
    expect(group(issuer(200))).toBeNull();
    expect(group({ ...issuer(300), environment: {} })).toBeNull();
    expect(group(viewer(['rental_admin']))).toBeNull();
    // the feature off: no badges, no desk, and no sessions or assertions in the back office either
    expect(group(viewer(['admin'], true), false)).toBeNull();
    const keysOff = adminMenu(resourceCatalogue, viewer(['admin'], true), {
      ...features,
      openBadges: false,
    }).flatMap((s) => s.entries.map((e) => e.key));
    expect(keysOff).not.toContain('open-badge-training-sessions');
    expect(keysOff).not.toContain('open-badge-assertions');
  });

  it('opens the eqlaat group with the team’s calendar, for eqlaat members and administrators, behind the calendar and eqlaat features', () => {
    const eqlaat = (roles: ViewerFacts['roles'], off: Partial<typeof features> = {}) =>
      adminMenu(resourceCatalogue, viewer(roles, roles.includes('admin')), { ...features, ...off })
        .find((s) => s.group === 'eqlaat')
        ?.entries.map((e) => e.key) ?? null;
    const TEAM = [
      'eqlaat-calendar',
      'eqlaat-projects',
      'eqlaat-project-steps',
      'eqlaat-appointments',
      'eqlaat-reports',
      'eqlaat-project-statuses',
      'eqlaat-project-categories',
      // the reminders (FEATURE_REMINDERS), last in the catalogue's order
      'reminders',
    ];
    expect(eqlaat(['eqlaat_member'])).toEqual(TEAM);
    expect(eqlaat(['admin'])).toEqual(TEAM);
    expect(
      adminMenu(resourceCatalogue, viewer(['eqlaat_member']), features)
        .flatMap((s) => s.entries)
        .find((e) => e.key === 'eqlaat-calendar')?.href,
    ).toBe('/admin/resources/eqlaat-calendar');
    // the back office's usual roles do not open a patient's project, nor the team's calendar
    expect(eqlaat(['app_admin'])).toBeNull();
    expect(eqlaat([])).toBeNull();
    expect(eqlaat(['eqlaat_member'], { calendar: false })).toEqual(TEAM.slice(1));
    expect(eqlaat(['eqlaat_member'], { reminders: false })).toEqual(TEAM.slice(0, -1));
    expect(eqlaat(['eqlaat_member'], { eqlaat: false, reminders: false })).toBeNull();
  });

  it('lists a project’s existing solutions in the adProjects group, for eqlaat members and administrators, behind the eqlaat feature', () => {
    const adProjects = (roles: ViewerFacts['roles'], off: Partial<typeof features> = {}) =>
      adminMenu(resourceCatalogue, viewer(roles, roles.includes('admin')), { ...features, ...off })
        .find((s) => s.group === 'adProjects')
        ?.entries.map((e) => e.key) ?? null;
    expect(adProjects(['eqlaat_member'])).toEqual(['ad-project-existing-solutions']);
    expect(adProjects(['admin'])).toEqual(['ad-project-existing-solutions']);
    // nobody else: not the back office's usual roles, not a member without roles
    expect(adProjects(['app_admin'])).toBeNull();
    expect(adProjects(['contributor'])).toBeNull();
    expect(adProjects(['rental_admin'])).toBeNull();
    expect(adProjects([])).toBeNull();
    expect(adProjects(['eqlaat_member'], { eqlaat: false })).toBeNull();
  });

  it('lists the AAC catalogue in the aacProducts group, for the AAC moderators and administrators, behind the aacProducts feature', () => {
    const aacProducts = (facts: ViewerFacts, off: Partial<typeof features> = {}) =>
      adminMenu(resourceCatalogue, facts, { ...features, ...off })
        .find((s) => s.group === 'aacProducts')
        ?.entries.map((e) => e.key) ?? null;
    // in the catalogue's order: the products, who sells them, the systems and what a device has installed, how a
    // product is reached, then the fixed lists and the named lists
    const AAC = [
      'aac-products',
      'aac-sellers',
      'aac-systems',
      'aac-installed-systems',
      'aac-software-accesses',
      'aac-access-types',
      'aac-integration-types',
      'aac-keyboard-types',
      'aac-pictogram-types',
      'aac-conjugation-types',
    ];
    expect(aacProducts(viewer(['aac_moderator']))).toEqual(AAC);
    expect(aacProducts(viewer(['admin'], true))).toEqual(AAC);
    // everyone may index the lists and read the published products, and a signed-in member contributes one, but
    // the menu follows each type's `see` rule: the AAC moderators' (administrators pass every role rule)
    expect(aacProducts({ ...viewer([]), accessWeight: 300 })).toBeNull();
    expect(aacProducts(viewer([]))).toBeNull();
    expect(aacProducts(viewer(['app_admin']))).toBeNull();
    expect(aacProducts(viewer(['contributor']))).toBeNull();
    expect(aacProducts(viewer(['admin'], false))).toBeNull();
    // an AAC moderator sees the aacProducts group only
    expect(keys(['aac_moderator']).map(([group]) => group)).toEqual([null, 'aacProducts']);
    // the feature off: no group, for the moderators and the administrators alike
    expect(aacProducts(viewer(['aac_moderator']), { aacProducts: false })).toBeNull();
    expect(aacProducts(viewer(['admin'], true), { aacProducts: false })).toBeNull();
  });

  it('lists the publications, the repository and the forum, each behind its feature', () => {
    const entries = (facts: ViewerFacts, off: Partial<typeof features> = {}) =>
      Object.fromEntries(
        adminMenu(resourceCatalogue, facts, { ...features, ...off })
          .filter((s) => s.group !== null)
          .map((s) => [s.group, s.entries.map((e) => e.key)]),
      );
    const admin = entries(viewer(['admin'], true));
    expect(admin.community).toEqual(expect.arrayContaining(['comments', 'reports', 'publication-requests']));
    expect(admin.articles).toEqual([
      'articles',
      'categories',
      'article-layouts',
      'blog-posts',
      'calendar-events',
    ]);
    expect(admin.repository).toEqual([
      'repository-items',
      'repository-categories',
      'external-repository-interactions',
    ]);
    expect(admin.forum).toEqual(['forum-categories', 'forum-subjects', 'forum-subject-messages']);
    // a member from level 1 writes publication items and reads their own requests; no desk, no categories
    const member = entries({ ...viewer([]), accessWeight: 300 });
    expect(member.articles).toEqual(['articles', 'blog-posts', 'calendar-events']);
    expect(member.repository).toEqual(['repository-items']);
    expect(member.community).toEqual(['publication-requests']);
    expect(member.forum).toBeUndefined();
    expect(entries(viewer(['contributor'])).articles).toEqual(['articles', 'blog-posts', 'calendar-events']);
    // each feature off takes its types away; blog posts have no feature of their own
    const off = entries(viewer(['admin'], true), {
      articles: false,
      calendar: false,
      repository: false,
      forum: false,
      comments: false,
    });
    expect(off.articles).toEqual(['blog-posts']);
    expect(off.repository).toBeUndefined();
    expect(off.forum).toBeUndefined();
    expect(off.community).not.toContain('comments');
  });

  it('lists the training resources and the trainings behind the trainings feature (issue 23)', () => {
    const entries = (facts: ViewerFacts, off: Partial<typeof features> = {}) =>
      Object.fromEntries(
        adminMenu(resourceCatalogue, facts, { ...features, ...off })
          .filter((s) => s.group !== null)
          .map((s) => [s.group, s.entries.map((e) => e.key)]),
      );
    const admin = entries(viewer(['admin'], true));
    expect(admin.trainingResources).toEqual([
      'training-resources',
      'training-resource-requests',
      'training-resource-reviews',
      'training-resource-themes',
      'training-resource-types',
    ]);
    expect(admin.trainings).toEqual([
      'trainings',
      'training-sessions',
      'addresses',
      'training-categories',
      'training-levels',
      'training-types',
    ]);
    // a member from level 1 writes training resources; the lists, requests and reviews are moderated by admins
    const member = entries({ ...viewer([]), accessWeight: 300 });
    expect(member.trainingResources).toEqual(['training-resources']);
    expect(member.trainings).toBeUndefined();
    const off = entries(viewer(['admin'], true), { trainings: false });
    expect(off.trainingResources).toBeUndefined();
    expect(off.trainings).toBeUndefined();
  });

  it('lists the software catalogue and its statistics behind the software feature, the statistics and associations for administrators', () => {
    const software = (facts: ViewerFacts, off: Partial<typeof features> = {}) =>
      adminMenu(resourceCatalogue, facts, { ...features, ...off })
        .find((s) => s.group === 'software')
        ?.entries.map((e) => e.key);
    expect(software(viewer(['admin'], true))).toEqual([
      'software-stats-events',
      'software-stats-sessions',
      'software-installations',
      'software-groups',
      'software-services',
      'software-service-authorizations',
      'software-service-associations',
      'stats-events',
      'software-stats',
    ]);
    // application administrators keep the catalogue; the statistics and the people's associations are the admins'
    expect(software(viewer(['app_admin']))).toEqual([
      'software-installations',
      'software-groups',
      'software-services',
      'software-service-authorizations',
      'stats-events',
    ]);
    expect(software(viewer([]))).toBeUndefined();
    expect(software(viewer(['admin'], true), { software: false })).toBeUndefined();
  });

  it('lists the newsletters, the contacts, then the advanced forms in the contacts group, each behind its feature', () => {
    const contacts = (facts: ViewerFacts, off: Partial<typeof features> = {}) =>
      adminMenu(resourceCatalogue, facts, { ...features, ...off })
        .find((s) => s.group === 'contacts')
        ?.entries.map((e) => e.key);
    const NEWSLETTERS = ['newsletter-types', 'mailing-templates'];
    // the sendings of the newsletters go to the contacts: behind their feature
    const CONTACTS = [
      'light-users',
      'light-user-forms',
      'light-user-form-inputs',
      'light-user-reports',
      'newsletter-sendings',
    ];
    // in the catalogue's order: the fixed lists first, then the forms, their fields and workflows, what they kept
    const FORMS = [
      'form-field-types',
      'form-data-types',
      'form-workflow-types',
      'forms',
      'form-fields',
      'form-workflows',
      'form-responses',
      'form-workflow-runs',
    ];
    expect(contacts(viewer(['admin'], true))).toEqual([...NEWSLETTERS, ...CONTACTS, ...FORMS]);
    // the forms and their responses are the application administrators' (and the admins')
    expect(contacts(viewer(['app_admin']))).toEqual([...NEWSLETTERS, ...CONTACTS, ...FORMS]);
    expect(contacts(viewer([]))).toBeUndefined();
    expect(contacts(viewer(['admin'], true), { forms: false })).toEqual([...NEWSLETTERS, ...CONTACTS]);
    expect(contacts(viewer(['admin'], true), { contacts: false })).toEqual([...NEWSLETTERS, ...FORMS]);
  });
});
