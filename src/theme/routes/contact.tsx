import { statusFor } from "../../core/contract/refusal-status.ts";
import { data, redirect } from "react-router";
import type { Route } from "./+types/contact";
import { CONTACT_PAGE } from "../../core/content/contact.ts";
import { CUSTOMER_FORM_TYPE, customerFormReturn } from "../../core/marketing/customer-form.ts";
import { type AccountProblem, formValues } from "../accounts/answer.ts";
import { ContentPage } from "../content/ContentPage.tsx";
import { contentMeta } from "../content/content-meta.ts";
import { storefrontContext } from "../storefront/context.ts";
import { formAnswerHeaders } from "../storefront/form-headers.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  contentMeta(matches, loaderData?.view ? { title: loaderData.view.page.seoTitle, description: loaderData.view.page.seoDescription, path: CONTACT_PAGE } : null);

const CONTACT_HANDLE = CONTACT_PAGE.replace("/pages/", "");

/** `/contact` shows the contact page; its form's answer is drawn here when a message is refused. */
export async function loader({ context }: Route.LoaderArgs) {
  const view = await context.get(storefrontContext).content.page(CONTACT_HANDLE);
  if (!view) throw data(null, { status: 404 });
  return { view };
}

/** A refused message's wait (Retry-After) goes with the page. */
export const headers = (args: Route.HeadersArgs) => formAnswerHeaders(args);

/**
 * `POST /contact` (`form_type=contact`): a sent message goes back to the contact page, which says so.
 * Shopify's customer form (`form_type=customer`, a newsletter sign-up) goes back to the page it came from.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const storefront = context.get(storefrontContext);
  if (values.form_type === CUSTOMER_FORM_TYPE) {
    const signup = await storefront.customerFormSignup(values);
    const headers = new Headers({ "Cache-Control": "private, no-store" });
    if (signup.retryAfter !== undefined) headers.set("Retry-After", String(signup.retryAfter));
    const { site } = await storefront.shop();
    return redirect(customerFormReturn(request.headers.get("referer"), new URL(request.url).origin, signup.errors.length === 0, site ?? { path: "" }), { status: 303, headers });
  }
  const answer = await storefront.content.contact(values);
  if (answer.ok) return redirect(`${CONTACT_PAGE}?contact_posted=true#contact_form`, 303);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (answer.retryAfter !== undefined) headers.set("Retry-After", String(answer.retryAfter));
  const problem: AccountProblem = {
    description: answer.description,
    errors: answer.errors,
    values,
    ...(answer.retryAfter !== undefined ? { retryAfter: answer.retryAfter } : {}),
  };
  return data(problem, { status: statusFor(answer.reason), headers });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return <ContentPage view={loaderData.view} contact={{ problem: actionData ?? null, sent: false }} />;
}
