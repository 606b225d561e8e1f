import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import pino from 'pino';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '@platform/infra/http/errors';
import { readBakedAssertionUrl } from '@platform/infra/open-badges/baked-png';
import { hashedIdentity, type Ob2Organization } from '@platform/infra/open-badges/ob2';
import { platformSigner, type PlatformSigner } from '@platform/infra/open-badges/ob3';
import { verifyIndependently } from '@platform/infra/open-badges/testing/independent-verifier';
import {
  Assertion,
  BadgeClass,
  Profile,
  RevocationList,
} from '@platform/infra/open-badges/testing/ob2-rules';
import type { QueryModuleDeps } from '../app.ts';
import {
  openBadgesVerificationRoutes,
  type VerificationAssertion,
  type VerificationBadge,
  type VerificationReader,
} from './verification-routes.ts';

/**
 * The verification routes over HTTP, as a verifier outside the platform meets them: it follows the documents' links
 * from the assertion URL alone. The reads come through the routes' port, here a table in memory (the read models'
 * implementation of the port is the workflow's, tested against PostgreSQL with it).
 */

const organization: Ob2Organization = {
  id: 'org-1',
  name: 'Demo Fab Lab',
  url: 'https://fablab.example.org',
};
const badge: VerificationBadge = {
  id: 'badge-1',
  title: 'Wheelchair maintenance',
  description: 'Keeps a manual wheelchair in working order.',
  version: '1',
  imageUrl: 'https://cdn.example.org/badge.png',
  criteriaUrl: null,
  modules: [{ position: 1, title: 'Safety first' }],
  organizationId: organization.id,
};
const base = {
  badgeId: badge.id,
  issuerId: organization.id,
  recipientEmail: 'member@example.org',
  recipientSalt: 'a1b2c3d4e5f60718',
  issuedAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2099-03-01T10:00:00.000Z',
  revokedAt: null,
  revocationReason: null,
  evidence: null,
};
const assertions: VerificationAssertion[] = [
  { ...base, id: 'valid', status: { listId: '1', index: 0 } },
  {
    ...base,
    id: 'revoked',
    revokedAt: '2026-04-01T00:00:00.000Z',
    revocationReason: 'Issued by mistake',
    status: { listId: '1', index: 1 },
  },
  {
    ...base,
    id: 'expired',
    issuedAt: '2020-01-01T00:00:00.000Z',
    expiresAt: '2021-01-01T00:00:00.000Z',
    status: { listId: '1', index: 2 },
  },
];

const reader: VerificationReader = {
  assertion: async (id) => assertions.find((a) => a.id === id) ?? null,
  badge: async (id) => (id === badge.id ? badge : null),
  organization: async (id) => (id === organization.id ? organization : null),
  revokedAssertions: async (id) =>
    id === organization.id
      ? assertions.filter((a) => a.revokedAt).map((a) => ({ id: a.id, revocationReason: a.revocationReason }))
      : null,
  statusList: async (listId) =>
    listId === '1'
      ? {
          revokedIndexes: assertions.filter((a) => a.revokedAt).map((a) => a.status!.index),
          validFrom: '2026-04-01T00:00:00Z',
        }
      : null,
  badgeImage: async (id) => {
    if (id !== badge.id) return null;
    const png = new PNG({ width: 2, height: 2 });
    png.data.fill(200);
    return PNG.sync.write(png);
  },
};

let server: Server;
let origin: string;
let signer: PlatformSigner;

beforeAll(async () => {
  signer = await platformSigner(randomBytes(32));
  const logger = pino({ level: 'silent' });
  const app = express();
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const module = openBadgesVerificationRoutes({ reader, publicUrl: origin, signer: async () => signer });
  app.use('/api/v1', module({} as QueryModuleDeps));
  app.use(errorHandler({ logger }));
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

const get = async (url: string) => {
  const res = await fetch(url);
  return { res, body: res.headers.get('content-type')?.includes('png') ? null : await res.json() };
};

describe('Open Badges 2.0 hosted verification over HTTP', () => {
  it('leads a verifier from the assertion URL to the badge, the issuer and its revocation list', async () => {
    const assertionUrl = `${origin}/api/v1/open-badges/v2/assertions/valid`;
    const { res, body: assertion } = await get(assertionUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/ld\+json/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(Assertion.parse(assertion)).toBeTruthy();
    // hosted verification: the document's id is the URL it was fetched from
    expect(assertion.id).toBe(assertionUrl);
    expect(assertion.recipient).toEqual({
      type: 'email',
      hashed: true,
      salt: 'a1b2c3d4e5f60718',
      identity: hashedIdentity('member@example.org', 'a1b2c3d4e5f60718'),
    });

    const badgeClass = (await get(assertion.badge)).body;
    expect(BadgeClass.parse(badgeClass)).toBeTruthy();
    expect(badgeClass.id).toBe(assertion.badge);
    const profile = (await get(badgeClass.issuer)).body;
    expect(Profile.parse(profile)).toBeTruthy();
    expect(profile.id).toBe(badgeClass.issuer);
    const list = (await get(profile.revocationList)).body;
    expect(RevocationList.parse(list)).toBeTruthy();
    expect(list.revokedAssertions).toEqual([
      { id: `${origin}/api/v1/open-badges/v2/assertions/revoked`, revocationReason: 'Issued by mistake' },
    ]);
  });

  it('says revoked, with the reason, in a revoked assertion; an expired one expires in the past', async () => {
    const revoked = (await get(`${origin}/api/v1/open-badges/v2/assertions/revoked`)).body;
    expect(revoked).toMatchObject({ revoked: true, revocationReason: 'Issued by mistake' });
    const expired = (await get(`${origin}/api/v1/open-badges/v2/assertions/expired`)).body;
    expect(Date.parse(expired.expires)).toBeLessThan(Date.now());
    expect(expired).not.toHaveProperty('revoked');
  });

  it('serves the image baked with the assertion URL as a PNG', async () => {
    const assertion = (await get(`${origin}/api/v1/open-badges/v2/assertions/valid`)).body;
    const res = await fetch(assertion.image);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    expect(readBakedAssertionUrl(png)).toBe(assertion.id);
    expect(PNG.sync.read(png).width).toBe(2);
  });

  it('answers 404 with a JSON:API error for an unknown id', async () => {
    for (const path of [
      'v2/assertions/nope',
      'v2/assertions/nope/image',
      'v2/badges/nope',
      'v2/badges/nope/image',
      'v2/issuers/nope',
      'v2/issuers/nope/revocations',
      'v3/credentials/nope',
      'v3/status/9',
    ]) {
      const res = await fetch(`${origin}/api/v1/open-badges/${path}`);
      expect(res.status, path).toBe(404);
      const body = await res.json();
      expect(body.errors?.[0]?.status, path).toBe('404');
    }
  });
});

describe('Open Badges 3.0 over HTTP', () => {
  const served = async (credential: Record<string, unknown>) => {
    const statusUrl = (credential.credentialStatus as { statusListCredential: string }).statusListCredential;
    const { res, body } = await get(statusUrl);
    expect(res.status).toBe(200);
    return new Map([[statusUrl, body]]);
  };

  it('serves a credential an independent verifier accepts, and the status list that says it is not revoked', async () => {
    const { res, body: credential } = await get(`${origin}/api/v1/open-badges/v3/credentials/valid`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/vc\+ld\+json/);
    expect(credential.issuer).toMatchObject({ id: signer.did, name: 'Demo Fab Lab' });
    const result = await verifyIndependently(credential, await served(credential));
    expect(result.errors).toEqual([]);
    expect(result).toMatchObject({ verified: true, revoked: false });
  });

  it('shows a revoked assertion revoked through its status list', async () => {
    const credential = (await get(`${origin}/api/v1/open-badges/v3/credentials/revoked`)).body;
    const result = await verifyIndependently(credential, await served(credential));
    expect(result).toMatchObject({ proofVerified: true, statusVerified: true, revoked: true });
  });

  it('serves an expired assertion as a credential the verifier refuses for its validUntil', async () => {
    const credential = (await get(`${origin}/api/v1/open-badges/v3/credentials/expired`)).body;
    expect(credential.validUntil).toBe('2021-01-01T00:00:00Z');
    const result = await verifyIndependently(credential, await served(credential));
    expect(result.verified).toBe(false);
  });
});
