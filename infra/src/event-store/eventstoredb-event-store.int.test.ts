import { KurrentDBClient, jsonEvent, type JSONType } from '@kurrent/kurrentdb-client';
import { describe } from 'vitest';
import { eventStoreContract, metadata, widgetContracts } from '@platform/tests/contract/event-store.contract';
import { skipWithoutContainerEngine, startEventStoreDb } from '@platform/tests/support/containers';
import { EventStoreDbEventStore } from './eventstoredb-event-store.ts';
import { toStoredMetadata } from './eventstoredb-mapping.ts';

// The event store contract on a real EventStoreDB, started by testcontainers (ADR 0049). Without a container engine
// (this project's own machine has none) the suite is skipped and the run prints why.
const skip = await skipWithoutContainerEngine("the EventStoreDB adapter's event store contract");

describe.skipIf(skip)('EventStoreDB', () => {
  eventStoreContract('EventStoreDbEventStore', async () => {
    const engine = await startEventStoreDb();
    const client = KurrentDBClient.connectionString(engine.url);
    const store = new EventStoreDbEventStore({ client });
    const storeWithContracts = new EventStoreDbEventStore({ client, contracts: widgetContracts });
    return {
      store,
      storeWithContracts,
      exceptions: {
        eventIdsUniqueWithinStreamOnly:
          'EventStoreDB keeps event ids unique within a stream, not across streams (ADR 0049)',
      },
      async appendLegacy(streamId, type, schemaVersion, data) {
        const m = metadata();
        await client.appendToStream(
          streamId,
          jsonEvent({
            id: m.eventId,
            type,
            data: data as JSONType,
            metadata: toStoredMetadata(m, schemaVersion) as unknown as JSONType,
          }),
        );
      },
      async teardown() {
        await store.close();
        await storeWithContracts.close();
        await client.dispose();
        await engine.container.stop();
      },
    };
  });
});
