import type { CommandMetadata } from '@platform/contracts/metadata';
import type { PageEvent, PageFields } from '@platform/contracts/pages/events';
import type { PageCommand } from './commands.ts';

/** Test data for the page decider specs: fixed ids and clock readings, no randomness. Events carry no who/when
 * (that is their metadata's); commands carry both. */
export const PAGE_ID = '11111111-1111-4111-8111-111111111111';
export const DRAFT_ID = '22222222-2222-4222-8222-222222222222';
export const C1 = 'c0000000-0000-4000-8000-000000000001';
export const C2 = 'c0000000-0000-4000-8000-000000000002';
export const C3 = 'c0000000-0000-4000-8000-000000000003';
export const USER = 'a0000000-0000-4000-8000-000000000001';

export const T1 = '2025-01-01T11:00:00.000Z';
export const T2 = '2025-01-01T12:00:00.000Z';

export function meta(at: string = T1): CommandMetadata {
  return {
    now: new Date(at),
    actor: { userId: USER, actingAsOrganizationId: null, impersonatorId: null },
    correlationId: 'corr-1',
    causationId: 'cause-1',
  };
}

export const fields: PageFields = {
  path: '/about',
  title: 'About',
  description: '',
  styles: '',
  requiresAuth: false,
  accessLevel: null,
  roles: [],
  isDefault: false,
};

export const created = (pageId = PAGE_ID, f: Partial<PageFields> = {}): PageEvent => ({
  type: 'AppPageCreated',
  data: { pageId, ...fields, ...f },
});

export const componentAdded = (componentId: string, position: number, pageId = PAGE_ID): PageEvent => ({
  type: 'AppPageComponentAdded',
  data: {
    pageId,
    componentId,
    name: 'title',
    viewId: null,
    position,
    props: { title: `title ${componentId.slice(-1)}` },
  },
});

export const draftStarted = (components: PageEvent[] = []): PageEvent => ({
  type: 'AppPageDraftStarted',
  data: {
    pageId: DRAFT_ID,
    draftOfPageId: PAGE_ID,
    ...fields,
    components: components.flatMap((e) =>
      e.type === 'AppPageComponentAdded'
        ? [
            {
              componentId: e.data.componentId,
              name: e.data.name,
              viewId: e.data.viewId,
              position: e.data.position,
              props: e.data.props,
            },
          ]
        : [],
    ),
  },
});

export function command<T extends PageCommand['type']>(
  type: T,
  data: Extract<PageCommand, { type: T }>['data'],
  at: string = T1,
): Extract<PageCommand, { type: T }> {
  return { type, data, metadata: meta(at) } as Extract<PageCommand, { type: T }>;
}
