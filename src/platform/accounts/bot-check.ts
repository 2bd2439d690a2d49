/**
 * The bot check behind `/challenge`: an ALTCHA proof of work, made and
 * checked here, solved in the shopper's browser. No third party is asked.
 * A challenge is signed (so it cannot be made easier), expires after ten
 * minutes, and each solution is accepted once: its challenge's nonce is
 * recorded, so posting the same solution again is refused.
 */
import { createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { z } from "zod";
import type { Database } from "../db/database.ts";
import type { ShopSecrets } from "./shop-secrets.ts";

/**
 * PBKDF2-SHA-256 iterations per attempt, and the range of attempts the
 * solver must make: about half a second on one core (docs/decisions.md).
 */
export const CHALLENGE_COST = 500;
export const CHALLENGE_COUNTER = { min: 2_000, max: 5_000 };
const CHALLENGE_LIFETIME_SECONDS = 10 * 60;

export type BotCheckVerdict = { ok: true } | { ok: false; reason: "missing" | "invalid" | "expired" | "replayed" };

/** What the widget posts (base64 of this JSON), checked for shape before any work is done on it. */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal("PBKDF2/SHA-256"),
      nonce: z.string().regex(/^[a-f0-9]{8,128}$/),
      salt: z.string().max(256),
      cost: z.number().int().positive().max(1_000_000),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: z.string().regex(/^[a-f0-9]{1,128}$/),
    }),
    signature: z.string().max(256),
  }),
  solution: z.looseObject({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(256) }),
});

export class BotCheck {
  private readonly db: Database;
  private readonly secrets: ShopSecrets;

  constructor(db: Database, secrets: ShopSecrets) {
    this.db = db;
    this.secrets = secrets;
  }

  private async keys() {
    const [signature, keySignature] = await Promise.all([this.secrets.get("challenge_signature"), this.secrets.get("challenge_key_signature")]);
    return { hmacSignatureSecret: signature, hmacKeySignatureSecret: keySignature };
  }

  /** A new challenge for the widget. */
  async create(): Promise<Record<string, unknown>> {
    const challenge = await createChallenge({
      algorithm: "PBKDF2/SHA-256",
      cost: CHALLENGE_COST,
      counter: randomInt(CHALLENGE_COUNTER.max, CHALLENGE_COUNTER.min),
      deriveKey,
      expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_SECONDS * 1000),
      ...(await this.keys()),
    });
    return challenge as unknown as Record<string, unknown>;
  }

  /** Checks a posted solution (the widget's base64 payload) and uses it up. */
  async verify(payload: unknown): Promise<BotCheckVerdict> {
    if (typeof payload !== "string" || payload === "") return { ok: false, reason: "missing" };
    if (payload.length > 8_192) return { ok: false, reason: "invalid" };
    let parsed: z.infer<typeof payloadSchema>;
    try {
      parsed = payloadSchema.parse(JSON.parse(Buffer.from(payload, "base64").toString("utf8")));
    } catch {
      return { ok: false, reason: "invalid" };
    }
    const result = await verifySolution({
      challenge: parsed.challenge,
      solution: parsed.solution,
      deriveKey,
      ...(await this.keys()),
    }).catch(() => null);
    if (!result) return { ok: false, reason: "invalid" };
    if (result.expired) return { ok: false, reason: "expired" };
    if (!result.verified) return { ok: false, reason: "invalid" };
    // Recorded only once verified, so made-up payloads cannot fill the table; kept until the challenge would have expired anyway.
    const used = await this.db.query(
      "insert into challenge_solutions (challenge_id, expires_at) values ($1, now() + make_interval(secs => $2)) on conflict (challenge_id) do nothing returning challenge_id",
      [parsed.challenge.parameters.nonce, CHALLENGE_LIFETIME_SECONDS],
    );
    if (used.length === 0) return { ok: false, reason: "replayed" };
    await this.db.query("delete from challenge_solutions where expires_at < now()");
    return { ok: true };
  }
}
