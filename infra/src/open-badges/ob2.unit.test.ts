import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  assertionSalt,
  criteriaNarrative,
  hashedIdentity,
  ob2Assertion,
  ob2BadgeClass,
  ob2Issuer,
  ob2RevocationList,
  type Ob2Assertion,
  type Ob2Badge,
  type Ob2Organization,
} from './ob2.ts';
import { Assertion, BadgeClass, Profile, RevocationList, sameOrigin } from './testing/ob2-rules.ts';

const site = { baseUrl: 'https://badges.example.org/' };
const organization: Ob2Organization = {
  id: '0190a3c4-0000-7000-8000-000000000001',
  name: 'Demo Fab Lab',
  url: 'https://fablab.example.org',
  email: 'contact@fablab.example.org',
};
const badge: Ob2Badge = {
  id: '0190a3c4-0000-7000-8000-0000000000b1',
  title: 'Wheelchair maintenance',
  description: 'Keeps a manual wheelchair in working order.',
  version: '2',
  imageUrl: 'https://badges.example.org/api/v1/files/abc/content',
  criteriaUrl: 'https://badges.example.org/api/v1/files/def/content',
  modules: [
    { position: 2, title: 'Brakes and tyres' },
    { position: 1, title: 'Safety first' },
  ],
  organizationId: organization.id,
};
const assertion: Ob2Assertion = {
  id: '0190a3c4-0000-7000-8000-0000000000a1',
  badgeId: badge.id,
  recipientEmail: 'member@example.org',
  issuedAt: new Date('2026-03-01T10:00:00Z'),
  expiresAt: new Date('2027-03-01T10:00:00Z'),
  evidence: 'Serviced two chairs under supervision.',
};
const base = 'https://badges.example.org/api/v1/open-badges/v2';

describe('Open Badges 2.0 Assertion', () => {
  it('follows the 2.0 rules, with hosted verification at its own URL', () => {
    const doc = ob2Assertion(site, assertion);
    expect(Assertion.parse(doc)).toBeTruthy();
    expect(doc['@context']).toBe('https://w3id.org/openbadges/v2');
    expect(doc.type).toBe('Assertion');
    expect(doc.verification).toEqual({ type: 'hosted' });
    expect(doc.id).toBe(`${base}/assertions/${assertion.id}`);
    expect(doc.badge).toBe(`${base}/badges/${badge.id}`);
    expect(doc.image).toBe(`${base}/assertions/${assertion.id}/image`);
    expect(doc.issuedOn).toBe('2026-03-01T10:00:00.000Z');
    expect(doc.expires).toBe('2027-03-01T10:00:00.000Z');
    expect(doc.evidence).toEqual({ type: 'Evidence', narrative: 'Serviced two chairs under supervision.' });
    expect(doc).not.toHaveProperty('revoked');
    // hosted verification: the assertion and its issuer are served from one origin
    expect(sameOrigin(doc.id, ob2Issuer(site, organization).id)).toBe(true);
  });

  it('hashes the recipient e-mail as sha256$ hex(sha256(email + salt)) and never shows the address', () => {
    const doc = ob2Assertion(site, assertion);
    expect(doc.recipient.type).toBe('email');
    expect(doc.recipient.hashed).toBe(true);
    const expected = createHash('sha256')
      .update('member@example.org' + doc.recipient.salt)
      .digest('hex');
    expect(doc.recipient.identity).toBe(`sha256$${expected}`);
    expect(JSON.stringify(doc)).not.toContain('member@example.org');
  });

  it('salts every assertion differently, and the same assertion the same way every time', () => {
    const other = ob2Assertion(site, { ...assertion, id: '0190a3c4-0000-7000-8000-0000000000a2' });
    const doc = ob2Assertion(site, assertion);
    expect(other.recipient.salt).not.toBe(doc.recipient.salt);
    expect(other.recipient.identity).not.toBe(doc.recipient.identity);
    expect(ob2Assertion(site, assertion).recipient).toEqual(doc.recipient);
    expect(doc.recipient.salt).toBe(assertionSalt(assertion.id));
    expect(hashedIdentity(' Member@Example.org ', 'x')).toBe(hashedIdentity('member@example.org', 'x'));
  });

  it('says revoked with its reason once revoked', () => {
    const doc = ob2Assertion(site, {
      ...assertion,
      revokedAt: new Date('2026-04-01T00:00:00Z'),
      revocationReason: 'Issued by mistake',
    });
    expect(Assertion.parse(doc)).toBeTruthy();
    expect(doc).toMatchObject({ revoked: true, revocationReason: 'Issued by mistake' });
  });

  it('has no expires when the badge never expires, and no evidence when none was given', () => {
    const doc = ob2Assertion(site, { ...assertion, expiresAt: null, evidence: null });
    expect(Assertion.parse(doc)).toBeTruthy();
    expect(doc).not.toHaveProperty('expires');
    expect(doc).not.toHaveProperty('evidence');
  });

  it('is refused by the rules when a required property is missing (the rules can fail)', () => {
    const doc: Record<string, unknown> = { ...ob2Assertion(site, assertion) };
    for (const key of ['@context', 'id', 'type', 'recipient', 'badge', 'verification', 'issuedOn']) {
      const { [key]: _dropped, ...rest } = doc;
      expect(Assertion.safeParse(rest).success, key).toBe(false);
    }
    expect(Assertion.safeParse({ ...doc, expires: '2025-01-01T00:00:00Z' }).success).toBe(false);
    expect(
      Assertion.safeParse({
        ...doc,
        recipient: { type: 'email', hashed: true, identity: 'member@example.org' },
      }).success,
    ).toBe(false);
  });
});

describe('Open Badges 2.0 BadgeClass', () => {
  it('follows the 2.0 rules: image, criteria from the criteria file and the modules in order, issuer URL', () => {
    const doc = ob2BadgeClass(site, badge);
    expect(BadgeClass.parse(doc)).toBeTruthy();
    expect(doc).toMatchObject({
      '@context': 'https://w3id.org/openbadges/v2',
      type: 'BadgeClass',
      id: `${base}/badges/${badge.id}`,
      name: 'Wheelchair maintenance',
      image: badge.imageUrl,
      issuer: `${base}/issuers/${organization.id}`,
      version: '2',
    });
    expect(doc.criteria.id).toBe(badge.criteriaUrl);
    expect(doc.criteria.narrative).toBe(
      'Complete every module of the training, in order:\n\n1. Safety first\n2. Brakes and tyres',
    );
  });

  it('keeps a narrative as its criteria when there is no criteria file', () => {
    const doc = ob2BadgeClass(site, { ...badge, criteriaUrl: null, modules: [] });
    expect(BadgeClass.parse(doc)).toBeTruthy();
    expect(doc.criteria).toEqual({ narrative: criteriaNarrative([]) });
  });
});

describe('Open Badges 2.0 Issuer Profile and RevocationList', () => {
  it('the profile names the organization, its site, its e-mail and its revocation list', () => {
    const doc = ob2Issuer(site, organization);
    expect(Profile.parse(doc)).toBeTruthy();
    expect(doc).toMatchObject({
      type: 'Issuer',
      id: `${base}/issuers/${organization.id}`,
      name: 'Demo Fab Lab',
      url: 'https://fablab.example.org',
      email: 'contact@fablab.example.org',
      revocationList: `${base}/issuers/${organization.id}/revocations`,
    });
    expect(ob2Issuer(site, { ...organization, email: null })).not.toHaveProperty('email');
  });

  it('the revocation list holds every revoked assertion with its reason, at the URL the profile names', () => {
    const doc = ob2RevocationList(site, organization.id, [
      { id: assertion.id, revocationReason: 'Issued by mistake' },
      { id: 'other', revocationReason: null },
    ]);
    expect(RevocationList.parse(doc)).toBeTruthy();
    expect(doc.id).toBe(ob2Issuer(site, organization).revocationList);
    expect(doc.revokedAssertions).toEqual([
      { id: ob2Assertion(site, assertion).id, revocationReason: 'Issued by mistake' },
      { id: `${base}/assertions/other` },
    ]);
    expect(RevocationList.parse(ob2RevocationList(site, organization.id, [])).revokedAssertions).toEqual([]);
  });
});
