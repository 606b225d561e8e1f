import { recordLifecycleEndpoints } from '@platform/contracts/resources/endpoints';
import {
  softwareEndpoints,
  type MySoftwareAuthorizations,
  type SoftwareAssociationBody,
} from '@platform/contracts/software/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';

/**
 * What /account/software/associations reads and writes (contracts/src/software/endpoints.ts): the signed-in
 * member's authorizations with their associations (GET /services/software/associations), an association made by the
 * installation id the software shows (POST /services/software/associations, decided under the authorization's
 * limit) and an association removed through the generic delete of the member's own record.
 */

export type MyAuthorization = MySoftwareAuthorizations['data'][number]['attributes'] & { id: string };
export type MyAssociation = MyAuthorization['associations'][number];

/** The association's answer: 201 with the record made and the position to read it at. */
const AssociatedSchema = z.object({
  data: z.object({ type: z.string(), id: z.string() }).passthrough(),
  meta: z.object({ position: z.string() }).passthrough(),
});

/**
 * The generic delete's answer (command-api/src/resources/routes.ts: 200 with `meta.position` and `meta.version`),
 * read leniently: only the position matters here, and an answer without a body (204) is a delete too.
 */
const RemovedSchema = z
  .object({ meta: z.object({ position: z.string() }).passthrough().optional() })
  .passthrough()
  .nullable();

/** The member's authorizations, each with its service, dates, state, limit and associated installations. */
export async function readMyAuthorizations(
  api: ApiClient,
  { signal, minPosition }: { signal?: AbortSignal; minPosition?: string } = {},
): Promise<MyAuthorization[]> {
  const doc = await api.call(softwareEndpoints.mine, {
    query: minPosition ? { minPosition } : {},
    signal,
  });
  return doc.data.map((d) => ({ id: d.id, ...d.attributes }));
}

/** The body of an association: the id the software shows, an optional name, the authorization. */
export function associationBody(input: {
  authorizationId: string;
  installationId: string;
  name: string;
}): SoftwareAssociationBody {
  const name = input.name.trim();
  return {
    data: {
      type: 'software-service-associations',
      attributes: { installationId: input.installationId.trim(), name: name || null },
      relationships: {
        authorization: { data: { type: 'software-service-authorizations', id: input.authorizationId } },
      },
    },
  };
}

/** Associates an installation with an authorization; answers the position to read the list at. */
export async function associateInstallation(
  api: ApiClient,
  input: { authorizationId: string; installationId: string; name: string },
): Promise<{ id: string; position: string }> {
  const answer = await api.call(softwareEndpoints.associate, {
    body: associationBody(input),
    schema: AssociatedSchema,
  });
  return { id: answer.data.id, position: answer.meta.position };
}

/** Removes one of the member's associations; answers the position to read the list at, when the answer has one. */
export async function removeAssociation(api: ApiClient, id: string): Promise<string | undefined> {
  const answer = await api.call(recordLifecycleEndpoints('software-service-associations').delete, {
    params: { id },
    schema: RemovedSchema,
  });
  return answer?.meta?.position;
}

/** The 409 codes of an association, each said in its own words (contracts/src/errors.ts). */
export const ASSOCIATION_CONFLICTS = [
  'conflict.associations_full',
  'conflict.authorization_not_in_force',
  'conflict.already_associated',
] as const;
export type AssociationConflict = (typeof ASSOCIATION_CONFLICTS)[number];

export const isAssociationConflict = (code: unknown): code is AssociationConflict =>
  (ASSOCIATION_CONFLICTS as readonly unknown[]).includes(code);

/** What an installation is called on the screen: the association's name, the installation's, or its id. */
export const installationLabel = (association: MyAssociation) =>
  association.name?.trim() || association.installationName?.trim() || association.installationId;
