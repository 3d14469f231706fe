import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { decrypt, deriveKey, encrypt } from '../../crypto.ts';

const RECOVERY_CODE_COUNT = 8;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Secrets at rest are AES-256-GCM under a key derived only for 2FA. */
export function twoFactorCipher(appKey: Buffer) {
  const key = deriveKey(appKey, 'two-factor');
  return {
    seal: (value: string) => encrypt(key, value),
    open: (value: string) => decrypt(key, value),
    sealCodes: (codes: string[]) => encrypt(key, JSON.stringify(codes)),
    openCodes: (value: string | null): string[] => (value ? (JSON.parse(decrypt(key, value)) as string[]) : []),
  };
}

export const newTwoFactorSecret = () => generateSecret();

/** Fortify's format: two groups of ten random characters, e.g. `k3v9x0aq7m-2bq8rt5zz1`. */
export function newRecoveryCode(): string {
  const group = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${group()}-${group()}`;
}
export const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

/**
 * Checks a TOTP code (SHA1, 6 digits, 30 s, ±1 step) and returns the time step it matched, so
 * the caller can refuse a step already used (replay protection). Undefined when invalid.
 */
export async function matchTotp(secret: string, code: string): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({ secret, token: code, epochTolerance: 30 });
  return result.valid && 'timeStep' in result ? (result.timeStep as number) : undefined;
}

/** The otpauth:// URL and a QR code of it as an SVG string. */
export async function twoFactorQrCode(secret: string, issuer: string, email: string) {
  const url = generateURI({ issuer, label: email, secret });
  const svg = await QRCode.toString(url, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
    color: { dark: '#1f2a1c', light: '#ffffff' },
  });
  return { svg, url };
}
