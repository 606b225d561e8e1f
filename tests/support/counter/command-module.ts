import express from 'express';
import { z } from 'zod/v4';
import type { CommandModule } from '@platform/command-api/app';
import { sendCommandResult } from '@platform/command-api/http/respond';
import { parseDocument, resourceDocument } from '@platform/command-api/http/validate';
import { counterDecider } from './decider.ts';

const IncrementDocument = resourceDocument({
  type: 'counter-increments',
  attributes: z.object({ by: z.number().int(), times: z.number().int().min(1).max(5).optional() }),
});

/**
 * A command module written the way a real one is (parse the document, build the command, hand it to the
 * handler, answer), over the counter decider; plus two routes that fail unexpectedly, for the 500 path.
 */
export const counterModule: CommandModule = (deps) => {
  const router = express.Router();
  router.post('/counters/:id/increments', async (req, res) => {
    const { data } = parseDocument(IncrementDocument, req.body);
    const { metadata, expectedVersion, idempotencyKey } = deps.commandRequest(req, res);
    const result = await deps.handle({
      streamId: `counter-${req.params.id}`,
      decider: counterDecider,
      command: { type: 'Increment', data: data.attributes, metadata },
      expectedVersion,
      idempotencyKey,
    });
    sendCommandResult(res, { type: 'counters', id: req.params.id, result, status: 201 });
  });
  router.post('/boom', () => {
    throw new Error('database password is hunter2');
  });
  router.get('/boom', async () => {
    throw new TypeError('cannot read properties of undefined');
  });
  return router;
};
