/** A back-office action refused: the answer the page shows, and the error that carries it out of a transaction so nothing the action did stays. */
import type { AdminAnswer } from "../../core/admin/admin.ts";

export type Refusal = Extract<AdminAnswer, { ok: false }>;

/** The refusal with its reason, description and each field's message. */
export const refusal = (reason: Refusal["reason"], description: string, errors: Record<string, string> = {}): Refusal => ({ ok: false, reason, description, errors });

/** Thrown inside an action's transaction to roll it back; the action answers its `answer`. */
export class AdminRefused extends Error {
  readonly answer: Refusal;
  constructor(answer: Refusal) {
    super(answer.description);
    this.answer = answer;
  }
}
