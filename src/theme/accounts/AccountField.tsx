import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../core/accounts/account.ts";
import type { AccountProblem } from "./answer.ts";
import { FieldFrame } from "./FieldFrame.tsx";
import { useText } from "../storefront/use-shop.ts";
import "../styles/forms.css";

interface AccountFieldProps {
  /** The posted name, Shopify's: `customer[email]`, `address[city]`. */
  name: string;
  /** The field's key in the shop's errors: `email`, `city`. */
  field: string;
  label: string;
  problem: AccountProblem | null;
  type?: string;
  autoComplete: string;
  required?: boolean;
  hint?: string;
  defaultValue?: string | undefined;
  minLength?: number;
  maxLength?: number;
}

export { fieldId } from "./FieldFrame.tsx";

/** A labelled input with the shop's error for it beside it (aria-invalid, aria-describedby to the hint and the error). */
export function AccountField({ name, field, label, problem, type = "text", autoComplete, required = true, hint, defaultValue, minLength, maxLength }: AccountFieldProps) {
  return (
    <FieldFrame field={field} label={label} required={required} hint={hint} problem={problem}>
      {(control) => (
        <input
          className="field__input"
          {...control}
          name={name}
          type={type}
          autoComplete={autoComplete}
          required={required}
          defaultValue={type === "password" ? undefined : (problem?.values[name] ?? defaultValue ?? "")}
          minLength={minLength}
          maxLength={maxLength}
        />
      )}
    </FieldFrame>
  );
}

/** The password a customer chooses (registering, or through a reset link), with the shop's length limits. */
export function NewPasswordField({ label, problem }: { label: string; problem: AccountProblem | null }) {
  const text = useText();
  return (
    <AccountField
      name="customer[password]"
      field="password"
      label={label}
      type="password"
      autoComplete="new-password"
      hint={text("account_password_hint", { count: PASSWORD_MIN_LENGTH })}
      problem={problem}
      minLength={PASSWORD_MIN_LENGTH}
      maxLength={PASSWORD_MAX_LENGTH}
    />
  );
}
