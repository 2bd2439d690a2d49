import type { ReactNode } from "react";
import type { AccountProblem } from "./answer.ts";
import { useText } from "../storefront/use-shop.ts";

/** The id of a field's control, from its key in the shop's errors. */
export const fieldId = (field: string) => `account-${field.replaceAll("_", "-")}`;

/** What ties a control to its label, hint and error. */
export interface FieldControl {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * A form field's frame: its label (with "(optional)" unless required), hint
 * and the shop's error for it around one control, which it hands the id and
 * aria attributes that tie them together.
 */
export function FieldFrame({
  field,
  label,
  required = true,
  hint,
  describedBy,
  problem,
  className = `field field--${field}`,
  children,
}: {
  /** The field's key in the shop's errors. */
  field: string;
  label: ReactNode;
  required?: boolean;
  hint?: string | undefined;
  /** The id of a text outside the field that describes it too (a group's help). */
  describedBy?: string | undefined;
  problem: AccountProblem | null;
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const text = useText();
  const id = fieldId(field);
  const messages = problem?.errors[field] ?? [];
  const described = [describedBy, hint ? `${id}-hint` : null, messages.length ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? null : <span className="field__optional"> {text("checkout_optional")}</span>}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children({ id, "aria-invalid": messages.length > 0 || undefined, "aria-describedby": described || undefined })}
      {messages.length ? (
        <p className="field__error" id={`${id}-error`}>
          {messages.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
