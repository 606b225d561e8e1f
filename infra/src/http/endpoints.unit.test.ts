import type { AddressInfo } from 'node:net';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { defineEndpoint } from '@platform/contracts/endpoints';
import { resourceDocument } from '@platform/contracts/resource-document';
import { UnauthenticatedError } from '@platform/contracts/errors';
import { mountEndpoint } from './endpoints.ts';
import { errorHandler, notFoundHandler } from './errors.ts';

const rename = defineEndpoint({
  method: 'PATCH',
  path: '/things/:id/name',
  body: resourceDocument({ type: 'things', attributes: z.object({ name: z.string().min(1) }) }),
});
const remember = defineEndpoint({
  method: 'POST',
  path: '/remember',
  root: '/auth',
  body: z.object({ remember: z.boolean() }).strict(),
});
const listed = defineEndpoint({ method: 'GET', path: '/things' });

let base = '';
let close = () => {};
beforeAll(async () => {
  const api = express.Router();
  mountEndpoint(api, rename, async (req, res, call) => {
    if (req.get('x-signed-in') !== 'yes') throw new UnauthenticatedError();
    res.json({ id: call.params.id, name: call.body().data.attributes.name });
  });
  const seen: string[] = [];
  mountEndpoint(
    api,
    listed,
    (_req, _res, next) => {
      seen.push('middleware');
      next();
    },
    (_req, res) => {
      res.json({ seen });
    },
  );
  const auth = express.Router();
  mountEndpoint(auth, remember, (_req, res, call) => {
    res.json(call.body());
  });
  const app = express();
  app.use(express.json());
  app.use('/api/v1', api);
  app.use('/auth', auth);
  app.use(notFoundHandler());
  app.use(errorHandler({ logger: pino({ level: 'silent' }) }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).then(async (r) => ({ status: r.status, body: await r.json() }));

describe('mountEndpoint', () => {
  it("serves the declared method and path, with the path's parameters and the parsed body", async () => {
    const answer = await send(
      'PATCH',
      '/api/v1/things/a%20b/name',
      { data: { type: 'things', attributes: { name: 'Ramp' } } },
      { 'x-signed-in': 'yes' },
    );
    expect(answer).toEqual({ status: 200, body: { id: 'a b', name: 'Ramp' } });
    expect((await send('POST', '/api/v1/things/1/name', {})).status).toBe(404);
  });

  it('answers 422 with a pointer per issue when the body does not fit the declaration', async () => {
    const answer = await send(
      'PATCH',
      '/api/v1/things/1/name',
      { data: { type: 'users', attributes: { name: '' } } },
      { 'x-signed-in': 'yes' },
    );
    expect(answer.status).toBe(422);
    expect(answer.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
      '/data/type',
      '/data/attributes/name',
    ]);
  });

  it('reads the body where the handler asks for it: what the route checks first answers first', async () => {
    expect((await send('PATCH', '/api/v1/things/1/name', { nonsense: true })).status).toBe(401);
  });

  it('says what a body must be by its root: a JSON:API document, or a JSON object under /auth', async () => {
    const api = await send('PATCH', '/api/v1/things/1/name', [1], { 'x-signed-in': 'yes' });
    expect(api.status).toBe(422);
    expect(api.body.errors[0]).toMatchObject({
      code: 'validation.required',
      detail: 'A JSON:API document (an object with a "data" member) is required',
      source: { pointer: '' },
    });
    const auth = await send('POST', '/auth/remember', [1]);
    expect(auth.body.errors[0]).toMatchObject({ detail: 'A JSON object is required' });
    expect(await send('POST', '/auth/remember', { remember: true })).toEqual({
      status: 200,
      body: { remember: true },
    });
    const extra = await send('POST', '/auth/remember', { remember: true, admin: true });
    expect(extra.status).toBe(422);
  });

  it('runs the middleware it is given before the handler', async () => {
    expect(await send('GET', '/api/v1/things')).toEqual({ status: 200, body: { seen: ['middleware'] } });
  });
});
