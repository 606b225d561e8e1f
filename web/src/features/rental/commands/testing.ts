import type { RentalStepStatus, RentalStepType } from '@platform/contracts/rental/steps';
import { stepAppearance, stepDate } from '@platform/contracts/rental/steps';
import { deriveRentalCommand } from '@platform/contracts/rental/status';

export const COMMAND_ID = 'c0000000-0000-4000-8000-000000000001';
export const OTHER_COMMAND_ID = 'c0000000-0000-4000-8000-000000000002';
export const LINE_ID = 'e0000000-0000-4000-8000-000000000001';
export const MODEL_ID = '11111111-1111-4111-8111-111111111111';
export const ITEM_ID = 'f0000000-0000-4000-8000-000000000001';
export const ITEM_2_ID = 'f0000000-0000-4000-8000-000000000002';
export const MEMBER_ID = 'a0000000-0000-4000-8000-00000000000a';
export const DONE_AT = '2026-03-02T09:30:00.000Z';
export const CREATED_AT = '2026-03-01T08:00:00.000Z';

type Group = 'shipping' | 'pickup';
const ORDER: RentalStepType[] = [
  'validation',
  'contract',
  'payment',
  'preparation',
  'delivery',
  'retrieval',
  'return',
  'closure',
];

/**
 * A command's steps with every step before `current` done, `current` in `status` (waiting unless said) and the
 * ones after pending; the hand-over step the group does not use hidden. `current` null: every step done.
 */
export function stepsAt(
  current: RentalStepType | null,
  options: { group?: Group; status?: RentalStepStatus; doneAt?: string | null; cancelled?: boolean } = {},
) {
  const group = options.group ?? 'shipping';
  const hidden: RentalStepType = group === 'shipping' ? 'retrieval' : 'delivery';
  const index = current === null ? ORDER.length : ORDER.indexOf(current);
  const steps = ORDER.map((stepType, i) => {
    const status: RentalStepStatus =
      stepType === hidden
        ? 'hidden'
        : i < index
          ? 'success'
          : i === index
            ? (options.status ?? 'waiting')
            : 'pending';
    const doneAt = status === 'success' ? DONE_AT : i === index ? (options.doneAt ?? null) : null;
    return { stepType, status, doneAt, comment: null, position: i };
  });
  if (options.cancelled)
    steps.push({ stepType: 'cancellation', status: 'success', doneAt: DONE_AT, comment: null, position: 8 });
  return steps;
}

type Steps = ReturnType<typeof stepsAt>;

/** A rental command as GET .../commands/{id} answers it, derived by the contracts' rules as the server does. */
export function commandResource(
  steps: Steps,
  options: {
    id?: string;
    startAt?: string;
    endAt?: string;
    group?: Group;
    now?: Date;
    signedContractFileId?: string | null;
  } = {},
) {
  const startAt = options.startAt ?? '2026-04-01';
  const endAt = options.endAt ?? '2026-04-15';
  const derived = deriveRentalCommand(
    { createdAt: CREATED_AT, startAt, endAt, steps },
    options.now ?? new Date(),
  );
  const group =
    options.group ??
    (steps.find((s) => s.stepType === 'delivery')?.status === 'hidden' ? 'pickup' : 'shipping');
  return {
    type: 'rental-commands',
    id: options.id ?? COMMAND_ID,
    attributes: {
      strategy: group === 'shipping' ? 'ship_to_address' : 'pick_up',
      strategyGroup: group,
      isIndividual: true,
      startAt,
      endAt,
      billingAddress: '1 rue des Lilas, Lyon',
      shippingAddress: group === 'shipping' ? '2 rue des Roses, Lyon' : null,
      phone: '+33 6 12 34 56 78',
      shippingPrice: 1500,
      amounts: {
        lines: [{ modelId: MODEL_ID, quantity: 2, exclTax: 7000 }],
        itemsExclTax: 7000,
        shipping: 1500,
        exclTax: 8500,
        tax: 1700,
        total: 10200,
      },
      signedContractFileId: options.signedContractFileId ?? null,
      steps: steps.map((step) => ({ ...step, ...stepAppearance(step), date: stepDate(step) })),
      status: derived.status,
      statusColour: derived.colour,
      flags: derived.flags,
      alerts: derived.alerts,
      cancelled: steps.some((s) => s.stepType === 'cancellation'),
      closed: steps.some((s) => s.stepType === 'closure' && s.status === 'success'),
      createdAt: CREATED_AT,
      updatedAt: DONE_AT,
    },
    relationships: {
      user: { data: { type: 'users', id: MEMBER_ID } },
      commandItems: { data: [{ type: 'rental-command-items', id: LINE_ID }] },
    },
  };
}

export function commandDocument(
  steps: Steps,
  options: Parameters<typeof commandResource>[1] & { itemIds?: string[] } = {},
) {
  return {
    data: commandResource(steps, options),
    included: [
      {
        type: 'rental-command-items',
        id: LINE_ID,
        attributes: { quantity: 2, rentingPrice: 250, itemIds: options.itemIds ?? [], replacements: [] },
        relationships: {
          command: { data: { type: 'rental-commands', id: options.id ?? COMMAND_ID } },
          rentalModel: { data: { type: 'rental-models', id: MODEL_ID } },
        },
      },
    ],
  };
}

export const historyDocument = () => ({
  data: [
    {
      type: 'rental-command-history-entries',
      id: `${COMMAND_ID}:2`,
      attributes: {
        revision: '2',
        position: '12',
        eventType: 'RentalCommandValidated',
        recordedAt: DONE_AT,
        actor: { userId: 'a0000000-0000-4000-8000-00000000000d' },
        data: { commandId: COMMAND_ID, doneAt: DONE_AT, comment: 'Checked' },
      },
    },
    {
      type: 'rental-command-history-entries',
      id: `${COMMAND_ID}:1`,
      attributes: {
        revision: '1',
        position: '10',
        eventType: 'RentalCommandPlaced',
        recordedAt: CREATED_AT,
        actor: { userId: MEMBER_ID },
        data: { commandId: COMMAND_ID },
      },
    },
  ],
  included: [
    { type: 'users', id: 'a0000000-0000-4000-8000-00000000000d', attributes: { fullName: 'Rita Desk' } },
    { type: 'users', id: MEMBER_ID, attributes: { fullName: 'Marc Member' } },
  ],
  meta: { total: 2 },
});

/** The upload's network edge (the API client uploads over XHR): the kit's, which the commands' tests answer. */
export { FakeXhr } from '../../../kit/testing/fake-xhr.ts';
