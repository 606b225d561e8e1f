/**
 * The account features a deployment turns on or off (config FEATURE_*). A disabled feature's routes answer
 * 404, and rules that depend on it (the effective access level) ignore it.
 */
export interface AccountFeatures {
  register: boolean;
  socialLogin: boolean;
  twoFactor: boolean;
  impersonate: boolean;
  organizations: boolean;
  userOrganizations: boolean;
  validationRequests: boolean;
}

export const DEFAULT_ACCOUNT_FEATURES: AccountFeatures = {
  register: true,
  socialLogin: false,
  twoFactor: true,
  impersonate: true,
  organizations: true,
  userOrganizations: true,
  validationRequests: true,
};
