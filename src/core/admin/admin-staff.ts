/** The back office's staff accounts, managed by the owner: who has access, with which role, and taking it away. */
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import type { AdminAnswer, StaffRole } from "./answers.ts";

/** A staff password's shortest length: longer than a shopper's, since it opens every order. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_PASSWORD_MAX_LENGTH = 256;
export const STAFF_NAME_MAX_LENGTH = 100;

export interface AdminStaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  created_at: string;
  /** When access was taken away, or null while they may log in. */
  disabled_at: string | null;
  /** The latest login, or null if they never logged in. */
  last_login_at: string | null;
  /** Whether they sign in with a second step too: an authenticator app's code or a passkey. */
  two_step: boolean;
  /** How many passkeys they have. */
  passkeys: number;
}

export interface AdminStaffClient {
  /** Everyone with an account, owners first; empty unless the owner asks. */
  list(): Promise<AdminStaffMember[]>;
  /** A new account (`name`, `email`, `role`, `password`, which the owner passes on to them). */
  add(form: Record<string, unknown>): Promise<AdminAnswer>;
  /** A new role for a member (`role`); the last owner stays an owner. */
  changeRole(id: number, form: Record<string, unknown>): Promise<AdminAnswer>;
  /** Takes access away (their sessions end at once) or gives it back; nobody takes their own away. */
  setDisabled(id: number, disabled: boolean): Promise<AdminAnswer>;
  /** Whether everyone must sign in with two steps. */
  twoStepRequired(): Promise<boolean>;
  /** Requires two-step sign-in of everyone (those without it set it up at their next sign-in), or stops requiring it. */
  requireTwoStep(required: boolean): Promise<AdminAnswer>;
  /** Removes all of another member's passkeys (a lost device); they sign in with what else they have, or set two-step up again if the owner requires it. */
  clearPasskeys(id: number): Promise<AdminAnswer>;
}

/** One of a member's sessions as their page lists it: where and when it began; `current` is the one looking. */
export interface StaffSession {
  /** The session's number on the page, to end it by (never its secret). */
  number: number;
  started_at: string;
  address: string;
  device: string;
  current: boolean;
}

/** A member's own page: their two-step sign-in, their sessions. */
export interface StaffAccount {
  name: string;
  email: string;
  twoStep: boolean;
  /** Whether the owner requires two-step sign-in of everyone (then it cannot be turned off). */
  twoStepRequired: boolean;
  /** The app's secret while it is being set up: as text and as a QR code. */
  setup: TwoStepEnrolment | null;
  recoveryCodesLeft: number;
  /** The member's passkeys, oldest first; any one of them is a second step at sign-in. */
  passkeys: StaffPasskey[];
  sessions: StaffSession[];
}

/** A passkey as the member's page lists it. */
export interface StaffPasskey {
  /** The passkey's number on the page, to remove it by. */
  number: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** What the browser needs to make a passkey, or to sign in with one. */
export type PasskeyCreationAnswer = { ok: true; options: PublicKeyCredentialCreationOptionsJSON } | Extract<AdminAnswer, { ok: false }>;
export type PasskeyRequestAnswer = { ok: true; options: PublicKeyCredentialRequestOptionsJSON } | Extract<AdminAnswer, { ok: false }>;

export interface TwoStepEnrolment {
  secret: string;
  /** The QR code as an image's data URL. */
  qrCode: string;
}

/** A sign-in whose password was right, waiting for a code or for two-step sign-in to be set up. */
export interface PendingSignIn {
  stage: "code" | "setup";
  email: string;
  setup: TwoStepEnrolment | null;
  /** Whether the member can answer with their authenticator app's code (or a recovery code). */
  app: boolean;
  /** Whether the member can answer with a passkey. */
  passkey: boolean;
}

/** Recovery codes, shown once when made; the page says to keep them somewhere safe. */
export type RecoveryCodesAnswer = { ok: true; recoveryCodes: string[]; cookies?: string[] } | Extract<AdminAnswer, { ok: false }>;

export interface StaffAccountClient {
  /** The signed-in member's own page, or null when signed out. */
  account(): Promise<StaffAccount | null>;
  /** Starts setting up the app: a new secret to scan. */
  startTwoStep(): Promise<AdminAnswer>;
  /** Turns two-step sign-in on with the app's first code (`code`), answering the recovery codes. */
  confirmTwoStep(form: Record<string, unknown>): Promise<RecoveryCodesAnswer>;
  /** Turns it off (`password`), unless the owner requires it. */
  turnOffTwoStep(form: Record<string, unknown>): Promise<AdminAnswer>;
  /** New recovery codes (`password`); the old ones stop working. */
  renewRecoveryCodes(form: Record<string, unknown>): Promise<RecoveryCodesAnswer>;
  /** A challenge for a new passkey, kept a few minutes for one answer. */
  passkeyOptions(): Promise<PasskeyCreationAnswer>;
  /** Adds the passkey the browser made (`passkey`, its JSON answer) under a name (`passkey_name`); needs the password (`passkey_password`). */
  addPasskey(form: Record<string, unknown>): Promise<AdminAnswer>;
  /** Removes one of the member's passkeys (by its number); needs the password (`remove_password`). */
  removePasskey(number: number, form: Record<string, unknown>): Promise<AdminAnswer>;
  /** Ends one of the member's sessions (by its number). */
  endSession(number: number): Promise<AdminAnswer>;
  /** A new password (`current_password`, `new_password`); every other session ends. */
  changePassword(form: Record<string, unknown>): Promise<AdminAnswer>;
}
