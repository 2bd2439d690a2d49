/** The account page's Passkeys section: the customer's passkeys (name, added, last used, remove) and a form to add one. */
import { Form } from "react-router";
import type { CustomerPasskey } from "../../core/accounts/passkeys.ts";
import { PasskeyForm } from "../ui/PasskeyForm.tsx";
import { AccountField } from "./AccountField.tsx";
import type { AccountProblem } from "./answer.ts";
import { ErrorSummary } from "./ErrorSummary.tsx";
import { useText } from "../storefront/use-shop.ts";

interface AccountPasskeysProps {
  passkeys: CustomerPasskey[];
  problem: AccountProblem | null;
  notice: string | null;
  language: string;
  timeZone: string;
}

export function AccountPasskeys({ passkeys, problem, notice, language, timeZone }: AccountPasskeysProps) {
  const text = useText();
  const problemFor = (intent: string) => (problem && problem.values.intent === intent ? problem : null);
  const dates = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone });
  const day = (iso: string) => <time dateTime={iso}>{dates.format(new Date(iso))}</time>;
  return (
    <section className="account__section" aria-labelledby="passkeys">
      <h2 className="account__subtitle" id="passkeys" tabIndex={-1}>
        {text("passkeys")}
      </h2>
      <p className="account__muted">{text("passkeys_intro")}</p>
      {notice ? (
        <p className="account-notice" role="status">
          {notice}
        </p>
      ) : null}
      {passkeys.length ? (
        <>
          <ErrorSummary problem={problemFor("remove-passkey")} labels={{ remove_password: text("account_password") }} />
          <Form method="post" action="/account" className="account-passkeys">
            <input type="hidden" name="intent" value="remove-passkey" />
            <ul className="account-passkeys__list">
              {passkeys.map((passkey) => (
                <li key={passkey.number} className="account-passkeys__item">
                  <p className="account-passkeys__name">{passkey.name}</p>
                  <p className="account__muted">
                    {text("passkey_added_on")} {day(passkey.created_at)} · {passkey.last_used_at ? <>{text("passkey_last_used")} {day(passkey.last_used_at)}</> : text("passkey_not_used")}
                  </p>
                  <button className="button button--secondary button--small" type="submit" name="number" value={passkey.number}>
                    {text("remove")}<span className="visually-hidden"> {passkey.name}</span>
                  </button>
                </li>
              ))}
            </ul>
            <AccountField name="remove_password" field="remove_password" label={text("account_password")} type="password" autoComplete="current-password" hint={text("passkey_remove_hint")} problem={problemFor("remove-passkey")} />
          </Form>
        </>
      ) : (
        <p>{text("passkeys_none")}</p>
      )}
      <ErrorSummary problem={problemFor("add-passkey")} labels={{ passkey_name: text("passkey_name"), passkey_password: text("account_password"), passkey: text("passkey") }} />
      <PasskeyForm mode="add" optionsUrl="/account/passkey-options" action="/account" intent="add-passkey" label={text("passkey_add")} busyLabel={text("account_passkey_waiting")} className="button" needsScript>
        <AccountField name="passkey_name" field="passkey_name" label={text("passkey_name")} autoComplete="off" hint={text("passkey_name_hint")} problem={problemFor("add-passkey")} maxLength={60} />
        <AccountField name="passkey_password" field="passkey_password" label={text("account_password")} type="password" autoComplete="current-password" hint={text("passkey_add_hint")} problem={problemFor("add-passkey")} />
      </PasskeyForm>
    </section>
  );
}
