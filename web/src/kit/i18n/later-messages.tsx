import { createContext, use, useContext } from 'react';
import { IntlContext, IntlProvider } from 'react-intl';
import type { Messages } from './load-messages.ts';

/**
 * Every message of the reader's language, as React's `use()` reads it: loaded when first asked for (`then`),
 * not before. The app holds one (frame/app.tsx): it asks for it once the first page has painted; a screen past
 * the first one asks for it at once (AllMessages).
 */
export interface MessagesThenable extends PromiseLike<Messages> {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: Messages;
  reason?: unknown;
}

/** A thenable whose load starts on its first `then`. */
export function lazyMessages(load: () => Promise<Messages>): MessagesThenable {
  let started: Promise<Messages> | null = null;
  const thenable: MessagesThenable = {
    then(onFulfilled, onRejected) {
      started ??= load().then(
        (value) => {
          thenable.status = 'fulfilled';
          thenable.value = value;
          return value;
        },
        (reason: unknown) => {
          thenable.status = 'rejected';
          thenable.reason = reason;
          throw reason;
        },
      );
      return started.then(onFulfilled, onRejected);
    },
  };
  return thenable;
}

/** Messages already in hand (the component tests give the app every message). */
export function readyMessages(value: Messages): MessagesThenable {
  return {
    status: 'fulfilled',
    value,
    then: (onFulfilled, onRejected) => Promise.resolve(value).then(onFulfilled, onRejected),
  };
}

export const AllMessagesContext = createContext<MessagesThenable | null>(null);

/**
 * What a screen past the first one is rendered in: every message of the language (the first screen is shown with
 * the shell's and the top bar's only, load-messages.ts). Suspends while they load, which starts here if the app
 * has not asked yet. Outside the app (the server's paint, which has every message) it renders its children as is.
 */
export function AllMessages({ children }: { children: React.ReactNode }) {
  const all = useContext(AllMessagesContext);
  const intl = useContext(IntlContext);
  if (!all || !intl) return children;
  const messages = use(all as PromiseLike<Messages>);
  if (messages === intl.messages) return children;
  return (
    <IntlProvider
      locale={intl.locale}
      messages={messages}
      defaultLocale={intl.defaultLocale}
      timeZone={intl.timeZone}
    >
      {children}
    </IntlProvider>
  );
}

/** A component rendered in AllMessages. */
export function withAllMessages<P extends object>(Component: React.ComponentType<P>): React.ComponentType<P> {
  function WithAllMessages(props: P) {
    return (
      <AllMessages>
        <Component {...props} />
      </AllMessages>
    );
  }
  return WithAllMessages;
}
