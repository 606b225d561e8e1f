import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 TOTP: SHA-1, 6 digits, 30 s steps, as every authenticator app reads them. */
export const TOTP_PERIOD_SECONDS = 30;

function totp(secret: string, label = 'account', issuer = 'platform') {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/**
 * The time step of a valid code (one step of clock drift either way), or null. The caller records the step,
 * so the same code cannot be used twice (the user decider refuses a step not later than the last one).
 */
export function totpStepOf(secret: string, code: string, now: Date): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** What an authenticator app scans: the otpauth:// URI and the same as an SVG QR code. */
export async function enrolment(secret: string, label: string, issuer: string) {
  const uri = totp(secret, label, issuer).toString();
  const qrCodeSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, otpauthUrl: uri, qrCodeSvg };
}
