import { useCallback, useEffect, useRef, useState } from 'react';
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
export type ListState =
  { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; data: Loaded };

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
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [reading, setReading] = useState<{ n: number; minPosition?: string }>({ n: 0 });
  const people = useRef(new Map<string, Person>());
  const organizations = useRef(new Map<string, string>());

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const load = async (): Promise<Loaded> => {
      const list = await adminApi.validationRequests(api, {
        status: status === 'all' ? null : status,
        page,
        minPosition: reading.minPosition,
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
    };
    load().then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => signal.aborted || setState({ status: 'failed', error }),
    );
    return () => controller.abort();
  }, [api, status, page, withOrganizations, reading]);

  const reload = useCallback((minPosition?: string) => setReading((r) => ({ n: r.n + 1, minPosition })), []);
  return { state, reload };
}
