/**
 * What a page address answers a request it cannot take, against the running
 * shop with its built pages: another method is a 405 with Allow, a post to a
 * page without a form a 405, a body that is not a form a 415, a broken
 * multipart body a 400 and an oversized body a 413, each as a short page in
 * plain words, never a failure (500) and never the framework's own message
 * naming its route modules. Run once (desktop): the answers do not depend on
 * the window.
 */
import { type APIResponse, expect, test } from "@playwright/test";

/** Words only the framework's own errors use: a route module's id, or its explanation of a missing action. */
const FRAMEWORK_WORDS = /routes\/|did not provide an `action`|ErrorResponse|Something went wrong/;

async function expectShortPage(response: APIResponse, status: number, heading: string) {
  expect(response.status()).toBe(status);
  expect(response.headers()["content-type"]).toContain("text/html");
  const text = await response.text();
  expect(text).toContain(`<h1>${heading}</h1>`);
  expect(text).not.toMatch(FRAMEWORK_WORDS);
}

test.describe("page requests the shop cannot take", () => {
  test.skip(({ isMobile }) => isMobile, "server answers: run once");

  test("another method than GET, HEAD or POST is a 405 that names the methods a page takes", async ({ request }) => {
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const response = await request.fetch("/checkout", { method, headers: { "content-type": "application/x-www-form-urlencoded" }, data: "email=ada%40example.com" });
      await expectShortPage(response, 405, "Method not allowed");
      expect(response.headers()["allow"]).toBe("GET, HEAD, POST");
    }
  });

  test("a post to a page without a form is a 405, as a page and as a data request", async ({ request }) => {
    for (const path of ["/", "/products/damask-rose-mist", "/collections/face", "/pages/contact", "/search", "/no-such-page"]) {
      const response = await request.post(path, { form: { anything: "1" } });
      await expectShortPage(response, 405, "Method not allowed");
      expect(response.headers()["allow"], path).toBe("GET, HEAD");
    }
    for (const path of ["/_.data", "/products/damask-rose-mist.data", "/_root.data"]) {
      const response = await request.post(path, { form: { anything: "1" } });
      expect(response.status(), path).toBe(405);
      expect(await response.text(), path).not.toMatch(FRAMEWORK_WORDS);
    }
    // Pages with a form still take it: the checkout answers with its own page.
    const checkout = await request.post("/checkout", { form: { email: "not an address" } });
    expect(checkout.status()).toBe(422);
    expect(await checkout.text()).toContain("<h1");
  });

  test("a body that is not a form is a 415, and a broken multipart body a 400", async ({ request }) => {
    for (const type of ["application/json", "text/plain", "application/xml"]) {
      const response = await request.post("/checkout", { headers: { "content-type": type }, data: "{}" });
      await expectShortPage(response, 415, "Unsupported form");
    }
    const broken = await request.post("/checkout", { headers: { "content-type": "multipart/form-data; boundary=XX" }, data: "--XX\r\nbroken" });
    await expectShortPage(broken, 400, "Broken form");
  });

  test("an oversized page post is refused unread with a 413 that closes the connection", async ({ request }) => {
    const response = await request.post("/checkout", { headers: { "content-type": "application/x-www-form-urlencoded" }, data: `email=${"x".repeat(3 * 1024 * 1024)}` });
    await expectShortPage(response, 413, "Payload too large");
    expect(response.headers()["connection"]).toBe("close");
    expect((await request.get("/cart.js")).status()).toBe(200);
  });

  test("a form refused for too many attempts is a 429 whose Retry-After says how long to wait", async ({ request }) => {
    // Each form from an address of its own (the shop trusts the test's proxy header), so no other test's limits are touched.
    const limited = async (path: string, form: Record<string, string>, address: string, attempts: number) => {
      let last: APIResponse | undefined;
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        last = await request.post(path, { form, headers: { "x-forwarded-for": address }, maxRedirects: 0 });
        if (last.status() === 429) break;
      }
      return last;
    };
    const checkout = await limited("/checkout", { email: "ada@example.com" }, "203.0.113.71", 40);
    const contact = await limited("/contact", { form_type: "contact", "contact[name]": "Ada", "contact[email]": "ada@example.com", "contact[body]": "A question about my order" }, "203.0.113.72", 20);
    const recover = await limited("/account/recover", { form_type: "recover_customer_password", email: "ada@example.com" }, "203.0.113.73", 40);
    for (const [name, response] of Object.entries({ checkout, contact, recover })) {
      expect(response?.status(), name).toBe(429);
      expect(Number(response?.headers()["retry-after"]), name).toBeGreaterThan(0);
      expect(await response?.text(), name).toMatch(/wait/i);
    }
  });
});
