import { z } from 'zod/v4';

// apart from definition.ts, so that a schema naming a record (the accounts' requests) does not bring the whole
// resource layer into the web's first script

/** The id of a fixed row: a key such as 'not_specified' (records created through the API get uuids). */
export const FixedIdSchema = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/);
/** Any record's id: a uuid, or a fixed row's key. */
export const RecordIdSchema = z.union([z.string().uuid(), FixedIdSchema]);
