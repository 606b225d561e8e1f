import type { RentalEnvironment } from '@platform/contracts/rental/environment';
import { useActorRef, useSelector } from '@xstate/react';
import { useAtom } from 'jotai';
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useApi } from '../../kit/api/api-context.tsx';
import { useT } from '../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { useNavigation } from '../../kit/routing/router.tsx';
import { useSession } from '../../kit/session/session.tsx';
import { signInHref } from '../accounts/index.ts';
import { CHECKOUT_STEPS, STEP_PATHS, type CheckoutStep } from './checkout-steps.ts';
import { browserStorage, readCheckout, writeCheckout } from './checkout-storage.ts';
import { checkoutMachine, checkoutStepOf, storedCheckoutOf, type Member } from './checkout.machine.ts';
import { rentalCartAtom } from './rental-cart.ts';
import {
  checkoutActors,
  readRentalEnvironment,
  releaseBooking,
  UNSET_RENTAL_ENVIRONMENT,
} from './rental-api.ts';

type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;
const CheckoutContext = createContext<CheckoutActor | null>(null);

export function useCheckoutActor(): CheckoutActor {
  const actor = useContext(CheckoutContext);
  if (!actor) throw new Error('useCheckoutActor must be used inside <CheckoutProvider>');
  return actor;
}

/** The checkout's snapshot, read by the step screens (they render it; the machine decides). */
export function useCheckout() {
  const actor = useCheckoutActor();
  const snapshot = useSelector(actor, (s) => s);
  return { snapshot, send: actor.send, context: snapshot.context };
}

const memberOf = (status: string): Member =>
  status === 'authenticated' ? 'signedIn' : status === 'anonymous' ? 'anonymous' : 'unknown';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Runs the checkout while one of its steps is shown: the environment's rental values are read first, the
 * machine starts where the stored checkout stood, and from then on what it does is stored (cart and step),
 * the cart changed elsewhere (catalogue, another tab) and the session are told to it, and the address follows
 * its step: an earlier step typed or gone back to in the history is asked for (user.goTo), a later one is not
 * reachable by address and shows the machine's step instead.
 */
export function CheckoutProvider({
  urlStep,
  children,
}: {
  urlStep: CheckoutStep;
  children: React.ReactNode;
}) {
  const api = useApi();
  const t = useT();
  const [env, setEnv] = useState<RentalEnvironment | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    readRentalEnvironment(api, controller.signal).then(setEnv, () => {
      // no environment (its failure raised the shell's dialog): the rules without the configured values
      if (!controller.signal.aborted) setEnv(UNSET_RENTAL_ENVIRONMENT);
    });
    return () => controller.abort();
  }, [api]);
  if (!env) return <InlineLoader aria-label={t('app.loading')} />;
  return (
    <RunningCheckout env={env} urlStep={urlStep}>
      {children}
    </RunningCheckout>
  );
}

function RunningCheckout({
  env,
  urlStep,
  children,
}: {
  env: RentalEnvironment;
  urlStep: CheckoutStep;
  children: React.ReactNode;
}) {
  const api = useApi();
  const session = useSession();
  const { navigate } = useNavigation();
  const [cart, setCart] = useAtom(rentalCartAtom);
  const storage = useMemo(() => browserStorage(), []);
  const machine = useMemo(
    () =>
      checkoutMachine.provide({
        actors: checkoutActors(api),
        actions: { releaseHold: (_, { bookingId }) => void releaseBooking(api, bookingId) },
      }),
    [api],
  );
  const actor = useActorRef(machine, {
    input: { env, cart, stored: readCheckout(storage).stored, member: memberOf(session.status) },
  });
  const step = useSelector(actor, (s) => checkoutStepOf(s.value));
  const machineCart = useSelector(actor, (s) => s.context.cart);

  // what the machine does is stored: a reload or another tab resumes at its step
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      const at = checkoutStepOf(snapshot.value);
      if (at) writeCheckout(storage, snapshot.context.cart, storedCheckoutOf(snapshot.context, at));
    });
    return () => subscription.unsubscribe();
  }, [actor, storage]);

  // the cart goes both ways: the machine's edits to the shared atom, the others' edits to the machine
  useEffect(() => {
    if (!same(machineCart, cart)) setCart(machineCart);
    // only the machine's changes are pushed from here
  }, [machineCart]);
  useEffect(() => {
    if (!same(actor.getSnapshot().context.cart, cart)) actor.send({ type: 'cart.changed', cart });
  }, [cart, actor]);

  useEffect(
    () => actor.send({ type: 'session.changed', member: memberOf(session.status) }),
    [actor, session.status],
  );
  useEffect(() => actor.send({ type: 'env.changed', env }), [actor, env]);

  useEffect(() => {
    const signIn = actor.on('signInRequired', (event) =>
      navigate(signInHref(STEP_PATHS[event.step], ''), { replace: true }),
    );
    const confirmed = actor.on('confirmed', (event) =>
      navigate(
        `/services/rentals/commands/${encodeURIComponent(event.commandId)}${
          event.position ? `?minPosition=${encodeURIComponent(event.position)}` : ''
        }`,
      ),
    );
    return () => {
      signIn.unsubscribe();
      confirmed.unsubscribe();
    };
  }, [actor, navigate]);

  // the address follows the step: the machine moved (push the step's address), or the address did (an
  // earlier step is asked for; a later one cannot be reached by address and is replaced by the machine's)
  const seen = useRef({ step, urlStep });
  const anonymous = session.status === 'anonymous';
  useEffect(() => {
    const before = seen.current;
    seen.current = { step, urlStep };
    const firstShown = before.urlStep === urlStep && before.step === step;
    // a checkout confirmed earlier: a step shown again starts a new one (just confirmed, the command's
    // page is being opened)
    if (step === 'confirmed') {
      if (firstShown) actor.send({ type: 'user.restart' });
      return;
    }
    if (!step || step === urlStep) return;
    // the machine sent an anonymous member to sign in, coming back to this step afterwards
    if (anonymous && (step === 'addresses' || step === 'summary')) return;
    const addressMoved = before.urlStep !== urlStep && before.step === step;
    if (addressMoved && CHECKOUT_STEPS.indexOf(urlStep) < CHECKOUT_STEPS.indexOf(step)) {
      actor.send({ type: 'user.goTo', step: urlStep });
      return;
    }
    navigate(STEP_PATHS[step], { replace: addressMoved || firstShown });
  }, [step, urlStep, anonymous, actor, navigate]);

  return <CheckoutContext.Provider value={actor}>{children}</CheckoutContext.Provider>;
}
