import { needsShippingAddress, type RentalStrategy } from '@platform/contracts/rental/strategies';
import { Button } from '../../kit/ui/button.tsx';
import { ActionRow } from '../../kit/ui/page-container.tsx';
import { RadioGroup } from '../../kit/ui/radio-group.tsx';
import { TextField } from '../../kit/ui/text-field.tsx';
import { useCheckout } from './checkout-context.tsx';
import { useProblemText, useRentalT } from './checkout-ui.tsx';
import type { AddressField } from './checkout.machine.ts';

/**
 * The strategies a member chooses from; internal, locked and the internal shipping one are the rental
 * admins' (they are set on a command in the back office).
 */
export const MEMBER_STRATEGIES = ['pick_up', 'ship_to_address'] as const satisfies readonly RentalStrategy[];

/** /services/rentals/addresses: the strategy, the billing address, a shipping address when it ships, the phone. */
export function AddressesStep() {
  const t = useRentalT();
  const text = useProblemText();
  const { context, send } = useCheckout();
  const strategy = context.cart.strategy;
  const field = (name: AddressField) => ({
    value: context.addresses[name],
    onChange: (value: string) => send({ type: 'user.editAddress', field: name, value }),
    errorMessage: text(context.problems[name]),
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'user.next' });
      }}
    >
      <RadioGroup
        label={t('rental.addresses.strategy')}
        value={strategy ?? null}
        onChange={(value) => send({ type: 'user.setStrategy', strategy: value as RentalStrategy })}
        errorMessage={text(context.problems.strategy)}
        options={MEMBER_STRATEGIES.map((id) => ({ id, label: t(`rental.strategy.${id}`) }))}
      />
      <TextField
        label={t('rental.addresses.billingAddress')}
        multiline
        isRequired
        {...field('billingAddress')}
      />
      {strategy && needsShippingAddress(strategy) ? (
        <TextField
          label={t('rental.addresses.shippingAddress')}
          description={t('rental.addresses.shippingFees')}
          multiline
          isRequired
          {...field('shippingAddress')}
        />
      ) : null}
      <TextField
        label={t('rental.addresses.phone')}
        type="tel"
        autoComplete="tel"
        isRequired
        {...field('phone')}
      />
      <ActionRow>
        <Button variant="secondary" onPress={() => send({ type: 'user.back' })}>
          {t('rental.back')}
        </Button>
        <Button type="submit">{t('rental.next')}</Button>
      </ActionRow>
    </form>
  );
}
