/**
 * The merchant's script origins in the Content-Security-Policy: the back
 * office's settings form refuses anything but https origins (no keywords,
 * paths or open wildcards) and publishes nothing then; published origins
 * join script-src and connect-src on every page, rendered or kept, on every
 * site; without any the policy is exactly the shop's own. Runs on PGlite,
 * and on PostgreSQL when DATABASE_URL is set.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminSettingsClient, AdminSettingsPage } from "../../src/core/admin/admin-settings.ts";
import { formFields } from "../../src/core/settings/settings-form.ts";
import { settingsAdmin } from "../../src/platform/admin/settings-admin.ts";
import type { LiveShop } from "../../src/server/live-shop.ts";
import { PageCache } from "../../src/server/page-cache.ts";
import { addStaff, openThemeShop } from "./harness.ts";

let shop: LiveShop;
let close: () => Promise<void>;
let admin: AdminSettingsClient;
let versions: () => Promise<number>;

beforeAll(async () => {
  // With the page cache, so the second request for a page is answered from its kept copy.
  const opened = await openThemeShop({ app: { pageCache: new PageCache(16 * 1024 * 1024) } });
  ({ shop, close } = opened);
  const owner = await addStaff(opened.db, "owner@script-origins.test", "Owner", "owner");
  admin = settingsAdmin(opened.db, async () => owner);
  versions = async () => (await opened.db.query<{ count: number }>("select count(*)::int as count from settings_versions"))[0]?.count ?? 0;
});
afterAll(async () => {
  await close?.();
});

const FIELD = "security.scriptOrigins";

const livePage = async (): Promise<AdminSettingsPage> => {
  const page = await admin.page();
  if (!page) throw new Error("the owner sees no settings page");
  return page;
};
const formWith = (page: AdminSettingsPage, origins: string, field = FIELD) => ({
  ...Object.fromEntries(formFields(page.form).map((formField) => [formField.name, formField.value])),
  base: String(page.version.number),
  [field]: origins,
});

/** A page's policy, directive by directive. */
async function policyOf(address: string): Promise<Record<string, string>> {
  const response = await shop.fetch(new Request(new URL(address, "http://shop.test")));
  expect(response.status, address).toBe(200);
  await response.arrayBuffer();
  const header = response.headers.get("content-security-policy") ?? "";
  return Object.fromEntries(header.split("; ").map((directive) => [directive.split(" ")[0], directive.split(" ").slice(1).join(" ")]));
}

describe("script origins in the back office and the pages' policy", () => {
  it("start empty: the form shows an empty field and pages name only the shop's own scripts", async () => {
    // Left empty, the list takes its default: none.
    expect(formFields((await livePage()).form).find((field) => field.name === FIELD)).toMatchObject({ type: "json", value: "", optional: true });
    const policy = await policyOf("/");
    expect(policy["script-src"]).toMatch(/^'self' 'nonce-[^' ]+'$/);
    expect(policy["connect-src"]).toBe("'self'");
  });

  it("refuses anything but https origins, naming the field, and publishes nothing", async () => {
    const before = await versions();
    for (const origins of [`["'unsafe-inline'"]`, `["https://*"]`, `["http://analytics.example.com"]`, `["https://analytics.example.com/tag.js"]`, `["*.example.com"]`, `["https://a.example.com; script-src *"]`]) {
      const answer = await admin.publish(formWith(await livePage(), origins));
      expect(answer, origins).toMatchObject({ ok: false, reason: "invalid" });
      if (answer.ok) continue;
      expect(answer.errors[FIELD], origins).toMatch(/https origin/);
    }
    expect(await versions()).toBe(before);
    expect((await policyOf("/"))["script-src"]).toMatch(/^'self' 'nonce-[^' ]+'$/);
  });

  it("adds published origins to script-src and connect-src on rendered and kept pages of every site", async () => {
    const answer = await admin.publish({ ...formWith(await livePage(), `["https://www.googletagmanager.com", "https://*.Analytics.example.com/"]`), note: "Analytics" });
    expect(answer).toMatchObject({ ok: true });
    for (const address of ["/", "/", "/fr-fr", "/collections/all"]) {
      const policy = await policyOf(address);
      expect(policy["script-src"], address).toMatch(/^'self' 'nonce-[^' ]+' https:\/\/www\.googletagmanager\.com https:\/\/\*\.analytics\.example\.com$/);
      expect(policy["connect-src"], address).toBe("'self' https://www.googletagmanager.com https://*.analytics.example.com");
      expect(policy["img-src"], address).toBe("'self' data: blob:");
    }
    // Emptied again, the policy is the shop's own once more.
    expect(await admin.publish(formWith(await livePage(), "[]"))).toMatchObject({ ok: true });
    expect((await policyOf("/"))["script-src"]).toMatch(/^'self' 'nonce-[^' ]+'$/);
  });
});

describe("inline snippets", () => {
  const SNIPPETS = "security.inlineScripts";
  const snippet = "window.appEmbed = { shop: 'lumen-and-leaf', loaded: true };";
  const hash = `'sha256-${createHash("sha256").update(snippet, "utf8").digest("base64")}'`;
  const page = async (address: string) => {
    const response = await shop.fetch(new Request(new URL(address, "http://shop.test")));
    expect(response.status, address).toBe(200);
    return { html: await response.text(), policy: response.headers.get("content-security-policy") ?? "" };
  };

  it("refuse a snippet that would close its script element or hide the page, and publish nothing", async () => {
    const before = await versions();
    for (const snippets of [`["</script><script>alert(1)"]`, `["<!-- hidden"]`, `[""]`]) {
      const answer = await admin.publish(formWith(await livePage(), snippets, SNIPPETS));
      expect(answer, snippets).toMatchObject({ ok: false, reason: "invalid" });
      if (!answer.ok) expect(answer.errors[SNIPPETS], snippets).toBeTruthy();
    }
    expect(await versions()).toBe(before);
  });

  it("are drawn at the end of every storefront page, each allowed by its own hash, on rendered and kept pages", async () => {
    expect(await admin.publish(formWith(await livePage(), JSON.stringify([snippet]), SNIPPETS))).toMatchObject({ ok: true });
    for (const address of ["/", "/", "/fr-fr", "/collections/all"]) {
      const { html, policy } = await page(address);
      expect(html, address).toContain(`<script>${snippet}</script>`);
      expect(policy, address).toMatch(new RegExp(`script-src 'self' 'nonce-[^' ]+' ${hash.replace(/[+/]/g, "\\$&")}(;|$)`));
    }
    // Removed, the page draws it no more and the policy forgets its hash.
    expect(await admin.publish(formWith(await livePage(), "[]", SNIPPETS))).toMatchObject({ ok: true });
    const { html, policy } = await page("/");
    expect(html).not.toContain(snippet);
    expect(policy).not.toContain("sha256-");
  });
});
