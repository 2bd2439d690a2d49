import { Form, useSearchParams } from "react-router";
import type { Route } from "./+types/admin.staff";
import { ADMIN_PATH, type StaffRole } from "../../core/admin/admin.ts";
import { STAFF_NAME_MAX_LENGTH, STAFF_PASSWORD_MAX_LENGTH, STAFF_PASSWORD_MIN_LENGTH } from "../../core/admin/admin-staff.ts";
import { AccountField } from "../accounts/AccountField.tsx";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { SubmitButton } from "../accounts/SubmitButton.tsx";
import { type AdminProblem, adminHeaders, adminResponse, formValues } from "../admin/answer.ts";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { adminDates } from "../admin/orders-view.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { useShop } from "../storefront/use-shop.ts";
import "../accounts/account.css";
import "../admin/orders.css";

export const meta: Route.MetaFunction = () => [{ title: "Staff · Back office" }, { name: "robots", content: "noindex" }];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("staff")];

const LABELS = { name: "Name", email: "Email", role: "Role", password: "First password" };
const ROLE_LABELS: Record<StaffRole, string> = { owner: "Owner: everything", staff: "Staff: orders, customers and stock" };

export async function loader({ context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const [members, me, twoStepRequired, { timeZone }] = await Promise.all([admin.team.list(), admin.staff(), admin.team.twoStepRequired(), context.get(storefrontContext).homePage()]);
  return { members, me: me?.id ?? null, twoStepRequired, timeZone };
}

/** The page's forms, each naming itself: add someone, change a role, take access away or give it back. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const team = context.get(adminContext).team;
  const id = Number(values.id);
  const answer =
    values.intent === "role"
      ? await team.changeRole(id, values)
      : values.intent === "disable"
        ? await team.setDisabled(id, true)
        : values.intent === "enable"
          ? await team.setDisabled(id, false)
          : values.intent === "clear-passkeys"
            ? await team.clearPasskeys(id)
            : values.intent === "require-two-step" || values.intent === "allow-one-step"
            ? await team.requireTwoStep(values.intent === "require-two-step")
            : await team.add(values);
  return adminResponse(answer, values);
}

/** Who works in the back office: each member's role and access, and adding someone new. */
export default function AdminStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { members, me, twoStepRequired, timeZone } = loaderData;
  const problem: AdminProblem | null = actionData ?? null;
  const addProblem = problem && (problem.values.intent ?? "add") === "add" ? problem : null;
  const rowProblem = problem && problem.values.intent !== "add" && problem.values.intent !== undefined ? problem : null;
  const { language = "en" } = useShop();
  const dates = adminDates(language, timeZone);
  const [params] = useSearchParams();
  const added = members.find((member) => String(member.id) === params.get("added"));
  const path = `${ADMIN_PATH}/staff`;
  return (
    <>
      <h1 className="admin-page__title">Staff</h1>
      {added ? (
        <p className="admin-notice" role="status">
          {added.name} can now log in at {ADMIN_PATH}/login with {added.email} and the first password you chose. Pass it on to them in person.
        </p>
      ) : null}
      {rowProblem ? (
        <div className="error-summary" role="alert">
          <h2 className="error-summary__title">{rowProblem.description}</h2>
        </div>
      ) : null}
      <div className="admin-orders__scroll">
        <table className="admin-table">
          <caption>Everyone with access to the back office</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Last login</th>
              <th scope="col">Two-step sign-in</th>
              <th scope="col">Access</th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.id}>
                <th scope="row">
                  {member.name}
                  {member.id === me ? <span className="admin-order__note">You</span> : null}
                </th>
                <td className="admin-orders__email">{member.email}</td>
                <td>
                  <Form method="post" action={path} className="admin-staff__role">
                    <input type="hidden" name="id" value={member.id} />
                    <label className="visually-hidden" htmlFor={`staff-role-${member.id}`}>
                      Role of {member.name}
                    </label>
                    <select id={`staff-role-${member.id}`} name="role" defaultValue={member.role}>
                      <option value="owner">Owner</option>
                      <option value="staff">Staff</option>
                    </select>
                    <button className="admin-button admin-button--quiet" type="submit" name="intent" value="role" aria-label={`Save the role of ${member.name}`}>
                      Save
                    </button>
                  </Form>
                </td>
                <td>{member.last_login_at ? <time dateTime={member.last_login_at}>{dates.format(new Date(member.last_login_at))}</time> : "Never"}</td>
                <td>
                  {member.two_step ? "On" : twoStepRequired ? "Sets it up at next sign-in" : "Off"}
                  {member.passkeys > 0 && member.id !== me ? (
                    <Form method="post" action={path} className="admin-staff__access">
                      <input type="hidden" name="id" value={member.id} />
                      <button className="admin-button admin-button--quiet" type="submit" name="intent" value="clear-passkeys">
                        Remove {member.name}'s passkeys ({member.passkeys})
                      </button>
                    </Form>
                  ) : null}
                </td>
                <td>
                  {member.disabled_at ? "No access " : "Can log in "}
                  {member.id === me ? null : (
                    <Form method="post" action={path} className="admin-staff__access">
                      <input type="hidden" name="id" value={member.id} />
                      <button className="admin-button admin-button--quiet" type="submit" name="intent" value={member.disabled_at ? "enable" : "disable"}>
                        {member.disabled_at ? `Give ${member.name} access again` : `Take away ${member.name}'s access`}
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <section className="admin-order__section" aria-labelledby="staff-two-step">
        <h2 className="admin-order__subtitle" id="staff-two-step">
          Two-step sign-in for everyone
        </h2>
        <p>
          {twoStepRequired
            ? "Required: everyone signs in with a code from an authenticator app as well as their password. Anyone without it sets it up at their next sign-in."
            : "Not required: each person chooses on their own account page. When it is required, anyone without it sets it up at their next sign-in."}
        </p>
        <Form method="post" action={path}>
          <SubmitButton
            label={twoStepRequired ? "Stop requiring two-step sign-in" : "Require two-step sign-in for everyone"}
            busyLabel="Saving…"
            action={path}
            name="intent"
            value={twoStepRequired ? "allow-one-step" : "require-two-step"}
            className="admin-button"
          />
        </Form>
      </section>

      <section className="admin-order__section" aria-labelledby="staff-add">
        <h2 className="admin-order__subtitle" id="staff-add">
          Add someone
        </h2>
        <Form className="admin-cancel" method="post" action={path}>
          <ErrorSummary problem={addProblem} labels={LABELS} />
          <AccountField name="name" field="name" label={LABELS.name} autoComplete="off" problem={addProblem} maxLength={STAFF_NAME_MAX_LENGTH} />
          <AccountField name="email" field="email" label={LABELS.email} type="email" autoComplete="off" problem={addProblem} />
          <fieldset className="field">
            <legend className="field__label">{LABELS.role}</legend>
            {(["staff", "owner"] as const).map((role) => (
              <div className="checkbox" key={role}>
                <input type="radio" id={role === "staff" ? "account-role" : `account-role-${role}`} name="role" value={role} defaultChecked={(addProblem?.values.role ?? "staff") === role} />
                <label htmlFor={role === "staff" ? "account-role" : `account-role-${role}`}>{ROLE_LABELS[role]}</label>
              </div>
            ))}
            {addProblem?.errors.role ? <p className="field__error">{addProblem.errors.role.join(" ")}</p> : null}
          </fieldset>
          <AccountField
            name="password"
            field="password"
            label={LABELS.password}
            type="password"
            autoComplete="new-password"
            hint={`At least ${STAFF_PASSWORD_MIN_LENGTH} characters. Give it to them in person; they log in with it.`}
            problem={addProblem}
            minLength={STAFF_PASSWORD_MIN_LENGTH}
            maxLength={STAFF_PASSWORD_MAX_LENGTH}
          />
          <SubmitButton label="Add to the staff" busyLabel="Adding…" action={path} name="intent" value="add" className="admin-button" />
        </Form>
      </section>
    </>
  );
}
