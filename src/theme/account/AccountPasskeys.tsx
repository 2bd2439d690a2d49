/** The account page's Passkeys section: the customer's passkeys (name, added, last used, remove) and a form to add one. */
import { Form } from "react-router";
import type { CustomerPasskey } from "../../core/accounts/passkeys.ts";
import { PasskeyForm } from "../ui/PasskeyForm.tsx";
import { AccountField } from "./AccountField.tsx";
import type { AccountProblem } from "./answer.ts";
import { ErrorSummary } from "./ErrorSummary.tsx";

interface AccountPasskeysProps {
  passkeys: CustomerPasskey[];
  problem: AccountProblem | null;
  notice: string | null;
  language: string;
  timeZone: string;
}

export function AccountPasskeys({ passkeys, problem, notice, language, timeZone }: AccountPasskeysProps) {
  const problemFor = (intent: string) => (problem && problem.values.intent === intent ? problem : null);
  const dates = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone });
  const day = (iso: string) => <time dateTime={iso}>{dates.format(new Date(iso))}</time>;
  return (
    <section className="account__section" aria-labelledby="passkeys">
      <h2 className="account__subtitle" id="passkeys" tabIndex={-1}>
        Passkeys
      </h2>
      <p className="account__muted">A passkey lets you log in with your fingerprint, face or screen lock instead of your password. It stays on your phone, computer or security key.</p>
      {notice ? (
        <p className="account-notice" role="status">
          {notice}
        </p>
      ) : null}
      {passkeys.length ? (
        <>
          <ErrorSummary problem={problemFor("remove-passkey")} labels={{ remove_password: "Password" }} />
          <Form method="post" action="/account" className="account-passkeys">
            <input type="hidden" name="intent" value="remove-passkey" />
            <ul className="account-passkeys__list">
              {passkeys.map((passkey) => (
                <li key={passkey.number} className="account-passkeys__item">
                  <p className="account-passkeys__name">{passkey.name}</p>
                  <p className="account__muted">
                    Added {day(passkey.created_at)} · {passkey.last_used_at ? <>Last used {day(passkey.last_used_at)}</> : "Not used yet"}
                  </p>
                  <button className="button button--secondary button--small" type="submit" name="number" value={passkey.number}>
                    Remove<span className="visually-hidden"> {passkey.name}</span>
                  </button>
                </li>
              ))}
            </ul>
            <AccountField name="remove_password" field="remove_password" label="Password" type="password" autoComplete="current-password" hint="Your password, to remove a passkey." problem={problemFor("remove-passkey")} />
          </Form>
        </>
      ) : (
        <p>You have no passkeys yet.</p>
      )}
      <ErrorSummary problem={problemFor("add-passkey")} labels={{ passkey_name: "Passkey name", passkey_password: "Password", passkey: "Passkey" }} />
      <PasskeyForm mode="add" optionsUrl="/account/passkey-options" action="/account" intent="add-passkey" label="Add a passkey" busyLabel="Waiting for your passkey…" className="button" needsScript>
        <AccountField name="passkey_name" field="passkey_name" label="Passkey name" autoComplete="off" hint="Such as the device it is on: “My phone”." problem={problemFor("add-passkey")} maxLength={60} />
        <AccountField name="passkey_password" field="passkey_password" label="Password" type="password" autoComplete="current-password" hint="Your password, to add a passkey." problem={problemFor("add-passkey")} />
      </PasskeyForm>
    </section>
  );
}
