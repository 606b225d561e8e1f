import { fileResource } from '@platform/contracts/files/file';
import { securedFileResource } from '@platform/contracts/files/secured-file';
import { likeEventContracts } from '@platform/contracts/resources/likes';
import { describe, expect, test } from 'vitest';
import { EventContractRegistry } from '@platform/contracts/event-contracts';
import { allEventContracts, moduleEventContracts } from '@platform/contracts/registry';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import { accessLevelResource } from '@platform/contracts/accounts/reference-lists';
import { couponResource } from '@platform/contracts/coupons/coupon';
import { organizationResource } from '@platform/contracts/organizations/organization';
import { resourceTable } from '@platform/infra/resources/table';
import { eventContractsOf, platformModules, projectionsOf, workflowExtensions } from './modules.ts';

const modules = platformModules();
const typesOf = (contracts: readonly { type: string }[]) => contracts.map((c) => c.type).sort();

describe('the module list', () => {
  test('names each module once', () => {
    const names = modules.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
  });

  test('gives each module the event contracts contracts/ declares for it, and the resources theirs', () => {
    for (const [name, contracts] of Object.entries(moduleEventContracts))
      expect(modules.find((m) => m.name === name)?.eventContracts, name).toBe(contracts);
    // the same contracts as the registry lower layers build (contracts/src/registry.ts), each once
    expect(typesOf(eventContractsOf(modules))).toEqual(typesOf(allEventContracts));
    expect(() => new EventContractRegistry(eventContractsOf(modules))).not.toThrow();
  });

  test('runs one projection per hand-written read model and per resource, each named once', () => {
    const names = projectionsOf(modules).map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const definition of resourceCatalogue) expect(names).toContain(resourceTable(definition).projection);
    expect(names).toEqual(
      expect.arrayContaining(['pages', 'menu', 'accounts', 'resource_organizations', 'home_stats']),
    );
    // the organizations module's read model is the organizations resource's
    expect(names).not.toContain('organizations');
  });

  test("adds the coupons workflow's purchases to the coupons resource's projection", () => {
    const coupons = projectionsOf(modules).find((p) => p.name === resourceTable(couponResource).projection);
    expect(coupons?.eventTypes).toContain('CouponPurchased');
  });

  test('refuses two modules adding a workflow to the same resource projection', () => {
    const projection = { eventTypes: [], apply: async () => {} };
    const workflow = { resource: couponResource, projection };
    expect(Object.keys(workflowExtensions([{ name: 'a', resourceWorkflows: [workflow] }]))).toEqual([
      'coupons',
    ]);
    expect(() =>
      workflowExtensions([
        { name: 'a', resourceWorkflows: [workflow] },
        { name: 'b', resourceWorkflows: [workflow] },
      ]),
    ).toThrow('The b and a modules both add a workflow to the coupons projection');
  });

  test("a catalogue of the caller's own brings its contracts and projections, and those the modules need", () => {
    const own = platformModules([couponResource]);
    const resources = own.find((m) => m.name === 'resources');
    // the layer's own contracts and read model (likes) come with any catalogue, and the resources a hand-written
    // module cannot work without (the accounts read the organizations and their access levels; an organization's
    // image is a file, and secured files are attached to organizations)
    const needed = [
      couponResource,
      accessLevelResource,
      fileResource,
      securedFileResource,
      organizationResource,
    ];
    expect(typesOf(resources?.eventContracts ?? [])).toEqual(
      typesOf([
        ...needed.flatMap((d) => Object.values(d.events).map((type) => ({ type }))),
        ...likeEventContracts,
      ]),
    );
    expect(resources?.projections?.map((p) => p.name)).toEqual([
      ...needed.map((d) => resourceTable(d).projection),
      'likes',
      // the global search's index of the searchable types among them (organizations)
      'search_index',
    ]);
  });
});
