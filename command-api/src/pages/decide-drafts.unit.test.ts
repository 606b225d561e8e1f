import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '@platform/contracts/errors';
import type { PageEvent } from '@platform/contracts/pages/events';
import { deciderSpec } from '@platform/tests/support/decider-spec';
import { pageDecider } from './decide.ts';
import {
  C1,
  C2,
  DRAFT_ID,
  PAGE_ID,
  T2,
  command,
  componentAdded,
  created,
  draftStarted,
  fields,
} from './fixtures.ts';

const spec = deciderSpec(pageDecider);
const linked: PageEvent = {
  type: 'AppPageDraftCreated',
  data: { pageId: PAGE_ID, draftPageId: DRAFT_ID },
};
const draftEdited: PageEvent = {
  type: 'AppPageUpdated',
  data: { pageId: DRAFT_ID, ...fields, title: 'About (new)' },
};
const publish = command('PublishAppPageDraft', { pageId: DRAFT_ID }, T2);

describe('CreateAppPageDraft (on the page)', () => {
  const createDraft = (draftPageId = DRAFT_ID) =>
    command('CreateAppPageDraft', { pageId: PAGE_ID, draftPageId });

  it('links the new draft to the page', () => {
    spec
      .given([created()])
      .when(createDraft())
      .then([{ type: 'AppPageDraftCreated', data: { pageId: PAGE_ID, draftPageId: DRAFT_ID } }]);
  });

  it('is idempotent for the same draft and refuses a second one', () => {
    spec.given([created(), linked]).when(createDraft()).then([]);
    spec
      .given([created(), linked])
      .when(createDraft('33333333-3333-4333-8333-333333333333'))
      .thenThrows(ConflictError, { code: 'conflict.state' });
  });

  it('refuses a draft of a draft and a draft of a missing page', () => {
    spec
      .given([draftStarted()])
      .when(command('CreateAppPageDraft', { pageId: DRAFT_ID, draftPageId: PAGE_ID }))
      .thenThrows(ConflictError, { code: 'conflict.state' });
    spec.given([]).when(createDraft()).thenThrows(NotFoundError);
  });
});

describe('StartAppPageDraft (on the draft stream)', () => {
  const start = command('StartAppPageDraft', {
    draftPageId: DRAFT_ID,
    draftOfPageId: PAGE_ID,
    fields,
    components: [{ componentId: C1, name: 'title', viewId: null, position: 0, props: { title: 't' } }],
  });

  it('starts the draft as an unchanged copy', () => {
    const [event] = spec
      .given([])
      .when(start)
      .then([
        {
          type: 'AppPageDraftStarted',
          data: {
            pageId: DRAFT_ID,
            draftOfPageId: PAGE_ID,
            ...fields,
            components: [
              { componentId: C1, name: 'title', viewId: null, position: 0, props: { title: 't' } },
            ],
          },
        },
      ]);
    expect(spec.given([event!]).state).toMatchObject({
      status: 'active',
      isDraft: true,
      draftOfPageId: PAGE_ID,
      changed: false,
    });
  });

  it('is idempotent when retried and refuses an id taken by another page', () => {
    spec.given([draftStarted()]).when(start).then([]);
    spec
      .given([created(DRAFT_ID)])
      .when(start)
      .thenThrows(ConflictError, { code: 'conflict.duplicate_id' });
  });
});

describe('PublishAppPageDraft (on the draft)', () => {
  it('refuses a draft that has not changed since it was made', () => {
    spec
      .given([draftStarted([componentAdded(C1, 0, DRAFT_ID)])])
      .when(publish)
      .thenThrows(ConflictError, { code: 'conflict.draft_unchanged' });
  });

  it('an update that changes nothing leaves the draft unchanged', () => {
    const noop = command('UpdateAppPage', { pageId: DRAFT_ID, attributes: { title: 'About' } });
    spec.given([draftStarted()]).when(noop).then([]);
  });

  it('publishes a changed draft', () => {
    spec
      .given([draftStarted(), draftEdited])
      .when(publish)
      .then([
        {
          type: 'AppPageDraftPublished',
          data: { pageId: DRAFT_ID, draftOfPageId: PAGE_ID },
        },
      ]);
  });

  it('counts a component change as a change of the draft', () => {
    spec
      .given([draftStarted(), componentAdded(C2, 0, DRAFT_ID)])
      .when(publish)
      .then([expect.objectContaining({ type: 'AppPageDraftPublished' }) as never]);
  });

  it('refuses a page that is not a draft', () => {
    spec
      .given([created(DRAFT_ID), { ...draftEdited }])
      .when(publish)
      .thenThrows(ConflictError, { code: 'conflict.state', message: expect.stringMatching(/not a draft/) });
  });

  it('refuses a draft published or deleted already, and a missing one', () => {
    const published: PageEvent = {
      type: 'AppPageDraftPublished',
      data: { pageId: DRAFT_ID, draftOfPageId: PAGE_ID },
    };
    const gone: PageEvent = {
      type: 'AppPageDeleted',
      data: { pageId: DRAFT_ID },
    };
    spec.given([draftStarted(), draftEdited, published]).when(publish).thenThrows(NotFoundError);
    spec.given([draftStarted(), gone]).when(publish).thenThrows(NotFoundError);
    spec.given([]).when(publish).thenThrows(NotFoundError);
  });

  it('refuses edits to a published draft', () => {
    const published: PageEvent = {
      type: 'AppPageDraftPublished',
      data: { pageId: DRAFT_ID, draftOfPageId: PAGE_ID },
    };
    spec
      .given([draftStarted(), draftEdited, published])
      .when(command('UpdateAppPage', { pageId: DRAFT_ID, attributes: { title: 'late' } }))
      .thenThrows(NotFoundError);
  });
});

describe('ApplyAppPageDraft (on the page)', () => {
  const draftFields = { ...fields, title: 'About (new)', path: '/about-us' };
  const draftComponents = [
    { componentId: C2, name: 'title', viewId: null, position: 0, props: { title: 'n' } },
  ];
  const apply = command('ApplyAppPageDraft', {
    pageId: PAGE_ID,
    draftPageId: DRAFT_ID,
    fields: draftFields,
    components: draftComponents,
  });

  it("takes the draft's attributes and components and clears the draft link", () => {
    const [event] = spec
      .given([created(), componentAdded(C1, 0), linked])
      .when(apply)
      .then([
        {
          type: 'AppPageDraftApplied',
          data: {
            pageId: PAGE_ID,
            draftPageId: DRAFT_ID,
            ...draftFields,
            components: draftComponents,
          },
        },
      ]);
    expect(spec.given([created(), componentAdded(C1, 0), linked, event!]).state).toMatchObject({
      status: 'active',
      fields: draftFields,
      components: draftComponents,
      draftPageId: null,
      lastAppliedDraftId: DRAFT_ID,
    });
  });

  it('is idempotent when the same publish is retried', () => {
    const [event] = pageDecider.decide(apply, spec.given([created(), linked]).state);
    spec.given([created(), linked, event!]).when(apply).then([]);
  });

  it('refuses a draft the page does not link to', () => {
    spec.given([created()]).when(apply).thenThrows(ConflictError, { code: 'conflict.state' });
  });
});

describe('DiscardAppPageDraft (on the page, when its draft is deleted)', () => {
  const discard = command('DiscardAppPageDraft', { pageId: PAGE_ID, draftPageId: DRAFT_ID });

  it('clears the draft link, once', () => {
    spec
      .given([created(), linked])
      .when(discard)
      .then([{ type: 'AppPageDraftDiscarded', data: { pageId: PAGE_ID, draftPageId: DRAFT_ID } }]);
    spec.given([created()]).when(discard).then([]);
  });

  it('lets the page be deleted once its draft is gone', () => {
    const [event] = pageDecider.decide(discard, spec.given([created(), linked]).state);
    spec
      .given([created(), linked, event!])
      .when(command('DeleteAppPage', { pageId: PAGE_ID }))
      .then([expect.objectContaining({ type: 'AppPageDeleted' }) as never]);
  });
});
