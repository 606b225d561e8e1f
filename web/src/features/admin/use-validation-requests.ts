import { useRef } from 'react';
import { useListRead } from '../../kit/admin/list-frame.tsx';
import { useApi } from '../../kit/api/api-context.tsx';
import {
  adminApi,
  type ListMeta,
  type Person,
  type ValidationRequest,
  type ValidationRequestStatus,
} from './admin-api.ts';

export interface Loaded {
  requests: ValidationRequest[];
  meta: ListMeta;
  people: ReadonlyMap<string, Person>;
  organizations: ReadonlyMap<string, string>;
}

/**
 * The requests of one status and page, with each requester's name and address (GET /users/:id, kept across
 * re-reads) and the organization they attached. `reload(position)` reads again once the read models have the
 * decision just made.
 */
export function useValidationRequests(
  status: ValidationRequestStatus | 'all',
  page: number,
  withOrganizations: boolean,
) {
  const api = useApi();
  const people = useRef(new Map<string, Person>());
  const organizations = useRef(new Map<string, string>());

  return useListRead(
    async ({ signal, minPosition }): Promise<Loaded> => {
      const list = await adminApi.validationRequests(api, {
        status: status === 'all' ? null : status,
        page,
        minPosition,
        signal,
      });
      const userIds = [...new Set(list.data.map((r) => r.relationships.user.data.id))];
      const orgIds = withOrganizations
        ? [
            ...new Set(
              list.data.flatMap((r) => {
                const id = r.relationships.attachedOrganization.data?.id;
                return id ? [id] : [];
              }),
            ),
          ]
        : [];
      // one unknown requester or organization must not hide the whole list: their cells say so instead
      await Promise.allSettled([
        ...userIds
          .filter((id) => !people.current.has(id))
          .map((id) => adminApi.person(api, id, signal).then((p) => people.current.set(id, p))),
        ...orgIds
          .filter((id) => !organizations.current.has(id))
          .map((id) =>
            adminApi.organizationName(api, id, signal).then((n) => organizations.current.set(id, n)),
          ),
      ]);
      return {
        requests: list.data,
        meta: list.meta,
        people: new Map(people.current),
        organizations: new Map(organizations.current),
      };
    },
    [api, status, page, withOrganizations],
  );
}
