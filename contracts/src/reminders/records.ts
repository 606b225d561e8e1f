import { z } from 'zod/v4';
import { EQLAAT_TEAM } from '../eqlaat/records.ts';
import { ADMINISTRATORS } from '../resources/access.ts';
import { defineResource } from '../resources/definition.ts';
import { singleLine } from '../resources/fields.ts';

/**
 * Reminders (seed 001 §3 "reminder": title, message, remindAt, sentAt, remindable; seed 000: the reminders feature),
 * behind FEATURE_REMINDERS, ADR 0063: a member of the eqlaat team sets a reminder on a project or an appointment
 * they follow; when its time comes the platform tells them (a notification leading to the record) and marks it sent.
 * Moving its time again makes it wait anew.
 */

const instant = z.string().datetime({ offset: true });

/** What a reminder may be about: the eqlaat programme's projects and appointments. */
export const REMINDABLE_TYPES = ['eqlaat-projects', 'eqlaat-appointments'] as const;

/** The notification a reminder's time sends (notifications.type.reminder in the web's words). */
export const REMINDER_NOTIFICATION = 'reminder';

/** Where the reminder's notification leads: the record it is about, on its back-office screen. */
export const remindablePath = (type: string, id: string) => `/admin/resources/${type}/show/${id}`;

export const reminderResource = defineResource({
  type: 'reminders',
  singular: 'reminder',
  category: 'reminder',
  eventPrefix: 'Reminder',
  module: 'reminders',
  feature: 'reminders',
  menu: { group: 'eqlaat', icon: 'alarm' },
  attributes: z.object({
    title: singleLine(z.string().trim().min(1).max(255)),
    message: z.string().trim().max(5000).nullable().default(null),
    remindAt: instant,
    /** set by the platform when it told the reminder's author; emptied when remindAt moves */
    sentAt: instant.nullable().default(null),
  }),
  relationships: {
    remindable: { polymorphic: { types: REMINDABLE_TYPES }, required: true, immutable: true },
  },
  // a reminder moved to another time waits for it again
  beforeChange: (next, previous) =>
    previous !== null && next.remindAt !== previous.remindAt ? { sentAt: null } : {},
  fieldAccess: { sentAt: { write: 'nobody' } },
  softDeletable: true,
  access: {
    see: EQLAAT_TEAM,
    index: EQLAAT_TEAM,
    show: EQLAAT_TEAM,
    create: EQLAAT_TEAM,
    update: EQLAAT_TEAM,
    softDelete: EQLAAT_TEAM,
    restore: ADMINISTRATORS,
    delete: ADMINISTRATORS,
  },
  listFilters: { sent: { kind: 'present', attributes: ['sentAt'] } },
  search: ['title'],
  sorts: ['remindAt', 'title'],
  defaultSort: { field: 'remindAt', direction: 'asc' },
  title: 'title',
});

/**
 * A solution that already exists for a project's need (seed 001 §3 ad-project-existing-solution: reasons, name, url,
 * comment, project): what the team found before building anything, and why it does or does not fit. In the admin
 * menu's adProjects group, the eqlaat team's.
 */
export const adProjectExistingSolutionResource = defineResource({
  type: 'ad-project-existing-solutions',
  singular: 'ad-project-existing-solution',
  category: 'adprojectexistingsolution',
  eventPrefix: 'AdProjectExistingSolution',
  module: 'eqlaat',
  feature: 'eqlaat',
  menu: { group: 'adProjects', icon: 'inventory' },
  attributes: z.object({
    name: singleLine(z.string().trim().min(1).max(255)),
    url: z
      .string()
      .trim()
      .url()
      .max(2048)
      .regex(/^https?:\/\//i, 'An address starting with https://')
      .nullable()
      .default(null),
    /** why it fits or does not: price, availability, what it lacks */
    reasons: z.string().trim().max(5000).nullable().default(null),
    comment: z.string().trim().max(5000).nullable().default(null),
  }),
  relationships: {
    project: { type: 'eqlaat-projects', required: true, immutable: true },
  },
  softDeletable: true,
  access: {
    see: EQLAAT_TEAM,
    index: EQLAAT_TEAM,
    show: EQLAAT_TEAM,
    create: EQLAAT_TEAM,
    update: EQLAAT_TEAM,
    softDelete: EQLAAT_TEAM,
    restore: ADMINISTRATORS,
    delete: ADMINISTRATORS,
  },
  search: ['name'],
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

export const reminderResources = [reminderResource, adProjectExistingSolutionResource];
