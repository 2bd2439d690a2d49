import { Link } from "react-router";
import type { Route } from "./+types/home";
import { toGridProduct } from "../../core/catalog/product-card.ts";
import { scheduleState } from "../../core/common/day-time-rule.ts";
import { heroSlidesSpan } from "../../core/common/page-clock.ts";
import { CollectionList } from "../catalog/collection/CollectionList.tsx";
import { HeroSlideshow } from "../content/home/HeroSlideshow.tsx";
import { ProductCarousel } from "../catalog/product/ProductCarousel.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { absoluteUrl, canonicalLink, headTextOf, shopNameOf, siteLanguageOf } from "../storefront/meta.ts";
import { useText } from "../storefront/use-shop.ts";
import "../catalog/collection/collection.css";
import "../styles/home.css";
import { EmbedSection } from "../content/embeds/EmbedSection.tsx";
import { useYieldedSection, yieldedMark } from "../content/editor/design-mode.ts";

const FEATURED_PRODUCTS = 8;

export const meta: Route.MetaFunction = ({ matches }) => {
  const shopName = shopNameOf(matches);
  const text = headTextOf(matches);
  const description = text("home_description", { shop: shopName });
  const home = absoluteUrl(matches, "/");
  return [
    { title: text("home_title", { shop: shopName }) },
    { name: "description", content: description },
    canonicalLink(matches, "/"),
    { property: "og:type", content: "website" },
    { property: "og:title", content: shopName },
    { property: "og:description", content: description },
    { property: "og:url", content: home },
    { property: "og:site_name", content: shopName },
    {
      "script:ld+json": [
        { "@context": "https://schema.org", "@type": "Organization", name: shopName, url: home, logo: absoluteUrl(matches, "/favicon.svg") },
        {
          "@context": "https://schema.org",
          "@type": "WebSite",
          name: shopName,
          url: home,
          inLanguage: siteLanguageOf(matches),
          potentialAction: { "@type": "SearchAction", target: `${absoluteUrl(matches, "/search")}?q={search_term_string}`, "query-input": "required name=search_term_string" },
        },
      ],
    },
  ];
};

export async function loader({ context }: Route.LoaderArgs) {
  const storefront = context.get(storefrontContext);
  const { home, embeds, timeZone } = await storefront.homePage();
  const posterHandle = embeds?.liveShopping.enabled ? embeds.liveShopping.posterProduct : null;
  const [collections, featured, slideProducts, posterProduct] = await Promise.all([
    storefront.collections(),
    storefront.collection(home.featured.collection, { perPage: FEATURED_PRODUCTS }).then((page) => page ?? storefront.collection("all", { perPage: FEATURED_PRODUCTS })),
    Promise.all(home.hero.slides.map((slide) => (slide.product ? storefront.product(slide.product) : null))),
    posterHandle ? storefront.product(posterHandle) : null,
  ]);
  const poster = posterProduct?.product.media[0];
  const now = Date.now();
  // The slides' states hold from the last change of any schedule: the page is the same whatever second it is drawn in.
  const statesSince = heroSlidesSpan(home.hero.slides, now, timeZone).from;
  const slides = home.hero.slides.map((slide, index) => {
    const image = slideProducts[index]?.product.media[0];
    return {
      key: String(index),
      eyebrow: slide.eyebrow,
      title: slide.title,
      text: slide.text,
      links: slide.links,
      image: image ? { src: image.src, width: image.width, height: image.height } : null,
      schedule: slide.schedule,
      scheduleState: slide.schedule ? scheduleState(slide.schedule, now, timeZone) : null,
    };
  });
  return {
    // Scheduled slides are rendered as they are until the next change; the browser starts from the instant they held since.
    hero: { label: home.hero.label, autoplay: home.hero.autoplay, slides, timeZone, statesSince },
    collections: collections.filter((collection) => collection.handle !== "all" && collection.products_count > 0).slice(0, 6),
    featured: featured ? { handle: featured.collection.handle, title: featured.collection.title, products: featured.products.map(toGridProduct), autoplay: home.featured.autoplay } : null,
    embeds: embeds
      ? {
          timeoutMs: embeds.timeoutMs,
          liveShopping: embeds.liveShopping.enabled ? embeds.liveShopping : null,
          socialFeed: embeds.socialFeed.enabled ? embeds.socialFeed : null,
          poster: poster ? { src: poster.src, alt: poster.alt ?? "", width: poster.width, height: poster.height } : null,
          // The social feed's still preview until it may load: the shop's own pictures, from its featured products.
          feedPreview: (featured?.products ?? []).flatMap((view) => {
            const image = view.product.media[0];
            return image ? [{ src: image.src, alt: "", width: image.width, height: image.height }] : [];
          }),
        }
      : null,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, collections, featured, embeds } = loaderData;
  // Re-rendered in the theme editor: the editor puts the section's new HTML here until the page has its new data.
  const heroYielded = useYieldedSection("hero-slideshow");
  const text = useText();
  return (
    <main id="main" className="page page--home" tabIndex={-1}>
      <div id="shopify-section-hero-slideshow" className="shopify-section" data-section-id="hero-slideshow" {...yieldedMark(heroYielded)}>
        {heroYielded ? null : <HeroSlideshow hero={hero} />}
      </div>

      {collections.length ? (
        <section className="section" aria-labelledby="collections-title">
          <div className="section__header">
            <h2 id="collections-title" className="section__title">
              {text("home_categories")}
            </h2>
          </div>
          <CollectionList collections={collections} />
        </section>
      ) : null}

      {featured && featured.products.length ? (
        // The carousel is the region this heading names; the wrapper only lays out the heading and its link.
        <div className="section">
          <div className="section__header">
            <h2 id="featured-title" className="section__title">
              {featured.title}
            </h2>
            <Link className="section__more" to={`/collections/${featured.handle}`} prefetch="intent">
              {text("home_view_all")}<span className="visually-hidden"> {featured.title}</span>
            </Link>
          </div>
          <ProductCarousel products={featured.products} labelledBy="featured-title" autoplay={featured.autoplay} />
        </div>
      ) : null}

      {embeds?.liveShopping ? <EmbedSection name="live-shopping" settings={embeds.liveShopping} timeoutMs={embeds.timeoutMs} poster={embeds.poster} /> : null}
      {embeds?.socialFeed ? <EmbedSection name="social-feed" settings={embeds.socialFeed} timeoutMs={embeds.timeoutMs} poster={null} preview={embeds.feedPreview} /> : null}
    </main>
  );
}
