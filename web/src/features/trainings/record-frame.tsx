import type { ReactNode } from 'react';
import { ApiError } from '../../kit/api/errors.ts';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import type { Loaded } from '../../kit/loading/use-loaded.ts';
import { useRefusedRead } from '../../kit/routing/refused-read.ts';
import { Button } from '../../kit/ui/button.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { useTrainingsT } from './trainings-ui.tsx';

/** The way back from a record's page to the list of its page. */
export function BackLink({ basePath, label }: { basePath: string; label: string }) {
  return (
    <p>
      <Link href={basePath || '/'}>{label}</Link>
    </p>
  );
}

/**
 * A record's page while it loads, or when it cannot be shown: a record that exists but is hidden from the reader
 * goes to the unauthorized screen; a missing one is worded in place with the way back; any other failure offers to
 * try again. `children` renders the record once read.
 */
export function RecordFrame<T>({
  state,
  retry,
  basePath,
  backLabel,
  notFoundLabel,
  children,
}: {
  state: Loaded<T>;
  retry: () => void;
  basePath: string;
  backLabel: string;
  notFoundLabel: string;
  children: (value: T) => ReactNode;
}) {
  const t = useTrainingsT();
  const refused = useRefusedRead(state.status === 'failed' ? state.error : null, 'forbidden');
  if (state.status === 'loading' || refused) return <InlineLoader aria-label={t('trainings.loading')} />;
  if (state.status === 'failed') {
    const missing = state.error instanceof ApiError && state.error.kind === 'not-found';
    return (
      <div>
        <h1>{missing ? notFoundLabel : t('trainings.failed')}</h1>
        {missing ? null : <Button onPress={retry}>{t('trainings.retry')}</Button>}
        <BackLink basePath={basePath} label={backLabel} />
      </div>
    );
  }
  return <>{children(state.value)}</>;
}
