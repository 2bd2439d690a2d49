import { data } from "react-router";
import type { Route } from "./+types/page";
import { ContentPage } from "../content/ContentPage.tsx";
import { contentMeta } from "../content/content-meta.ts";
import { faqJsonLd } from "../content/faq-json-ld.ts";
import { storefrontContext } from "../storefront/context.ts";
import { absoluteUrl, siteLanguageOf } from "../storefront/meta.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const page = loaderData?.view.page;
  if (!page) return contentMeta(matches, null);
  const path = `/pages/${page.handle}`;
  const head = contentMeta(matches, { title: page.seoTitle, description: page.seoDescription, path });
  // A FAQ page tells search engines its questions and answers.
  return page.template === "faq" && page.data.faq?.length ? [...head, { "script:ld+json": faqJsonLd(page.data.faq, siteLanguageOf(matches), absoluteUrl(matches, path)) }] : head;
};

/** `/pages/{handle}`: a page of the shop's content; the contact page notes a message sent (`?contact_posted=true`). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const view = await context.get(storefrontContext).content.page(params.handle);
  if (!view) throw data(null, { status: 404 });
  return { view, sent: new URL(request.url).searchParams.get("contact_posted") === "true" };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { view, sent } = loaderData;
  return <ContentPage view={view} contact={{ problem: null, sent }} />;
}
