import { addDays, calendarDateIn, minimumDuration } from '@platform/contracts/rental/period';
import { Button } from '../../kit/ui/button.tsx';
import { DatePicker } from '../../kit/ui/date-picker.tsx';
import { ActionRow } from '../../kit/ui/page-container.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { useCheckout } from './checkout-context.tsx';
import { Lines, useProblemText, useRentalT } from './checkout-ui.tsx';
import { useRentalModels } from './use-rental-models.ts';

/** /services/rentals/period: the dates, by the period rules, and each model's free items over them. */
export function PeriodStep() {
  const t = useRentalT();
  const text = useProblemText();
  const { snapshot, context, send } = useCheckout();
  const ids = Object.keys(context.cart.models);
  const models = useRentalModels(ids);
  const { startAt, endAt } = context.period;
  const earliest = addDays(calendarDateIn(context.now()), context.env.rentalBeforeStartDuration ?? 0);
  const checking = snapshot.hasTag('pending');
  const dateLabels = {
    calendarLabel: t('rental.period.calendar'),
    previousLabel: t('rental.period.previousMonth'),
    nextLabel: t('rental.period.nextMonth'),
  };
  return (
    <>
      <p>{t('rental.period.rules', { minimum: minimumDuration(context.env), earliest })}</p>
      <DatePicker
        label={t('rental.period.startAt')}
        value={startAt}
        min={earliest}
        onChange={(value) => send({ type: 'user.setPeriod', startAt: value, endAt })}
        errorMessage={text(context.problems.startAt)}
        {...dateLabels}
      />
      <DatePicker
        label={t('rental.period.endAt')}
        value={endAt}
        min={startAt || earliest}
        onChange={(value) => send({ type: 'user.setPeriod', startAt, endAt: value })}
        errorMessage={text(context.problems.endAt)}
        {...dateLabels}
      />
      {checking ? <InlineLoader aria-label={t('rental.period.checking')} /> : null}
      <Lines aria-label={t('rental.period.availability')}>
        {ids.map((id) => {
          const name = models.byId[id]?.name ?? t('rental.model.unknown');
          const free = context.availability?.[id];
          const problem = text(context.problems[`models.${id}`]);
          return (
            <li key={id}>
              <h2>{name}</h2>
              <p>{t('rental.period.wanted', { count: context.cart.models[id] })}</p>
              {free ? <p>{t('rental.period.free', { free: free.free, items: free.items })}</p> : null}
              {problem ? (
                <p className="problem" id={`problem-${id}`}>
                  {problem}
                </p>
              ) : null}
            </li>
          );
        })}
      </Lines>
      <ActionRow>
        <Button variant="secondary" onPress={() => send({ type: 'user.back' })}>
          {t('rental.back')}
        </Button>
        <Button isDisabled={checking} onPress={() => send({ type: 'user.next' })}>
          {t('rental.next')}
        </Button>
      </ActionRow>
    </>
  );
}
