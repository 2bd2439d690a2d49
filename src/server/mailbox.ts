/**
 * The local mailbox (`/dev/mailbox`): the outbox's messages, newest first,
 * each shown as its HTML in a sandboxed frame and as its plain text. It is
 * for a shop running on the developer's own machine, where no mail server is
 * configured; the mailbox holds customers' addresses and password-reset links,
 * so a shop open to the world never serves it.
 */
import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { Queryable } from "../platform/db/database.ts";
import { type OutboxEntry, type OutboxSummary, findInOutbox, listOutbox } from "../platform/mail/outbox.ts";
import type { ServerConfig } from "./config.ts";

/**
 * Who may open the mailbox. `everyone` who reaches the server, when it is not
 * running in production; `this-machine` when a production server listens on
 * loopback only: then each request must also come from a loopback address and
 * carry no proxy headers, because a proxy on the same machine would otherwise
 * carry the world's requests in; `nobody` otherwise.
 */
export type MailboxAccess = "everyone" | "this-machine" | "nobody";

const isLoopbackHost = (host: string) => /^(localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i.test(host);

export function mailboxAccess(config: Pick<ServerConfig, "HOST" | "NODE_ENV">): MailboxAccess {
  if (config.NODE_ENV !== "production") return "everyone";
  return isLoopbackHost(config.HOST) ? "this-machine" : "nobody";
}

const PROXY_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-real-ip"];

/** Whether the request comes straight from this machine (a connection from a loopback address, through no proxy). */
export function isFromThisMachine(c: Context): boolean {
  if (PROXY_HEADERS.some((name) => c.req.header(name) !== undefined)) return false;
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    return false;
  }
  return address !== undefined && /^(127\.|::1$|::ffff:127\.)/.test(address);
}

/** The message's own HTML may style itself and show pictures; it may not run scripts, post forms or load anything else. */
const MESSAGE_CSP = [
  "default-src 'none'",
  "img-src 'self' https: data:",
  "style-src 'unsafe-inline'",
  "font-src https: data:",
  "form-action 'none'",
  "frame-ancestors 'self'",
  "sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation",
].join("; ");

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; img-src 'self'; form-action 'none'; frame-ancestors 'self'; base-uri 'none'";

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#25332c;background:#f7f3ec}
main{max-width:72rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.75rem;margin:0 0 1rem}
table{border-collapse:collapse;width:100%;background:#fffdf9}
caption{text-align:left;padding:.5rem 0;color:#56655d}
th,td{text-align:left;padding:.5rem .75rem;border-bottom:1px solid #e2d9ca;vertical-align:top}
td{overflow-wrap:anywhere}
@media (max-width:40rem){main{padding:1rem}th,td{padding:.5rem .25rem}}
a{color:#1d3a2f}
a:focus-visible{outline:3px solid #2b6cb0;outline-offset:2px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
dt{font-weight:bold}
dd{margin:0}
iframe{width:100%;height:70vh;border:1px solid #e2d9ca;background:#fff}
pre{white-space:pre-wrap;word-break:break-word;background:#fffdf9;border:1px solid #e2d9ca;padding:1rem}
`;

function page(c: Context, title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  c.header("cache-control", "no-store");
  c.header("x-robots-tag", "noindex, nofollow");
  c.header("referrer-policy", "no-referrer");
  c.header("content-security-policy", PAGE_CSP);
  return c.html(html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title} · Mailbox</title>
<style>${raw(STYLE)}</style>
</head>
<body><main>${body}</main></body>
</html>`);
}

const when = (iso: string, timeZone: string) =>
  html`<time datetime="${iso}">${new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone }).format(new Date(iso))}</time>`;

/** What became of a message: in a word for the list, in full on its page. */
function delivery(entry: OutboxSummary, timeZone: string, brief = false) {
  if (entry.via === "outbox") return brief ? "In the outbox" : "Kept in the outbox (no mail server configured)";
  if (entry.sentAt) return brief ? "Sent" : html`Sent through SMTP at ${when(entry.sentAt, timeZone)}`;
  if (entry.error) return brief ? "Failed" : `Not sent: ${entry.error}`;
  return brief ? "Sending" : "Being sent through SMTP";
}

/** The plain-text part with its web addresses made into links. */
const linkedText = (text: string) =>
  text.split(/(https?:\/\/[^\s<>"']+)/).map((part, index) => (index % 2 ? html`<a href="${part}" rel="noreferrer">${part}</a>` : part));

function listPage(c: Context, entries: OutboxSummary[], timeZone: string) {
  const rows = entries.map(
    (entry) =>
      html`<tr><td>${when(entry.createdAt, timeZone)}</td><td>${entry.to}</td><td><a href="/dev/mailbox/${entry.id}">${entry.subject}</a></td><td>${delivery(entry, timeZone, true)}</td></tr>`,
  );
  return page(
    c,
    "Mailbox",
    html`<h1>Mailbox</h1>
<p>Every email the shop has kept or sent, newest first. This page exists only on a shop running locally.</p>
${entries.length
  ? html`<table><caption>${entries.length === 1 ? "1 message" : `${entries.length} messages`}</caption>
<thead><tr><th scope="col">Time</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Delivery</th></tr></thead>
<tbody>${rows}</tbody></table>`
  : html`<p>No messages yet. Place an order and its confirmation appears here.</p>`}`,
  );
}

function messagePage(c: Context, entry: OutboxEntry, timeZone: string) {
  return page(
    c,
    entry.subject,
    html`<p><a href="/dev/mailbox">All messages</a></p>
<h1>${entry.subject}</h1>
<dl><dt>To</dt><dd>${entry.to}</dd><dt>Time</dt><dd>${when(entry.createdAt, timeZone)}</dd><dt>Delivery</dt><dd>${delivery(entry, timeZone)}</dd></dl>
${entry.html === null || entry.text === null
  ? html`<p>The mail server accepted this message, so its content is no longer kept.</p>`
  : html`<h2>As HTML</h2>
<iframe title="The message as HTML" src="/dev/mailbox/${entry.id}/html" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" referrerpolicy="no-referrer"></iframe>
<h2>As plain text</h2>
<pre>${linkedText(entry.text)}</pre>`}`,
  );
}

/** A message's links open in the whole window, not inside the frame. */
const linksToTop = (markup: string) => (/<head[^>]*>/i.test(markup) ? markup.replace(/<head[^>]*>/i, (head) => `${head}<base target="_top">`) : `<base target="_top">${markup}`);

/** The mailbox's routes, for the access `mailboxAccess` gave ("nobody" mounts nothing). */
export function mailboxRoutes(db: Queryable, access: Exclude<MailboxAccess, "nobody">, timeZone: string): Hono {
  const app = new Hono();
  const gate: MiddlewareHandler = async (c, next) => (access === "everyone" || isFromThisMachine(c) ? next() : c.notFound());
  app.use("/dev/mailbox", gate);
  app.use("/dev/mailbox/*", gate);

  app.get("/dev/mailbox", async (c) => listPage(c, await listOutbox(db), timeZone));

  app.get("/dev/mailbox/:id{[0-9]{1,15}}", async (c) => {
    const entry = await findInOutbox(db, Number(c.req.param("id")));
    return entry ? messagePage(c, entry, timeZone) : c.notFound();
  });

  app.get("/dev/mailbox/:id{[0-9]{1,15}}/html", async (c) => {
    const entry = await findInOutbox(db, Number(c.req.param("id")));
    if (!entry?.html) return c.notFound();
    c.header("cache-control", "no-store");
    c.header("x-robots-tag", "noindex, nofollow");
    c.header("referrer-policy", "no-referrer");
    c.header("content-security-policy", MESSAGE_CSP);
    return c.html(linksToTop(entry.html));
  });

  return app;
}
