import type { RentalCommandAction } from '@platform/contracts/rental/command';
import { rentalEndpoints } from '@platform/contracts/rental/endpoints';
import {
  RentalCommandFlagSchema,
  RentalCommandStatusSchema,
  type RentalCommandFlag,
  type RentalCommandStatus,
} from '@platform/contracts/rental/status';
import {
  RENTAL_COLOURS,
  RentalStepStatusSchema,
  RentalStepTypeSchema,
} from '@platform/contracts/rental/steps';
import { z } from 'zod/v4';
import type { ApiClient } from '../../../kit/api/client.ts';

const Colour = z.enum(RENTAL_COLOURS);

/** A step as GET .../commands/{id} reads it: its record, its appearance (stepAppearance) and date (stepDate). */
const StepSchema = z.object({
  stepType: RentalStepTypeSchema,
  status: RentalStepStatusSchema,
  doneAt: z.string().nullable(),
  comment: z.string().nullable(),
  position: z.number(),
  colour: Colour,
  icon: z.string(),
  date: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('done'), at: z.string() }),
      z.object({ kind: z.literal('waiting') }),
      z.object({ kind: z.literal('pending') }),
    ])
    .nullable(),
});
export type CommandStep = z.infer<typeof StepSchema>;

const AmountsSchema = z
  .object({
    lines: z.array(z.object({ modelId: z.string(), quantity: z.number(), exclTax: z.number() })).default([]),
    itemsExclTax: z.number().default(0),
    shipping: z.number().default(0),
    exclTax: z.number().default(0),
    tax: z.number().default(0),
    total: z.number().default(0),
  })
  .passthrough();
export type CommandAmounts = z.infer<typeof AmountsSchema>;

const AlertSchema = z.object({
  level: z.enum(['info', 'warning']),
  kind: z.string(),
  deadline: z.string().nullable(),
});
export type CommandAlert = z.infer<typeof AlertSchema>;

const CommandSchema = z.object({
  type: z.literal('rental-commands'),
  id: z.string(),
  attributes: z.object({
    strategy: z.string(),
    strategyGroup: z.string(),
    startAt: z.string(),
    endAt: z.string(),
    billingAddress: z.string(),
    shippingAddress: z.string().nullable(),
    phone: z.string(),
    amounts: AmountsSchema,
    signedContractFileId: z.string().nullable(),
    steps: z.array(StepSchema),
    status: RentalCommandStatusSchema,
    statusColour: Colour,
    flags: z.partialRecord(RentalCommandFlagSchema, z.boolean()),
    alerts: z.array(AlertSchema),
    cancelled: z.boolean(),
    closed: z.boolean(),
    createdAt: z.string(),
  }),
  relationships: z
    .object({ user: z.object({ data: z.object({ id: z.string() }).nullable() }).optional() })
    .passthrough()
    .optional(),
});

const CommandItemSchema = z.object({
  type: z.literal('rental-command-items'),
  id: z.string(),
  attributes: z.object({
    quantity: z.number(),
    rentingPrice: z.number(),
    itemIds: z.array(z.string()),
    replacements: z.array(z.record(z.string(), z.unknown())).default([]),
  }),
  relationships: z.object({
    rentalModel: z.object({ data: z.object({ id: z.string() }) }),
  }),
});

const ListSchema = z.object({
  data: z.array(CommandSchema),
  meta: z
    .object({ page: z.object({ number: z.number(), totalPages: z.number() }).passthrough() })
    .passthrough(),
});
const DocumentSchema = z.object({
  data: CommandSchema,
  included: z.array(z.unknown()).default([]),
});

const HistorySchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      attributes: z.object({
        eventType: z.string(),
        recordedAt: z.string(),
        actor: z.object({ userId: z.string().nullable().optional() }).passthrough(),
        data: z.record(z.string(), z.unknown()),
      }),
    }),
  ),
  included: z
    .array(z.object({ type: z.string(), id: z.string(), attributes: z.record(z.string(), z.unknown()) }))
    .default([]),
});

const CommandAnswerSchema = z
  .object({ meta: z.object({ position: z.string() }).passthrough() })
  .passthrough();

export interface CommandItem {
  id: string;
  modelId: string;
  quantity: number;
  rentingPrice: number;
  itemIds: string[];
}

/** A command as the screens show it: what the read side gives, its lines from `included`. */
export interface RentalCommandView {
  id: string;
  userId: string | null;
  strategy: string;
  strategyGroup: string;
  startAt: string;
  endAt: string;
  billingAddress: string;
  shippingAddress: string | null;
  phone: string;
  amounts: CommandAmounts;
  signedContractFileId: string | null;
  steps: CommandStep[];
  status: RentalCommandStatus;
  statusColour: (typeof RENTAL_COLOURS)[number];
  flags: Partial<Record<RentalCommandFlag, boolean>>;
  alerts: CommandAlert[];
  cancelled: boolean;
  createdAt: string;
  items: CommandItem[];
}

export interface HistoryEntry {
  id: string;
  eventType: string;
  recordedAt: string;
  who: string | null;
  stepType: string | null;
  comment: string | null;
}

function view(command: z.infer<typeof CommandSchema>, included: unknown[] = []): RentalCommandView {
  const a = command.attributes;
  const items = included.flatMap((entry) => {
    const parsed = CommandItemSchema.safeParse(entry);
    if (!parsed.success) return [];
    const { id, attributes, relationships } = parsed.data;
    return [
      {
        id,
        modelId: relationships.rentalModel.data.id,
        quantity: attributes.quantity,
        rentingPrice: attributes.rentingPrice,
        itemIds: attributes.itemIds,
      },
    ];
  });
  return {
    id: command.id,
    userId: command.relationships?.user?.data?.id ?? null,
    strategy: a.strategy,
    strategyGroup: a.strategyGroup,
    startAt: a.startAt,
    endAt: a.endAt,
    billingAddress: a.billingAddress,
    shippingAddress: a.shippingAddress,
    phone: a.phone,
    amounts: a.amounts,
    signedContractFileId: a.signedContractFileId,
    steps: [...a.steps].sort((x, y) => x.position - y.position),
    status: a.status,
    statusColour: a.statusColour,
    flags: a.flags,
    alerts: a.alerts,
    cancelled: a.cancelled,
    createdAt: a.createdAt,
    items,
  };
}

const at = (minPosition: string | undefined) => (minPosition ? { minPosition } : {});

export interface CommandListFilter {
  status?: RentalCommandStatus | undefined;
  flag?: RentalCommandFlag | undefined;
  page?: number;
}

/** GET /services/rentals/commands: the member's own, newest first (the rental desk: every one, filtered). */
export async function readCommands(
  api: ApiClient,
  filter: CommandListFilter,
  options: { signal?: AbortSignal; minPosition?: string } = {},
) {
  const doc = await api.call(rentalEndpoints.commands, {
    schema: ListSchema,
    query: {
      ...(filter.status ? { 'filter[status]': filter.status } : {}),
      ...(filter.flag ? { 'filter[flag]': filter.flag } : {}),
      'page[number]': filter.page ?? 1,
      ...at(options.minPosition),
    },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { commands: doc.data.map((c) => view(c)), totalPages: doc.meta.page.totalPages };
}

/** GET /services/rentals/commands/{id}: its steps, items and amounts; `minPosition` after an action. */
export async function readCommand(
  api: ApiClient,
  id: string,
  options: { signal?: AbortSignal; minPosition?: string } = {},
): Promise<RentalCommandView> {
  const doc = await api.call(rentalEndpoints.command, {
    params: { id },
    schema: DocumentSchema,
    query: at(options.minPosition),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return view(doc.data, doc.included);
}

/** GET /services/rentals/commands/{id}/history: who did which step when, newest first. */
export async function readHistory(
  api: ApiClient,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<HistoryEntry[]> {
  const doc = await api.call(rentalEndpoints.commandHistory, {
    params: { id },
    schema: HistorySchema,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const names = new Map(
    doc.included.filter((i) => i.type === 'users').map((u) => [u.id, String(u.attributes.fullName ?? u.id)]),
  );
  return doc.data.map((entry) => {
    const { eventType, recordedAt, actor, data } = entry.attributes;
    return {
      id: entry.id,
      eventType,
      recordedAt,
      who: actor.userId ? (names.get(actor.userId) ?? actor.userId) : null,
      stepType: typeof data.stepType === 'string' ? data.stepType : null,
      comment: typeof data.comment === 'string' ? data.comment : null,
    };
  });
}

/** POST /services/rentals/commands/{id}/actions: the answer's position is what the next read waits for. */
export async function sendCommandAction(
  api: ApiClient,
  id: string,
  action: RentalCommandAction,
  signal?: AbortSignal,
): Promise<{ position: string }> {
  const doc = await api.call(rentalEndpoints.commandAction, {
    params: { id },
    schema: CommandAnswerSchema,
    body: { data: { type: 'rental-command-actions', attributes: action } },
    ...(signal ? { signal } : {}),
  });
  return { position: doc.meta.position };
}

const FreeItemsSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      attributes: z.object({ stockId: z.string(), condition: z.string().nullable() }),
    }),
  ),
});

/** An item of a command line's model that the desk may assign: free over the command's period. */
export interface FreeItem {
  id: string;
  stockId: string;
  condition: string | null;
}

/** GET /services/rentals/commands/{id}/free-items?model=: the model's items free for the command's period. */
export async function readFreeItems(
  api: ApiClient,
  id: string,
  modelId: string,
  options: { signal?: AbortSignal; minPosition?: string } = {},
): Promise<FreeItem[]> {
  const doc = await api.call(rentalEndpoints.freeItems, {
    params: { id },
    schema: FreeItemsSchema,
    query: { model: modelId, ...at(options.minPosition) },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return doc.data.map((item) => ({ id: item.id, ...item.attributes }));
}
