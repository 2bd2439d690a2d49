/**
 * Passkeys in the back office: a form whose button asks the server for a
 * challenge, lets the browser make or use a passkey (@simplewebauthn/browser),
 * and posts the browser's answer with the form's other fields.
 */
import { type AuthenticationResponseJSON, type RegistrationResponseJSON, startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { type FormEvent, type ReactNode, useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import type { PasskeyCreationAnswer, PasskeyRequestAnswer } from "../../core/admin/admin-staff.ts";
import "./passkeys.css";

interface PasskeyFormProps {
  /** "add" makes a new passkey; "sign-in" signs the waiting sign-in's challenge. */
  mode: "add" | "sign-in";
  /** Where the challenge is posted for. */
  optionsUrl: string;
  /** Where the form posts, with `intent` and the browser's answer as `passkey`. */
  action: string;
  intent: string;
  label: string;
  busyLabel: string;
  className: string;
  children?: ReactNode;
}

/** What the shopper is told when the browser made nothing: cancelled, timed out, or no passkey here. */
const CANCELLED = "No passkey was used. You can try again, or choose another way.";

export function PasskeyForm({ mode, optionsUrl, action, intent, label, busyLabel, className, children }: PasskeyFormProps) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = asking || (navigation.state === "submitting" && navigation.formAction === action && navigation.formData?.get("intent") === intent);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    setAsking(true);
    setProblem(null);
    try {
      const reply = await fetch(optionsUrl, { method: "POST", headers: { Accept: "application/json" }, body: new URLSearchParams() });
      const answer = (await reply.json()) as PasskeyCreationAnswer | PasskeyRequestAnswer;
      if (!answer.ok) {
        setProblem(answer.description);
        return;
      }
      let made: RegistrationResponseJSON | AuthenticationResponseJSON;
      try {
        made = mode === "add" ? await startRegistration({ optionsJSON: answer.options as Extract<PasskeyCreationAnswer, { ok: true }>["options"] }) : await startAuthentication({ optionsJSON: answer.options as Extract<PasskeyRequestAnswer, { ok: true }>["options"] });
      } catch {
        setProblem(CANCELLED);
        return;
      }
      form.set("intent", intent);
      form.set("passkey", JSON.stringify(made));
      await submit(form, { method: "post", action });
    } catch {
      setProblem("The shop could not be reached. Check your connection and try again.");
    } finally {
      setAsking(false);
    }
  }

  return (
    <form className="passkeys__form" method="post" action={action} onSubmit={(event) => void onSubmit(event)}>
      {children}
      <div className="passkeys__status" role="alert">
        {problem ? <p className="field__error">{problem}</p> : null}
      </div>
      <button className={className} type="submit" aria-disabled={busy || undefined}>
        {busy ? busyLabel : label}
      </button>
    </form>
  );
}
