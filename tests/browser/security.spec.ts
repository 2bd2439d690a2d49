/**
 * The Content-Security-Policy on real pages, at 390 and 1280 px: every page
 * names a fresh nonce, every inline script the shop writes carries it, and
 * nothing the shop does is blocked by the policy (no violation is reported
 * while browsing, opening the side cart, and going through the builders and
 * the checkout page). Other sites may not frame the shop's pages.
 */
import { type Page, expect, test } from "@playwright/test";
import { openReady } from "./ready.ts";

async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

test("pages run under a nonce policy that blocks nothing the shop does", async ({ page }) => {
  const violations = await watchViolations(page);
  const nonces = new Set<string>();
  for (const path of ["/", "/collections/face", "/products/damask-rose-mist", "/products/the-glow-edit", "/pages/build-your-bundle", "/pages/routine-builder", "/pages/contact", "/search?q=serum", "/account/register"]) {
    const response = await page.goto(path);
    const policy = response?.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? "";
    expect(nonce, path).not.toBe("");
    nonces.add(nonce);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    // Every executable inline script carries the page's nonce (the browser hides the value from the page, so the HTML is read).
    // JSON data blocks (the product's structured data, the shop info) are never run, so the policy does not apply to them.
    const html = (await response?.text()) ?? "";
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")([^>]*)>/g)].map((match) => match[1] ?? "");
    expect(inline.length, path).toBeGreaterThan(0);
    for (const attributes of inline) expect(attributes, path).toContain(`nonce="${nonce}"`);
  }
  // A fresh nonce for every page.
  expect(nonces.size).toBe(9);

  // The side cart, its chunk and an add to cart.
  await openReady(page, "/products/damask-rose-mist");
  await page.getByRole("button", { name: "Add to cart" }).first().click();
  await expect(page.getByRole("dialog", { name: /Your cart/ })).toBeVisible();
  await openReady(page, "/checkout");
  expect(violations).toEqual([]);
});

test("the checkout may be framed only by the shop itself unless the merchant lists other sites", async ({ request }) => {
  const response = await request.get("/checkout");
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
  expect(response.headers()["x-frame-options"]).toBeUndefined();
  const page = await request.get("/");
  expect(page.headers()["x-frame-options"]).toBe("SAMEORIGIN");
});
