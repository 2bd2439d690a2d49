/** What the product editor's sections share: the refused form's values, and the fields they draw. */
import type { AdminVariantDetail } from "../../../core/admin/admin-catalog.ts";
import { FieldFrame } from "../../accounts/FieldFrame.tsx";
import type { AdminProblem } from "../answer.ts";

/** The product form as drawn: its refusal, if any, and each field's value (what was posted after a refusal, else what is saved). */
export interface ProductFormState {
  problem: AdminProblem | null;
  value: (name: string, fallback: string) => string;
  checked: (name: string, fallback: boolean) => boolean;
}

export function productFormState(problem: AdminProblem | null): ProductFormState {
  return {
    problem,
    value: (name, fallback) => problem?.values[name] ?? fallback,
    // A refused form shows what was posted; a checkbox left unticked is simply absent.
    checked: (name, fallback) => (problem && Object.keys(problem.values).length ? problem.values[name] === "1" : fallback),
  };
}

/** A variant's name in the form: none for a product's only, default variant. */
export const variantName = (variant: AdminVariantDetail) => (variant.title === "Default Title" ? "" : variant.title);

export function TextArea({ name, label, hint, problem, rows, maxLength, defaultValue }: { name: string; label: string; hint: string; problem: AdminProblem | null; rows: number; maxLength: number; defaultValue: string }) {
  return (
    <FieldFrame field={name} label={label} required={false} hint={hint} problem={problem}>
      {(control) => <textarea className="field__input admin-product__textarea" {...control} name={name} rows={rows} maxLength={maxLength} defaultValue={defaultValue} />}
    </FieldFrame>
  );
}
