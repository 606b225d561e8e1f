import { describe, expect, it } from 'vitest';
import {
  forumCategoryResource,
  forumSubjectMessageResource,
  forumSubjectResource,
  subjectOpenTo,
} from '../forum/records.ts';
import { organizationResource } from '../organizations/organization.ts';
import { repositoryCategoryResource, repositoryItemResource } from '../repository/records.ts';
import { allows, type ViewerFacts } from '../resources/access.ts';
import { resourceCatalogue } from '../resources/catalogue.ts';
import { asResourceEvent } from '../resources/definition.ts';
import { commentResource } from '../content/comment.ts';
import { reportResource } from '../content/report.ts';
import { resourceFields } from '../resources/fields.ts';
import { recordFacts, type ResourceState } from '../resources/state.ts';
import { CONTRIBUTORS, excerpt, KEEPERS, PUBLICATION_ACCESS } from './access.ts';
import {
  articleLayoutResource,
  articleResource,
  articleStatus,
  blogPostResource,
  calendarEventResource,
  categoryOpenTo,
  contentCategoryResource,
  publicationRequestResource,
} from './records.ts';
import { allowedPublicationActions, PUBLICATION_REQUEST_TYPES } from './requests.ts';

const ID = '0a000000-0000-4000-8000-000000000001';
const OTHER = '0a000000-0000-4000-8000-000000000002';
const viewer = (roles: ViewerFacts['roles'], weight = 100, userId: string | null = OTHER): ViewerFacts => ({
  userId,
  roles,
  accessWeight: weight,
  isAdmin: roles.includes('admin'),
});
const active = (attributes: Record<string, unknown>): ResourceState => ({
  status: 'active',
  id: ID,
  createdBy: null,
  attributes,
  relationships: {},
});
const now = new Date('2025-03-01T10:00:00Z');

describe('the publications’ records (issue 21)', () => {
  it('are in the catalogue, each behind its feature, blog posts and requests always served', () => {
    const features = Object.fromEntries(resourceCatalogue.map((d) => [d.type, d.feature]));
    expect(features).toMatchObject({
      articles: 'articles',
      categories: 'articles',
      'article-layouts': 'articles',
      'blog-posts': null,
      'calendar-events': 'calendar',
      'publication-requests': null,
      'repository-items': 'repository',
      'repository-categories': 'repository',
      'external-repository-interactions': 'repository',
      'forum-categories': 'forum',
      'forum-subjects': 'forum',
      'forum-subject-messages': 'forum',
      comments: 'comments',
    });
    // the requested types are publication items with requests, published by the publishers only
    for (const type of PUBLICATION_REQUEST_TYPES) {
      const definition = resourceCatalogue.find((d) => d.type === type)!;
      expect(definition.traits, type).toMatchObject({ publishable: true, publicationRequests: true });
      expect(definition.softDeletable, type).toBe(true);
      expect(definition.fieldAccess.publishedAt?.write, type).toEqual({ roles: ['admin', 'app_admin'] });
      expect(definition.access, type).toEqual({ ...PUBLICATION_ACCESS });
    }
  });

  it('derives an article’s status (R1) and excerpt from its first section', () => {
    expect(articleStatus({ publishedAt: null, unlisted: true })).toBe('draft');
    expect(articleStatus({ publishedAt: now.toISOString(), unlisted: true })).toBe('unlisted');
    expect(articleStatus({ publishedAt: now.toISOString(), unlisted: false })).toBe('published');
    const attributes = articleResource.attributes.parse({
      title: 'Switch adapters',
      sections: [{ id: ID, title: 'One', content: '<p>First <b>section</b></p>' }],
    });
    expect(articleResource.derived.status!(attributes, ID)).toBe('draft');
    expect(articleResource.derived.excerpt!(attributes, ID)).toBe('First section');
    expect(articleResource.relationships.layout).toMatchObject({ required: true, default: 'pagination' });
  });

  it('cuts an excerpt at 200 characters on a word boundary, and prefers the short description', () => {
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    const cut = excerpt(null, `<p>${words}</p>`);
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(cut.endsWith('…')).toBe(true);
    expect(words.startsWith(cut.slice(0, -1))).toBe(true);
    expect(words[cut.length - 1]).toBe(' ');
    expect(excerpt('Short one', '<p>ignored</p>')).toBe('Short one');
    expect(excerpt('  ', '<p>a &amp; b</p>')).toBe('a & b');
  });

  it('refuses an article’s sections with a repeated id, at the section’s field', () => {
    const parsed = articleResource.attributes.safeParse({
      title: 'T',
      sections: [
        { id: ID, title: 'One', content: '' },
        { id: ID, title: 'Two', content: '' },
      ],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['sections', 1, 'id']);
  });

  it('keeps an event’s end after its start, and an online event at its https link', () => {
    const check = (a: Record<string, unknown>) =>
      calendarEventResource.invariants(a, { now, previous: null }).map((p) => p.attribute);
    const times = { startAt: '2025-03-02T10:00:00Z', endAt: '2025-03-02T12:00:00Z' };
    expect(check({ ...times, isRealLocation: true, location: null })).toEqual([]);
    expect(check({ startAt: times.endAt, endAt: times.startAt, isRealLocation: true })).toEqual(['endAt']);
    expect(check({ ...times, isRealLocation: false, location: 'Room 3' })).toEqual(['location']);
    expect(check({ ...times, isRealLocation: false, location: 'https://meet.example/x' })).toEqual([]);
  });

  it('makes a blog post’s slug from its title and finds it by its slug', () => {
    expect(blogPostResource.beforeChange!({ title: 'Welcome to the community!' }, null)).toEqual({
      slug: 'welcome-to-the-community',
    });
    expect(blogPostResource.lookupBy).toBe('slug');
  });

  it('keeps the three article layouts as fixed rows, pagination first among equals', () => {
    expect(articleLayoutResource.fixedRows.rows.map((r) => r.id)).toEqual([
      'simple',
      'pagination',
      'navigation',
    ]);
    expect(articleLayoutResource.fixedRows.kept).toEqual(['simple', 'pagination', 'navigation']);
    expect(articleLayoutResource.access.create).toBe('nobody');
    expect(contentCategoryResource.relationships.defaultLayout!.default).toBe('pagination');
    expect(contentCategoryResource.viewerFlags).toBe(true);
  });

  it('closes a category without contributions to all but publishers and contributors', () => {
    const closed = active({ allowContributions: false });
    expect(categoryOpenTo(contentCategoryResource, closed, now, viewer([], 300))?.code).toBe(
      'validation.category_closed',
    );
    expect(categoryOpenTo(contentCategoryResource, closed, now)?.code).toBe('validation.category_closed');
    expect(categoryOpenTo(contentCategoryResource, closed, now, viewer(['contributor']))).toBeNull();
    expect(categoryOpenTo(contentCategoryResource, closed, now, viewer(['app_admin']))).toBeNull();
    expect(
      categoryOpenTo(contentCategoryResource, active({ allowContributions: true }), now, viewer([], 300)),
    ).toBeNull();
    expect(categoryOpenTo(contentCategoryResource, { status: 'none' }, now)).toBeNull();
  });

  it('builds a publication request from its events on the item’s stream, read by publishers and its submitter', () => {
    const submitted = asResourceEvent(publicationRequestResource, {
      type: 'PublicationRequestSubmitted',
      data: {
        requestId: ID,
        itemType: 'articles',
        itemId: OTHER,
        description: 'Ready',
        targetedPublishedAt: null,
        submittedAt: now.toISOString(),
        by: OTHER,
      },
    });
    expect(submitted).toMatchObject({
      kind: 'created',
      data: {
        id: ID,
        attributes: { status: 'pending', description: 'Ready' },
        relationships: { publishable: { type: 'articles', id: OTHER } },
      },
    });
    // every attribute a created record holds, so the projection's row is whole
    expect(Object.keys((submitted!.data as { attributes: object }).attributes).sort()).toEqual(
      resourceFields(publicationRequestResource)
        .map((f) => f.name)
        .sort(),
    );
    const refused = asResourceEvent(publicationRequestResource, {
      type: 'PublicationRequestRefused',
      data: {
        requestId: ID,
        itemType: 'articles',
        itemId: OTHER,
        refusedAt: now.toISOString(),
        refuseReason: 'No',
        by: OTHER,
      },
    });
    expect(refused).toMatchObject({
      kind: 'updated',
      data: { attributes: { status: 'refused', refuseReason: 'No' } },
    });
    const facts = recordFacts(publicationRequestResource, { createdBy: OTHER, relationships: {} });
    expect(allows(publicationRequestResource.access.show, viewer([], 300, OTHER), facts)).toBe(true);
    expect(allows(publicationRequestResource.access.show, viewer([], 300, ID), facts)).toBe(false);
    expect(allows(publicationRequestResource.access.show, viewer(['app_admin'], 100, ID), facts)).toBe(true);
    expect(publicationRequestResource.access.create).toBe('nobody');
    expect(publicationRequestResource.historyVia!.belongs({ type: 'x', data: { requestId: ID } }, ID)).toBe(
      true,
    );
    expect(
      publicationRequestResource.historyVia!.belongs({ type: 'x', data: { requestId: OTHER } }, ID),
    ).toBe(false);
  });

  it('lets contributors from level 1 write, and keepers keep their own items', () => {
    expect(allows(CONTRIBUTORS, viewer([], 300))).toBe(true);
    expect(allows(CONTRIBUTORS, viewer([], 200))).toBe(false);
    expect(allows(CONTRIBUTORS, viewer(['contributor']))).toBe(true);
    const facts = { ownerId: null, createdBy: OTHER, organizationId: null, members: {}, flags: {} };
    expect(allows(KEEPERS, viewer([], 300, OTHER), facts)).toBe(true);
    expect(allows(KEEPERS, viewer([], 300, ID), facts)).toBe(false);
  });

  it('offers submit to keepers of an unpublished item, accept and refuse to publishers', () => {
    const item = { active: true, publishedAt: null, pendingPublicationRequest: null, canEdit: true };
    expect(allowedPublicationActions(item, viewer([], 300))).toEqual(['submit']);
    expect(allowedPublicationActions({ ...item, canEdit: false }, viewer([], 300))).toEqual([]);
    const pending = { ...item, pendingPublicationRequest: { id: ID } };
    expect(allowedPublicationActions(pending, viewer([], 300))).toEqual([]);
    expect(allowedPublicationActions(pending, viewer(['admin']))).toEqual(['accept', 'refuse']);
    expect(allowedPublicationActions({ ...item, publishedAt: now.toISOString() }, viewer(['admin']))).toEqual(
      [],
    );
    expect(allowedPublicationActions({ ...pending, active: false }, viewer(['admin']))).toEqual([]);
  });
});

describe('the repository’s and the forum’s records', () => {
  it('counts through relationships the counted types have (G8)', () => {
    for (const definition of resourceCatalogue)
      for (const [name, count] of Object.entries(definition.counts)) {
        const counted = resourceCatalogue.find((d) => d.type === count.type);
        expect(counted, `${definition.type}.${name}`).toBeDefined();
        expect(counted!.relationships[count.via]?.type, `${definition.type}.${name}`).toBe(definition.type);
      }
    expect(repositoryCategoryResource.computed.repositoryItemsCount).toBe('integer');
    expect(organizationResource.computed.repositoryItemsCount).toBe('integer');
    expect(forumSubjectResource.relationships.latestMessage).toEqual({
      type: 'forum-subject-messages',
      readOnly: true,
    });
    expect(forumSubjectMessageResource.computed.newMessagesCount).toBe('integer');
  });

  it('searches the repository in full text and files its items in many categories, counted through a list index', () => {
    expect(repositoryItemResource.searchMode).toBe('fullText');
    expect(repositoryItemResource.search).toEqual(['title', 'description']);
    expect(repositoryItemResource.relationships.categories).toEqual({
      type: 'repository-categories',
      many: true,
      listIndex: true,
    });
    expect(repositoryItemResource.relationships.attachments!.file!.families).toContain('3d');
  });

  it('takes only the publishers’ messages in a subject limited to administrators (R6)', () => {
    const limited = active({ limitToAdmin: true });
    expect(subjectOpenTo(forumSubjectResource, limited, now, viewer([], 400))?.code).toBe(
      'auth.forum_subject_limited',
    );
    expect(subjectOpenTo(forumSubjectResource, limited, now)?.code).toBe('auth.forum_subject_limited');
    expect(subjectOpenTo(forumSubjectResource, limited, now, viewer(['admin']))).toBeNull();
    expect(subjectOpenTo(forumSubjectResource, active({ limitToAdmin: false }), now, viewer([]))).toBeNull();
    expect(
      subjectOpenTo(forumSubjectResource, { ...limited, status: 'softDeleted' } as ResourceState, now),
    ).toBeNull();
    // pinning and limiting are the publishers'
    expect(forumSubjectResource.fieldAccess.limitToAdmin!.write).toEqual({ roles: ['admin', 'app_admin'] });
    expect(forumSubjectResource.computed.recordsCount).toBe('integer');
  });

  it('keeps a forum category from being its own parent', () => {
    const context = { now, previous: null, id: ID };
    expect(forumCategoryResource.invariants({}, { ...context, relationships: { parent: ID } })).toHaveLength(
      1,
    );
    expect(forumCategoryResource.invariants({}, { ...context, relationships: { parent: OTHER } })).toEqual(
      [],
    );
  });

  it('puts comments behind their feature and gives reports their resolution (§2.4)', () => {
    expect(commentResource.feature).toBe('comments');
    expect(reportResource.computed).toMatchObject({ resolvedAt: 'datetime', resolution: 'enum' });
    expect(reportResource.workflowEvents!.types).toEqual(['ReportResolved']);
    expect(reportResource.version).toBe(2);
  });
});
