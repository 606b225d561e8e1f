import { useEffect, useState } from 'react';
import { useApi } from '../../kit/api/api-context.tsx';
import { readModels, type RentalModel } from './rental-api.ts';

/** The cart's models (name, prices), read again when the cart holds another model. */
export function useRentalModels(ids: readonly string[]) {
  const api = useApi();
  const key = [...ids].sort().join(',');
  const [models, setModels] = useState<{ key: string; byId: Record<string, RentalModel> } | null>(null);
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    readModels(api, key.split(','), controller.signal).then(
      (byId) => !controller.signal.aborted && setModels({ key, byId }),
      () => undefined,
    );
    return () => controller.abort();
  }, [api, key]);
  return { loading: Boolean(key) && models?.key !== key, byId: models?.byId ?? {} };
}
