import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import type {
  RentalCommandAction,
  RentalCommandActionName,
  RentalCommandEvent,
  RentalCommandPlacedData,
} from '@platform/contracts/rental/command';
import type { RentalStrategy } from '@platform/contracts/rental/strategies';
import { deciderSpec, specMetadata } from '@platform/tests/support/decider-spec';
import {
  rentalCommandDecider,
  type PlaceRentalCommand,
  type RentalCaller,
  type RunRentalCommandAction,
} from './lifecycle.ts';

const spec = deciderSpec(rentalCommandDecider);
const NOW = new Date('2026-03-02T09:30:00.000Z');
const AT = NOW.toISOString();
const EARLIER = '2026-03-01T08:00:00.000Z';
const COMMAND = '0c000000-0000-4000-8000-000000000001';
const BOOKING = '0b000000-0000-4000-8000-000000000001';
const MEMBER = '0a000000-0000-4000-8000-00000000000a';
const OTHER = '0a000000-0000-4000-8000-00000000000b';
const DESK = '0a000000-0000-4000-8000-00000000000d';
const MODEL = '0d000000-0000-4000-8000-000000000001';
const OTHER_MODEL = '0d000000-0000-4000-8000-000000000002';
const LINE = '0e000000-0000-4000-8000-000000000001';
const LINE_2 = '0e000000-0000-4000-8000-000000000002';
const ITEM = '0f000000-0000-4000-8000-000000000001';
const ITEM_2 = '0f000000-0000-4000-8000-000000000002';
const ITEM_3 = '0f000000-0000-4000-8000-000000000003';
const FILE = '0f100000-0000-4000-8000-000000000001';

const member: RentalCaller = { rentalAdmin: false };
const desk: RentalCaller = { rentalAdmin: true };
const metadataOf = (userId: string) =>
  specMetadata({ now: NOW, actor: { userId, actingAsOrganizationId: null, impersonatorId: null } });

function placedData(
  strategy: RentalStrategy = 'ship_to_address',
  overrides: Partial<RentalCommandPlacedData> = {},
) {
  return {
    commandId: COMMAND,
    bookingId: BOOKING,
    userId: MEMBER,
    rentFor: null,
    strategy,
    isIndividual: true,
    startAt: '2026-04-01',
    endAt: '2026-04-15',
    billingAddress: '1 rue des Lilas, Lyon',
    shippingAddress: strategy === 'ship_to_address' ? '2 rue des Roses, Lyon' : null,
    phone: '+33 6 12 34 56 78',
    shippingPrice: 1500,
    lines: [
      { commandItemId: LINE, modelId: MODEL, quantity: 2, rentingPrice: 250 },
      { commandItemId: LINE_2, modelId: OTHER_MODEL, quantity: 1, rentingPrice: 100 },
    ],
    amounts: {
      lines: [
        { modelId: MODEL, quantity: 2, exclTax: 7000 },
        { modelId: OTHER_MODEL, quantity: 1, exclTax: 1400 },
      ],
      itemsExclTax: 8400,
      shipping: 1500,
      exclTax: 9900,
      tax: 1980,
      total: 11880,
    },
    ...overrides,
  } satisfies RentalCommandPlacedData;
}

const placing = (
  data: RentalCommandPlacedData = placedData(),
  caller: RentalCaller = member,
  userId = MEMBER,
): PlaceRentalCommand => ({
  type: 'PlaceRentalCommand',
  data: { ...data, caller },
  metadata: metadataOf(userId),
});

function run(
  action: RentalCommandAction,
  options: { by?: string; caller?: RentalCaller; itemModelId?: string | null } = {},
): RunRentalCommandAction {
  const caller = options.caller ?? (options.by === MEMBER || options.by === OTHER ? member : desk);
  return {
    type: 'RunRentalCommandAction',
    data: {
      commandId: COMMAND,
      caller,
      action,
      ...(options.itemModelId !== undefined ? { itemModelId: options.itemModelId } : {}),
    },
    metadata: metadataOf(options.by ?? DESK),
  };
}

// the events of a command's life, each done EARLIER than the action under test
const done = { commandId: COMMAND, doneAt: EARLIER, comment: null };
const ev = {
  placed: (strategy: RentalStrategy = 'ship_to_address'): RentalCommandEvent => ({
    type: 'RentalCommandPlaced',
    data: placedData(strategy),
  }),
  validated: { type: 'RentalCommandValidated', data: done } as RentalCommandEvent,
  uploaded: {
    type: 'RentalContractUploaded',
    data: { ...done, signedContractFileId: FILE },
  } as RentalCommandEvent,
  refused: {
    type: 'RentalContractRefused',
    data: { commandId: COMMAND, refusedAt: EARLIER, comment: 'Not signed' },
  } as RentalCommandEvent,
  accepted: { type: 'RentalContractAccepted', data: done } as RentalCommandEvent,
  paid: { type: 'RentalPaymentRecorded', data: done } as RentalCommandEvent,
  prepared: { type: 'RentalCommandPrepared', data: done } as RentalCommandEvent,
  deliveryStarted: {
    type: 'RentalDeliveryStarted',
    data: { commandId: COMMAND, startedAt: EARLIER, comment: null },
  } as RentalCommandEvent,
  delivered: { type: 'RentalDeliveryDone', data: done } as RentalCommandEvent,
  retrievalStarted: {
    type: 'RentalRetrievalStarted',
    data: { commandId: COMMAND, startedAt: EARLIER, comment: null },
  } as RentalCommandEvent,
  retrieved: { type: 'RentalRetrievalDone', data: done } as RentalCommandEvent,
  returned: { type: 'RentalReturnRecorded', data: done } as RentalCommandEvent,
  closed: { type: 'RentalCommandClosed', data: done } as RentalCommandEvent,
  cancelled: {
    type: 'RentalCommandCancelled',
    data: { commandId: COMMAND, cancelledAt: EARLIER, comment: null, by: 'member' },
  } as RentalCommandEvent,
  failed: (stepType: 'validation' | 'payment' | 'delivery' | 'return'): RentalCommandEvent => ({
    type: 'RentalStepFailed',
    data: { commandId: COMMAND, stepType, failedAt: EARLIER, comment: 'Went wrong' },
  }),
  assigned: (itemId: string, commandItemId = LINE): RentalCommandEvent => ({
    type: 'RentalItemAssigned',
    data: { commandId: COMMAND, commandItemId, itemId },
  }),
};

/** The named moments of a shipped command's life, each as its stream. */
const shipping = {
  placed: [ev.placed()],
  validationFailed: [ev.placed(), ev.failed('validation')],
  validated: [ev.placed(), ev.validated],
  contractUploaded: [ev.placed(), ev.validated, ev.uploaded],
  contractRefused: [ev.placed(), ev.validated, ev.uploaded, ev.refused],
  contractAccepted: [ev.placed(), ev.validated, ev.uploaded, ev.accepted],
  paymentFailed: [ev.placed(), ev.validated, ev.uploaded, ev.accepted, ev.failed('payment')],
  paid: [ev.placed(), ev.validated, ev.uploaded, ev.accepted, ev.paid],
  prepared: [ev.placed(), ev.validated, ev.uploaded, ev.accepted, ev.paid, ev.prepared],
  deliveryStarted: [
    ev.placed(),
    ev.validated,
    ev.uploaded,
    ev.accepted,
    ev.paid,
    ev.prepared,
    ev.deliveryStarted,
  ],
  deliveryFailed: [
    ...[ev.placed(), ev.validated, ev.uploaded, ev.accepted, ev.paid, ev.prepared, ev.deliveryStarted],
    ev.failed('delivery'),
  ],
  delivered: [
    ...[ev.placed(), ev.validated, ev.uploaded, ev.accepted, ev.paid, ev.prepared, ev.deliveryStarted],
    ev.delivered,
  ],
  returnFailed: [
    ...[ev.placed(), ev.validated, ev.uploaded, ev.accepted, ev.paid, ev.prepared, ev.deliveryStarted],
    ...[ev.delivered, ev.failed('return')],
  ],
  returned: [
    ...[ev.placed(), ev.validated, ev.uploaded, ev.accepted, ev.paid, ev.prepared, ev.deliveryStarted],
    ...[ev.delivered, ev.returned],
  ],
  closed: [
    ...[ev.placed(), ev.validated, ev.uploaded, ev.accepted, ev.paid, ev.prepared, ev.deliveryStarted],
    ...[ev.delivered, ev.returned, ev.closed],
  ],
  cancelled: [ev.placed(), ev.validated, ev.cancelled],
} satisfies Record<string, RentalCommandEvent[]>;
type Moment = keyof typeof shipping;
const MOMENTS = Object.keys(shipping) as Moment[];

const comment = null;
const d = { commandId: COMMAND, doneAt: AT, comment };

/** Each step action: who takes it, the moments it is allowed from, and what it records. */
const STEP_ACTIONS: Array<{
  action: RentalCommandAction;
  by: string;
  allowed: Moment[];
  records: RentalCommandEvent[];
}> = [
  {
    action: { action: 'validate' },
    by: DESK,
    allowed: ['placed', 'validationFailed'],
    records: [{ type: 'RentalCommandValidated', data: d }],
  },
  {
    action: { action: 'uploadContract', fileId: FILE },
    by: MEMBER,
    allowed: ['validated', 'contractUploaded', 'contractRefused'],
    records: [{ type: 'RentalContractUploaded', data: { ...d, signedContractFileId: FILE } }],
  },
  {
    action: { action: 'acceptContract' },
    by: DESK,
    allowed: ['contractUploaded'],
    records: [{ type: 'RentalContractAccepted', data: d }],
  },
  {
    action: { action: 'refuseContract', comment: 'The second page is not signed' },
    by: DESK,
    allowed: ['contractUploaded'],
    records: [
      {
        type: 'RentalContractRefused',
        data: { commandId: COMMAND, refusedAt: AT, comment: 'The second page is not signed' },
      },
    ],
  },
  {
    action: { action: 'recordPayment', comment: 'Cheque 42' },
    by: DESK,
    allowed: ['contractAccepted', 'paymentFailed'],
    records: [{ type: 'RentalPaymentRecorded', data: { ...d, comment: 'Cheque 42' } }],
  },
  {
    action: { action: 'prepare' },
    by: DESK,
    allowed: ['paid'],
    records: [{ type: 'RentalCommandPrepared', data: d }],
  },
  {
    action: { action: 'startDelivery' },
    by: DESK,
    allowed: ['prepared', 'deliveryFailed'],
    records: [{ type: 'RentalDeliveryStarted', data: { commandId: COMMAND, startedAt: AT, comment } }],
  },
  {
    action: { action: 'completeDelivery' },
    by: DESK,
    allowed: ['deliveryStarted'],
    records: [{ type: 'RentalDeliveryDone', data: d }],
  },
  // a shipped command has no retrieval: its step is hidden from every moment
  { action: { action: 'startRetrieval' }, by: DESK, allowed: [], records: [] },
  { action: { action: 'completeRetrieval' }, by: DESK, allowed: [], records: [] },
  {
    action: { action: 'recordReturn' },
    by: DESK,
    allowed: ['delivered', 'returnFailed'],
    records: [{ type: 'RentalReturnRecorded', data: d }],
  },
  {
    action: { action: 'close' },
    by: DESK,
    allowed: ['returned'],
    records: [{ type: 'RentalCommandClosed', data: d }],
  },
];

describe('placing a rental command', () => {
  it('records the command the member confirmed', () => {
    spec
      .given([])
      .when(placing())
      .then([{ type: 'RentalCommandPlaced', data: placedData() }]);
  });

  it('lets a rental admin place a command for a member', () => {
    spec
      .given([])
      .when(placing(placedData(), desk, DESK))
      .then([{ type: 'RentalCommandPlaced', data: placedData() }]);
  });

  it('starts with validation waiting, the others pending and the unused hand-over step hidden', () => {
    const steps = (events: RentalCommandEvent[]) => {
      const state = spec.given(events).state;
      if (state.status !== 'placed') throw new Error('not placed');
      return Object.fromEntries(state.steps.map((s) => [s.stepType, s.status]));
    };
    const common = { validation: 'waiting', contract: 'pending', payment: 'pending', preparation: 'pending' };
    const end = { return: 'pending', closure: 'pending' };
    expect(steps([ev.placed('ship_to_address')])).toEqual({
      ...common,
      delivery: 'pending',
      retrieval: 'hidden',
      ...end,
    });
    expect(steps([ev.placed('pick_up')])).toEqual({
      ...common,
      delivery: 'hidden',
      retrieval: 'pending',
      ...end,
    });
    // a mixed strategy follows its shipping address
    const internalShipped: RentalCommandEvent = {
      type: 'RentalCommandPlaced',
      data: placedData('internal', { shippingAddress: '3 quai Rambaud, Lyon' }),
    };
    expect(steps([internalShipped])).toMatchObject({ delivery: 'pending', retrieval: 'hidden' });
    expect(steps([ev.placed('internal')])).toMatchObject({ delivery: 'hidden', retrieval: 'pending' });
  });

  it('refuses a command placed twice (409 conflict.duplicate_id)', () => {
    spec.given([ev.placed()]).when(placing()).thenThrows(ConflictError, { code: 'conflict.duplicate_id' });
  });

  it('refuses a member placing a command for another member (403)', () => {
    spec
      .given([])
      .when(placing(placedData(), member, OTHER))
      .thenThrows(ForbiddenError);
  });

  it('refuses a shipping strategy without a shipping address, and a reversed period, on their fields (422)', () => {
    spec
      .given([])
      .when(placing(placedData('ship_to_address', { shippingAddress: null })))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/shippingAddress' })],
      });
    spec
      .given([])
      .when(placing(placedData('pick_up', { endAt: '2026-03-20' })))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/endAt' })],
      });
  });
});

describe('the steps of a shipped command', () => {
  for (const { action, by, allowed, records } of STEP_ACTIONS) {
    for (const moment of allowed)
      it(`${action.action} from ${moment}`, () => {
        spec.given(shipping[moment]).when(run(action, { by })).then(records);
      });
    for (const moment of MOMENTS.filter((m) => !allowed.includes(m)))
      it(`refuses ${action.action} from ${moment} (409 naming the step and its status)`, () => {
        spec
          .given(shipping[moment])
          .when(run(action, { by }))
          .thenThrows(ConflictError, {
            code: 'conflict.state',
            message: expect.stringMatching(/^The \w+ step is (hidden|pending|waiting|success|error)/),
          });
      });
  }

  it('moves each step to success with its done date and makes the next one wait', () => {
    const steps = (moment: Moment) => {
      const state = spec.given(shipping[moment]).state;
      if (state.status !== 'placed') throw new Error('not placed');
      return Object.fromEntries(state.steps.map((s) => [s.stepType, [s.status, s.doneAt]]));
    };
    expect(steps('validated')).toMatchObject({
      validation: ['success', EARLIER],
      contract: ['waiting', null],
    });
    expect(steps('contractUploaded')).toMatchObject({ contract: ['waiting', EARLIER] });
    expect(steps('contractRefused')).toMatchObject({ contract: ['error', null] });
    expect(steps('contractAccepted')).toMatchObject({
      contract: ['success', EARLIER],
      payment: ['waiting', null],
    });
    expect(steps('paid')).toMatchObject({ payment: ['success', EARLIER], preparation: ['waiting', null] });
    expect(steps('prepared')).toMatchObject({
      preparation: ['success', EARLIER],
      delivery: ['pending', null],
    });
    expect(steps('deliveryStarted')).toMatchObject({ delivery: ['waiting', null] });
    expect(steps('delivered')).toMatchObject({ delivery: ['success', EARLIER], return: ['waiting', null] });
    expect(steps('returned')).toMatchObject({ return: ['success', EARLIER], closure: ['waiting', null] });
    expect(steps('closed')).toMatchObject({ closure: ['success', EARLIER] });
    expect(steps('cancelled')).toMatchObject({ cancellation: ['success', EARLIER] });
    expect(steps('paymentFailed')).toMatchObject({ payment: ['error', null] });
  });

  it('refuses to accept or refuse a contract not yet uploaded, naming the contract step', () => {
    for (const action of [{ action: 'acceptContract' }, { action: 'refuseContract', comment: 'No' }] as const)
      spec
        .given(shipping.validated)
        .when(run(action))
        .thenThrows(ConflictError, {
          code: 'conflict.state',
          message: expect.stringContaining('The contract step is waiting'),
        });
  });

  it('lets a rental admin upload the signed contract for the member', () => {
    spec
      .given(shipping.validated)
      .when(run({ action: 'uploadContract', fileId: FILE }))
      .then([{ type: 'RentalContractUploaded', data: { ...d, signedContractFileId: FILE } }]);
  });
});

describe('the steps of a picked-up command', () => {
  const pickUp = [ev.placed('pick_up'), ev.validated, ev.uploaded, ev.accepted, ev.paid, ev.prepared];

  it('starts and completes the retrieval, then waits for the return', () => {
    spec
      .given(pickUp)
      .when(run({ action: 'startRetrieval', comment: 'At the desk' }))
      .then([
        {
          type: 'RentalRetrievalStarted',
          data: { commandId: COMMAND, startedAt: AT, comment: 'At the desk' },
        },
      ]);
    spec
      .given([...pickUp, ev.retrievalStarted])
      .when(run({ action: 'completeRetrieval' }))
      .then([{ type: 'RentalRetrievalDone', data: d }]);
    spec
      .given([...pickUp, ev.retrievalStarted, ev.retrieved])
      .when(run({ action: 'recordReturn' }))
      .then([{ type: 'RentalReturnRecorded', data: d }]);
  });

  it('refuses the delivery (hidden), a retrieval before the preparation, and completing one not started', () => {
    spec
      .given(pickUp)
      .when(run({ action: 'startDelivery' }))
      .thenThrows(ConflictError, { message: expect.stringContaining('The delivery step is hidden') });
    spec
      .given(pickUp.slice(0, 5))
      .when(run({ action: 'startRetrieval' }))
      .thenThrows(ConflictError, { message: expect.stringContaining('The preparation step is waiting') });
    spec
      .given(pickUp)
      .when(run({ action: 'completeRetrieval' }))
      .thenThrows(ConflictError, { message: expect.stringContaining('The retrieval step is pending') });
    spec
      .given([...pickUp, ev.retrievalStarted, ev.retrieved])
      .when(run({ action: 'cancel' }))
      .thenThrows(ConflictError, { message: expect.stringContaining('The retrieval step is success') });
  });

  it('lets the rental desk cancel while the items wait to be picked up', () => {
    spec
      .given([...pickUp, ev.retrievalStarted])
      .when(run({ action: 'cancel' }))
      .then([
        {
          type: 'RentalCommandCancelled',
          data: { commandId: COMMAND, cancelledAt: AT, comment: null, by: 'rentalAdmin' },
        },
      ]);
  });
});

describe('cancelling', () => {
  const cancelled = (by: 'member' | 'rentalAdmin', why: string | null = null): RentalCommandEvent[] => [
    { type: 'RentalCommandCancelled', data: { commandId: COMMAND, cancelledAt: AT, comment: why, by } },
  ];
  const memberMay: Moment[] = [
    'placed',
    'validationFailed',
    'validated',
    'contractUploaded',
    'contractRefused',
    'contractAccepted',
    'paymentFailed',
    'paid',
  ];
  const deskMay: Moment[] = [...memberMay, 'prepared', 'deliveryStarted', 'deliveryFailed'];

  for (const moment of memberMay)
    it(`the member cancels from ${moment}`, () => {
      spec
        .given(shipping[moment])
        .when(run({ action: 'cancel', comment: 'No longer needed' }, { by: MEMBER }))
        .then(cancelled('member', 'No longer needed'));
    });
  for (const moment of MOMENTS.filter((m) => !memberMay.includes(m)))
    it(`refuses the member cancelling from ${moment} (409)`, () => {
      spec
        .given(shipping[moment])
        .when(run({ action: 'cancel' }, { by: MEMBER }))
        .thenThrows(ConflictError, {
          code: 'conflict.state',
          message: expect.stringMatching(/^The \w+ step is success/),
        });
    });
  for (const moment of deskMay)
    it(`the rental desk cancels from ${moment}`, () => {
      spec
        .given(shipping[moment])
        .when(run({ action: 'cancel' }))
        .then(cancelled('rentalAdmin'));
    });
  for (const moment of MOMENTS.filter((m) => !deskMay.includes(m)))
    it(`refuses the rental desk cancelling from ${moment} (409)`, () => {
      spec
        .given(shipping[moment])
        .when(run({ action: 'cancel' }))
        .thenThrows(ConflictError, {
          code: 'conflict.state',
          message: expect.stringMatching(/^The (delivery|return|closure|cancellation) step is success/),
        });
    });
});

describe('failing a step', () => {
  const fail = (
    stepType:
      'validation' | 'contract' | 'payment' | 'preparation' | 'delivery' | 'retrieval' | 'return' | 'closure',
  ) => run({ action: 'failStep', stepType, comment: 'Went wrong' });
  const failed = (stepType: string) => [
    { type: 'RentalStepFailed', data: { commandId: COMMAND, stepType, failedAt: AT, comment: 'Went wrong' } },
  ];
  const current = [
    ['validation', 'placed'],
    ['contract', 'validated'],
    ['contract', 'contractUploaded'],
    ['payment', 'contractAccepted'],
    ['preparation', 'paid'],
    ['delivery', 'prepared'],
    ['delivery', 'deliveryStarted'],
    ['return', 'delivered'],
    ['closure', 'returned'],
  ] as const;
  for (const [stepType, moment] of current)
    it(`puts the ${stepType} step in error from ${moment}`, () => {
      spec
        .given(shipping[moment])
        .when(fail(stepType))
        .then(failed(stepType) as RentalCommandEvent[]);
    });

  it.each([
    ['a step done', 'validation', 'validated', 'The validation step is success'],
    ['a pending step', 'payment', 'placed', 'The payment step is pending'],
    ['the hand-over before the preparation', 'delivery', 'paid', 'The delivery step is pending'],
    ['a hidden step', 'retrieval', 'prepared', 'The retrieval step is hidden'],
    ['a step already in error', 'payment', 'paymentFailed', 'The payment step is error'],
    ['a cancelled command', 'validation', 'cancelled', 'The cancellation step is success'],
  ] as const)('refuses to fail %s (409)', (_, stepType, moment, detail) => {
    spec
      .given(shipping[moment])
      .when(fail(stepType))
      .thenThrows(ConflictError, { code: 'conflict.state', message: expect.stringContaining(detail) });
  });
});

describe('who may act', () => {
  const deskOnly = [...STEP_ACTIONS.map((a) => a.action).filter((a) => a.action !== 'uploadContract')];
  const allActions: RentalCommandAction[] = [
    ...STEP_ACTIONS.map((a) => a.action),
    { action: 'cancel' },
    { action: 'failStep', stepType: 'validation', comment: 'x' },
    { action: 'assignItem', commandItemId: LINE, itemId: ITEM },
    { action: 'replaceItem', commandItemId: LINE, itemId: ITEM_2 },
  ];

  for (const action of [
    ...deskOnly,
    { action: 'failStep', stepType: 'validation', comment: 'x' } as const,
    { action: 'assignItem', commandItemId: LINE, itemId: ITEM } as const,
    { action: 'replaceItem', commandItemId: LINE, itemId: ITEM_2 } as const,
  ])
    it(`refuses the member ${action.action} (403)`, () => {
      spec
        .given(shipping.placed)
        .when(run(action, { by: MEMBER, itemModelId: MODEL }))
        .thenThrows(ForbiddenError, { code: 'auth.forbidden' });
    });

  for (const action of allActions)
    it(`answers another member's ${action.action} as not found (404)`, () => {
      spec
        .given(shipping.placed)
        .when(run(action, { by: OTHER, itemModelId: MODEL }))
        .thenThrows(NotFoundError, { code: 'not_found' });
    });

  for (const action of allActions)
    it(`answers ${action.action} on an unknown command as not found (404)`, () => {
      spec
        .given([])
        .when(run(action, { itemModelId: MODEL }))
        .thenThrows(NotFoundError);
    });

  it('refuses every action on a cancelled command (409)', () => {
    for (const action of allActions)
      spec
        .given(shipping.cancelled)
        .when(run(action, { itemModelId: MODEL }))
        .thenThrows(ConflictError, { message: expect.stringContaining('The cancellation step is success') });
  });
});

describe('assigning items', () => {
  const assign = (itemId: string, itemModelId: string | null = MODEL, commandItemId = LINE) =>
    run({ action: 'assignItem', commandItemId, itemId }, { itemModelId });
  const replace = (itemId: string, replacedItemId?: string, itemModelId: string | null = MODEL) =>
    run(
      { action: 'replaceItem', commandItemId: LINE, itemId, ...(replacedItemId ? { replacedItemId } : {}) },
      { itemModelId },
    );

  it('assigns an item of the line’s model, up to the line’s quantity', () => {
    spec
      .given(shipping.paid)
      .when(assign(ITEM))
      .then([
        { type: 'RentalItemAssigned', data: { commandId: COMMAND, commandItemId: LINE, itemId: ITEM } },
      ]);
    spec
      .given([...shipping.paid, ev.assigned(ITEM)])
      .when(assign(ITEM_2))
      .then([
        { type: 'RentalItemAssigned', data: { commandId: COMMAND, commandItemId: LINE, itemId: ITEM_2 } },
      ]);
    spec
      .given([...shipping.paid, ev.assigned(ITEM), ev.assigned(ITEM_2)])
      .when(assign(ITEM_3))
      .thenThrows(ConflictError, {
        code: 'conflict.state',
        issues: [expect.objectContaining({ pointer: '/data/attributes/commandItemId' })],
      });
  });

  it('refuses an item of another model, an unknown item and an unknown command item (422 on the field)', () => {
    spec
      .given(shipping.paid)
      .when(assign(ITEM, OTHER_MODEL))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/itemId' })],
      });
    spec
      .given(shipping.paid)
      .when(assign(ITEM, null))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/itemId' })],
      });
    spec
      .given(shipping.paid)
      .when(assign(ITEM, MODEL, '0e000000-0000-4000-8000-0000000000ff'))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/commandItemId' })],
      });
  });

  it('refuses an item already assigned to the command (409), and assigning once the items have left', () => {
    spec
      .given([...shipping.paid, ev.assigned(ITEM)])
      .when(assign(ITEM))
      .thenThrows(ConflictError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/itemId' })],
      });
    spec
      .given(shipping.delivered)
      .when(assign(ITEM))
      .thenThrows(ConflictError, { message: expect.stringContaining('The delivery step is success') });
  });

  it('replaces an assigned item, keeping the replaced one in the history', () => {
    const given = [...shipping.deliveryStarted, ev.assigned(ITEM)];
    const replaced = {
      type: 'RentalItemReplaced',
      data: { commandId: COMMAND, commandItemId: LINE, itemId: ITEM_2, replacedItemId: ITEM, comment: null },
    } as RentalCommandEvent;
    spec.given(given).when(replace(ITEM_2)).then([replaced]);
    spec.given(given).when(replace(ITEM_2, ITEM)).then([replaced]);
    const state = spec.given([...given, replaced]).state;
    expect(state.status === 'placed' && state.items[0]).toMatchObject({
      itemIds: [ITEM_2],
      replacements: [{ itemId: ITEM_2, replacedItemId: ITEM, comment: null }],
    });
  });

  it('refuses a replacement that names no assigned item, of another model, or once the items are back', () => {
    const two = [...shipping.paid, ev.assigned(ITEM), ev.assigned(ITEM_2)];
    spec
      .given(two)
      .when(replace(ITEM_3))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/replacedItemId' })],
      });
    spec
      .given(two)
      .when(replace(ITEM_3, ITEM_3))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/replacedItemId' })],
      });
    spec
      .given(two)
      .when(replace(ITEM_3, ITEM, OTHER_MODEL))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/itemId' })],
      });
    spec
      .given(two)
      .when(replace(ITEM_2, ITEM))
      .thenThrows(ConflictError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/itemId' })],
      });
    spec
      .given([...shipping.returned, ev.assigned(ITEM)])
      .when(replace(ITEM_2))
      .thenThrows(ConflictError, { message: expect.stringContaining('The return step is success') });
  });
});

// every action name is covered by the tables above
const covered = new Set<RentalCommandActionName>([
  ...STEP_ACTIONS.map((a) => a.action.action),
  'cancel',
  'failStep',
  'assignItem',
  'replaceItem',
]);
it('covers every action', () => {
  expect(covered.size).toBe(16);
});
