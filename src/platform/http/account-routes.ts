/** The account over HTTP for scripts: who is logged in (`GET /account.json`). The account's forms are the theme's pages. */
import { Hono } from "hono";
import type { Platform } from "../services.ts";
import { SESSION_COOKIE } from "./account-cookies.ts";
import { getCookie } from "hono/cookie";

export function accountRoutes(platform: Platform): Hono {
  const app = new Hono();
  app.get("/account.json", async (c) => {
    c.header("cache-control", "private, no-store");
    return c.json({ customer: await platform.customers.customerForSession(getCookie(c, SESSION_COOKIE)) });
  });
  return app;
}
