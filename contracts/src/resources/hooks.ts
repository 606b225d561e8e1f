/**
 * What a resource's reactors decide after a change: follow-ups as data, carried out by the command side (one
 * handler per kind), so that a definition in contracts stays pure and its reactions are typed.
 */
export type ResourceReaction =
  /** the public site renders this record: mark the app environment as updated (seed 000 §4) */
  | { kind: 'environmentUpdated' }
  /** tell a member (a notification of the notifications module) */
  /**
   * free a value the record held in a claim scope of a hand-written route (an association's place among its
   * authorization's): released when the changed record holds it, left alone otherwise
   */
  | { kind: 'releaseClaim'; category: string; value: string }
  | {
      kind: 'notify';
      userId: string;
      notificationType: string;
      message: string;
      actionUrl?: string | null;
    };

/** One change of one record, as its reactors see it. */
export interface ResourceChange {
  type: string;
  id: string;
  action: 'created' | 'updated' | 'softDeleted' | 'restored' | 'deleted';
  /** the record's values after the change (before it, for a delete) */
  attributes: Record<string, unknown>;
  relationships: Record<string, unknown>;
  /** the values the change set (an update's changed values; all of them on a create) */
  changed: Record<string, unknown>;
  /** who made the change */
  actorId: string | null;
}

export type ResourceReactor = (change: ResourceChange) => ResourceReaction[];

/** A reactor for the records the public site renders: any change marks the app environment as updated. */
export const updatesEnvironment: ResourceReactor = () => [{ kind: 'environmentUpdated' }];
