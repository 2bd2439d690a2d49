import { describe, expect, it } from "vitest";
import { newCartToken } from "../cart/cart-model.ts";
import { signedCartCookie, tokenOfCartCookie } from "./cookies.ts";

describe("the cart cookie", () => {
  const key = "a".repeat(64);
  const otherKey = "b".repeat(64);

  it("gives its token only when the shop's key signed it, the first time and every time after", () => {
    const token = newCartToken();
    const cookie = signedCartCookie(token, key);
    for (let call = 0; call < 3; call++) expect(tokenOfCartCookie(cookie, key)).toBe(token);
    const [, signature] = cookie.split(".");
    const flipped = `${signature!.slice(0, -1)}${signature!.endsWith("0") ? "1" : "0"}`;
    expect(tokenOfCartCookie(`${token}.${flipped}`, key)).toBeNull();
    expect(tokenOfCartCookie(`${newCartToken()}.${signature}`, key)).toBeNull();
    expect(tokenOfCartCookie(`${cookie}.x`, key)).toBeNull();
    expect(tokenOfCartCookie(token, key)).toBeNull();
    expect(tokenOfCartCookie(undefined, key)).toBeNull();
  });

  it("is refused under another key, even after it was found good under its own", () => {
    const token = newCartToken();
    const cookie = signedCartCookie(token, key);
    expect(tokenOfCartCookie(cookie, key)).toBe(token);
    expect(tokenOfCartCookie(cookie, otherKey)).toBeNull();
    expect(tokenOfCartCookie(cookie, key)).toBe(token);
  });

  it("still checks every cookie when many shoppers' cookies have been seen", () => {
    const tokens = Array.from({ length: 6000 }, () => newCartToken());
    for (const token of tokens) expect(tokenOfCartCookie(signedCartCookie(token, key), key)).toBe(token);
    expect(tokenOfCartCookie(signedCartCookie(tokens[0]!, key), key)).toBe(tokens[0]);
    expect(tokenOfCartCookie(signedCartCookie(tokens[0]!, otherKey), key)).toBeNull();
  });
});
