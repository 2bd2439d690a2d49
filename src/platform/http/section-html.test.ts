import { describe, expect, it } from "vitest";
import { sectionInnerHtml, wrapSection } from "./section-html.ts";

describe("sectionInnerHtml", () => {
  const page = [
    "<html><body><header><a data-section-id=\"cart-icon-bubble\" href=\"/cart\">Cart <span>(2)</span></a></header>",
    "<main><div data-section-id=\"grid\" class=\"g\"><div><div>one</div></div><img src=\"x.png\" alt=\"\"><div>two</div></div><div>after</div></main>",
    "<script>window.__data = {\"html\":\"data-section-id=\\\"grid\\\"\"}</script></body></html>",
  ].join("");

  it("finds an element's inner HTML through nested elements of the same tag", () => {
    expect(sectionInnerHtml(page, "grid")).toBe("<div><div>one</div></div><img src=\"x.png\" alt=\"\"><div>two</div>");
    expect(sectionInnerHtml(page, "cart-icon-bubble")).toBe("Cart <span>(2)</span>");
  });

  it("answers null for a section the page does not have", () => {
    expect(sectionInnerHtml(page, "main-product")).toBeNull();
    expect(sectionInnerHtml("<div data-section-id=\"open\"><div>never closed", "open")).toBeNull();
  });

  it("wraps a section as Shopify does", () => {
    expect(wrapSection("grid", "<p>x</p>")).toBe('<div id="shopify-section-grid" class="shopify-section"><p>x</p></div>');
  });
});
