import { useEffect, useRef } from "react";
import { fieldId } from "./AccountField.tsx";
import type { AccountProblem } from "./answer.ts";

/**
 * What went wrong with a form, above it: the shop's words, and each field's
 * error as a link to that field. It takes focus when a new answer arrives,
 * so a screen reader reads it and Tab goes on to the fields.
 */
export function ErrorSummary({
  problem,
  labels,
  fieldIdOf = fieldId,
}: {
  problem: AccountProblem | null;
  labels: Record<string, string>;
  /** The id of a field's input, when a page has several forms (a row's own fields). */
  fieldIdOf?: (field: string) => string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) ref.current?.focus();
  }, [problem]);
  if (!problem) return null;
  const fields = Object.entries(problem.errors).filter(([field]) => field in labels);
  const general = Object.entries(problem.errors)
    .filter(([field]) => !(field in labels))
    .flatMap(([, messages]) => messages)
    .filter((message) => message !== problem.description);
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} aria-labelledby="error-summary-title" autoFocus>
      <h2 className="error-summary__title" id="error-summary-title">
        {problem.description}
      </h2>
      {fields.length || general.length ? (
        <ul className="error-summary__list">
          {general.map((message) => (
            <li key={message}>{message}</li>
          ))}
          {fields.map(([field, messages]) => (
            <li key={field}>
              <a
                href={`#${fieldIdOf(field)}`}
                onClick={(event) => {
                  // Moving to the field without changing the address: a new hash is a navigation to React Router, which would drop the form's answer.
                  const target = document.getElementById(fieldIdOf(field));
                  if (!target) return;
                  event.preventDefault();
                  target.focus();
                  target.scrollIntoView({ block: "center" });
                }}
              >
                {labels[field]}: {messages.join(" ")}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
