import { data } from "react-router";
import type { Route } from "./+types/page";
import { ContentPage } from "../content/ContentPage.tsx";
import { contentMeta } from "../content/content-meta.ts";
import { storefrontContext } from "../storefront/context.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  contentMeta(matches, loaderData?.view ? { title: loaderData.view.page.seoTitle, description: loaderData.view.page.seoDescription, path: `/pages/${loaderData.view.page.handle}` } : null);

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
