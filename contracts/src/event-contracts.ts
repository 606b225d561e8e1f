import type { z } from 'zod/v4';

/**
 * A versioned event payload contract. `schema` validates the current version on append;
 * `upcasters[n]` turns a version-n payload into version n+1 when read. Stored events are never rewritten.
 */
export interface EventContract<T extends string = string, S extends z.ZodTypeAny = z.ZodTypeAny> {
  type: T;
  version: number;
  schema: S;
  upcasters?: Record<number, (payload: unknown) => unknown>;
}

export function defineEvent<T extends string, S extends z.ZodTypeAny>(
  type: T,
  schema: S,
  options: { version?: number; upcasters?: Record<number, (payload: unknown) => unknown> } = {},
): EventContract<T, S> {
  return { type, schema, version: options.version ?? 1, upcasters: options.upcasters };
}

/** An upcaster that leaves the named fields out of a stored payload (fields a later version no longer has). */
export function withoutFields(...names: string[]): (payload: unknown) => unknown {
  return (payload) => {
    const rest = { ...(payload as Record<string, unknown>) };
    for (const name of names) delete rest[name];
    return rest;
  };
}

export type EventOf<C extends EventContract> = { type: C['type']; data: z.infer<C['schema']> };

export class EventContractRegistry {
  private readonly byType = new Map<string, EventContract>();

  constructor(contracts: EventContract[] = []) {
    for (const c of contracts) this.register(c);
  }

  register(contract: EventContract): this {
    if (this.byType.has(contract.type)) throw new Error(`Event contract ${contract.type} registered twice`);
    this.byType.set(contract.type, contract);
    return this;
  }

  get(type: string): EventContract | undefined {
    return this.byType.get(type);
  }

  /** Validates a payload about to be appended; returns the parsed (normalised) payload. */
  validate(type: string, payload: unknown): unknown {
    const contract = this.byType.get(type);
    if (!contract) throw new Error(`No event contract for ${type}`);
    return contract.schema.parse(payload);
  }

  /** Brings a stored payload of `fromVersion` up to the contract's current version. */
  upcast(type: string, payload: unknown, fromVersion: number): unknown {
    const contract = this.byType.get(type);
    if (!contract) return payload;
    let current = payload;
    for (let v = fromVersion; v < contract.version; v++) {
      const step = contract.upcasters?.[v];
      if (!step) throw new Error(`No upcaster for ${type} from version ${v}`);
      current = step(current);
    }
    return current;
  }
}
