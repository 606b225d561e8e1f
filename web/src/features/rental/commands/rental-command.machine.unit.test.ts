import type { RentalCommandAction } from '@platform/contracts/rental/command';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createApiClient } from '../../../kit/api/client.ts';
import {
  commandStage,
  deskActions,
  rentalCommandActors,
  rentalCommandMachine,
} from './rental-command.machine.ts';
import {
  COMMAND_ID,
  commandDocument,
  DONE_AT,
  historyDocument,
  ITEM_2_ID,
  ITEM_ID,
  LINE_ID,
  stepsAt,
} from './testing.ts';

type Reply = { status: number; body: unknown } | 'network';
const ok = (body: unknown): Reply => ({ status: 200, body });
const accepted = (position: string): Reply => ({
  status: 201,
  body: { data: { type: 'rental-commands', id: COMMAND_ID }, meta: { position, version: '3' } },
});
const refused = (status: number, code: string, detail: string, pointer?: string): Reply => ({
  status,
  body: { errors: [{ status: String(status), code, detail, ...(pointer ? { source: { pointer } } : {}) }] },
});

const GET = `GET /api/v1/services/rentals/commands/${COMMAND_ID}`;
const HISTORY = `GET /api/v1/services/rentals/commands/${COMMAND_ID}/history`;
const POST = `POST /api/v1/services/rentals/commands/${COMMAND_ID}/actions`;

/** The machine over the real API client; fetch answers from a script per method and path. */
function start(script: Record<string, Reply[]>) {
  const sent: Array<{ call: string; query: URLSearchParams; body: unknown }> = [];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://platform.test');
    const call = `${init?.method ?? 'GET'} ${url.pathname}`;
    sent.push({
      call,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const reply = call === HISTORY ? ok(historyDocument()) : script[call]?.shift();
    if (!reply) throw new Error(`no scripted answer left for ${call}`);
    if (reply === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/vnd.api+json' },
    });
  };
  const api = createApiClient({ baseUrl: '/api/v1', fetch: fetchFn as typeof fetch, locale: () => 'en' });
  const actor = createActor(rentalCommandMachine.provide({ actors: rentalCommandActors(api) }), {
    input: { commandId: COMMAND_ID },
  });
  actor.start();
  return { actor, sent };
}
type Actor = ReturnType<typeof start>['actor'];
const settled = (actor: Actor) => waitFor(actor, (s) => !s.hasTag('pending'));

const AT = {
  validation: stepsAt('validation'),
  contract: stepsAt('contract'),
  contractIn: stepsAt('contract', { doneAt: DONE_AT }),
  contractRefused: stepsAt('contract', { status: 'error' }),
  payment: stepsAt('payment'),
  paymentFailed: stepsAt('payment', { status: 'error' }),
  preparation: stepsAt('preparation'),
  delivery: stepsAt('delivery', { status: 'pending' }),
  delivering: stepsAt('delivery'),
  retrieval: stepsAt('retrieval', { status: 'pending', group: 'pickup' }),
  retrieving: stepsAt('retrieval', { group: 'pickup' }),
  return: stepsAt('return'),
  closure: stepsAt('closure'),
  closed: stepsAt(null),
  cancelled: stepsAt('payment', { cancelled: true }),
};

describe('the rental command lifecycle machine: a stage per step the command waits on', () => {
  const stages: Array<[keyof typeof AT, string, string[]]> = [
    ['validation', 'validation', ['validate', 'cancel', 'failStep', 'assignItem', 'replaceItem']],
    ['contract', 'contract', ['uploadContract', 'cancel', 'failStep', 'assignItem', 'replaceItem']],
    [
      'contractIn',
      'contract',
      [
        'uploadContract',
        'acceptContract',
        'refuseContract',
        'cancel',
        'failStep',
        'assignItem',
        'replaceItem',
      ],
    ],
    ['payment', 'payment', ['recordPayment', 'cancel', 'failStep', 'assignItem', 'replaceItem']],
    ['preparation', 'preparation', ['prepare', 'cancel', 'failStep', 'assignItem', 'replaceItem']],
    ['delivery', 'delivery', ['startDelivery', 'cancel', 'failStep', 'assignItem', 'replaceItem']],
    ['delivering', 'delivery', ['completeDelivery', 'cancel', 'failStep', 'assignItem', 'replaceItem']],
    ['retrieval', 'retrieval', ['startRetrieval', 'cancel', 'failStep', 'assignItem', 'replaceItem']],
    ['retrieving', 'retrieval', ['completeRetrieval', 'cancel', 'failStep', 'assignItem', 'replaceItem']],
    ['return', 'return', ['recordReturn', 'failStep', 'replaceItem']],
    ['closure', 'closure', ['close', 'failStep']],
    ['closed', 'closed', []],
    ['cancelled', 'cancelled', []],
  ];
  it.each(stages)('%s: the stage %s, offering %j', async (fixture, stage, actions) => {
    const { actor, sent } = start({ [GET]: [ok(commandDocument(AT[fixture]))] });
    await settled(actor);
    expect(actor.getSnapshot().matches({ ready: stage as never })).toBe(true);
    const command = actor.getSnapshot().context.command!;
    expect(commandStage(command)).toBe(stage);
    expect(deskActions(command).actions).toEqual(actions);
    expect(actor.getSnapshot().context.history.map((h) => h.who)).toEqual(['Rita Desk', 'Marc Member']);
    expect(sent.map((s) => s.call).sort()).toEqual([GET, HISTORY].sort());
  });

  it('a failed read is the failed state with its error; retrying reads again', async () => {
    const { actor } = start({
      [GET]: [refused(404, 'not_found', 'rental command not found'), ok(commandDocument(AT.payment))],
    });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.loadError).toMatchObject({ kind: 'not-found' });
    actor.send({ type: 'user.retry' });
    await settled(actor);
    expect(actor.getSnapshot().matches({ ready: 'payment' })).toBe(true);
  });
});

describe('the rental command lifecycle machine: each action sent, then the command read again at its position', () => {
  const flows: Array<[RentalCommandAction, keyof typeof AT, keyof typeof AT, string]> = [
    [{ action: 'validate' }, 'validation', 'contract', 'contract'],
    [
      { action: 'uploadContract', fileId: 'f1000000-0000-4000-8000-000000000001' },
      'contract',
      'contractIn',
      'contract',
    ],
    [{ action: 'acceptContract' }, 'contractIn', 'payment', 'payment'],
    [{ action: 'refuseContract', comment: 'Not signed' }, 'contractIn', 'contractRefused', 'contract'],
    [{ action: 'recordPayment' }, 'payment', 'preparation', 'preparation'],
    [{ action: 'prepare' }, 'preparation', 'delivery', 'delivery'],
    [{ action: 'startDelivery' }, 'delivery', 'delivering', 'delivery'],
    [{ action: 'completeDelivery' }, 'delivering', 'return', 'return'],
    [{ action: 'startRetrieval' }, 'retrieval', 'retrieving', 'retrieval'],
    [{ action: 'completeRetrieval' }, 'retrieving', 'return', 'return'],
    [{ action: 'recordReturn' }, 'return', 'closure', 'closure'],
    [{ action: 'close' }, 'closure', 'closed', 'closed'],
    [{ action: 'cancel' }, 'validation', 'cancelled', 'cancelled'],
    [
      { action: 'failStep', stepType: 'payment', comment: 'Card refused' },
      'payment',
      'paymentFailed',
      'payment',
    ],
    [
      { action: 'assignItem', commandItemId: LINE_ID, itemId: ITEM_ID },
      'preparation',
      'preparation',
      'preparation',
    ],
    [
      { action: 'replaceItem', commandItemId: LINE_ID, itemId: ITEM_2_ID, replacedItemId: ITEM_ID },
      'return',
      'return',
      'return',
    ],
  ];
  it.each(flows)('%j from %s reads %s: the stage %s', async (action, from, to, stage) => {
    const { actor, sent } = start({
      [GET]: [ok(commandDocument(AT[from])), ok(commandDocument(AT[to]))],
      [POST]: [accepted('42')],
    });
    await settled(actor);
    actor.send({ type: 'user.act', action });
    expect(actor.getSnapshot().value).toBe('sending');
    await settled(actor);
    expect(actor.getSnapshot().matches({ ready: stage as never })).toBe(true);
    const post = sent.find((s) => s.call === POST)!;
    expect(post.body).toEqual({ data: { type: 'rental-command-actions', attributes: action } });
    const reads = sent.filter((s) => s.call === GET);
    expect(reads).toHaveLength(2);
    expect(reads[1]!.query.get('minPosition')).toBe('42');
    expect(actor.getSnapshot().context).toMatchObject({ done: action.action, problem: null, position: '42' });
  });

  it('an action the command does not allow now is not sent', async () => {
    const { actor, sent } = start({ [GET]: [ok(commandDocument(AT.payment))] });
    await settled(actor);
    actor.send({ type: 'user.act', action: { action: 'close' } });
    actor.send({ type: 'user.act', action: { action: 'failStep', stepType: 'closure', comment: 'x' } });
    expect(actor.getSnapshot().matches({ ready: 'payment' })).toBe(true);
    expect(sent.some((s) => s.call === POST)).toBe(false);
  });

  it('nothing is sent on a closed or cancelled command', async () => {
    const { actor, sent } = start({ [GET]: [ok(commandDocument(AT.cancelled))] });
    await settled(actor);
    actor.send({ type: 'user.act', action: { action: 'cancel' } });
    expect(actor.getSnapshot().matches({ ready: 'cancelled' })).toBe(true);
    expect(sent.some((s) => s.call === POST)).toBe(false);
  });

  it('the server’s refusal stays on the action’s step, and the command is unchanged', async () => {
    const { actor, sent } = start({
      [GET]: [ok(commandDocument(AT.payment))],
      [POST]: [refused(409, 'conflict.state', 'The payment step is success: recordPayment needs it waiting')],
    });
    await settled(actor);
    actor.send({ type: 'user.act', action: { action: 'recordPayment' } });
    await settled(actor);
    expect(actor.getSnapshot().matches({ ready: 'payment' })).toBe(true);
    expect(actor.getSnapshot().context.problem).toEqual({
      place: 'payment',
      commandItemId: null,
      code: 'conflict.state',
      detail: 'The payment step is success: recordPayment needs it waiting',
      kind: 'conflict',
      field: null,
    });
    expect(sent.filter((s) => s.call === GET)).toHaveLength(1);
    actor.send({ type: 'user.dismiss' });
    expect(actor.getSnapshot().context.problem).toBeNull();
  });

  it('an item refused on its field is the problem of its command item', async () => {
    const { actor } = start({
      [GET]: [ok(commandDocument(AT.preparation))],
      [POST]: [refused(422, 'validation.invalid', 'The item is of another model', '/data/attributes/itemId')],
    });
    await settled(actor);
    actor.send({
      type: 'user.act',
      action: { action: 'assignItem', commandItemId: LINE_ID, itemId: ITEM_ID },
    });
    await settled(actor);
    expect(actor.getSnapshot().context.problem).toMatchObject({
      place: 'items',
      commandItemId: LINE_ID,
      kind: 'validation',
      detail: 'The item is of another model',
      field: 'itemId',
    });
  });

  it('a cancellation refused is the command’s problem; a lost answer too', async () => {
    const { actor } = start({ [GET]: [ok(commandDocument(AT.validation))], [POST]: ['network'] });
    await settled(actor);
    actor.send({ type: 'user.act', action: { action: 'cancel' } });
    await settled(actor);
    expect(actor.getSnapshot().context.problem).toMatchObject({ place: 'command', kind: 'network' });
    expect(actor.getSnapshot().matches({ ready: 'validation' })).toBe(true);
  });

  it('a read after an action that fails is the failed state', async () => {
    const { actor } = start({
      [GET]: [ok(commandDocument(AT.validation)), refused(403, 'forbidden', 'no')],
      [POST]: [accepted('7')],
    });
    await settled(actor);
    actor.send({ type: 'user.act', action: { action: 'validate' } });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.loadError).toMatchObject({ kind: 'forbidden' });
  });
});
