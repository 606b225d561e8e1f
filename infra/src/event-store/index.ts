export * from './port.ts';
export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres-event-store.ts';
