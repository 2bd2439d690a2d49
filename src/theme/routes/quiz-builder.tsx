import { data } from "react-router";
import type { Route } from "./+types/quiz-builder";
import { QuizBuilder } from "../builders/quiz/QuizBuilder.tsx";
import { loadQuizPage } from "../builders/quiz/quiz-data.ts";
import { storefrontContext } from "../storefront/context.ts";
import { canonicalLink, headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";
import "../builders/builder.css";
import "../builders/quiz/quiz.css";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const shopName = shopNameOf(matches);
  if (!loaderData) return [{ title: pageTitle(headTextOf(matches)("page_not_found"), shopName) }];
  return [
    { title: pageTitle(loaderData.page.title, shopName) },
    { name: "description", content: loaderData.page.intro.text || `${loaderData.page.intro.title}: answer a few questions and we suggest a routine for your skin.` },
    canonicalLink(matches, "/pages/build-your-bundle"),
  ];
};

/** `/pages/build-your-bundle`: the quiz bundle builder, as the merchant set it up. */
export async function loader({ context }: Route.LoaderArgs) {
  const storefront = context.get(storefrontContext);
  const page = await loadQuizPage(storefront, (await storefront.builders()).quiz);
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export default function QuizBuilderPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="page page--quiz" tabIndex={-1}>
      <QuizBuilder page={loaderData.page} />
    </main>
  );
}
