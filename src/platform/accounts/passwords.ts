/**
 * Password hashing with scrypt (memory-hard, in node:crypto, no native
 * addon). Each hash keeps its own parameters, so the cost can be raised
 * later: old hashes still verify with what they were made with.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

export interface ScryptParams {
  /** CPU and memory cost (a power of two). */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelism. */
  p: number;
  /** Derived key length in bytes. */
  keylen: number;
}

/** 2^15 × 8 × 128 bytes = 32 MiB and about 90 ms per hash on the development machine (docs/decisions.md). */
export const PASSWORD_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1, keylen: 32 };

export interface PasswordHash {
  hash: string;
  salt: string;
  params: ScryptParams;
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // scrypt needs 128·N·r bytes; the default ceiling (32 MiB) is just too small for N = 2^15, r = 8.
    scrypt(password.normalize("NFC"), salt, params.keylen, { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r * params.p }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, params: ScryptParams = PASSWORD_PARAMS): Promise<PasswordHash> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return { hash: key.toString("hex"), salt: salt.toString("hex"), params };
}

/** Compares in constant time. */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const expected = Buffer.from(stored.hash, "hex");
  const key = await derive(password, Buffer.from(stored.salt, "hex"), stored.params);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash no password matches (random bytes), checked when the email is unknown so that answer takes as long as a wrong password. */
export const DECOY_HASH: PasswordHash = { hash: randomBytes(32).toString("hex"), salt: randomBytes(16).toString("hex"), params: PASSWORD_PARAMS };
