import { statusFor } from "../../core/contract/refusal-status.ts";
import { type ShouldRevalidateFunctionArgs, data, useSearchParams } from "react-router";
import { routineScreenOf } from "../../core/content/editor-sections.ts";
import { useDesignSection } from "../content/editor/design-mode.ts";
import type { Route } from "./+types/routine-builder";
import type { RoutineScreen } from "../../core/builders/routine-builder.ts";
import { formValues } from "../accounts/answer.ts";
import { RoutineBuilder } from "../builders/routine/RoutineBuilder.tsx";
import type { BookingResult } from "../builders/routine/BookingForm.tsx";
import { loadRoutinePage } from "../builders/routine/routine-data.ts";
import { storefrontContext } from "../storefront/context.ts";
import { formAnswerHeaders } from "../storefront/form-headers.ts";
import { canonicalLink, headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";
import "../styles/forms.css";
import "../accounts/account.css";
import "../builders/builder.css";
import "../builders/routine/routine.css";

const SCREENS: readonly RoutineScreen[] = ["start", "booking", "steps"];

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const shopName = shopNameOf(matches);
  if (!loaderData) return [{ title: pageTitle(headTextOf(matches)("page_not_found"), shopName) }];
  return [
    { title: pageTitle(loaderData.page.title, shopName) },
    { name: "description", content: loaderData.page.intro || "Build a morning and evening skincare routine, step by step." },
    canonicalLink(matches, "/pages/routine-builder"),
  ];
};

/** `/pages/routine-builder?screen=…&step=…`: the routine builder; the screen and step live in the address. */
export async function loader({ context }: Route.LoaderArgs) {
  const storefront = context.get(storefrontContext);
  const page = await loadRoutinePage(storefront, (await storefront.builders()).routine);
  if (!page) throw data(null, { status: 404 });
  return { page };
}

/** Moving between screens and steps changes only the address: the page's data stays. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

/** A refused booking's wait (Retry-After) goes with the page. */
export const headers = (args: Route.HeadersArgs) => formAnswerHeaders(args);

/** Books a free skin consultation; the two ways with a date send it under their own name. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const date = values.type === "video" ? values.video_date : values.type === "in-store" ? values.store_date : undefined;
  const answer = await context.get(storefrontContext).bookConsultation({ ...values, ...(date !== undefined ? { date } : {}) });
  if (answer.ok) return { booked: { reference: answer.reference, email: answer.email, type: answer.type } } satisfies BookingResult;
  const headers: HeadersInit = answer.retryAfter ? { "Retry-After": String(answer.retryAfter) } : {};
  return data<BookingResult>({ problem: { description: answer.description, errors: answer.errors, values, ...(answer.retryAfter ? { retryAfter: answer.retryAfter } : {}) } }, { status: statusFor(answer.reason), headers });
}

export default function RoutineBuilderPage({ loaderData, actionData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const requested = search.get("screen");
  const own: RoutineScreen = SCREENS.includes(requested as RoutineScreen) ? (requested as RoutineScreen) : actionData ? "booking" : "start";
  // In the theme editor's preview, a selected screen's section shows that screen.
  const designed = routineScreenOf(useDesignSection());
  const screen = designed ?? own;
  const step = Number.parseInt(search.get("step") ?? "1", 10) || 1;
  return (
    <main id="main" className="page page--routine" tabIndex={-1}>
      <RoutineBuilder page={loaderData.page} screen={screen} step={step} booking={actionData ?? null} designed={designed !== null} />
    </main>
  );
}
