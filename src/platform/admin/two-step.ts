/**
 * Two-step sign-in for staff: an authenticator app's codes (TOTP, RFC 6238,
 * with otplib's defaults every app reads: SHA-1, six digits, thirty seconds)
 * and one-time recovery codes. The app's secret is kept encrypted
 * (AES-256-GCM) with a key from the shop's secrets, so a copy of the staff
 * table alone gives no codes; recovery codes are kept by their SHA-256 only.
 */
import { createCipheriv, createDecipheriv, randomBytes, randomInt } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import { toDataURL } from "qrcode";
import type { ShopSecrets } from "../accounts/shop-secrets.ts";
import { digest } from "../accounts/secrets.ts";

/** The shop secret the authenticator secrets are encrypted with. */
const KEY_NAME = "staff_two_step_key";
/** How many recovery codes a member is given at a time. */
export const RECOVERY_CODE_COUNT = 10;
/** A code from the step before or after is still taken, for clocks a little apart. */
const TOLERANCE_SECONDS = 30;
/** Recovery codes are written in this alphabet (no 0/O or 1/I/L to confuse). */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

export type CodeCheck = { ok: true; step: number } | { ok: false };

export class TwoStep {
  private readonly secrets: ShopSecrets;
  /** The name apps and passkeys show for the back office. */
  readonly issuer: () => string;

  constructor(secrets: ShopSecrets, issuer: () => string) {
    this.secrets = secrets;
    this.issuer = issuer;
  }

  private async key(): Promise<Buffer> {
    return Buffer.from(await this.secrets.get(KEY_NAME), "hex");
  }

  /** A new authenticator secret, encrypted for the database. */
  async newSecret(): Promise<string> {
    return this.seal(generateSecret());
  }

  async seal(secret: string): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", await this.key(), iv);
    const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
    return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(".");
  }

  async open(stored: string): Promise<string> {
    const [version, iv, tag, sealed] = stored.split(".");
    if (version !== "v1" || !iv || !tag || !sealed) throw new Error("unreadable two-step secret");
    const decipher = createDecipheriv("aes-256-gcm", await this.key(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
  }

  /** What the app needs to add the account: the secret as text (to type in) and as a QR code (a PNG data URL, drawn on the server). */
  async enrolment(stored: string, email: string): Promise<{ secret: string; qrCode: string }> {
    const secret = await this.open(stored);
    const uri = generateURI({ issuer: this.issuer(), label: email, secret });
    const qrCode = await toDataURL(uri, { type: "image/png", margin: 2, errorCorrectionLevel: "M", width: 240 });
    return { secret: secret.replace(/(.{4})/g, "$1 ").trim(), qrCode };
  }

  /** Whether `code` is the app's code now (or a step either side), and not one already used (its step after `lastStep`). */
  async check(stored: string, code: string, lastStep: number | null, now: number): Promise<CodeCheck> {
    if (!/^[0-9]{6}$/.test(code)) return { ok: false };
    const result = await verify({
      secret: await this.open(stored),
      token: code,
      epoch: Math.floor(now / 1000),
      epochTolerance: TOLERANCE_SECONDS,
      ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
    }).catch(() => null);
    return result?.valid && "timeStep" in result ? { ok: true, step: result.timeStep } : { ok: false };
  }
}

/** A fresh set of recovery codes, as shown once ("abcde-fghij-klmno-pqrst", about 98 bits each) and as kept. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = Array.from({ length: 20 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    return letters.match(/.{5}/g)!.join("-");
  });
  return { codes, hashes: codes.map(recoveryCodeHash) };
}

/** What the database keeps of a recovery code; spaces, dashes and case as typed do not matter. */
export const recoveryCodeHash = (code: string): string => digest(code.toLowerCase().replace(/[^a-z0-9]/g, ""));

/** Whether what was typed looks like a recovery code rather than an app's code. */
export const looksLikeRecoveryCode = (code: string): boolean => code.replace(/[^a-zA-Z0-9]/g, "").length === 20;
