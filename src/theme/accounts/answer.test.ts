import { describe, expect, it } from "vitest";
import { accountResponse, formValues } from "./answer.ts";

const unwrap = (result: unknown) => {
  if (result instanceof Response) return { status: result.status, headers: result.headers, body: null };
  const { data: body, init } = result as { data: unknown; init: ResponseInit | null };
  return { status: init?.status ?? 200, headers: new Headers(init?.headers), body };
};

describe("accountResponse", () => {
  it("redirects with the shop's cookies", () => {
    const { status, headers } = unwrap(accountResponse({ ok: true, redirect: "/account", cookies: ["customer_session=a; Path=/; HttpOnly", "cart=b; Path=/"] }));
    expect(status).toBe(303);
    expect(headers.get("location")).toBe("/account");
    expect(headers.getSetCookie()).toEqual(["customer_session=a; Path=/; HttpOnly", "cart=b; Path=/"]);
  });

  it("answers a rate limit with 429 and Retry-After, and never sends a password back", () => {
    const result = unwrap(
      accountResponse(
        { ok: false, reason: "limited", description: "Too many attempts", errors: {}, cookies: [], retryAfter: 120 },
        { "customer[email]": "a@example.com", "customer[password]": "secret", altcha: "x" },
      ),
    );
    expect(result.status).toBe(429);
    expect(result.headers.get("retry-after")).toBe("120");
    expect(result.headers.get("cache-control")).toBe("private, no-store");
    expect(result.body).toEqual({ description: "Too many attempts", errors: {}, values: { "customer[email]": "a@example.com" }, retryAfter: 120 });
  });
});

describe("formValues", () => {
  it("keeps text fields only", () => {
    const form = new FormData();
    form.set("customer[email]", "a@example.com");
    form.set("file", new Blob(["x"]));
    expect(formValues(form)).toEqual({ "customer[email]": "a@example.com" });
  });
});
