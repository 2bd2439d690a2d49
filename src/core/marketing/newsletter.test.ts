import { describe, expect, it } from "vitest";
import { listsToJoin, submitProblem, successText } from "./newsletter.ts";
import { signupSchema } from "./newsletter-signup.ts";

describe("the newsletter form's rules", () => {
  it("holds a submit sooner than the minimum after the page loaded, to the millisecond", () => {
    expect(submitProblem({ loadedAt: 1_000, now: 3_999, minSeconds: 3, trap: "" })).toBe("too_soon");
    expect(submitProblem({ loadedAt: 1_000, now: 4_000, minSeconds: 3, trap: "" })).toBeNull();
  });

  it("stops a submit whose hidden field is filled, whatever the timing", () => {
    expect(submitProblem({ loadedAt: 0, now: 60_000, minSeconds: 3, trap: "http://spam.example" })).toBe("spam");
    expect(submitProblem({ loadedAt: 0, now: 60_000, minSeconds: 3, trap: "   " })).toBeNull();
  });

  it("joins the main list and each offered extra list ticked, once", () => {
    expect(listsToJoin("main", ["tips", "launches", "tips", "forged"], ["launches", "tips"])).toBe("main,tips,launches");
    expect(listsToJoin("main", [], ["launches"])).toBe("main");
  });

  it("chooses the success text by skin type and sensitivity, the first match winning", () => {
    const tailored = [
      { skintype: "dry", sensitivity: "sensitive", text: "dry and sensitive" },
      { skintype: "dry", sensitivity: null, text: "dry" },
      { skintype: null, sensitivity: "sensitive", text: "sensitive" },
    ];
    expect(successText(tailored, { skintype: "dry", sensitivity: "sensitive" }, "thanks")).toBe("dry and sensitive");
    expect(successText(tailored, { skintype: "dry", sensitivity: "not-sensitive" }, "thanks")).toBe("dry");
    expect(successText(tailored, { skintype: "dry", sensitivity: "" }, "thanks")).toBe("dry");
    expect(successText(tailored, { skintype: "oily", sensitivity: "sensitive" }, "thanks")).toBe("sensitive");
    expect(successText(tailored, { skintype: "", sensitivity: "" }, "thanks")).toBe("thanks");
    expect(successText(tailored, { skintype: "oily", sensitivity: "" }, "thanks")).toBe("thanks");
  });

  it("checks a sign-up: a real email, known skin answers, lists as a comma list", () => {
    expect(signupSchema.parse({ email: " Ada@Example.com ", lists: "a, b,,", skintype: "dry", sensitivity: "" })).toEqual({ email: "Ada@Example.com", lists: ["a", "b"], skintype: "dry", sensitivity: null });
    expect(signupSchema.safeParse({ email: "nope" }).success).toBe(false);
    expect(signupSchema.safeParse({ email: "a@example.com", skintype: "scaly" }).success).toBe(false);
  });
});
