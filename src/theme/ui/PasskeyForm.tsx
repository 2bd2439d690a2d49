/**
 * Passkeys, for staff and customers: a form whose button asks the server for
 * a challenge, lets the browser make or use a passkey
 * (@simplewebauthn/browser), and posts the browser's answer with the form's
 * other fields.
 */
import {
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
} from "@simplewebauthn/browser";
import { type FormEvent, type ReactNode, useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import { useText } from "../storefront/use-shop.ts";
import { useHydrated } from "./use-hydrated.ts";
import "./passkeys.css";

/** The server's challenge for the browser, or why there is none. */
type OptionsAnswer =
  | { ok: true; options: PublicKeyCredentialCreationOptionsJSON | PublicKeyCredentialRequestOptionsJSON }
  | { ok: false; description: string };

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
  /**
   * When true the form needs the page's script: it is hidden where scripts do not run, its button does nothing
   * until the page has started, and it goes where the browser cannot use passkeys. It is drawn from the first
   * paint, so starting the page moves nothing below it.
   */
  needsScript?: boolean;
  children?: ReactNode;
}

export function PasskeyForm({ mode, optionsUrl, action, intent, label, busyLabel, className, needsScript = false, children }: PasskeyFormProps) {
  const hydrated = useHydrated();
  const text = useText();
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
      const answer = (await reply.json()) as OptionsAnswer;
      if (!answer.ok) {
        setProblem(answer.description);
        return;
      }
      let made: RegistrationResponseJSON | AuthenticationResponseJSON;
      try {
        made =
          mode === "add"
            ? await startRegistration({ optionsJSON: answer.options as PublicKeyCredentialCreationOptionsJSON })
            : await startAuthentication({ optionsJSON: answer.options as PublicKeyCredentialRequestOptionsJSON });
      } catch {
        // The browser made nothing: cancelled, timed out, or no passkey here.
        setProblem(text("passkey_cancelled"));
        return;
      }
      form.set("intent", intent);
      form.set("passkey", JSON.stringify(made));
      await submit(form, { method: "post", action });
    } catch {
      setProblem(text("checkout_offline"));
    } finally {
      setAsking(false);
    }
  }

  if (needsScript && hydrated && !browserSupportsWebAuthn()) return null;
  return (
    <form className={needsScript ? "passkeys__form passkeys__form--needs-script" : "passkeys__form"} method="post" action={action} onSubmit={(event) => void onSubmit(event)}>
      {children}
      <div className="passkeys__status" role="alert">
        {problem ? <p className="field__error">{problem}</p> : null}
      </div>
      <button className={className} type={needsScript && !hydrated ? "button" : "submit"} aria-disabled={busy || undefined}>
        {busy ? busyLabel : label}
      </button>
    </form>
  );
}
