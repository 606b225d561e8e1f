import type { Response } from 'express';
import type { CommandAnswer } from '@platform/contracts/command-answer';
import type { CommandResult } from '../handler.ts';
import { JSON_API_MEDIA_TYPE } from '@platform/infra/http/errors';

/**
 * The answer to a command: the resource it touched and where its last event stands. `meta.position`
 * (also header `X-Event-Position`) is what a following query passes as `minPosition` to read its own
 * write; `meta.version` (also `ETag`) is what the next command sends back as `If-Match`.
 */
export function sendCommandResult(
  res: Response,
  answer: { type: string; id: string; result: CommandResult; status?: 200 | 201 },
): void {
  const position = answer.result.position.toString();
  const version = answer.result.nextExpectedVersion.toString();
  res
    .status(answer.status ?? 200)
    .setHeader('X-Event-Position', position)
    .setHeader('ETag', `"${version}"`)
    .type(JSON_API_MEDIA_TYPE)
    .send(
      JSON.stringify({
        data: { type: answer.type, id: answer.id },
        meta: { position, version },
      } satisfies CommandAnswer),
    );
}
