import { Form, Link } from "react-router";
import type { Route } from "./+types/challenge";
import type { ChallengePurpose } from "../../core/accounts/account.ts";
import { ChallengeWidget } from "../accounts/ChallengeWidget.tsx";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { SubmitButton } from "../accounts/SubmitButton.tsx";
import { type AccountProblem, accountResponse, formValues, privateHeaders } from "../accounts/answer.ts";
import { withCartRefresh } from "../accounts/client-actions.ts";
import { storefrontContext } from "../storefront/context.ts";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import "../accounts/account.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("A quick check", shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

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

const WHY: Record<ChallengePurpose, string> = {
  register: "Before we create your account, your browser does a short check that you are a person, not a program signing up in bulk. There is no puzzle to solve.",
  login: "There were several unsuccessful attempts to log in from your network, so your browser does a short check that you are a person before the next one.",
  recover: "There were several password reset requests from your network, so your browser does a short check that you are a person before the next one.",
};

/**
 * The bot check, served by the shop itself (no third party): an ALTCHA proof
 * of work solved by the browser. It needs JavaScript; without it the page
 * says so plainly.
 */
export default function Challenge({ loaderData, actionData }: Route.ComponentProps) {
  const problem: AccountProblem | null = actionData ?? null;
  const { purpose, challenge } = loaderData;
  return (
    <main id="main" className="page page--account" tabIndex={-1}>
      <div className="account-panel challenge">
        <h1 className="account-panel__title">A quick check</h1>
        <ErrorSummary problem={problem} labels={{}} />
        {purpose && challenge ? (
          <>
            <p>{WHY[purpose]}</p>
            <p className="account-notice account-notice--warning challenge__no-script">
              This check runs in your browser and needs JavaScript. Turn JavaScript on, then reload this page.
            </p>
            {/* The widget marks the form invalid until it is done, which would swallow an early press; the widget's own script waits instead. */}
            <Form className="account-form challenge__form" method="post" action="/challenge" noValidate>
              <ChallengeWidget key={JSON.stringify(challenge)} challenge={challenge} />
              <SubmitButton label="Continue" busyLabel="Sending…" action="/challenge" />
            </Form>
          </>
        ) : (
          <p>
            Nothing is waiting on a check right now. <Link to="/account/login">Log in</Link> or <Link to="/account/register">create an account</Link>.
          </p>
        )}
      </div>
    </main>
  );
}
