import { describe, expect, it } from "vitest";
import { formAnswerHeaders } from "./form-headers.ts";

describe("formAnswerHeaders", () => {
  it("keeps a refused form's wait and caching, over the page's own", () => {
    const headers = formAnswerHeaders({ actionHeaders: new Headers({ "Retry-After": "120", "Cache-Control": "private, no-store", "X-Other": "1" }) }, { "Cache-Control": "public" });
    expect(headers.get("retry-after")).toBe("120");
    expect(headers.get("cache-control")).toBe("private, no-store");
    expect(headers.get("x-other")).toBeNull();
  });

  it("is the page's own headers when no form was sent", () => {
    expect([...formAnswerHeaders({ actionHeaders: new Headers() }, { "Cache-Control": "private, no-store" })]).toEqual([["cache-control", "private, no-store"]]);
  });
});
