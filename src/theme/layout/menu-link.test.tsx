import { renderToString } from "react-dom/server";
import { Link, MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { MenuLink, hrefUnder } from "./MenuLink.tsx";

const URLS = ["/", "/collections/face", "/collections/face?sort_by=price-ascending", "/pages/about#team", "/search?q=rose+oil", "/products/rose-face-oil/"];

describe("menu links written on the server", () => {
  for (const basename of ["/", "/fr-fr", "/en-us"]) {
    it(`match the anchor a Link renders under ${basename}`, () => {
      for (const url of URLS) {
        const at = basename === "/" ? "/" : `${basename}/`;
        const ours = renderToString(
          <MemoryRouter basename={basename} initialEntries={[at]}>
            <MenuLink item={{ title: "Face & body", url, items: [] }} className="mega-menu__link" />
          </MemoryRouter>,
        );
        const routers = renderToString(
          <MemoryRouter basename={basename} initialEntries={[at]}>
            <Link className="mega-menu__link" to={url}>
              Face &amp; body
            </Link>
          </MemoryRouter>,
        );
        expect(ours, url).toBe(routers);
      }
    });
  }

  it("joins a path under a prefix", () => {
    expect(hrefUnder("/", "/collections/face")).toBe("/collections/face");
    expect(hrefUnder("/fr-fr", "/")).toBe("/fr-fr");
    expect(hrefUnder("/fr-fr", "/?a=1")).toBe("/fr-fr?a=1");
    expect(hrefUnder("/fr-fr", "/pages/about#team")).toBe("/fr-fr/pages/about#team");
  });

  it("leaves links to other sites alone", () => {
    const html = renderToString(
      <MemoryRouter basename="/fr-fr" initialEntries={["/fr-fr/"]}>
        <MenuLink item={{ title: "Blog", url: "https://blog.example/", items: [] }} />
      </MemoryRouter>,
    );
    expect(html).toBe('<a href="https://blog.example/">Blog</a>');
  });
});
