export * from './port.ts';
export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres-event-store.ts';
export { foldEvents, loadState, readStreamOrEmpty, type LoadedState, type StreamFold } from './fold.ts';
export { createEventStore, type EventStoreDeps } from './create-event-store.ts';
