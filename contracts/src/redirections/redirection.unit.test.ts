import { describe, expect, it } from 'vitest';
import { createEventContractRegistry } from '../registry.ts';
import { RedirectionTargetSchema, redirectionResource } from './redirection.ts';

describe('redirection target', () => {
  it('normalises site paths and keeps their query string', () => {
    expect(RedirectionTargetSchema.parse('//new//page/?a=1')).toBe('/new/page?a=1');
    expect(RedirectionTargetSchema.parse('https://example.org/x')).toBe('https://example.org/x');
  });

  it.each(['ftp://example.org', 'javascript:alert(1)', 'new page', ''])('refuses %j', (value) => {
    expect(RedirectionTargetSchema.safeParse(value).success).toBe(false);
  });
});

describe('redirection attributes', () => {
  it('normalises the from path and names an unnamed redirection after its target', () => {
    const parsed = redirectionResource.attributes.parse({ fromPath: '//old-page/', toPath: '/new' });
    expect(parsed).toEqual({ name: null, fromPath: '/old-page', toPath: '/new' });
    expect(redirectionResource.derived.displayName!(parsed, 'id')).toBe('Redirection to /new');
    expect(redirectionResource.derived.displayName!({ ...parsed, name: 'Legacy' }, 'id')).toBe('Legacy');
  });
});

describe('events stored before the resource layer', () => {
  const contracts = createEventContractRegistry();
  const id = '0a000000-0000-4000-8000-00000000000a';

  it('reads a version-1 creation (flat payload) as the layer’s creation', () => {
    expect(contracts.get('AppRedirectionCreated')?.version).toBe(2);
    expect(
      contracts.upcast('AppRedirectionCreated', { id, name: null, fromPath: '/old', toPath: '/new' }, 1),
    ).toEqual({ id, attributes: { name: null, fromPath: '/old', toPath: '/new' }, relationships: {} });
  });

  it('reads a version-1 deletion, which named the released path, as the layer’s deletion', () => {
    expect(contracts.upcast('AppRedirectionDeleted', { id, fromPath: '/old' }, 1)).toEqual({ id });
    expect(contracts.upcast('AppRedirectionDeleted', { id }, 2)).toEqual({ id });
  });

  it('keeps the other events of the type at version 1', () => {
    expect(contracts.get('AppRedirectionUpdated')?.version).toBe(1);
  });
});
