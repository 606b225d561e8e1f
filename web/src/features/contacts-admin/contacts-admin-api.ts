import { contactEndpoints } from '@platform/contracts/contacts/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';

/**
 * The answer of POST /services/light-user-form-inputs/{id}/handle (201): the contact the input made (`created`) or
 * the one that had its e-mail address and was kept, and the position at which the screen reads them again.
 */
const HandledSchema = z.object({
  data: z.object({ type: z.literal('light-users'), id: z.string() }),
  meta: z.object({ position: z.string().optional(), created: z.boolean() }).passthrough(),
});
export type Handled = z.infer<typeof HandledSchema>;

/** The back office's command on a contact form's answer (contactEndpoints.handleInput): no body, the id says it all. */
export const contactsAdminApi = {
  handleInput: (api: ApiClient, inputId: string) =>
    api.call(contactEndpoints.handleInput, { params: { id: inputId }, schema: HandledSchema }),
};
