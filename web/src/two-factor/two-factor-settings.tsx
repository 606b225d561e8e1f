/** Two-factor enrolment on the profile: TOTP with a QR code and recovery codes, or e-mail codes. */
export function TwoFactorSettings() {
  return null;
}
