import type { ReactNode } from "react";
import { fieldId } from "../accounts/AccountField.tsx";

/** A CSV file to import, with its hint and the error the last import named, tied to the input for screen readers. */
export function CsvFileField({ error, hint }: { error: string | undefined; hint?: ReactNode }) {
  const id = fieldId("file");
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        CSV file
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <input
        className="field__input"
        id={id}
        name="file"
        type="file"
        accept=".csv,text/csv"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
