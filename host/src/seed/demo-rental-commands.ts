import type { Logger } from 'pino';
import { deriveId } from '@platform/command-api/handler';
import type { RentalCommandAction, RentalCommandActionName } from '@platform/contracts/rental/command';
import { addDays, calendarDateIn } from '@platform/contracts/rental/period';
import type { RentalStrategy } from '@platform/contracts/rental/strategies';
import { memberSession, must, type MemberSession, type SeedAnswer } from './client.ts';
import { DEMO_PASSWORD } from './demo-accounts.ts';

/**
 * The demo rental commands: a few commands of the demo members, each booked and confirmed through the checkout's
 * routes as the member would (so the models' calendars hold their units), then taken by the demo rental desk
 * through its steps to a different point: waiting for validation, validated, in progress (the items with the
 * member), closed, and cancelled by its member. Run again, a command already placed is not booked again and a step
 * already done is not done again (the history says which).
 */
export interface DemoRentalCommand {
  key: string;
  member: string;
  model: string;
  strategy: Extract<RentalStrategy, 'pick_up' | 'ship_to_address'>;
  /** days from the seeding's date to the start, and the period's length */
  startIn: number;
  days: number;
  /** what the desk (or, for a cancellation, the member) does, in order */
  actions: Array<RentalCommandActionName>;
}

const UP_TO_PAYMENT: RentalCommandActionName[] = [
  'validate',
  'uploadContract',
  'acceptContract',
  'recordPayment',
];

export const demoRentalCommands: DemoRentalCommand[] = [
  {
    key: 'pending',
    member: 'member1@demo.example',
    model: 'folding-wheelchair',
    strategy: 'pick_up',
    startIn: 21,
    days: 14,
    actions: [],
  },
  {
    key: 'validated',
    member: 'member2@demo.example',
    model: 'eye-gaze-tablet',
    strategy: 'ship_to_address',
    startIn: 28,
    days: 28,
    actions: ['validate'],
  },
  {
    key: 'in-progress',
    member: 'member1@demo.example',
    model: 'bath-lift',
    strategy: 'pick_up',
    startIn: 14,
    days: 21,
    actions: [...UP_TO_PAYMENT, 'assignItem', 'prepare', 'startRetrieval', 'completeRetrieval'],
  },
  {
    key: 'closed',
    member: 'member2@demo.example',
    model: 'portable-ramp',
    strategy: 'ship_to_address',
    startIn: 7,
    days: 7,
    actions: [
      ...UP_TO_PAYMENT,
      'assignItem',
      'prepare',
      'startDelivery',
      'completeDelivery',
      'recordReturn',
      'close',
    ],
  },
  {
    key: 'cancelled',
    member: 'friendly@demo.example',
    model: 'standing-frame',
    strategy: 'pick_up',
    startIn: 35,
    days: 14,
    actions: ['cancel'],
  },
];

/** The event each action records: the command's history says whether it was done already. */
const RECORDED: Partial<Record<RentalCommandActionName, string>> = {
  validate: 'RentalCommandValidated',
  uploadContract: 'RentalContractUploaded',
  acceptContract: 'RentalContractAccepted',
  recordPayment: 'RentalPaymentRecorded',
  assignItem: 'RentalItemAssigned',
  prepare: 'RentalCommandPrepared',
  startDelivery: 'RentalDeliveryStarted',
  completeDelivery: 'RentalDeliveryDone',
  startRetrieval: 'RentalRetrievalStarted',
  completeRetrieval: 'RentalRetrievalDone',
  recordReturn: 'RentalReturnRecorded',
  close: 'RentalCommandClosed',
  cancel: 'RentalCommandCancelled',
};

/**
 * Seeds the demo rental commands. `models`: the demo models' ids and their items' ids by stock id;
 * `position`: the catalogue's last position, so that the bookings see the items just seeded.
 */
export async function seedDemoRentalCommands(options: {
  baseUrl: string;
  logger: Logger;
  /** the machine credential: its pass takes the members' requests past the gate of a first start */
  adminToken: string;
  clock?: () => Date;
  models: ReadonlyMap<string, { id: string; items: string[] }>;
  position: string;
}) {
  const today = calendarDateIn((options.clock ?? (() => new Date()))());
  const desk = await memberSession(
    options.baseUrl,
    'rental-admin@demo.example',
    DEMO_PASSWORD,
    options.adminToken,
    options.position,
  );
  const members = new Map<string, MemberSession>();
  let position = options.position;
  const at = (answer: SeedAnswer) => {
    const next = answer.body?.meta?.position;
    if (typeof next === 'string' && BigInt(next) > BigInt(position)) position = next;
    return answer;
  };

  for (const spec of demoRentalCommands) {
    const member =
      members.get(spec.member) ??
      (await memberSession(
        options.baseUrl,
        spec.member,
        DEMO_PASSWORD,
        options.adminToken,
        options.position,
      ));
    members.set(spec.member, member);
    const model = options.models.get(spec.model);
    if (!model) throw new Error(`Seeding: no demo rental model ${spec.model}`);
    const key = `seed:rental:command:${spec.key}`;
    const bookingId = deriveId(key, 'rental-bookings');
    const commandId = deriveId(bookingId, 'rental-command');

    const placed = await member.call('GET', `/services/rentals/commands/${commandId}`);
    if (placed.status === 404) {
      const startAt = addDays(today, spec.startIn);
      const booked = at(
        must(
          await member.call(
            'POST',
            `/services/rentals/bookings?minPosition=${position}`,
            {
              data: {
                type: 'rental-bookings',
                attributes: {
                  models: [{ modelId: model.id, quantity: 1 }],
                  startAt,
                  endAt: addDays(startAt, spec.days),
                  strategy: spec.strategy,
                  phone: '+33 6 12 34 56 78',
                  billingAddress: '12 rue des Demo, 69001 Lyon',
                  shippingAddress: spec.strategy === 'ship_to_address' ? '12 rue des Demo, 69001 Lyon' : null,
                },
              },
            },
            key,
          ),
          `the ${spec.key} command's booking`,
        ),
      );
      at(
        must(
          await member.call(
            'POST',
            `/services/rentals/commands?minPosition=${position}`,
            { data: { type: 'rental-commands', attributes: { bookingId: booked.body.data.id } } },
            `${key}:confirm`,
          ),
          `the ${spec.key} command's confirmation`,
        ),
      );
    } else must(placed, `reading the ${spec.key} command`);

    const history = must(
      await desk.call('GET', `/services/rentals/commands/${commandId}/history`),
      `the ${spec.key} command's history`,
    );
    const done = new Set<string>(
      (history.body.data as Array<{ attributes: { eventType: string } }>).map((e) => e.attributes.eventType),
    );
    const lineId = deriveId(commandId, 'item', model.id);
    for (const name of spec.actions) {
      if (done.has(RECORDED[name] ?? '')) continue;
      const action = await actionFor(name, { desk, commandId, lineId, model, position });
      const by = name === 'cancel' ? member : desk;
      at(
        must(
          await by.call(
            'POST',
            `/services/rentals/commands/${commandId}/actions`,
            { data: { type: 'rental-command-actions', attributes: action } },
            `${key}:${name}`,
          ),
          `the ${spec.key} command's ${name}`,
        ),
      );
    }
  }
  options.logger.info({ commands: demoRentalCommands.length }, 'demo rental commands seeded');
}

/** An action's attributes; the desk uploads the command's own contract, signed on paper, for its member. */
async function actionFor(
  name: RentalCommandActionName,
  context: {
    desk: MemberSession;
    commandId: string;
    lineId: string;
    model: { items: string[] };
    position: string;
  },
): Promise<RentalCommandAction> {
  switch (name) {
    case 'uploadContract': {
      const contract = must(
        await context.desk.call(
          'GET',
          `/services/rentals/commands/${context.commandId}/contract?minPosition=${context.position}`,
        ),
        'the contract',
      );
      const file = must(
        await context.desk.upload(contract.bytes, 'signed-contract.pdf'),
        'the signed contract',
      );
      return { action: 'uploadContract', fileId: file.body.data.id as string };
    }
    case 'assignItem':
      return { action: 'assignItem', commandItemId: context.lineId, itemId: context.model.items[0]! };
    case 'cancel':
      return { action: 'cancel', comment: 'Plans changed' };
    default:
      return { action: name } as RentalCommandAction;
  }
}
