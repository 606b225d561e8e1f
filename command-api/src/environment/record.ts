import type { EventContractRegistry } from '@platform/contracts/event-contracts';
import {
  AppEnvironmentUpdated,
  ENVIRONMENT_STREAM_ID,
  type EnvironmentUpdateReason,
} from '@platform/contracts/environment/events';
import type { CommandMetadata } from '@platform/contracts/metadata';
import type { EventStore } from '@platform/infra/event-store';
import { deriveId } from '../handler.ts';

export interface RecordEnvironmentUpdatedInput {
  metadata: CommandMetadata;
  reason: EnvironmentUpdateReason;
  /**
   * Ids of the events the causing command appended. The signal's id is derived from them (else from the
   * causation id), so a retried command that appended nothing new records no second signal.
   */
  causeEventIds?: string[];
}

/**
 * Marks the app environment as updated (shared CMS agreement): appended to `environment-main` with expected
 * version 'any', since the signal does not depend on the stream's state. Returns the signal's position, which
 * becomes the command's answer position.
 */
export async function recordEnvironmentUpdated(
  deps: { eventStore: EventStore; contracts?: EventContractRegistry },
  input: RecordEnvironmentUpdatedInput,
): Promise<{ position: bigint }> {
  const { metadata, reason } = input;
  const data = { reason };
  const cause = input.causeEventIds?.length ? input.causeEventIds.join(',') : metadata.causationId;
  const eventId = deriveId(
    cause,
    ENVIRONMENT_STREAM_ID,
    reason.resourceType,
    reason.resourceId,
    reason.action,
  );
  const payload = deps.contracts ? deps.contracts.validate(AppEnvironmentUpdated.type, data) : data;
  const { position } = await deps.eventStore.appendToStream(
    ENVIRONMENT_STREAM_ID,
    [
      {
        eventId,
        type: AppEnvironmentUpdated.type,
        data: payload,
        metadata: {
          eventId,
          correlationId: metadata.correlationId,
          causationId: metadata.causationId,
          actor: metadata.actor,
          recordedAt: metadata.now.toISOString(),
          schemaVersion: AppEnvironmentUpdated.version,
        },
      },
    ],
    { expectedVersion: 'any' },
  );
  return { position };
}
