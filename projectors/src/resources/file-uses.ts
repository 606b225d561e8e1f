import {
  asResourceEvent,
  resourceEventTypes,
  type ResourceDefinition,
} from '@platform/contracts/resources/definition';
import type { ResourceProjectionExtension } from './projection.ts';

/**
 * The files' recordsCount (ADR 0027), kept in the files projection from the events of every record type with file
 * fields: `files_uses` holds which record uses which file through which field; a create inserts its fields' files,
 * an update naming a field replaces that field's rows, a delete removes the record's rows (a soft-deleted record
 * keeps its files: it may be restored). The count of each file touched is then read again from the rows, so a
 * replayed event changes nothing twice.
 */
export function fileUsesExtension(catalogue: readonly ResourceDefinition[]): ResourceProjectionExtension {
  const users = catalogue.filter((d) => Object.values(d.relationships).some((r) => r.file));
  const byEvent = new Map<string, ResourceDefinition>();
  for (const definition of users)
    for (const type of resourceEventTypes(definition)) byEvent.set(type, definition);
  const fields = (definition: ResourceDefinition) =>
    Object.entries(definition.relationships).flatMap(([name, spec]) => (spec.file ? [name] : []));
  const ids = (value: unknown): string[] =>
    Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];

  return {
    eventTypes: [...byEvent.keys()],
    tables: ['files_uses'],
    async setup(tx) {
      await tx.unsafe(`create table files_uses (
        file_id uuid not null,
        record_type text not null,
        record_id text not null,
        field text not null,
        primary key (record_type, record_id, field, file_id))`);
      await tx.unsafe('create index files_uses_file on files_uses (file_id)');
    },
    async apply(tx, event, table) {
      const definition = byEvent.get(event.type);
      const change = definition ? asResourceEvent(definition, event) : null;
      if (!definition || !change) return;
      const recordType = definition.type;
      const recordId = change.data.id;
      const touched = new Set<string>();
      const before = async (field?: string) => {
        const gone = await tx<{ file_id: string }[]>`delete from files_uses
          where record_type = ${recordType} and record_id = ${recordId}
          ${field === undefined ? tx`` : tx`and field = ${field}`} returning file_id`;
        for (const row of gone) touched.add(row.file_id);
      };
      if (change.kind === 'created' || change.kind === 'updated') {
        const relationships = change.data.relationships as Record<string, unknown>;
        for (const field of fields(definition)) {
          if (!(field in relationships)) continue;
          await before(field);
          for (const fileId of ids(relationships[field])) {
            touched.add(fileId);
            await tx`insert into files_uses ${tx({
              file_id: fileId,
              record_type: recordType,
              record_id: recordId,
              field,
            })} on conflict do nothing`;
          }
        }
      } else if (change.kind === 'deleted') await before();
      if (!touched.size) return;
      await tx`update ${tx(table)} f set records_count = (
          select count(distinct (u.record_type, u.record_id)) from files_uses u where u.file_id = f.id)
        where f.id = any(${[...touched]}::uuid[])`;
    },
  };
}
