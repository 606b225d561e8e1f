import { describe, expect, it } from 'vitest';
import type { RentalCommandEvent, RentalCommandPlacedData } from '@platform/contracts/rental/command';
import { projectionSpec } from '@platform/tests/support/projection-spec';
import { rentalCommandsProjection } from './commands-projection.ts';

const COMMAND = '0c000000-0000-4000-8000-000000000001';
const MEMBER = '0a000000-0000-4000-8000-00000000000a';
const MODEL = '0d000000-0000-4000-8000-000000000001';
const LINE = '0e000000-0000-4000-8000-000000000001';
const LINE_2 = '0e000000-0000-4000-8000-000000000002';
const ITEM = '0f000000-0000-4000-8000-000000000001';
const ITEM_2 = '0f000000-0000-4000-8000-000000000002';
const FILE = '0f100000-0000-4000-8000-000000000001';
const START = '2025-05-14T10:00:00.000Z';
const second = (n: number) => new Date(Date.parse(START) + n * 1000).toISOString();

const spec = projectionSpec<RentalCommandEvent>(rentalCommandsProjection, {
  streamId: `rentalCommand-${COMMAND}`,
  start: START,
});

const placedData = (strategy: 'pick_up' | 'ship_to_address'): RentalCommandPlacedData => ({
  commandId: COMMAND,
  bookingId: '0b000000-0000-4000-8000-000000000001',
  userId: MEMBER,
  rentFor: null,
  strategy,
  isIndividual: false,
  startAt: '2025-06-01',
  endAt: '2025-06-15',
  billingAddress: '1 rue des Lilas, Lyon',
  shippingAddress: strategy === 'ship_to_address' ? '2 rue des Roses, Lyon' : null,
  phone: '+33 6 12 34 56 78',
  shippingPrice: 1500,
  lines: [
    { commandItemId: LINE, modelId: MODEL, quantity: 2, rentingPrice: 250.5 },
    { commandItemId: LINE_2, modelId: MODEL, quantity: 1, rentingPrice: 100 },
  ],
  amounts: {
    lines: [
      { modelId: MODEL, quantity: 2, exclTax: 7014 },
      { modelId: MODEL, quantity: 1, exclTax: 1400 },
    ],
    itemsExclTax: 8414,
    shipping: 1500,
    exclTax: 9914,
    tax: 1983,
    total: 11897,
  },
});
const placed = (strategy: 'pick_up' | 'ship_to_address' = 'ship_to_address'): RentalCommandEvent => ({
  type: 'RentalCommandPlaced',
  data: placedData(strategy),
});
const done = (n: number) => ({ commandId: COMMAND, doneAt: second(n), comment: null });

const COMMAND_ROW = `select id, user_id, strategy, strategy_group, start_at::text, end_at::text, total, amounts,
  signed_contract_file_id, steps, cancelled, closed, created_at, updated_at from rental_commands`;
const ITEM_ROWS = `select id, command_id, position, model_id, quantity, renting_price, item_ids, replacements
  from rental_command_items order by position`;
const stepsOf = (
  rows: Array<{ steps: Array<{ stepType: string; status: string; doneAt: string | null }> }>,
) => Object.fromEntries(rows[0]!.steps.map((s) => [s.stepType, [s.status, s.doneAt]]));

describe('rental commands projection', () => {
  it('keeps a placed command with its steps, amounts and lines', async () => {
    await spec.given([placed()]).thenRows(COMMAND_ROW, [
      {
        id: COMMAND,
        user_id: MEMBER,
        strategy: 'ship_to_address',
        strategy_group: 'shipping',
        start_at: '2025-06-01',
        end_at: '2025-06-15',
        total: '11897',
        amounts: placedData('ship_to_address').amounts,
        signed_contract_file_id: null,
        steps: [
          { stepType: 'validation', status: 'waiting', doneAt: null, comment: null, position: 0 },
          { stepType: 'contract', status: 'pending', doneAt: null, comment: null, position: 1 },
          { stepType: 'payment', status: 'pending', doneAt: null, comment: null, position: 2 },
          { stepType: 'preparation', status: 'pending', doneAt: null, comment: null, position: 3 },
          { stepType: 'delivery', status: 'pending', doneAt: null, comment: null, position: 4 },
          { stepType: 'retrieval', status: 'hidden', doneAt: null, comment: null, position: 5 },
          { stepType: 'return', status: 'pending', doneAt: null, comment: null, position: 6 },
          { stepType: 'closure', status: 'pending', doneAt: null, comment: null, position: 7 },
        ],
        cancelled: false,
        closed: false,
        created_at: new Date(START),
        updated_at: new Date(START),
      },
    ]);
    await spec.given([placed()]).thenRows(ITEM_ROWS, [
      {
        id: LINE,
        command_id: COMMAND,
        position: 0,
        model_id: MODEL,
        quantity: 2,
        renting_price: 250.5,
        item_ids: [],
        replacements: [],
      },
      {
        id: LINE_2,
        command_id: COMMAND,
        position: 1,
        model_id: MODEL,
        quantity: 1,
        renting_price: 100,
        item_ids: [],
        replacements: [],
      },
    ]);
  });

  it('follows the lifecycle through every step to the closure', async () => {
    const events: RentalCommandEvent[] = [
      placed(),
      { type: 'RentalCommandValidated', data: done(1) },
      { type: 'RentalContractUploaded', data: { ...done(2), signedContractFileId: FILE } },
      { type: 'RentalContractAccepted', data: { ...done(3), comment: 'All pages signed' } },
      { type: 'RentalPaymentRecorded', data: done(4) },
      { type: 'RentalCommandPrepared', data: done(5) },
      { type: 'RentalDeliveryStarted', data: { commandId: COMMAND, startedAt: second(6), comment: null } },
    ];
    const midway = await spec.given(events).rows<Array<Record<string, unknown>>>(COMMAND_ROW);
    expect(stepsOf(midway as never)).toEqual({
      validation: ['success', second(1)],
      contract: ['success', second(3)],
      payment: ['success', second(4)],
      preparation: ['success', second(5)],
      delivery: ['waiting', null],
      retrieval: ['hidden', null],
      return: ['pending', null],
      closure: ['pending', null],
    });
    expect(midway[0]).toMatchObject({
      signed_contract_file_id: FILE,
      closed: false,
      updated_at: new Date(second(6)),
    });
    expect((midway[0]!.steps as Array<{ comment: string | null }>)[1]!.comment).toBe('All pages signed');

    const closed = await spec
      .given([
        ...events,
        { type: 'RentalDeliveryDone', data: done(7) },
        { type: 'RentalReturnRecorded', data: done(8) },
        { type: 'RentalCommandClosed', data: done(9) },
      ])
      .rows<Array<Record<string, unknown>>>(COMMAND_ROW);
    expect(stepsOf(closed as never)).toMatchObject({
      delivery: ['success', second(7)],
      return: ['success', second(8)],
      closure: ['success', second(9)],
    });
    expect(closed[0]).toMatchObject({ closed: true, cancelled: false });
  });

  it('keeps a refused contract and a step in error with their comments, and a cancellation', async () => {
    const rows = await spec
      .given([
        placed('pick_up'),
        { type: 'RentalCommandValidated', data: done(1) },
        { type: 'RentalContractUploaded', data: { ...done(2), signedContractFileId: FILE } },
        {
          type: 'RentalContractRefused',
          data: { commandId: COMMAND, refusedAt: second(3), comment: 'Unsigned' },
        },
        {
          type: 'RentalStepFailed',
          data: { commandId: COMMAND, stepType: 'validation', failedAt: second(4), comment: 'Wrong address' },
        },
        {
          type: 'RentalCommandCancelled',
          data: { commandId: COMMAND, cancelledAt: second(5), comment: 'No longer needed', by: 'member' },
        },
      ])
      .rows<Array<{ steps: Array<Record<string, unknown>>; cancelled: boolean; strategy_group: string }>>(
        COMMAND_ROW,
      );
    expect(rows[0]).toMatchObject({ cancelled: true, strategy_group: 'pickup' });
    expect(rows[0]!.steps).toEqual(
      expect.arrayContaining([
        { stepType: 'validation', status: 'error', doneAt: null, comment: 'Wrong address', position: 0 },
        { stepType: 'contract', status: 'error', doneAt: null, comment: 'Unsigned', position: 1 },
        { stepType: 'delivery', status: 'hidden', doneAt: null, comment: null, position: 4 },
        { stepType: 'retrieval', status: 'pending', doneAt: null, comment: null, position: 5 },
        {
          stepType: 'cancellation',
          status: 'success',
          doneAt: second(5),
          comment: 'No longer needed',
          position: 8,
        },
      ]),
    );
  });

  it('keeps the assigned items and every replacement with who made it and when', async () => {
    const rows = await spec
      .given([
        placed(),
        { type: 'RentalItemAssigned', data: { commandId: COMMAND, commandItemId: LINE, itemId: ITEM } },
        {
          type: 'RentalItemReplaced',
          data: {
            commandId: COMMAND,
            commandItemId: LINE,
            itemId: ITEM_2,
            replacedItemId: ITEM,
            comment: 'Worn',
          },
          actor: { userId: 'a-rental-admin' },
        },
      ])
      .rows<Array<Record<string, unknown>>>(ITEM_ROWS);
    expect(rows[0]).toMatchObject({
      item_ids: [ITEM_2],
      replacements: [
        {
          itemId: ITEM_2,
          replacedItemId: ITEM,
          comment: 'Worn',
          replacedAt: second(2),
          by: 'a-rental-admin',
        },
      ],
    });
    expect(rows[1]).toMatchObject({ item_ids: [], replacements: [] });
  });
});
