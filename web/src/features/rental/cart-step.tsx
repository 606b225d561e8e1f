import { Button } from '../../kit/ui/button.tsx';
import { ButtonLink } from '../../kit/ui/link.tsx';
import { NumberField } from '../../kit/ui/number-field.tsx';
import { ActionRow } from '../../kit/ui/page-container.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { useCheckout } from './checkout-context.tsx';
import { Lines, useFormatAmount, useProblemText, useRentalT } from './checkout-ui.tsx';
import { useRentalModels } from './use-rental-models.ts';

/** /services/rentals/cart: each model with its quantity, within the environment's limits. */
export function CartStep() {
  const t = useRentalT();
  const text = useProblemText();
  const amount = useFormatAmount();
  const { context, send } = useCheckout();
  const ids = Object.keys(context.cart.models);
  const models = useRentalModels(ids);
  const cartProblem = text(context.problems.models);
  return (
    <>
      {ids.length === 0 ? <p>{t('rental.cart.empty')}</p> : null}
      <Lines aria-label={t('rental.cart.lines')}>
        {ids.map((id) => {
          const model = models.byId[id];
          const name =
            model?.name ?? (models.loading ? t('rental.model.loading') : t('rental.model.unknown'));
          const problem = text(context.problems[`models.${id}`]);
          return (
            <li key={id}>
              <h2>{name}</h2>
              {model ? <p>{t('rental.model.pricePerDay', { price: amount(model.rentingPrice) })}</p> : null}
              <NumberField
                label={t('rental.cart.quantity', { name })}
                decrementLabel={t('rental.cart.decrease', { name })}
                incrementLabel={t('rental.cart.increase', { name })}
                minValue={1}
                step={1}
                value={context.cart.models[id]}
                onChange={(quantity) =>
                  Number.isFinite(quantity) && send({ type: 'user.setQuantity', modelId: id, quantity })
                }
                errorMessage={problem}
              />
              <Button
                variant="secondary"
                size="small"
                onPress={() => send({ type: 'user.removeModel', modelId: id })}
              >
                {t('rental.cart.remove', { name })}
              </Button>
            </li>
          );
        })}
      </Lines>
      {cartProblem ? (
        <NoticeBox $tone="error">
          <p>{cartProblem}</p>
        </NoticeBox>
      ) : null}
      <ActionRow>
        <Button onPress={() => send({ type: 'user.next' })}>{t('rental.next')}</Button>
        <ButtonLink href="/" variant="text">
          {t('rental.cart.continue')}
        </ButtonLink>
      </ActionRow>
    </>
  );
}
