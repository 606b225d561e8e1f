import type { Request, Response } from 'express';
import type { AccountFeatures } from '@platform/contracts/accounts/features';

/**
 * What the accounts command routes need besides the module deps: the features, and what the auth layer does
 * around some changes (a new session id after a privilege change, a verification e-mail after an address change).
 * Without the auth layer (API-token tests) the hooks are absent and nothing happens around the commands.
 */
export interface AccountsCommandOptions {
  features: AccountFeatures;
  hooks?: {
    /** the signed-in user's privileges changed (acting organization): rotate their session id */
    privilegeChanged?(req: Request, res: Response, userId: string): Promise<void>;
    /** an address to verify: send the verification link */
    emailToVerify?(userId: string, email: string): Promise<void>;
  };
}
