import {
  PublicationRequestAccepted,
  PublicationRequestPublished,
  PublicationRequestRefused,
  PublicationRequestSubmitted,
} from '@platform/contracts/publications/requests';
import { asResourceEvent, type ResourceDefinition } from '@platform/contracts/resources/definition';
import type { Projection } from '../projection.ts';
import type { ResourceProjectionExtension } from '../resources/projection.ts';

type Data<T extends { schema: { _output: unknown } }> = T['schema']['_output'];

/**
 * A publication item's `pendingPublicationRequest` (plan §3.1): `{ id, targetedPublishedAt, submittedAt }` set by
 * a submission, cleared by its acceptance or refusal. A request's events are workflow events of the item's
 * stream: they leave the row's `version` (the item's If-Match) as it is.
 */
export const pendingPublicationRequestExtension: ResourceProjectionExtension = {
  eventTypes: [
    PublicationRequestSubmitted.type,
    PublicationRequestAccepted.type,
    PublicationRequestRefused.type,
  ],
  async apply(tx, event, table) {
    if (event.type === PublicationRequestSubmitted.type) {
      const d = event.data as Data<typeof PublicationRequestSubmitted>;
      const pending = {
        id: d.requestId,
        targetedPublishedAt: d.targetedPublishedAt,
        submittedAt: d.submittedAt,
      };
      await tx`update ${tx(table)} set pending_publication_request = ${tx.json(pending)}
        where id = ${d.itemId}`;
      return;
    }
    const d = event.data as { requestId: string; itemId: string };
    await tx`update ${tx(table)} set pending_publication_request = null
      where id = ${d.itemId} and pending_publication_request ->> 'id' = ${d.requestId}`;
  },
};

/**
 * The accepted requests waiting for their date, which the scheduler (host/src/publications/scheduler.ts) reads:
 * `publication_schedule (request_id, item_type, item_id, publish_at, published_at, accepted_event_id)`. A row is
 * added by an acceptance, marked by its publication, and dropped when the item is deleted (soft or hard) or
 * published or unpublished by hand before the date: the decider would append nothing for it any more.
 */
export function publicationScheduleProjection(items: readonly ResourceDefinition[]): Projection {
  const itemEvents = items.flatMap((d) => [d.events.updated, d.events.softDeleted, d.events.deleted]);
  return {
    name: 'publication_schedule',
    version: 1,
    eventTypes: [PublicationRequestAccepted.type, PublicationRequestPublished.type, ...itemEvents],
    tables: ['publication_schedule'],
    async setup(tx) {
      await tx.unsafe(`
        create table publication_schedule (
          request_id uuid primary key,
          item_type text not null,
          item_id uuid not null,
          publish_at timestamptz not null,
          published_at timestamptz null,
          accepted_event_id uuid not null
        );
        create index publication_schedule_due on publication_schedule (publish_at) where published_at is null;
        create index publication_schedule_item on publication_schedule (item_id);
      `);
    },
    async apply(tx, event) {
      if (event.type === PublicationRequestAccepted.type) {
        const d = event.data as Data<typeof PublicationRequestAccepted>;
        const row = {
          request_id: d.requestId,
          item_type: d.itemType,
          item_id: d.itemId,
          publish_at: d.publishAt,
          published_at: null,
          accepted_event_id: event.eventId,
        };
        await tx`insert into publication_schedule ${tx(row)} on conflict (request_id) do nothing`;
        return;
      }
      if (event.type === PublicationRequestPublished.type) {
        const d = event.data as Data<typeof PublicationRequestPublished>;
        await tx`update publication_schedule set published_at = ${d.publishedAt}
          where request_id = ${d.requestId}`;
        return;
      }
      const definition = items.find((d) => Object.values(d.events).includes(event.type));
      const resource = definition ? asResourceEvent(definition, event) : null;
      if (!resource) return;
      const settles =
        resource.kind === 'softDeleted' ||
        resource.kind === 'deleted' ||
        (resource.kind === 'updated' && Object.hasOwn(resource.data.attributes, 'publishedAt'));
      if (settles)
        await tx`delete from publication_schedule where item_id = ${resource.data.id} and published_at is null`;
    },
  };
}
