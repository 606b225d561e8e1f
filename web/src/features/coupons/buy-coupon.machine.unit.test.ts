import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { buyCouponMachine, type PurchaseOutcome } from './buy-coupon.machine.ts';

const seat = { id: 'c1', name: 'Workshop seat' };

function start(purchase: (input: { couponId: string; idempotencyKey: string }) => Promise<PurchaseOutcome>) {
  const calls: Array<{ couponId: string; idempotencyKey: string }> = [];
  const effects: string[] = [];
  let n = 0;
  const actor = createActor(
    buyCouponMachine.provide({
      actors: {
        purchase: fromPromise(({ input }: { input: { couponId: string; idempotencyKey: string } }) => {
          calls.push(input);
          return purchase(input);
        }),
      },
      actions: { bought: () => effects.push('bought'), refused: () => effects.push('refused') },
    }),
    { input: { newKey: () => `key-${++n}` } },
  ).start();
  return { actor, calls, effects };
}

describe('the buy-coupon machine', () => {
  it('confirms, purchases with an idempotency key, and ends bought at the answer position', async () => {
    const { actor, calls, effects } = start(async () => ({
      kind: 'bought',
      purchaseId: 'p1',
      position: '42',
    }));
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'user.buy', coupon: seat });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context).toMatchObject({ coupon: seat, idempotencyKey: 'key-1' });
    actor.send({ type: 'user.confirm' });
    expect(actor.getSnapshot().value).toBe('purchasing');
    // a second press while the purchase runs is not a second purchase
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('bought'));
    expect(calls).toEqual([{ couponId: 'c1', idempotencyKey: 'key-1' }]);
    expect(actor.getSnapshot().context.position).toBe('42');
    expect(effects).toEqual(['bought']);
    actor.send({ type: 'user.close' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ coupon: null, idempotencyKey: null, position: null });
  });

  it('goes back to idle when the member cancels, without a purchase', () => {
    const { actor, calls } = start(async () => ({ kind: 'bought', purchaseId: 'p1', position: '1' }));
    actor.send({ type: 'user.buy', coupon: seat });
    actor.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.coupon).toBeNull();
    expect(calls).toEqual([]);
  });

  it.each(['soldOut', 'individualLimit', 'expired'] as const)(
    'ends refused with the reason %s',
    async (reason) => {
      const { actor, effects } = start(async () => ({ kind: 'refused', reason }));
      actor.send({ type: 'user.buy', coupon: seat });
      actor.send({ type: 'user.confirm' });
      await waitFor(actor, (s) => s.matches('refused'));
      expect(actor.getSnapshot().context.reason).toBe(reason);
      expect(effects).toEqual(['refused']);
    },
  );

  it('ends refused with "failed" when the call fails, and a new purchase gets a new key', async () => {
    let fail = true;
    const { actor, calls } = start(async () => {
      if (fail) throw new Error('Network Error');
      return { kind: 'bought', purchaseId: 'p2', position: '7' };
    });
    actor.send({ type: 'user.buy', coupon: seat });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('refused'));
    expect(actor.getSnapshot().context.reason).toBe('failed');
    fail = false;
    actor.send({ type: 'user.buy', coupon: seat });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.reason).toBeNull();
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('bought'));
    expect(calls.map((c) => c.idempotencyKey)).toEqual(['key-1', 'key-2']);
  });
});
