import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor, type CommandMetadata } from '@platform/contracts/metadata';
import { handleCommand } from '../handler.ts';
import { claimUniqueValue, holderOf, SITE_PATH_SCOPE } from '../claims/unique-values.ts';
import type { PageCommand } from './commands.ts';
import { pageDecider } from './decide.ts';
import { loadPage, pageStreamId } from './store.ts';
import { pageDocument, startPagesApi, type PagesApi } from '@platform/tests/support/apps/pages-api';

/**
 * The two-stream operations (draft, publish, delete of a draft, path claims) when a process died between
 * their appends: the half-done state is written straight to the event store, then the API must finish or
 * repair it rather than stay stuck.
 */
let api: PagesApi;
beforeAll(async () => {
  api = await startPagesApi();
});
afterAll(async () => {
  await api.close();
});

const metadata = (now = new Date()): CommandMetadata => ({
  now,
  actor: systemActor,
  correlationId: 'crash',
  causationId: randomUUID(),
});
/** Appends what one half of an operation would have appended before the crash. */
const halfDone = (pageId: string, command: Omit<PageCommand, 'metadata'>) =>
  handleCommand(
    { eventStore: api.store },
    {
      streamId: pageStreamId(pageId),
      decider: pageDecider,
      command: { ...command, metadata: metadata() } as PageCommand,
    },
  );
const types = async (pageId: string) => (await api.store.readStream(pageStreamId(pageId))).map((e) => e.type);
const newPage = async (path: string) => {
  const answer = await api.send('POST', '/app-pages', pageDocument({ title: path, path }));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.id as string;
};

describe('recovery of half-done page operations', () => {
  it('a draft linked to its page but never started is resumed, not refused', async () => {
    const pageId = await newPage('/resume');
    const draftId = randomUUID();
    await halfDone(pageId, { type: 'CreateAppPageDraft', data: { pageId, draftPageId: draftId } });
    const answer = await api.send('POST', `/app-pages/${pageId}/draft`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.data.id).toBe(draftId);
    expect(await types(draftId)).toEqual(['AppPageDraftStarted']);
  });

  it('a page still linked to its deleted draft can be deleted', async () => {
    const pageId = await newPage('/linked');
    const draft = await api.send('POST', `/app-pages/${pageId}/draft`);
    await halfDone(draft.body.data.id, { type: 'DeleteAppPage', data: { pageId: draft.body.data.id } });
    const answer = await api.send('DELETE', `/app-pages/${pageId}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await types(pageId)).toEqual([
      'AppPageCreated',
      'AppPageDraftCreated',
      'AppPageDraftDiscarded',
      'AppPageDeleted',
    ]);
  });

  it('a publish that applied the draft but did not remove it is completed by publishing again', async () => {
    const pageId = await newPage('/half-published');
    const draft = await api.send('POST', `/app-pages/${pageId}/draft`);
    const draftId = draft.body.data.id as string;
    await api.send('PATCH', `/app-pages/${draftId}`, pageDocument({ title: 'New title' }));
    const { state } = await loadPage(api.store, draftId);
    if (state.status !== 'active') throw new Error('the draft should be active');
    await halfDone(pageId, {
      type: 'ApplyAppPageDraft',
      data: { pageId, draftPageId: draftId, fields: state.fields, components: state.components },
    });
    const answer = await api.send('POST', `/services/app-pages/${draftId}/publish`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await types(pageId)).toEqual(['AppPageCreated', 'AppPageDraftCreated', 'AppPageDraftApplied']);
    expect(await types(draftId)).toEqual(['AppPageDraftStarted', 'AppPageUpdated', 'AppPageDraftPublished']);
  });

  it('a path claimed long ago by a page that was never recorded is taken over', async () => {
    const ghost = randomUUID();
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await claimUniqueValue(
      { eventStore: api.store },
      SITE_PATH_SCOPE,
      '/ghost',
      { type: 'app-page', id: ghost },
      metadata(longAgo),
    );
    const pageId = await newPage('/ghost');
    expect(await holderOf({ eventStore: api.store }, SITE_PATH_SCOPE, '/ghost')).toEqual({
      type: 'app-page',
      id: pageId,
    });
  });

  it('a path claimed long ago by a page that still uses it stays taken', async () => {
    const pageId = randomUUID();
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await claimUniqueValue(
      { eventStore: api.store },
      SITE_PATH_SCOPE,
      '/kept',
      { type: 'app-page', id: pageId },
      metadata(longAgo),
    );
    await halfDone(pageId, {
      type: 'CreateAppPage',
      data: {
        pageId,
        attributes: {
          path: '/kept',
          title: 'Kept',
          description: '',
          styles: '',
          requiresAuth: false,
          accessLevel: null,
          roles: [],
          isDefault: false,
        },
      },
    });
    const answer = await api.send('POST', '/app-pages', pageDocument({ title: 'kept', path: '/kept' }));
    expect(answer.status).toBe(409);
    expect(answer.body.errors[0].code).toBe('conflict.duplicate_path');
    expect(await holderOf({ eventStore: api.store }, SITE_PATH_SCOPE, '/kept')).toEqual({
      type: 'app-page',
      id: pageId,
    });
  });
});
