import { StreamNotFoundError, type EventStore } from '@platform/infra/event-store';

/**
 * Whether a menu item may link to this page: a published page (its stream starts with AppPageCreated, unlike a
 * draft's) that has not been deleted. A page deleted later simply hides the item on the read side.
 */
export async function pageIsLinkable(eventStore: EventStore, pageId: string): Promise<boolean> {
  try {
    const events = await eventStore.readStream(`page-${pageId}`);
    return events[0]?.type === 'AppPageCreated' && !events.some((e) => e.type === 'AppPageDeleted');
  } catch (error) {
    if (error instanceof StreamNotFoundError) return false;
    throw error;
  }
}
