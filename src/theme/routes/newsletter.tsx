import { Link } from "react-router";
import type { Route } from "./+types/newsletter";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import "../content/content.css";

const STATES = {
  confirmed: { title: "You're on the list", text: "Thank you for confirming your email. Your first newsletter is on its way; every one has a link to unsubscribe in one click." },
  already_confirmed: { title: "Already confirmed", text: "This email is already on our list. There is nothing more to do." },
  unsubscribed: { title: "You're unsubscribed", text: "We will not send you any more newsletters. Emails about your orders still arrive. Changed your mind? Sign up again at the foot of any page." },
  invalid: { title: "This link does not work", text: "The link may be incomplete, or a newer email replaced it. Sign up again at the foot of any page and we will send a fresh one." },
} as const;

type State = keyof typeof STATES;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [{ title: pageTitle(STATES[loaderData?.state ?? "invalid"].title, shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

/** `/newsletter?state=`: where the confirmation and unsubscribe links land. */
export function loader({ request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("state") ?? "";
  const state: State = Object.hasOwn(STATES, asked) ? (asked as State) : "invalid";
  return { state };
}

export default function Newsletter({ loaderData }: Route.ComponentProps) {
  const { title, text } = STATES[loaderData.state];
  return (
    <main id="main" className="page page--content" tabIndex={-1}>
      <article className="content">
        <header className="content__header">
          <h1 className="content__title">{title}</h1>
        </header>
        <p className="content__lede">{text}</p>
        <p className="content__back">
          <Link to="/collections/all">Continue shopping</Link>
        </p>
      </article>
    </main>
  );
}
