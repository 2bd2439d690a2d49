import { Form, Link } from "react-router";
import type { Route } from "./+types/challenge";
import type { ChallengePurpose } from "../../core/accounts/account.ts";
import { ChallengeWidget } from "../accounts/ChallengeWidget.tsx";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { SubmitButton } from "../accounts/SubmitButton.tsx";
import { type AccountProblem, accountResponse, formValues, privateHeaders } from "../accounts/answer.ts";
import { withCartRefresh } from "../accounts/client-actions.ts";
import { storefrontContext } from "../storefront/context.ts";
import { headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useText } from "../storefront/use-shop.ts";
import "../accounts/account.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(headTextOf(matches)("challenge_title"), shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

export const headers = privateHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  return context.get(storefrontContext).account.challenge();
}

/** A solved check creates the waiting account (and logs in), or lets one more login or recovery through. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  return accountResponse(await context.get(storefrontContext).account.solveChallenge(values), values);
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return withCartRefresh(serverAction);
}

/** Why the check is asked for, by what the shopper was doing. */
const WHY = { register: "challenge_why_register", login: "challenge_why_login", recover: "challenge_why_recover" } as const satisfies Record<ChallengePurpose, string>;

/**
 * The bot check, served by the shop itself (no third party): an ALTCHA proof
 * of work solved by the browser. It needs JavaScript; without it the page
 * says so plainly.
 */
export default function Challenge({ loaderData, actionData }: Route.ComponentProps) {
  const problem: AccountProblem | null = actionData ?? null;
  const { purpose, challenge } = loaderData;
  const text = useText();
  return (
    <main id="main" className="page page--account" tabIndex={-1}>
      <div className="account-panel challenge">
        <h1 className="account-panel__title">{text("challenge_title")}</h1>
        <ErrorSummary problem={problem} labels={{}} />
        {purpose && challenge ? (
          <>
            <p>{text(WHY[purpose])}</p>
            <p className="account-notice account-notice--warning challenge__no-script">
              {text("challenge_no_script")}
            </p>
            {/* The widget marks the form invalid until it is done, which would swallow an early press; the widget's own script waits instead. */}
            <Form className="account-form challenge__form" method="post" action="/challenge" noValidate>
              <ChallengeWidget key={JSON.stringify(challenge)} challenge={challenge} />
              <SubmitButton label={text("challenge_continue")} busyLabel={text("account_sending")} action="/challenge" />
            </Form>
          </>
        ) : (
          <p>
            {text("challenge_nothing")} <Link to="/account/login">{text("log_in")}</Link> {text("challenge_or")} <Link to="/account/register">{text("challenge_create_account")}</Link>.
          </p>
        )}
      </div>
    </main>
  );
}
