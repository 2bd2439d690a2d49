import { data } from "react-router";
import type { Route } from "./+types/policy";
import { RichText } from "../content/RichText.tsx";
import { contentMeta } from "../content/content-meta.ts";
import { storefrontContext } from "../storefront/context.ts";
import { useLongDay, useText } from "../storefront/use-shop.ts";
import { plainText } from "../storefront/meta.ts";
import "../content/content.css";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  contentMeta(matches, loaderData ? { title: loaderData.policy.title, description: plainText(loaderData.policy.bodyHtml), path: `/policies/${loaderData.policy.handle}` } : null);

/** `/policies/{handle}`: the privacy, shipping and refund policies and the terms of service. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const policy = await context.get(storefrontContext).content.policy(params.handle);
  if (!policy) throw data(null, { status: 404 });
  return { policy };
}

export default function Policy({ loaderData }: Route.ComponentProps) {
  const { policy } = loaderData;
  const text = useText();
  const updated = useLongDay()(policy.updatedAt);
  return (
    <main id="main" className="page page--content page--policy" tabIndex={-1}>
      <article className="content">
        <header className="content__header">
          <h1 className="content__title">{policy.title}</h1>
          <p className="content__meta">
            {text("policy_published")} <time dateTime={policy.updatedAt}>{updated}</time>
          </p>
        </header>
        <RichText html={policy.bodyHtml} />
      </article>
    </main>
  );
}
