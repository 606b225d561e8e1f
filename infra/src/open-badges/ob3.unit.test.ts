import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Ob2Badge, Ob2Organization } from './ob2.ts';
import { verifyIndependently } from './testing/independent-verifier.ts';
import {
  issueCredential,
  OB3_CONTEXT_URL,
  platformSigner,
  statusListCredential,
  type IssueCredentialInput,
  type PlatformSigner,
} from './ob3.ts';

/** a JSON-LD document the tests read and tamper with */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = Record<string, any>;

const baseUrl = 'https://badges.example.org';
const organization: Ob2Organization = {
  id: 'org-1',
  name: 'Demo Fab Lab',
  url: 'https://fablab.example.org',
};
const badge: Ob2Badge = {
  id: 'badge-1',
  title: 'Wheelchair maintenance',
  description: 'Keeps a manual wheelchair in working order.',
  version: '1',
  imageUrl: `${baseUrl}/api/v1/files/abc/content`,
  criteriaUrl: null,
  modules: [{ position: 1, title: 'Safety first' }],
  organizationId: organization.id,
};
const inputFor = (
  index: number,
  overrides: Partial<IssueCredentialInput['assertion']> = {},
): IssueCredentialInput => ({
  baseUrl,
  assertion: {
    id: `assertion-${index}`,
    recipientEmail: 'member@example.org',
    issuedAt: '2026-03-01T10:00:00Z',
    expiresAt: '2099-03-01T10:00:00Z',
    evidence: 'Serviced two chairs.',
    ...overrides,
  },
  badge,
  organization,
  status: { listId: '1', index },
});

const LIST_URL = `${baseUrl}/api/v1/open-badges/v3/status/1`;

/**
 * Verifies as a verifier outside the platform would: the proof (with the key its did:key names), the validity
 * period, and the status list served at the credential's statusListCredential URL (its own proof and issuer too).
 * `revoked` is the credential's bit in that list.
 */
const verify = (credential: Record<string, unknown>, statusList: Record<string, unknown>) =>
  verifyIndependently(credential, new Map([[LIST_URL, statusList]]));

const clearList = (key: PlatformSigner, revokedIndexes: number[] = []) =>
  statusListCredential({ baseUrl, listId: '1', revokedIndexes, validFrom: '2026-03-01T10:00:00Z' }, key);

async function signer(): Promise<PlatformSigner> {
  return platformSigner(randomBytes(32));
}

describe('Open Badges 3.0 credential', () => {
  it('is an OpenBadgeCredential that an independent verifier finds valid and not revoked', async () => {
    const key = await signer();
    const credential = await issueCredential(inputFor(7), key);

    expect(credential['@context']).toEqual(['https://www.w3.org/ns/credentials/v2', OB3_CONTEXT_URL]);
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(credential.id).toBe(`${baseUrl}/api/v1/open-badges/v3/credentials/assertion-7`);
    expect(credential.issuer).toMatchObject({ id: key.did, type: ['Profile'], name: 'Demo Fab Lab' });
    expect(key.did).toMatch(/^did:key:z6Mk/);
    expect(credential).toMatchObject({
      validFrom: '2026-03-01T10:00:00Z',
      validUntil: '2099-03-01T10:00:00Z',
    });
    const subject = credential.credentialSubject as Doc;
    expect(subject.type).toEqual(['AchievementSubject']);
    expect(subject.achievement).toMatchObject({
      id: `${baseUrl}/api/v1/open-badges/v2/badges/badge-1`,
      type: ['Achievement'],
      name: 'Wheelchair maintenance',
      image: { id: badge.imageUrl, type: 'Image' },
    });
    const identity = subject.identifier[0];
    expect(identity).toMatchObject({ type: 'IdentityObject', identityType: 'emailAddress', hashed: true });
    expect(identity.identityHash).toBe(
      'sha256$' +
        createHash('sha256')
          .update('member@example.org' + identity.salt)
          .digest('hex'),
    );
    expect(credential.credentialStatus).toMatchObject({
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: '7',
      statusListCredential: LIST_URL,
    });
    expect(credential.proof).toMatchObject({
      type: 'DataIntegrityProof',
      cryptosuite: 'eddsa-rdfc-2022',
      proofPurpose: 'assertionMethod',
      verificationMethod: key.verificationMethod,
    });

    const result = await verify(credential, await clearList(key, [6, 8]));
    expect(result.errors).toEqual([]);
    expect(result).toMatchObject({
      verified: true,
      proofVerified: true,
      statusVerified: true,
      revoked: false,
    });
  });

  it('is invalid once a field is tampered with (the proof fails, the status list still verifies)', async () => {
    const key = await signer();
    const credential = await issueCredential(inputFor(1), key);
    const list = await clearList(key);
    const renamed = structuredClone(credential) as Doc;
    renamed.credentialSubject.achievement.name = 'Powered wheelchair repair';
    const extended = { ...structuredClone(credential), validUntil: '2199-01-01T00:00:00Z' };
    const otherRecipient = structuredClone(credential) as Doc;
    otherRecipient.credentialSubject.identifier[0].identityHash = 'sha256$' + '0'.repeat(64);
    for (const tampered of [renamed, extended, otherRecipient]) {
      const result = await verify(tampered, list);
      expect(result.verified).toBe(false);
      expect(result.proofVerified).toBe(false);
      expect(result.errors.join(' ')).toMatch(/[Ii]nvalid signature/);
    }
  });

  it('is invalid when it names another issuer than the key that signed it', async () => {
    const key = await signer();
    const credential = (await issueCredential(inputFor(1), key)) as Doc;
    const other = await signer();
    const forged = { ...structuredClone(credential), issuer: { ...credential.issuer, id: other.did } };
    const result = await verify(forged, await clearList(other));
    expect(result.verified).toBe(false);
    expect(result.proofVerified).toBe(false);
  });

  it('is refused by the verifier once validUntil is past, its proof still sound', async () => {
    const key = await signer();
    const credential = await issueCredential(
      inputFor(1, { issuedAt: '2020-01-01T00:00:00Z', expiresAt: '2021-01-01T00:00:00Z' }),
      key,
    );
    expect(credential.validUntil).toBe('2021-01-01T00:00:00Z');
    const result = await verify(credential, await clearList(key));
    expect(result.verified).toBe(false);
    expect(result.errors.join(' ')).toMatch(/validUntil|expired/i);
  });

  it('is revoked once the status list sets its bit, and only its own bit counts', async () => {
    const key = await signer();
    const credential = await issueCredential(inputFor(42), key);

    const before = await verify(credential, await clearList(key, [3, 41, 43]));
    expect(before).toMatchObject({ verified: true, statusVerified: true, revoked: false });

    const revokedList = await statusListCredential(
      { baseUrl, listId: '1', revokedIndexes: [3, 41, 42, 43], validFrom: '2026-04-01T10:00:00Z' },
      key,
    );
    expect(revokedList).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      id: LIST_URL,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: key.did,
      credentialSubject: { type: 'BitstringStatusList', statusPurpose: 'revocation' },
    });
    const after = await verify(credential, revokedList);
    expect(after).toMatchObject({ proofVerified: true, statusVerified: true, revoked: true });
  });

  it('is not trusted on a status list signed by another key', async () => {
    const key = await signer();
    const credential = await issueCredential(inputFor(5), key);
    const result = await verify(credential, await clearList(await signer()));
    expect(result.verified).toBe(false);
    expect(result.statusVerified).toBe(false);
  });

  it('is not trusted on a status list whose bits were changed after signing', async () => {
    const key = await signer();
    const credential = await issueCredential(inputFor(5), key);
    const list = (await clearList(key, [5])) as Doc;
    const cleared = structuredClone(list);
    cleared.credentialSubject.encodedList = ((await clearList(key)) as Doc).credentialSubject.encodedList;
    const result = await verify(credential, cleared);
    expect(result.verified).toBe(false);
    expect(result.statusVerified).toBe(false);
  });

  it('keeps the same did:key for the same seed (the key survives restarts)', async () => {
    const seed = randomBytes(32);
    const [a, b] = [await platformSigner(seed), await platformSigner(Uint8Array.from(seed))];
    expect(a.did).toBe(b.did);
    expect(a.verificationMethod).toBe(`${a.did}#${a.did.slice('did:key:'.length)}`);
    await expect(platformSigner(randomBytes(16))).rejects.toThrow();
  });

  it('refuses a status index outside the list', async () => {
    const key = await signer();
    await expect(issueCredential(inputFor(-1), key)).rejects.toThrow(RangeError);
    await expect(issueCredential(inputFor(131_072), key)).rejects.toThrow(RangeError);
  });
});
