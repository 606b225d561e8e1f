import express, { type Router } from 'express';
import { ContactEmailSchema, lightUserResource } from '@platform/contracts/contacts/records';
import { ConflictError, NotFoundError } from '@platform/contracts/errors';
import { newsletterEndpoints } from '@platform/contracts/newsletters/endpoints';
import { mailingTemplateResource } from '@platform/contracts/newsletters/mailing-template';
import { newsletterSendingResource } from '@platform/contracts/newsletters/sending';
import { loadState } from '@platform/infra/event-store';
import type { ResourceState } from '@platform/contracts/resources/state';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { requireAllowed } from '@platform/infra/http/viewer';
import type { UnsubscribeSigner } from '@platform/infra/mail/unsubscribe';
import { resourceColumn, resourceTable } from '@platform/infra/resources/table';
import type { CommandModuleDeps } from '../app.ts';
import { deriveId } from '../handler.ts';
import { resourceDecider } from '../resources/decide.ts';
import { createRecord, recordByUniqueValue, recordState } from '../resources/record-writes.ts';

/**
 * The version of a template's letter: its stream's version at the last change to the template itself (the
 * NewsletterSent events the job appends there are not changes to the letter). A sending's id is drawn from it,
 * so one version of a letter is sent once.
 */
export function letterVersion(events: ReadonlyArray<{ type: string; streamVersion: bigint }>): bigint | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    if (event.type !== 'NewsletterSent') return event.streamVersion;
  }
  return null;
}

/**
 * The newsletters' commands (ADR 0065):
 *
 * - POST /services/newsletters/{id}/send: the back office sends a template as it is now. Sending is a change of
 *   the template's own (its `update` rule). The sending is a record (newsletter-sendings) whose id is drawn from
 *   the template and its letter's version, created on its fresh stream: a second sending of the same version, a
 *   double click or two members at once, finds that stream and is refused (409 conflict.newsletter_already_sent),
 *   under any concurrency. The contacts subscribed now are counted for the back office (a template sent to nobody
 *   is refused: conflict.newsletter_no_recipients); the platform's job delivers the letters.
 * - POST /services/light-users/{id}/unsubscribe and /services/unsubscribe/{email}: the reader of a letter leaves
 *   the newsletters with its signed link (the signature in the body): the contact's subscription is turned off on
 *   its own stream. A link the platform did not sign answers 404, as a missing contact does.
 */
export function newsletterCommandRoutes(options: { signer: UnsubscribeSigner }) {
  const { signer } = options;
  return (deps: CommandModuleDeps): Router => {
    const router = express.Router();
    const contacts = resourceTable(lightUserResource);
    const subscribed = resourceColumn(lightUserResource, 'hasMailSubscription');

    mountEndpoint(router, newsletterEndpoints.send, async (req, res, { params }) => {
      const id = params.id;
      requireAllowed(
        res,
        mailingTemplateResource.access.update,
        `${mailingTemplateResource.singular}: update`,
      );
      const notFound = new NotFoundError(`${mailingTemplateResource.singular} ${id} not found`);
      if (!mailingTemplateResource.idSchema.safeParse(id).success) throw notFound;
      const { metadata, idempotencyKey: key } = deps.commandRequest(req, res);
      const loaded = await loadState(
        deps.eventStore,
        mailingTemplateResource.streamId(id),
        resourceDecider(mailingTemplateResource, id),
      );
      const version = letterVersion(loaded.events);
      if (loaded.state.status !== 'active' || version === null) throw notFound;

      const sendingId = deriveId(`newsletter:${id}:${version}`, newsletterSendingResource.type);
      const alreadySent = () =>
        new ConflictError(
          'conflict.newsletter_already_sent',
          'This newsletter has been sent as it is; change it to send it again',
        );
      const existing = await recordState(deps, newsletterSendingResource, sendingId);
      // the same request again (its Idempotency-Key) answers as the first did
      if (existing.status !== 'none' && !key) throw alreadySent();

      if (!deps.readSql) throw new Error('the newsletters need the read models (readSql)');
      const sql = deps.readSql;
      const [row] = await sql<{ count: number }[]>`
        select count(*)::int as count from ${sql('read')}.${sql(contacts.table)}
         where ${sql(subscribed)} and deleted_at is null`;
      const recipientsCount = row?.count ?? 0;
      if (recipientsCount === 0 && existing.status === 'none')
        throw new ConflictError(
          'conflict.newsletter_no_recipients',
          'No contact is subscribed to the newsletters',
        );
      try {
        const result = await createRecord(deps, newsletterSendingResource, {
          id: sendingId,
          attributes: { recipientsCount },
          relationships: { mailingTemplate: id },
          metadata,
          ...(key ? { idempotencyKey: `${key}:sending` } : {}),
        });
        res.status(201).json({
          data: { type: newsletterSendingResource.type, id: sendingId },
          meta: { position: String(result.position), recipientsCount },
        });
      } catch (error) {
        if (error instanceof ConflictError) throw alreadySent();
        throw error;
      }
    });

    mountEndpoint(router, newsletterEndpoints.unsubscribeContact, async (req, res, { params, body }) => {
      await unsubscribeContact(deps, signer, req, res, params.id, body().data.attributes.signature);
      res.status(204).end();
    });

    mountEndpoint(router, newsletterEndpoints.unsubscribeEmail, async (req, res, { params, body }) => {
      const notFound = new NotFoundError('This link is not valid');
      const email = ContactEmailSchema.safeParse(params.email);
      if (!email.success) throw notFound;
      if (!signer.checkEmail(email.data, body().data.attributes.signature)) throw notFound;
      // whether a contact has the address or not, the same answer: the link's holder learns nothing of it
      const contact = await recordByUniqueValue(deps, lightUserResource, 'email', email.data);
      if (contact) await unsubscribe(deps, req, res, contact.id, contact.state);
      res.status(204).end();
    });

    return router;
  };
}

/** Turns a contact's subscription off, as the reader of its link; nothing when it is off already. */
async function unsubscribe(
  deps: CommandModuleDeps,
  req: express.Request,
  res: express.Response,
  contactId: string,
  state: ResourceState,
) {
  if (state.status !== 'active' || state.attributes.hasMailSubscription !== true) return;
  const { metadata, idempotencyKey: key } = deps.commandRequest(req, res);
  await deps.handle({
    streamId: lightUserResource.streamId(contactId),
    decider: resourceDecider(lightUserResource, contactId),
    command: {
      type: 'UpdateResource',
      data: {
        id: contactId,
        attributes: { hasMailSubscription: false, lastActionAt: metadata.now.toISOString() },
        relationships: {},
      },
      metadata,
    },
    ...(key ? { idempotencyKey: `${key}:unsubscribe` } : {}),
  });
}

/** A contact's signed link used: its subscription off; a link the platform did not sign, or no such contact, 404. */
async function unsubscribeContact(
  deps: CommandModuleDeps,
  signer: UnsubscribeSigner,
  req: express.Request,
  res: express.Response,
  id: string,
  signature: string,
) {
  const notFound = new NotFoundError('This link is not valid');
  if (!lightUserResource.idSchema.safeParse(id).success) throw notFound;
  if (!signer.checkContact(id, signature)) throw notFound;
  const state = await recordState(deps, lightUserResource, id);
  if (state.status === 'none' || state.status === 'deleted') throw notFound;
  await unsubscribe(deps, req, res, id, state);
}

/**
 * POST /services/light-users/{id}/unsubscribe/one-click?s=… (RFC 8058): what a mail provider sends on the reader's
 * behalf from the letter's List-Unsubscribe header, a form body (`List-Unsubscribe=One-Click`) that no parser
 * reads: mounted before the JSON body parser (readsOwnBody), which would refuse its media type. The signature is
 * in the query; the answer is the page's call's.
 */
export function newsletterOneClickRoutes(options: { signer: UnsubscribeSigner }) {
  const module = (deps: CommandModuleDeps): Router => {
    const router = express.Router();
    mountEndpoint(router, newsletterEndpoints.unsubscribeOneClick, async (req, res, { params }) => {
      const signature = typeof req.query.s === 'string' ? req.query.s : '';
      await unsubscribeContact(deps, options.signer, req, res, params.id, signature);
      res.status(204).end();
    });
    return router;
  };
  module.readsOwnBody = true;
  return module;
}
