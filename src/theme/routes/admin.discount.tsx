import { decimalAmount } from "../../core/money/money.ts";
import { Form, Link, data } from "react-router";
import type { Route } from "./+types/admin.discount";
import { ADMIN_PATH } from "../../core/admin/admin.ts";
import {
  DISCOUNT_FORM_LABELS,
  DISCOUNT_STATUS_LABELS,
  DISCOUNT_TITLE_MAX_LENGTH,
  DISCOUNT_TYPES,
  DISCOUNT_TYPE_LABELS,
  type AdminDiscountRow,
  currencyMinimumField,
  currencyValueField,
  discountFormLabels,
  isoToLocalTime,
} from "../../core/admin/admin-discounts.ts";
import { DISCOUNT_CODE_MAX_LENGTH } from "../../core/checkout/discount-codes.ts";
import { AccountField, fieldId } from "../accounts/AccountField.tsx";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { SubmitButton } from "../accounts/SubmitButton.tsx";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { type AdminProblem, adminHeaders, adminResponse, formValues } from "../admin/answer.ts";
import { storefrontContext } from "../storefront/context.ts";
import "../accounts/account.css";
import "../admin/orders.css";
import "../admin/discounts.css";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.discount ? `Discount ${loaderData.discount.code}` : "New discount code"} · Back office` },
  { name: "robots", content: "noindex" },
];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("discounts")];

/** `/admin/discounts/new` creates a code; a number edits that code. */
const isNew = (id: string | undefined) => id === "new";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { timeZone } = await context.get(storefrontContext).homePage();
  const saved = new URL(request.url).searchParams.get("saved") === "1";
  const discounts = context.get(adminContext).discounts;
  const currencies = await discounts.currencies();
  if (isNew(params.id)) return { discount: null, timeZone, saved: false, currencies };
  const discount = /^\d{1,15}$/.test(params.id ?? "") ? await discounts.discount(Number(params.id)) : null;
  if (!discount) throw data(null, { status: 404, headers: adminHeaders() });
  return { discount, timeZone, saved, currencies };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const discounts = context.get(adminContext).discounts;
  const answer = isNew(params.id) ? await discounts.create(values) : await discounts.update(/^\d{1,15}$/.test(params.id ?? "") ? Number(params.id) : 0, values);
  return adminResponse(answer, values);
}


/** The form's starting values: the code as stored, amounts in whole units and times on the shop's clock. */
function formDefaults(discount: AdminDiscountRow | null, timeZone: string): Record<string, string> {
  if (!discount) return { type: "percentage", enabled: "on" };
  return {
    code: discount.code,
    title: discount.title,
    type: discount.type,
    value: discount.type === "percentage" ? String(discount.value) : discount.type === "fixed_amount" ? decimalAmount(discount.value) : "",
    minimum_subtotal: discount.minimumSubtotal > 0 ? decimalAmount(discount.minimumSubtotal) : "",
    starts_at: discount.startsAt ? isoToLocalTime(discount.startsAt, timeZone) : "",
    ends_at: discount.endsAt ? isoToLocalTime(discount.endsAt, timeZone) : "",
    enabled: discount.enabled ? "on" : "",
    usage_limit: discount.usageLimit === null ? "" : String(discount.usageLimit),
    usage_limit_per_customer: discount.usageLimitPerCustomer === null ? "" : String(discount.usageLimitPerCustomer),
    ...Object.fromEntries(
      Object.entries(discount.currencyValues).flatMap(([currency, own]) => [
        [currencyValueField(currency), own.value === null ? "" : decimalAmount(own.value)],
        [currencyMinimumField(currency), own.minimumSubtotal === null ? "" : decimalAmount(own.minimumSubtotal)],
      ]),
    ),
  };
}

/** One code, created or edited: what it takes off, from what spend, when, and how often. */
export default function AdminDiscountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { discount, timeZone, saved, currencies } = loaderData;
  const labels = discountFormLabels(currencies);
  const problem: AdminProblem | null = actionData ?? null;
  const defaults = formDefaults(discount, timeZone);
  // A failed post shows what was typed; otherwise the stored code.
  const value = (name: string) => (problem ? (problem.values[name] ?? "") : (defaults[name] ?? ""));
  const path = discount ? `${ADMIN_PATH}/discounts/${discount.id}` : `${ADMIN_PATH}/discounts/new`;
  const used = discount !== null && discount.timesUsed > 0;
  const typeError = problem?.errors.type ?? [];
  const field = (name: string, { required = false, ...props }: { hint?: string; required?: boolean; type?: string; maxLength?: number }) => (
    <AccountField name={name} field={name} label={labels[name] ?? name} problem={problem} autoComplete="off" required={required} defaultValue={value(name)} {...props} />
  );
  return (
    <>
      <p className="admin-order__back">
        <Link to={`${ADMIN_PATH}/discounts`}>← All discounts</Link>
      </p>
      <header className="admin-order__header">
        <h1 className="admin-page__title">{discount ? `Discount ${discount.code}` : "New discount code"}</h1>
        {discount ? <span className={`admin-badge admin-badge--discount-${discount.status}`}>{DISCOUNT_STATUS_LABELS[discount.status]}</span> : null}
      </header>
      {discount ? (
        <p className="admin-order__meta">
          Used on {discount.timesUsed} {discount.timesUsed === 1 ? "order" : "orders"}
          {discount.usageLimit !== null ? ` of the ${discount.usageLimit} allowed` : ""}.
        </p>
      ) : null}
      {saved && !problem ? (
        <p className="admin-notice" role="status">
          The discount was saved.
        </p>
      ) : null}
      <ErrorSummary problem={problem} labels={labels} />
      {/* Keyed by the answer, so a failed post's typed values replace the stored ones. */}
      <Form key={problem ? JSON.stringify(problem.values) : "stored"} className="admin-discount__form" method="post" action={path} noValidate>
        {field("code", {
          required: true,
          maxLength: DISCOUNT_CODE_MAX_LENGTH,
          hint: used ? "This code has been used on orders, so it keeps its code. Disable it or give it an end to stop it." : "What shoppers type at checkout: letters, digits, dashes and underscores. Case does not matter.",
        })}
        {field("title", { maxLength: DISCOUNT_TITLE_MAX_LENGTH, hint: "For you and on the shopper's order, such as “Winter newsletter”." })}
        <fieldset className="field admin-discount__types" aria-describedby={typeError.length ? `${fieldId("type")}-error` : undefined}>
          <legend className="field__label">{DISCOUNT_FORM_LABELS.type}</legend>
          {DISCOUNT_TYPES.map((type, index) => (
            <label key={type} className="admin-discount__choice">
              <input type="radio" name="type" value={type} defaultChecked={value("type") === type} id={index === 0 ? fieldId("type") : undefined} />
              {DISCOUNT_TYPE_LABELS[type]}
            </label>
          ))}
          {typeError.length ? (
            <p className="field__error" id={`${fieldId("type")}-error`}>
              {typeError.join(" ")}
            </p>
          ) : null}
        </fieldset>
        {field("value", { hint: "Percentage off: the percent, such as 10. Amount off: the amount, such as 5.00. Free shipping: leave it empty." })}
        {field("minimum_subtotal", { hint: "The items the shopper pays for must reach this amount, such as 30.00. Empty: no minimum." })}
        {currencies.length ? (
          <fieldset className="admin-discount__currencies" aria-describedby="discount-currencies-hint">
            <legend>Amounts in the shop's other currencies</legend>
            <p className="field__hint" id="discount-currencies-hint">
              What a shopper paying in each currency gets, such as 6.00. The amount off counts for amount-off codes only. Empty: the amount above, converted at that
              currency's rate and rounded to whole units.
            </p>
            {currencies.map((currency) => (
              <div className="admin-discount__pair" key={currency}>
                {field(currencyValueField(currency), {})}
                {field(currencyMinimumField(currency), {})}
              </div>
            ))}
          </fieldset>
        ) : null}
        <div className="admin-discount__pair">
          {field("starts_at", { type: "datetime-local", hint: `On the shop's clock (${timeZone}). Empty: from now.` })}
          {field("ends_at", { type: "datetime-local", hint: `On the shop's clock (${timeZone}). Empty: no end.` })}
        </div>
        <div className="admin-discount__pair">
          {field("usage_limit", { type: "number", hint: "Orders that may use the code in all. Empty: no limit." })}
          {field("usage_limit_per_customer", { type: "number", hint: "Orders one customer email may place with it. Empty: no limit." })}
        </div>
        <div className="field admin-discount__enabled">
          <label className="admin-discount__choice">
            <input type="checkbox" name="enabled" defaultChecked={value("enabled") === "on"} />
            Enabled: shoppers can use the code between its dates
          </label>
        </div>
        <SubmitButton label={discount ? "Save the discount" : "Create the discount"} busyLabel="Saving…" action={path} className="admin-button" />
      </Form>
    </>
  );
}
