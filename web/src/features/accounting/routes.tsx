import { Route } from 'wouter';
import { FEATURES } from '../../kit/build-info.ts';
import { lazyScreen } from '../../kit/lazy/lazy-screen.ts';
import { Guarded } from '../../kit/session/guarded.tsx';
import { ACCOUNT_DOCUMENTS_PATH, ACCOUNT_TRANSACTIONS_PATH } from './paths.ts';

const TransactionsScreen = lazyScreen(() =>
  import('./transactions-screen.tsx').then((m) => ({ default: m.TransactionsScreen })),
);
const DocumentsScreen = lazyScreen(() =>
  import('./documents-screen.tsx').then((m) => ({ default: m.DocumentsScreen })),
);

/**
 * The member's account pages (seed 000 §2: /account/transactions with the transactions feature, /account/documents
 * with the documents feature), among the account's screens: signed in, verified and validated, like the others.
 */
export const accountingRoutes = (
  <>
    {FEATURES.transactions ? (
      <Route path={ACCOUNT_TRANSACTIONS_PATH}>
        <Guarded requirement="validated">
          <TransactionsScreen />
        </Guarded>
      </Route>
    ) : null}
    {FEATURES.documents ? (
      <Route path={ACCOUNT_DOCUMENTS_PATH}>
        <Guarded requirement="validated">
          <DocumentsScreen />
        </Guarded>
      </Route>
    ) : null}
  </>
);
