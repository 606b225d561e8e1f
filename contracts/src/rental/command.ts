import { z } from 'zod/v4';
import { defineEvent, type EventContract, type EventOf } from '../event-contracts.ts';
import { allows, type ViewerFacts } from '../resources/access.ts';
import { RentalDateSchema } from './period.ts';
import { RENTAL_ADMINS } from './records.ts';
import { RentalStepTypeSchema } from './steps.ts';
import { needsShippingAddress, RentalStrategySchema } from './strategies.ts';

/**
 * A rental command (seed 001 §3 rental-command) and its lifecycle: every step a member or a rental admin takes is
 * an event of the command's own stream, `rentalCommand-<id>`, so the stream is the command's full history.
 */
export const RENTAL_COMMAND_CATEGORY = 'rentalCommand';
export const rentalCommandStreamId = (commandId: string): string => `${RENTAL_COMMAND_CATEGORY}-${commandId}`;

/** who runs the rental desk: the same rule as the rental records' (records.ts) */
export { RENTAL_ADMINS } from './records.ts';

/** The documents of a rental command, made on demand as PDF: the contract to sign, and the invoice. */
export const RENTAL_COMMAND_DOCUMENTS = ['contract', 'invoice'] as const;
export type RentalCommandDocument = (typeof RENTAL_COMMAND_DOCUMENTS)[number];
/** Where a command's document is downloaded (GET, for its member and the rental desk). */
export const rentalCommandDocumentPath = (commandId: string, document: RentalCommandDocument) =>
  `/api/v1/services/rentals/commands/${commandId}/${document}`;
/** Where a command's signed contract is read (GET, for its member and the rental desk), once uploaded. */
export const rentalCommandSignedContractPath = (commandId: string) =>
  `/api/v1/services/rentals/commands/${commandId}/signed-contract`;
/** The name a command's document is downloaded under. */
export const rentalCommandDocumentName = (commandId: string, document: RentalCommandDocument) =>
  `rental-${document}-${commandId}.pdf`;

/**
 * Who reads a rental command and what belongs to it (its steps, history, contract, invoice and signed contract):
 * its member and the rental desk. Anyone else is told it does not exist.
 */
export function mayReadRentalCommand(viewer: ViewerFacts, commandBy: string): boolean {
  return (viewer.userId !== null && viewer.userId === commandBy) || allows(RENTAL_ADMINS, viewer);
}

const uuid = z.string().uuid();
const instant = z.string().datetime({ offset: true });
const cents = z.number().int().min(0).max(1_000_000_000_000);
const text = (max: number) => z.string().trim().min(1).max(max);
const comment = z.string().trim().max(5_000).nullable();

const RentalAmountsSchema = z.object({
  lines: z.array(z.object({ modelId: uuid, quantity: z.number().int().min(1), exclTax: cents })),
  itemsExclTax: cents,
  shipping: cents,
  exclTax: cents,
  tax: cents,
  total: cents,
  /** the member's invoicing strategy when they confirmed (no_vat...: no tax); absent from older commands */
  invoicingStrategyId: z.string().min(1).max(100).nullable().optional(),
  /** the environment's rentalOrganizationTax when they confirmed, a percentage; absent from older commands */
  taxRate: z.number().min(0).max(100).nullable().optional(),
});

/** A line of the command: one model, how many items of it, at which price (per item and per day, excl. tax). */
export const RentalCommandLineSchema = z.object({
  commandItemId: uuid,
  modelId: uuid,
  quantity: z.number().int().min(1).max(10_000),
  /** cents per item and per day excluding tax; may hold a fraction of a cent (amounts.ts) */
  rentingPrice: z.number().min(0).max(1_000_000_000),
});
export type RentalCommandLine = z.infer<typeof RentalCommandLineSchema>;

/** What placing a command records; the command placing it (PlaceRentalCommand) carries the same data. */
export const RentalCommandPlacedDataSchema = z
  .object({
    commandId: uuid,
    /** the booking that held the items while the member confirmed */
    bookingId: uuid,
    /** the member the command is for and who placed it (seed: commandBy) */
    userId: uuid,
    /** the organization the member rents for (seed: rentFor), or null for the member themselves */
    rentFor: uuid.nullable(),
    strategy: RentalStrategySchema,
    isIndividual: z.boolean(),
    startAt: RentalDateSchema,
    endAt: RentalDateSchema,
    billingAddress: text(1000),
    shippingAddress: text(1000).nullable(),
    phone: text(40),
    /** cents excluding tax; counted only for a strategy that carries fees */
    shippingPrice: cents,
    lines: z.array(RentalCommandLineSchema).min(1).max(1_000),
    /** rentalAmounts (amounts.ts) as the member confirmed them */
    amounts: RentalAmountsSchema,
  })
  .superRefine((placed, ctx) => {
    if (needsShippingAddress(placed.strategy) && placed.shippingAddress === null)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['shippingAddress'],
        message: `is required for the ${placed.strategy} strategy`,
      });
    if (placed.endAt <= placed.startAt)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['endAt'], message: 'must be after startAt' });
    const seen = new Set<string>();
    placed.lines.forEach((line, index) => {
      if (seen.has(line.commandItemId))
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['lines', index, 'commandItemId'],
          message: 'is already a line above',
        });
      seen.add(line.commandItemId);
    });
  });
export type RentalCommandPlacedData = z.infer<typeof RentalCommandPlacedDataSchema>;

export const RentalCommandPlaced = defineEvent('RentalCommandPlaced', RentalCommandPlacedDataSchema);

/** A step done: when, and what the rental admin or the member wrote about it. */
const StepDone = z.object({ commandId: uuid, doneAt: instant, comment });

export const RentalCommandValidated = defineEvent('RentalCommandValidated', StepDone);
/** The member (or a rental admin for them) handed in the signed contract: the contract step waits for a check. */
export const RentalContractUploaded = defineEvent(
  'RentalContractUploaded',
  StepDone.extend({ signedContractFileId: uuid }),
);
export const RentalContractAccepted = defineEvent('RentalContractAccepted', StepDone);
/** The signed contract does not do: the contract step is in error until the member uploads it again. */
export const RentalContractRefused = defineEvent(
  'RentalContractRefused',
  z.object({ commandId: uuid, refusedAt: instant, comment: text(5_000) }),
);
export const RentalPaymentRecorded = defineEvent('RentalPaymentRecorded', StepDone);
export const RentalCommandPrepared = defineEvent('RentalCommandPrepared', StepDone);
/** The items left for the member's shipping address (the delivery step waits for their arrival). */
export const RentalDeliveryStarted = defineEvent(
  'RentalDeliveryStarted',
  z.object({ commandId: uuid, startedAt: instant, comment }),
);
export const RentalDeliveryDone = defineEvent('RentalDeliveryDone', StepDone);
/** The items are ready for the member to pick up (the retrieval step waits for them to come). */
export const RentalRetrievalStarted = defineEvent(
  'RentalRetrievalStarted',
  z.object({ commandId: uuid, startedAt: instant, comment }),
);
export const RentalRetrievalDone = defineEvent('RentalRetrievalDone', StepDone);
export const RentalReturnRecorded = defineEvent('RentalReturnRecorded', StepDone);
export const RentalCommandClosed = defineEvent('RentalCommandClosed', StepDone);
export const RentalCommandCancelled = defineEvent(
  'RentalCommandCancelled',
  z.object({
    commandId: uuid,
    cancelledAt: instant,
    comment,
    /** who cancelled: the member, or the rental desk */
    by: z.enum(['member', 'rentalAdmin']),
  }),
);

/** The steps a rental admin may put in error (the cancellation is never one). */
export const FAILABLE_RENTAL_STEP_TYPES = [
  'validation',
  'contract',
  'payment',
  'preparation',
  'delivery',
  'retrieval',
  'return',
  'closure',
] as const satisfies readonly z.infer<typeof RentalStepTypeSchema>[];
export const FailableRentalStepTypeSchema = z.enum(FAILABLE_RENTAL_STEP_TYPES);

/** Something went wrong on a step (a payment rejected, a parcel lost): the step is in error, with why. */
export const RentalStepFailed = defineEvent(
  'RentalStepFailed',
  z.object({
    commandId: uuid,
    stepType: FailableRentalStepTypeSchema,
    failedAt: instant,
    comment: text(5_000),
  }),
);

/** A rental admin set an item of the line's model aside for the command. */
export const RentalItemAssigned = defineEvent(
  'RentalItemAssigned',
  z.object({ commandId: uuid, commandItemId: uuid, itemId: uuid }),
);
/** An assigned item was swapped for another of the same model; the replaced one stays in the history. */
export const RentalItemReplaced = defineEvent(
  'RentalItemReplaced',
  z.object({ commandId: uuid, commandItemId: uuid, itemId: uuid, replacedItemId: uuid, comment }),
);

export const rentalCommandEventContracts: EventContract[] = [
  RentalCommandPlaced,
  RentalCommandValidated,
  RentalContractUploaded,
  RentalContractAccepted,
  RentalContractRefused,
  RentalPaymentRecorded,
  RentalCommandPrepared,
  RentalDeliveryStarted,
  RentalDeliveryDone,
  RentalRetrievalStarted,
  RentalRetrievalDone,
  RentalReturnRecorded,
  RentalCommandClosed,
  RentalCommandCancelled,
  RentalStepFailed,
  RentalItemAssigned,
  RentalItemReplaced,
];

export type RentalCommandEvent =
  | EventOf<typeof RentalCommandPlaced>
  | EventOf<typeof RentalCommandValidated>
  | EventOf<typeof RentalContractUploaded>
  | EventOf<typeof RentalContractAccepted>
  | EventOf<typeof RentalContractRefused>
  | EventOf<typeof RentalPaymentRecorded>
  | EventOf<typeof RentalCommandPrepared>
  | EventOf<typeof RentalDeliveryStarted>
  | EventOf<typeof RentalDeliveryDone>
  | EventOf<typeof RentalRetrievalStarted>
  | EventOf<typeof RentalRetrievalDone>
  | EventOf<typeof RentalReturnRecorded>
  | EventOf<typeof RentalCommandClosed>
  | EventOf<typeof RentalCommandCancelled>
  | EventOf<typeof RentalStepFailed>
  | EventOf<typeof RentalItemAssigned>
  | EventOf<typeof RentalItemReplaced>;

export const RENTAL_COMMAND_EVENT_TYPES: readonly string[] = rentalCommandEventContracts.map((c) => c.type);

/**
 * The actions of POST /services/rentals/commands/{id}/actions (`rental-command-actions`), one shape per action
 * so that a missing field is a 422 on that field.
 */
const optionalComment = z.string().trim().max(5_000).nullable().optional();
export const RentalCommandActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('validate'), comment: optionalComment }),
  z.object({ action: z.literal('uploadContract'), fileId: uuid, comment: optionalComment }),
  z.object({ action: z.literal('acceptContract'), comment: optionalComment }),
  z.object({ action: z.literal('refuseContract'), comment: text(5_000) }),
  z.object({ action: z.literal('recordPayment'), comment: optionalComment }),
  z.object({ action: z.literal('prepare'), comment: optionalComment }),
  z.object({ action: z.literal('startDelivery'), comment: optionalComment }),
  z.object({ action: z.literal('completeDelivery'), comment: optionalComment }),
  z.object({ action: z.literal('startRetrieval'), comment: optionalComment }),
  z.object({ action: z.literal('completeRetrieval'), comment: optionalComment }),
  z.object({ action: z.literal('recordReturn'), comment: optionalComment }),
  z.object({ action: z.literal('close'), comment: optionalComment }),
  z.object({ action: z.literal('cancel'), comment: optionalComment }),
  z.object({ action: z.literal('failStep'), stepType: FailableRentalStepTypeSchema, comment: text(5_000) }),
  z.object({ action: z.literal('assignItem'), commandItemId: uuid, itemId: uuid }),
  z.object({
    action: z.literal('replaceItem'),
    commandItemId: uuid,
    itemId: uuid,
    /** the assigned item it replaces; may be left out when the command item holds one */
    replacedItemId: uuid.optional(),
    comment: optionalComment,
  }),
]);
export type RentalCommandAction = z.infer<typeof RentalCommandActionSchema>;
export type RentalCommandActionName = RentalCommandAction['action'];
