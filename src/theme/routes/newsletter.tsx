import { Link } from "react-router";
import type { Route } from "./+types/newsletter";
import { headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useText } from "../storefront/use-shop.ts";
import "../content/content.css";

/** Where a confirmation or unsubscribe link lands, by what happened; each state's title and text are catalogue words. */
const STATES = ["confirmed", "already_confirmed", "unsubscribed", "invalid"] as const;

type State = (typeof STATES)[number];

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(headTextOf(matches)(`newsletter_page_${loaderData?.state ?? "invalid"}_title`), shopNameOf(matches)) },
  { name: "robots", content: "noindex" },
];

/** `/newsletter?state=`: where the confirmation and unsubscribe links land. */
export function loader({ request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("state") ?? "";
  const state: State = STATES.find((known) => known === asked) ?? "invalid";
  return { state };
}

export default function Newsletter({ loaderData }: Route.ComponentProps) {
  const words = useText();
  const title = words(`newsletter_page_${loaderData.state}_title`);
  const text = words(`newsletter_page_${loaderData.state}_text`);
  return (
    <main id="main" className="page page--content" tabIndex={-1}>
      <article className="content">
        <header className="content__header">
          <h1 className="content__title">{title}</h1>
        </header>
        <p className="content__lede">{text}</p>
        <p className="content__back">
          <Link to="/collections/all">{words("continue_shopping")}</Link>
        </p>
      </article>
    </main>
  );
}
