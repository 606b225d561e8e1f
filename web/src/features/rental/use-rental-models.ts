import { useApi } from '../../kit/api/api-context.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { readModels, type RentalModel } from './rental-api.ts';

/** The cart's models (name, prices), read again when the cart holds another model. */
export function useRentalModels(ids: readonly string[]) {
  const api = useApi();
  const key = [...ids].sort().join(',');
  const { state } = useLoaded(
    async (signal) => ({
      key,
      byId: key ? await readModels(api, key.split(','), signal) : ({} as Record<string, RentalModel>),
    }),
    [api, key],
    { keep: true },
  );
  // what was read stays while the cart's new models are read; a failed read leaves them loading
  const models = state.status === 'ready' ? state.value : null;
  return { loading: Boolean(key) && models?.key !== key, byId: models?.byId ?? {} };
}
