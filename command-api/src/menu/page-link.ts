import { readStreamOrEmpty, type EventStore } from '@platform/infra/event-store';

/**
 * Whether a menu item may link to this page: a published page (its stream starts with AppPageCreated, unlike a
 * draft's) that has not been deleted. A page deleted later simply hides the item on the read side.
 */
export async function pageIsLinkable(eventStore: EventStore, pageId: string): Promise<boolean> {
  const events = await readStreamOrEmpty(eventStore, `page-${pageId}`);
  return events[0]?.type === 'AppPageCreated' && !events.some((e) => e.type === 'AppPageDeleted');
}
