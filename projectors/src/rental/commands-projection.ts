import type { TransactionSql } from 'postgres';
import {
  RENTAL_COMMAND_CATEGORY,
  RENTAL_COMMAND_EVENT_TYPES,
  type RentalCommandEvent,
} from '@platform/contracts/rental/command';
import {
  applyRentalStepChanges,
  initialRentalSteps,
  rentalStepChanges,
  type RentalCommandStep,
} from '@platform/contracts/rental/command-state';
import { strategyGroup } from '@platform/contracts/rental/strategies';
import type { RecordedEvent } from '@platform/infra/event-store';
import type { Projection } from '../projection.ts';

/**
 * The rental commands (seed 001 §3 rental-command, rental-command-step, rental-command-item): one row per command
 * with its steps as the lifecycle left them (the derived status, flags and alerts depend on today's date, so the
 * read side derives them when it reads), and one row per command item with its assigned items and replacements.
 * The steps are folded by the same rules as the decider's (contracts/src/rental/command-state.ts).
 */
export const rentalCommandsProjection: Projection = {
  name: 'rental_commands',
  version: 1,
  eventTypes: RENTAL_COMMAND_EVENT_TYPES,
  tables: ['rental_commands', 'rental_command_items'],
  async setup(tx) {
    await tx.unsafe(`create table rental_commands (
      id uuid primary key,
      booking_id uuid not null,
      user_id uuid not null,
      rent_for uuid,
      strategy text not null,
      strategy_group text not null,
      is_individual boolean not null,
      start_at date not null,
      end_at date not null,
      billing_address text not null,
      shipping_address text,
      phone text not null,
      shipping_price bigint not null,
      amounts jsonb not null,
      total bigint not null,
      signed_contract_file_id uuid,
      steps jsonb not null,
      cancelled boolean not null default false,
      closed boolean not null default false,
      created_at timestamptz not null,
      updated_at timestamptz not null)`);
    await tx.unsafe('create index rental_commands_user on rental_commands (user_id, created_at desc)');
    await tx.unsafe('create index rental_commands_created on rental_commands (created_at desc, id)');
    await tx.unsafe(`create table rental_command_items (
      id uuid primary key,
      command_id uuid not null,
      position int not null,
      model_id uuid not null,
      quantity int not null,
      renting_price double precision not null,
      item_ids uuid[] not null default '{}',
      replacements jsonb not null default '[]')`);
    await tx.unsafe(
      'create index rental_command_items_command on rental_command_items (command_id, position)',
    );
    await tx.unsafe('create index rental_command_items_items on rental_command_items using gin (item_ids)');
  },
  async apply(tx, recorded) {
    const event = { type: recorded.type, data: recorded.data } as RentalCommandEvent;
    const commandId = recorded.streamId.slice(RENTAL_COMMAND_CATEGORY.length + 1);
    const at = recorded.metadata.recordedAt;
    switch (event.type) {
      case 'RentalCommandPlaced':
        return placed(tx, event, at);
      case 'RentalItemAssigned':
        await tx`update rental_command_items set item_ids = array_append(item_ids, ${event.data.itemId}::uuid)
          where id = ${event.data.commandItemId} and command_id = ${commandId}`;
        return touched(tx, commandId, at);
      case 'RentalItemReplaced': {
        const { itemId, replacedItemId, comment } = event.data;
        const replacement = {
          itemId,
          replacedItemId,
          comment,
          replacedAt: at,
          by: recorded.metadata.actor.userId,
        };
        await tx`update rental_command_items
          set item_ids = array_replace(item_ids, ${replacedItemId}::uuid, ${itemId}::uuid),
              replacements = replacements || ${tx.json([replacement])}
          where id = ${event.data.commandItemId} and command_id = ${commandId}`;
        return touched(tx, commandId, at);
      }
      default:
        return stepsChanged(tx, commandId, event, recorded, at);
    }
  },
};

async function placed(
  tx: TransactionSql,
  event: Extract<RentalCommandEvent, { type: 'RentalCommandPlaced' }>,
  at: string,
): Promise<void> {
  const command = event.data;
  const { group } = strategyGroup(command.strategy, command.shippingAddress !== null);
  await tx`insert into rental_commands ${tx({
    id: command.commandId,
    booking_id: command.bookingId,
    user_id: command.userId,
    rent_for: command.rentFor,
    strategy: command.strategy,
    strategy_group: group,
    is_individual: command.isIndividual,
    start_at: command.startAt,
    end_at: command.endAt,
    billing_address: command.billingAddress,
    shipping_address: command.shippingAddress,
    phone: command.phone,
    shipping_price: command.shippingPrice,
    amounts: tx.json(command.amounts),
    total: command.amounts.total,
    steps: tx.json(initialRentalSteps(group) as unknown as Parameters<typeof tx.json>[0]),
    created_at: at,
    updated_at: at,
  })} on conflict (id) do nothing`;
  const items = command.lines.map((line, position) => ({
    id: line.commandItemId,
    command_id: command.commandId,
    position,
    model_id: line.modelId,
    quantity: line.quantity,
    renting_price: line.rentingPrice,
  }));
  await tx`insert into rental_command_items ${tx(items)} on conflict (id) do nothing`;
}

async function stepsChanged(
  tx: TransactionSql,
  commandId: string,
  event: RentalCommandEvent,
  recorded: RecordedEvent,
  at: string,
): Promise<void> {
  const [row] = await tx<{ steps: RentalCommandStep[] }[]>`
    select steps from rental_commands where id = ${commandId} for update`;
  if (!row)
    throw new Error(`${recorded.type} at ${recorded.globalPosition} on a rental command never placed`);
  const steps = applyRentalStepChanges(row.steps, rentalStepChanges(event));
  const status = (stepType: string) => steps.find((s) => s.stepType === stepType)?.status;
  await tx`update rental_commands set
      steps = ${tx.json(steps as unknown as Parameters<typeof tx.json>[0])},
      cancelled = ${status('cancellation') !== undefined},
      closed = ${status('closure') === 'success'},
      ${
        event.type === 'RentalContractUploaded'
          ? tx`signed_contract_file_id = ${event.data.signedContractFileId},`
          : tx``
      }
      updated_at = ${at}
    where id = ${commandId}`;
}

async function touched(tx: TransactionSql, commandId: string, at: string): Promise<void> {
  await tx`update rental_commands set updated_at = ${at} where id = ${commandId}`;
}
