/**
 * The cookie banner's choice over HTTP, for a browser without scripts (the
 * banner's buttons are a form): `POST /consent` with `choice` = accept,
 * reject or save (with `analytics` and `marketing` ticked or not) sets the
 * consent cookie and goes back to the page. Scripts set the same cookie
 * themselves, through the same rule.
 */
import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import { CONSENT_COOKIE, CONSENT_MAX_AGE_DAYS, CONSENT_PATH, consentFromChoice, serializeConsent } from "../../core/marketing/consent.ts";
import { readBody } from "./body.ts";
import { isHttps } from "./cookies.ts";
import { badRequest } from "./errors.ts";
import { postLimit, safeLocalPath, wantsJson } from "./requests.ts";

export function consentRoutes(): Hono {
  const app = new Hono();

  app.post(CONSENT_PATH, postLimit, async (c) => {
    const body = await readBody(c);
    const choice = typeof body.choice === "string" ? body.choice : "";
    if (!["accept", "reject", "save"].includes(choice)) throw badRequest("choice must be accept, reject or save");
    const ticked = (name: string) => body[name] === "on" || body[name] === "true" || body[name] === true;
    const consent = consentFromChoice(choice, { analytics: ticked("analytics"), marketing: ticked("marketing") });
    // Scripts read it (to hold tags back), so it is not HttpOnly; it holds nothing but the choice.
    setCookie(c, CONSENT_COOKIE, serializeConsent(consent), { path: "/", sameSite: "Lax", secure: isHttps(c), maxAge: CONSENT_MAX_AGE_DAYS * 24 * 60 * 60 });
    if (wantsJson(c)) return c.json({ consent });
    return c.redirect(safeLocalPath(body.return_to, "/"), 303);
  });

  return app;
}
