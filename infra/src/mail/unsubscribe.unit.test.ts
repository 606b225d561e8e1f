import { describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_SIGNATURE } from '@platform/contracts/newsletters/endpoints';
import { unsubscribeSigner } from './unsubscribe.ts';

describe('the unsubscribe links’ signatures', () => {
  const signer = unsubscribeSigner('one secret of the platform');
  const id = '45d2af46-c973-4dca-b882-7bcd748cc96c';

  it('are 43 URL-safe characters the platform alone makes and checks', () => {
    const signature = signer.contact(id);
    expect(signature).toMatch(UNSUBSCRIBE_SIGNATURE);
    expect(signer.checkContact(id, signature)).toBe(true);
    expect(signer.checkContact(id.toUpperCase(), signature)).toBe(true);
    // another contact's, another platform's, a changed one
    expect(signer.checkContact('f1653dde-eefb-4a2f-b199-756312bd0e34', signature)).toBe(false);
    expect(unsubscribeSigner('another secret').checkContact(id, signature)).toBe(false);
    const changed = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(signer.checkContact(id, changed)).toBe(false);
  });

  it('never throw on what a visitor sends', () => {
    for (const bad of ['', 'short', 'x'.repeat(44), '!'.repeat(43), 'é'.repeat(43)])
      expect(signer.checkContact(id, bad)).toBe(false);
  });

  it('name an address as the platform compares them, and never as a contact id', () => {
    const signature = signer.email('reader@example.org');
    expect(signer.checkEmail(' Reader@Example.org ', signature)).toBe(true);
    expect(signer.checkEmail('other@example.org', signature)).toBe(false);
    // a contact's signature is not an address's, whatever the text
    expect(signer.checkEmail(id, signer.contact(id))).toBe(false);
  });
});
