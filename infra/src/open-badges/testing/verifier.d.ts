/**
 * The independent verifier the open badges tests check credentials with (Digital Bazaar's libraries, dev
 * dependencies). They ship no types; the tests use them loosely.
 */
declare module '@digitalbazaar/credentials-context' {
  export const contexts: Map<string, unknown>;
}
declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: { cryptosuite: unknown; signer?: unknown });
  }
}
declare module '@digitalbazaar/did-method-key' {
  export function driver(): {
    use(options: { multibaseMultikeyHeader: string; fromMultibase: unknown }): void;
    get(options: { url: string }): Promise<Record<string, unknown>>;
  };
}
declare module '@digitalbazaar/ed25519-multikey' {
  export function from(key: unknown): Promise<unknown>;
}
declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: unknown;
}
declare module '@digitalbazaar/vc' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  export function verifyCredential(options: Record<string, unknown>): Promise<any>;
}
declare module '@digitalbazaar/vc-bitstring-status-list' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  export function checkStatus(options: Record<string, unknown>): Promise<any>;
}
