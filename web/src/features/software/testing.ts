import type { MySoftwareAuthorizations } from '@platform/contracts/software/endpoints';
import { fakeJson, type FakeRequest } from '../../kit/testing/fake-api.ts';

export type FakeAuthorization = MySoftwareAuthorizations['data'][number]['attributes'] & { id: string };
export type FakeAssociation = FakeAuthorization['associations'][number];

/** An installation the fake server knows, by the id the software shows. */
export interface FakeInstallation {
  installationId: string;
  name: string | null;
  system: string | null;
}

const conflict = (code: string, detail: string) =>
  fakeJson(409, { errors: [{ status: '409', code, detail }] });

/**
 * GET and POST /services/software/associations and DELETE /software-service-associations/{id}, shaped like the
 * platform's answers (contracts/src/software/endpoints.ts, command-api's generic delete): the member's
 * authorizations; an association of a known installation under its authorization's limit and dates (422 on the
 * installation id for an unknown one, 409 with its code otherwise); every write answers the next position.
 * `failing` answers the next reads with its statuses; `answers` answers the next association with its response.
 */
export function softwareServer(
  options: { authorizations?: FakeAuthorization[]; installations?: FakeInstallation[] } = {},
) {
  const state = {
    authorizations: structuredClone(options.authorizations ?? []),
    installations: [...(options.installations ?? [])],
    /** each read's minPosition (null: none) */
    reads: [] as Array<string | null>,
    posts: [] as unknown[],
    deletes: [] as string[],
    failing: [] as number[],
    answers: [] as Response[],
    position: 100,
  };
  const handler = (request: FakeRequest): Response | undefined => {
    const path = request.url.pathname;
    if (path === '/api/v1/services/software/associations' && request.method === 'GET') {
      state.reads.push(request.url.searchParams.get('minPosition'));
      const status = state.failing.shift();
      if (status)
        return fakeJson(status, { errors: [{ status: String(status), code: 'internal', detail: 'Down' }] });
      return fakeJson(200, {
        data: state.authorizations.map(({ id, ...attributes }) => ({
          type: 'software-service-authorizations',
          id,
          attributes,
        })),
      });
    }
    if (path === '/api/v1/services/software/associations' && request.method === 'POST') {
      state.posts.push(request.body);
      const scripted = state.answers.shift();
      if (scripted) return scripted;
      const data = (
        request.body as {
          data: {
            attributes: { installationId: string; name: string | null };
            relationships: { authorization: { data: { id: string } } };
          };
        }
      ).data;
      const authorization = state.authorizations.find(
        (a) => a.id === data.relationships.authorization.data.id,
      );
      if (!authorization)
        return fakeJson(404, {
          errors: [{ status: '404', code: 'not_found', detail: 'No such authorization' }],
        });
      const installation = state.installations.find(
        (i) => i.installationId === data.attributes.installationId,
      );
      if (!installation)
        return fakeJson(422, {
          errors: [
            {
              status: '422',
              code: 'validation.invalid',
              detail: 'No installation has this id',
              source: { pointer: '/data/attributes/installationId' },
            },
          ],
        });
      if (authorization.state !== 'inForce')
        return conflict('conflict.authorization_not_in_force', 'The authorization is not in force');
      if (authorization.associations.some((x) => x.installationId === installation.installationId))
        return conflict('conflict.already_associated', 'Already associated');
      if (authorization.associations.length >= authorization.associationsMax)
        return conflict('conflict.associations_full', 'The authorization takes no more installations');
      const id = `as${++state.position}`;
      authorization.associations.push({
        id,
        name: data.attributes.name,
        installationId: installation.installationId,
        installationName: installation.name,
        system: installation.system,
        associatedAt: '2026-04-15T12:00:00.000Z',
      });
      return fakeJson(201, {
        data: { type: 'software-service-associations', id },
        meta: { position: String(state.position) },
      });
    }
    const removed = /^\/api\/v1\/software-service-associations\/([^/]+)$/.exec(path);
    if (removed && request.method === 'DELETE') {
      const id = decodeURIComponent(removed[1]!);
      state.deletes.push(id);
      const owner = state.authorizations.find((a) => a.associations.some((x) => x.id === id));
      if (!owner)
        return fakeJson(404, { errors: [{ status: '404', code: 'not_found', detail: 'No such record' }] });
      owner.associations = owner.associations.filter((x) => x.id !== id);
      return fakeJson(200, {
        data: { type: 'software-service-associations', id },
        meta: { position: String(++state.position), version: '2' },
      });
    }
    return undefined;
  };
  return { state, handler };
}
