/** Two-step sign-in's pieces shared by the sign-in's setup page and the member's own page: the app's secret to scan, and recovery codes shown once. */
import type { TwoStepEnrolment } from "../../core/admin/admin-staff.ts";
import { AccountField } from "../accounts/AccountField.tsx";
import type { AdminProblem } from "./answer.ts";
import "./two-step.css";

/** The secret for the app: a QR code to scan, and the same secret as text to type in. */
export function TwoStepSecret({ setup }: { setup: TwoStepEnrolment }) {
  return (
    <div className="two-step__secret">
      <img className="two-step__qr" src={setup.qrCode} width={240} height={240} alt="QR code for your authenticator app. The same key is written below." />
      <div>
        <p>Scan the QR code with your authenticator app (such as Google Authenticator, Microsoft Authenticator, 1Password or Bitwarden), or type in this key:</p>
        <p className="two-step__key">
          <code>{setup.secret}</code>
        </p>
      </div>
    </div>
  );
}

/** The code field: the app's six digits, or (when signing in) a recovery code. */
export function CodeField({ problem, hint }: { problem: AdminProblem | null; hint: string }) {
  return <AccountField name="code" field="code" label="Code" autoComplete="one-time-code" hint={hint} problem={problem} maxLength={40} />;
}

/** New recovery codes, shown this once. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section className="two-step__codes" aria-labelledby="recovery-codes-title">
      <h2 className="admin-order__subtitle" id="recovery-codes-title">
        Your recovery codes
      </h2>
      <p role="status">
        Two-step sign-in is on. Keep these codes somewhere safe, away from your phone: each one lets you sign in once if you lose your authenticator app. They are shown only now.
      </p>
      <ul className="two-step__code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
