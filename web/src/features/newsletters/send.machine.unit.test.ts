import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../../kit/api/errors.ts';
import type {
  ProgressRequest,
  SendAnswer,
  SendingProgress,
  SendRequest,
  SubscriberCount,
} from './send-api.ts';
import { newsletterSendMachine, POLL_EVERY_MS, stepOf } from './send.machine.ts';

const TEMPLATE = 'template-1';

/** A promise the test settles when it chooses. */
function later<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, ko) => {
    resolve = ok;
    reject = ko;
  });
  return { promise, resolve, reject };
}

const conflict = (code: string) =>
  new ApiError('conflict', 'Conflict', {
    status: 409,
    errors: [{ status: '409', code, detail: 'Conflict' }],
  });

/** The machine over fakes whose answers the test releases one by one, with a clock it moves by hand. */
function start() {
  const clock = new SimulatedClock();
  const counts: Array<ReturnType<typeof later<SubscriberCount>>> = [];
  const sends: Array<{ request: SendRequest } & ReturnType<typeof later<SendAnswer>>> = [];
  const reads: Array<
    { request: ProgressRequest; aborted: () => boolean } & ReturnType<typeof later<SendingProgress>>
  > = [];
  const left: Array<string | undefined> = [];
  let key = 0;
  const actor = createActor(
    newsletterSendMachine.provide({
      actors: {
        countSubscribers: fromPromise<SubscriberCount>(() => {
          const answer = later<SubscriberCount>();
          counts.push(answer);
          return answer.promise;
        }),
        sendNewsletter: fromPromise<SendAnswer, SendRequest>(({ input }) => {
          const answer = later<SendAnswer>();
          sends.push({ request: input, ...answer });
          return answer.promise;
        }),
        readProgress: fromPromise<SendingProgress, ProgressRequest>(({ input, signal }) => {
          const answer = later<SendingProgress>();
          reads.push({ request: input, aborted: () => signal.aborted, ...answer });
          return answer.promise;
        }),
      },
      actions: { sendingLeft: ({ context }) => void left.push(context.sending?.position) },
    }),
    { clock, input: { templateId: TEMPLATE, newKey: () => `key-${++key}` } },
  );
  actor.start();
  const step = () => stepOf(actor.getSnapshot().value);
  const reach = (name: ReturnType<typeof step>) => waitFor(actor, (s) => stepOf(s.value) === name);
  return { actor, clock, counts, sends, reads, left, step, reach };
}

/** Opened, counted (3 subscribed), asked and sent: the sending is being delivered. */
async function delivering() {
  const fx = start();
  fx.actor.send({ type: 'user.open' });
  fx.counts[0]!.resolve({ count: 3, capped: false });
  await fx.reach('confirming');
  fx.actor.send({ type: 'user.send' });
  fx.sends[0]!.resolve({ sendingId: 'sending-1', position: '42', recipientsCount: 3 });
  await fx.reach('delivering');
  return fx;
}

describe('sending a newsletter', () => {
  it('waits closed, then counts the subscribed contacts and asks', async () => {
    const { actor, counts, step, reach } = start();
    expect(step()).toBe('idle');
    expect(counts).toHaveLength(0);
    actor.send({ type: 'user.open' });
    expect(step()).toBe('counting');
    counts[0]!.resolve({ count: 3, capped: false });
    await reach('confirming');
    expect(actor.getSnapshot().context.subscribers).toEqual({ count: 3, capped: false });
  });

  it('asks "more than" a capped count, and says when nobody is subscribed, with nothing to send', async () => {
    const capped = start();
    capped.actor.send({ type: 'user.open' });
    capped.counts[0]!.resolve({ count: 1000, capped: true });
    await capped.reach('confirming');

    const { actor, counts, sends, reach, step } = start();
    actor.send({ type: 'user.open' });
    counts[0]!.resolve({ count: 0, capped: false });
    await reach('nobody');
    actor.send({ type: 'user.send' });
    expect(step()).toBe('nobody');
    expect(sends).toHaveLength(0);
    actor.send({ type: 'user.close' });
    expect(step()).toBe('idle');
  });

  it('offers to count again when the count failed', async () => {
    const { actor, counts, reach, step } = start();
    actor.send({ type: 'user.open' });
    const failure = new ApiError('network', 'Network Error');
    counts[0]!.reject(failure);
    await reach('countFailed');
    expect(actor.getSnapshot().context.error).toBe(failure);
    actor.send({ type: 'user.retry' });
    expect(step()).toBe('counting');
    expect(counts).toHaveLength(2);
    counts[1]!.resolve({ count: 2, capped: false });
    await reach('confirming');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('cancels before sending: nothing is sent and the screen has nothing to read again', async () => {
    const { actor, counts, sends, left, reach, step } = start();
    actor.send({ type: 'user.open' });
    counts[0]!.resolve({ count: 3, capped: false });
    await reach('confirming');
    actor.send({ type: 'user.close' });
    expect(step()).toBe('idle');
    expect(sends).toHaveLength(0);
    expect(left).toEqual([]);
  });

  it('sends the template once asked, and cannot be closed while the request is on its way', async () => {
    const { actor, counts, sends, reads, reach, step } = start();
    actor.send({ type: 'user.open' });
    counts[0]!.resolve({ count: 3, capped: false });
    await reach('confirming');
    actor.send({ type: 'user.send' });
    expect(step()).toBe('sending');
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(sends.map((s) => s.request)).toEqual([{ templateId: TEMPLATE, idempotencyKey: 'key-2' }]);
    actor.send({ type: 'user.close' });
    actor.send({ type: 'user.send' });
    expect(step()).toBe('sending');
    expect(sends).toHaveLength(1);
    sends[0]!.resolve({ sendingId: 'sending-1', position: '42', recipientsCount: 3 });
    await reach('delivering');
    expect(actor.getSnapshot().context.progress).toEqual({ delivered: 0, total: 3, finishedAt: null });
    // the first read goes at once, at least as new as the sending
    expect(reads.map((r) => r.request)).toEqual([{ sendingId: 'sending-1', position: '42' }]);
  });

  it.each([
    ['conflict.newsletter_already_sent', 'alreadySent'],
    ['conflict.newsletter_no_recipients', 'noRecipients'],
  ] as const)('ends refused on a 409 %s, with no retry', async (code, refusal) => {
    const { actor, counts, sends, reach } = start();
    actor.send({ type: 'user.open' });
    counts[0]!.resolve({ count: 3, capped: false });
    await reach('confirming');
    actor.send({ type: 'user.send' });
    sends[0]!.reject(conflict(code));
    await reach('refused');
    expect(actor.getSnapshot().context.refusal).toBe(refusal);
    actor.send({ type: 'user.retry' });
    actor.send({ type: 'user.send' });
    expect(stepOf(actor.getSnapshot().value)).toBe('refused');
    expect(sends).toHaveLength(1);
  });

  it('ends refused when the template is gone', async () => {
    const { actor, counts, sends, reach } = start();
    actor.send({ type: 'user.open' });
    counts[0]!.resolve({ count: 3, capped: false });
    await reach('confirming');
    actor.send({ type: 'user.send' });
    sends[0]!.reject(new ApiError('not-found', 'Not found', { status: 404 }));
    await reach('refused');
    expect(actor.getSnapshot().context.refusal).toBe('notFound');
  });

  it('offers a retry after a network failure, which asks for the same sending', async () => {
    const { actor, counts, sends, reach, step } = start();
    actor.send({ type: 'user.open' });
    counts[0]!.resolve({ count: 3, capped: false });
    await reach('confirming');
    actor.send({ type: 'user.send' });
    sends[0]!.reject(new ApiError('network', 'Network Error'));
    await reach('sendFailed');
    expect(actor.getSnapshot().context.refusal).toBeNull();
    actor.send({ type: 'user.retry' });
    expect(step()).toBe('sending');
    expect(sends.map((s) => s.request.idempotencyKey)).toEqual(['key-2', 'key-2']);
    sends[1]!.resolve({ sendingId: 'sending-1', position: '42', recipientsCount: 3 });
    await reach('delivering');
  });

  it('reads the progress every tick of the clock, and stops at finishedAt', async () => {
    const { actor, clock, reads, reach, step } = await delivering();
    reads[0]!.resolve({ delivered: 1, total: 3, finishedAt: null });
    await waitFor(actor, (s) => s.matches({ open: { delivering: 'waiting' } }));
    expect(actor.getSnapshot().context.progress).toEqual({ delivered: 1, total: 3, finishedAt: null });
    clock.increment(POLL_EVERY_MS - 1);
    expect(reads).toHaveLength(1);
    clock.increment(1);
    expect(reads).toHaveLength(2);
    reads[1]!.resolve({ delivered: 3, total: 3, finishedAt: '2031-03-02T10:00:00.000Z' });
    await reach('done');
    expect(actor.getSnapshot().context.progress).toEqual({
      delivered: 3,
      total: 3,
      finishedAt: '2031-03-02T10:00:00.000Z',
    });
    clock.increment(POLL_EVERY_MS * 5);
    expect(reads).toHaveLength(2);
    expect(step()).toBe('done');
  });

  it('reads again after a failed read, and counts the failures in a row', async () => {
    const { actor, clock, reads } = await delivering();
    reads[0]!.reject(new ApiError('network', 'Network Error'));
    await waitFor(actor, (s) => s.matches({ open: { delivering: 'waiting' } }));
    expect(actor.getSnapshot().context.failedReads).toBe(1);
    clock.increment(POLL_EVERY_MS);
    reads[1]!.reject(new ApiError('timeout', 'timeout'));
    await waitFor(actor, (s) => s.context.failedReads === 2);
    clock.increment(POLL_EVERY_MS);
    reads[2]!.resolve({ delivered: 2, total: 3, finishedAt: null });
    await waitFor(actor, (s) => s.context.progress?.delivered === 2);
    expect(actor.getSnapshot().context.failedReads).toBe(0);
  });

  it('closed while delivering: stops reading, leaves the sending to the server and has the screen read again', async () => {
    const { actor, clock, reads, sends, left, step } = await delivering();
    actor.send({ type: 'user.close' });
    expect(step()).toBe('idle');
    expect(reads[0]!.aborted()).toBe(true);
    expect(left).toEqual(['42']);
    clock.increment(POLL_EVERY_MS * 5);
    expect(reads).toHaveLength(1);
    expect(sends).toHaveLength(1);
  });

  it('closed once done: the screen reads the template again; opened again, it asks with a new key', async () => {
    const { actor, reads, counts, sends, left, reach } = await delivering();
    reads[0]!.resolve({ delivered: 3, total: 3, finishedAt: '2031-03-02T10:00:00.000Z' });
    await reach('done');
    actor.send({ type: 'user.close' });
    expect(left).toEqual(['42']);
    actor.send({ type: 'user.open' });
    expect(actor.getSnapshot().context).toMatchObject({
      sending: null,
      progress: null,
      refusal: null,
      subscribers: null,
      idempotencyKey: 'key-3',
    });
    counts[1]!.resolve({ count: 3, capped: false });
    await reach('confirming');
    actor.send({ type: 'user.send' });
    expect(sends[1]!.request.idempotencyKey).toBe('key-3');
  });
});
