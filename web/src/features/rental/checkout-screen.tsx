import { useEffect, useRef } from 'react';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { Guarded } from '../../kit/session/guarded.tsx';
import { PageContainer } from '../../kit/ui/page-container.tsx';
import { AddressesStep } from './addresses-step.tsx';
import { CartStep } from './cart-step.tsx';
import { CheckoutProvider, useCheckout } from './checkout-context.tsx';
import type { CheckoutStep } from './checkout-steps.ts';
import { checkoutStepOf } from './checkout.machine.ts';
import { StepIndicator, StepProblems, useRentalT } from './checkout-ui.tsx';
import { PeriodStep } from './period-step.tsx';
import { SummaryStep } from './summary-step.tsx';

const STEP_SCREENS: Record<CheckoutStep, () => React.ReactNode> = {
  cart: CartStep,
  period: PeriodStep,
  addresses: AddressesStep,
  summary: SummaryStep,
};

function StepView({ step }: { step: CheckoutStep }) {
  const t = useRentalT();
  const { snapshot, context } = useCheckout();
  const shown = checkoutStepOf(snapshot.value);
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(t(`rental.steps.${step}`));
  // a new step takes the focus to its heading, so that reading starts there
  useEffect(() => heading.current?.focus(), [step]);
  const Screen = STEP_SCREENS[step];
  return (
    <PageContainer>
      <StepIndicator current={step} />
      <h1 ref={heading} tabIndex={-1}>
        {t(`rental.steps.${step}`)}
      </h1>
      {shown === step ? (
        <>
          <StepProblems problems={context.problems} ownForm={step === 'summary'} />
          <Screen />
        </>
      ) : null}
    </PageContainer>
  );
}

/**
 * The rental checkout's steps (seed 000 §2.3): cart and period are public, addresses and summary need
 * sign-in (an anonymous visitor is sent to sign in and comes back to the step).
 */
export function CheckoutScreen({ step }: { step: CheckoutStep }) {
  const view = <StepView step={step} />;
  return (
    <CheckoutProvider urlStep={step}>
      {step === 'addresses' || step === 'summary' ? <Guarded requirement="auth">{view}</Guarded> : view}
    </CheckoutProvider>
  );
}
