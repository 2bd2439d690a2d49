import { useNavigation } from "react-router";

/** A form's button that says what is happening while its post is under way, and sends nothing twice. */
export function SubmitButton({ label, busyLabel, action, name, value, className = "button button--wide" }: { label: string; busyLabel: string; action: string; name?: string; value?: string; className?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === action && (name === undefined || navigation.formData?.get(name) === value);
  return (
    <button
      className={className}
      type="submit"
      name={name}
      value={value}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
