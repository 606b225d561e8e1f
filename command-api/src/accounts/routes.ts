import { randomUUID } from 'node:crypto';
import express, { type Router } from 'express';
import { parseSecondaryEmails } from '@platform/contracts/accounts/emails';
import { isAdministrator } from '@platform/contracts/accounts/rules';
import { jobResource, userCategoryResource } from '@platform/contracts/accounts/reference-lists';
import { userStreamId, type UserEvent } from '@platform/contracts/accounts/events';
import { ForbiddenError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import { accountEndpoints } from '@platform/contracts/accounts/endpoints';
import type { EndpointBody } from '@platform/contracts/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { viewerOf } from '@platform/infra/http/viewer';
import type { CommandModuleDeps } from '../app.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { deriveId } from '../handler.ts';
import { sendCommandResult } from '../http/respond.ts';
import { recordExists, resourceTarget } from '../resources/routes.ts';
import { withUniqueValues } from '../claims/unique-values.ts';
import { requireAccountsAdmin, requireSelfOrAdmin, userIdParam } from './authorize.ts';
import { batchDecider } from './batch.ts';
import type { UserCommand } from './commands.ts';
import { userDecider } from './decide.ts';
import type { AccountsCommandOptions } from './options.ts';
import { EMAIL_SCOPE, emailStillHeld, loadUser, userOwner } from './store.ts';

const TYPE = 'users';
const batchUserDecider = batchDecider(userDecider);

type UpdateBody = EndpointBody<typeof accountEndpoints.updateUser>['data'];

const ADMIN_ONLY = {
  validated: '/data/attributes/validated',
  roles: '/data/relationships/roles',
  accessLevel: '/data/relationships/accessLevel',
};

function refuseAdminOnly(body: UpdateBody): void {
  const sent: Array<[keyof typeof ADMIN_ONLY, unknown]> = [
    ['validated', body.attributes.validated],
    ['roles', body.relationships?.roles],
    ['accessLevel', body.relationships?.accessLevel],
  ];
  for (const [name, value] of sent) {
    if (value !== undefined)
      throw new ForbiddenError(`Only administrators can change ${name} (${ADMIN_ONLY[name]})`);
  }
}

const LISTS = { job: resourceTarget(jobResource), userCategory: resourceTarget(userCategoryResource) };

/** A job or user category must exist (a fixed row or one administrators added): 422 on the relationship. */
async function checkListItems(eventStore: CommandModuleDeps['eventStore'], body: UpdateBody): Promise<void> {
  const issues = [];
  for (const [name, target] of Object.entries(LISTS)) {
    const id = body.relationships?.[name as keyof typeof LISTS]?.data?.id;
    if (id && !(await recordExists(eventStore, target, id)))
      issues.push({
        code: 'validation.invalid' as const,
        detail: `There is no ${name === 'job' ? 'job' : 'user category'} ${id}`,
        pointer: `/data/relationships/${name}/data/id`,
      });
  }
  if (issues.length) throw new ValidationError(issues);
}

/** The commands a PATCH /users/:id document asks for, in the order they are decided. */
async function commandsOf(
  body: UpdateBody,
  id: string,
  actingOnSelf: boolean,
  passwordHash: string | null,
  metadata: UserCommand['metadata'],
): Promise<UserCommand[]> {
  const a = body.attributes;
  const r = body.relationships ?? {};
  const commands: UserCommand[] = [];
  let secondaryEmails: string[] | undefined;
  if (a.secondaryEmailsString !== undefined) {
    const parsed = parseSecondaryEmails(a.secondaryEmailsString);
    if (!parsed.ok) {
      const lines = parsed.invalidLines.map((l) => l + 1).join(', ');
      throw ValidationError.at(
        '/data/attributes/secondaryEmailsString',
        `line(s) ${lines}: not an e-mail address`,
      );
    }
    secondaryEmails = parsed.emails;
  }
  const profile = Object.fromEntries(
    Object.entries({
      firstName: a.firstName,
      lastName: a.lastName,
      phone: a.phone,
      description: a.description,
      organizationName: a.organizationName,
      avatarUrl: a.avatarUrl,
      jobOther: a.jobOther,
      jobId: r.job === undefined ? undefined : (r.job.data?.id ?? null),
      userCategoryId: r.userCategory === undefined ? undefined : (r.userCategory.data?.id ?? null),
      newsletterFrequencyId:
        r.newsletterFrequency === undefined ? undefined : (r.newsletterFrequency.data?.id ?? null),
      rentalInvoicingStrategyId:
        r.rentalInvoicingStrategy === undefined ? undefined : (r.rentalInvoicingStrategy.data?.id ?? null),
    }).filter(([, v]) => v !== undefined),
  );
  commands.push({
    type: 'UpdateProfile',
    data: {
      id,
      profile,
      ...(secondaryEmails !== undefined ? { secondaryEmails } : {}),
      ...(a.notificationsPreferences !== undefined
        ? { notificationPreferences: a.notificationsPreferences }
        : {}),
      ...(a.locale !== undefined ? { locale: a.locale } : {}),
      ...(a.editionLocale !== undefined ? { editionLocale: a.editionLocale } : {}),
      ...(a.timezone !== undefined ? { timezone: a.timezone } : {}),
    },
    metadata,
  });
  if (a.password !== undefined) {
    // a person proves they hold the account; an administrator sets a password for someone else
    if (actingOnSelf && passwordHash !== null) {
      if (!a.oldPassword || !(await verifyPassword(passwordHash, a.oldPassword))) {
        throw ValidationError.at(
          '/data/attributes/oldPassword',
          'The current password is not correct',
          'validation.invalid_credentials',
        );
      }
    }
    const reason = passwordHash === null ? 'set' : actingOnSelf ? 'changed' : 'set';
    commands.push({
      type: 'ChangePassword',
      data: { id, passwordHash: await hashPassword(a.password), reason },
      metadata,
    });
  }
  if (a.email !== undefined) commands.push({ type: 'ChangeEmail', data: { id, email: a.email }, metadata });
  if (r.roles !== undefined)
    commands.push({ type: 'SetRoles', data: { id, roles: r.roles.data.map((x) => x.id) }, metadata });
  if (r.accessLevel !== undefined) {
    commands.push({
      type: 'SetUserAccessLevel',
      data: { id, accessLevel: r.accessLevel.data?.id ?? null },
      metadata,
    });
  }
  if (a.validated) commands.push({ type: 'ValidateUser', data: { id }, metadata });
  return commands;
}

/**
 * The users resource on the command side: an administrator opens accounts (POST /users); a user edits their own
 * (PATCH /users/me or /users/:id), administrators anyone's, including roles, access level and validation.
 */
export function usersCommandRoutes(deps: CommandModuleDeps, options: AccountsCommandOptions): Router {
  const router = express.Router();
  const claimDeps = { eventStore: deps.eventStore, contracts: deps.contracts };

  mountEndpoint(router, accountEndpoints.createUser, async (req, res, call) => {
    const request = deps.commandRequest(req, res);
    requireAccountsAdmin(res);
    const doc = call.body();
    const key = request.idempotencyKey;
    const id = doc.data.id ?? (key ? deriveId(key, TYPE) : randomUUID());
    const { password, emailVerified, ...attributes } = doc.data.attributes;
    const passwordHash = password === undefined ? null : await hashPassword(password);
    const email = {
      scope: EMAIL_SCOPE,
      value: attributes.email,
      pointer: '/data/attributes/email',
      stillHolds: emailStillHeld(deps.eventStore),
      idempotencyKey: key,
    };
    const result = await withUniqueValues(
      claimDeps,
      { holder: userOwner(id), metadata: request.metadata, values: [email] },
      () =>
        deps.handle({
          streamId: userStreamId(id),
          decider: userDecider,
          command: {
            type: 'RegisterUser',
            data: { id, ...attributes, passwordHash, origin: 'admin', emailVerified },
            metadata: request.metadata,
          },
          ...(key !== undefined ? { idempotencyKey: key } : {}),
        }),
    );
    if (!emailVerified && result.events.length > 0)
      await options.hooks?.emailToVerify?.(id, attributes.email);
    sendCommandResult(res, { type: TYPE, id, result, status: 201 });
  });

  mountEndpoint(router, accountEndpoints.updateUser, async (req, res, call) => {
    const request = deps.commandRequest(req, res);
    const id = userIdParam(req, res);
    requireSelfOrAdmin(res, id);
    const body = call.body().data;
    const admin = isAdministrator(viewerOf(res));
    if (!admin) refuseAdminOnly(body);
    await checkListItems(deps.eventStore, body);
    const loaded = await loadUser(deps.eventStore, id);
    if (loaded.state.status !== 'active') throw new NotFoundError(`user ${id} not found`);
    const previousEmail = loaded.state.email;
    const actingOnSelf = res.locals.viewer?.userId === id;
    const commands = await commandsOf(body, id, actingOnSelf, loaded.state.passwordHash, request.metadata);
    const batch = { type: 'Batch' as const, data: { commands }, metadata: request.metadata };
    const newEmail = body.attributes.email;
    // refuse what the decider would refuse before claiming, so a bad request leaves no claim behind
    if (newEmail !== undefined && newEmail !== previousEmail) batchUserDecider.decide(batch, loaded.state);
    const email = {
      scope: EMAIL_SCOPE,
      value: newEmail ?? previousEmail,
      previous: previousEmail,
      pointer: '/data/attributes/email',
      stillHolds: emailStillHeld(deps.eventStore),
    };
    const result = await withUniqueValues(
      claimDeps,
      { holder: userOwner(id), metadata: request.metadata, values: [email] },
      () =>
        deps.handle({
          streamId: userStreamId(id),
          decider: batchUserDecider,
          command: batch,
          // decided on what was checked (the old password): a concurrent change is a conflict, not a retry
          expectedVersion: request.expectedVersion ?? (loaded.version === 'no_stream' ? -1n : loaded.version),
        }),
    );
    const changed = result.events.find((e) => e.type === 'UserEmailChanged') as
      Extract<UserEvent, { type: 'UserEmailChanged' }> | undefined;
    if (changed) await options.hooks?.emailToVerify?.(id, changed.data.email);
    sendCommandResult(res, { type: TYPE, id, result });
  });

  return router;
}
