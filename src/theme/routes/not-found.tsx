import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundMessage } from "../layout/PageMessage.tsx";
import { headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(headTextOf(matches)("page_not_found"), shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

export function loader() {
  return data({}, { status: 404 });
}

export default function NotFound() {
  return (
    <main id="main" className="page page--message" tabIndex={-1}>
      <NotFoundMessage />
    </main>
  );
}
