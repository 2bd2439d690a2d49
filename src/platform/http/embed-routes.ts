/**
 * What the shop's two embeds show, served by the shop itself so nothing
 * leaves it: the social feed's posts (its own product pictures and journal
 * articles) and the recorded live-shopping show, a page the live-shopping
 * embed frames.
 */
import { Hono } from "hono";
import { html, raw } from "hono/html";
import { isBrowsable } from "../catalog/recommendations.ts";
import type { Platform } from "../services.ts";
import { notFound } from "./errors.ts";
import { newNonce, pageSecurityPolicy } from "./security-headers.ts";
import { sitePath } from "../../core/sites/sites.ts";
import { translateArticle } from "../content/content-translations.ts";
import { longDay } from "../../core/i18n/dates.ts";

/** Posts the feed answers: two rows of four. */
export const FEED_POSTS = 8;

export interface FeedPost {
  url: string;
  image: string;
  width: number;
  height: number;
  alt: string;
  caption: string;
}

const sized = (src: string, width: number) => `${src}${src.includes("?") ? "&" : "?"}width=${width}`;

/** The feed: the journal's articles and the bestsellers' pictures, taking turns, newest articles first, in the site's words and on its addresses. */
export async function socialFeed(platform: Platform): Promise<FeedPost[]> {
  const [catalog, originals] = await Promise.all([platform.catalog.get(), platform.content.articles()]);
  const texts = catalog.translations.get(platform.site.language);
  const articles = texts ? originals.map((article) => translateArticle(article, texts)) : originals;
  const picture = (handle: string | null) => {
    const product = handle ? catalog.productsByHandle.get(handle) : undefined;
    return product && isBrowsable(product) ? product.images[0] : undefined;
  };
  const fromJournal: FeedPost[] = articles.flatMap((article) => {
    const image = picture(article.imageProduct);
    return image ? [{ url: `/blogs/${article.blog}/${article.handle}`, image: sized(image.src, 480), width: image.width, height: image.height, alt: image.alt, caption: article.title }] : [];
  });
  const bestsellers = catalog.collections.get("bestsellers")?.productIds ?? [];
  const fromShop: FeedPost[] = bestsellers.flatMap((id) => {
    const product = catalog.products.get(id);
    const image = product && isBrowsable(product) ? product.images[0] : undefined;
    return product && image ? [{ url: `/products/${product.handle}`, image: sized(image.src, 480), width: image.width, height: image.height, alt: image.alt, caption: product.title }] : [];
  });
  const posts: FeedPost[] = [];
  for (let index = 0; posts.length < FEED_POSTS && (index < fromJournal.length || index < fromShop.length); index += 1) {
    for (const post of [fromShop[index], fromJournal[index]]) if (post && posts.length < FEED_POSTS) posts.push({ ...post, url: sitePath(platform.site, post.url) });
  }
  return posts;
}

const SHOW_STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#25332c;background:#1d3a2f}
.show{display:grid;grid-template-rows:auto 1fr auto;min-height:100vh;color:#fffdf9}
.show__moments{display:grid;gap:16px;align-content:center}
.show__top{display:flex;justify-content:space-between;gap:12px;padding:10px 14px;font-size:14px}
.show__badge{padding:2px 8px;border-radius:4px;background:#a4492a;font-weight:600}
.show__stage{display:grid;grid-template-columns:minmax(0,2fr) minmax(0,3fr);gap:16px;align-items:center;padding:0 14px;min-height:0}
.show__stage img{width:100%;height:auto;max-height:60vh;object-fit:contain;border-radius:8px;background:#efe8dc}
.show__caption{margin:0 0 8px;font-size:clamp(15px,2.4vw,20px)}
.show__product{color:#fffdf9;font-weight:600}
.show__controls{display:flex;flex-wrap:wrap;align-items:center;gap:8px;padding:10px 14px}
.show button{min-width:44px;min-height:44px;border:1px solid #fffdf9;border-radius:6px;background:transparent;color:#fffdf9;font:inherit;cursor:pointer}
.show button:focus-visible,.show a:focus-visible{outline:3px solid #f6e4da;outline-offset:2px}
.show ol{display:flex;gap:6px;margin:0;padding:0;list-style:none;overflow-x:auto}
.show ol button[aria-current="step"]{background:#fffdf9;color:#1d3a2f}
.segment[hidden]{display:none}
@media (max-width:600px){.show__stage{grid-template-columns:1fr;align-content:start}.show__stage img{max-height:34vh;width:auto;margin:0 auto}.show__top{flex-direction:column;gap:2px}}
`;

const SHOW_SCRIPT = `
(function(){
  var segments=[].slice.call(document.querySelectorAll(".segment"));
  var steps=[].slice.call(document.querySelectorAll("[data-step]"));
  var play=document.querySelector("[data-play]");
  var status=document.querySelector("[data-status]");
  var current=0,timer=null;
  function show(index){
    current=(index+segments.length)%segments.length;
    segments.forEach(function(segment,i){segment.hidden=i!==current;});
    steps.forEach(function(step,i){if(i===current)step.setAttribute("aria-current","step");else step.removeAttribute("aria-current");});
    status.textContent=segments[current].getAttribute("data-moment");
  }
  function stop(){clearInterval(timer);timer=null;play.textContent=play.getAttribute("data-play");play.setAttribute("aria-pressed","false");}
  function start(){timer=setInterval(function(){if(current===segments.length-1)stop();else show(current+1);},6000);play.textContent=play.getAttribute("data-pause");play.setAttribute("aria-pressed","true");}
  play.addEventListener("click",function(){if(timer)stop();else start();});
  document.querySelector("[data-prev]").addEventListener("click",function(){stop();show(current-1);});
  document.querySelector("[data-next]").addEventListener("click",function(){stop();show(current+1);});
  steps.forEach(function(step,i){step.addEventListener("click",function(){stop();show(i);});});
  document.documentElement.classList.add("js");
  show(0);
  if(!window.matchMedia("(prefers-reduced-motion: reduce)").matches)start();
})();
`;

export function embedRoutes(platform: Platform): Hono {
  const app = new Hono();

  app.get("/embeds/social-feed.json", async (c) => {
    c.header("cache-control", "public, max-age=300");
    return c.json({ posts: await socialFeed(platform) });
  });

  // The recorded show: one moment at a time (a product on screen and what the host says), every product a link into the shop,
  // in the site's language and on its addresses.
  app.get("/embeds/live/:show", async (c) => {
    const live = platform.settings.embeds?.liveShopping;
    if (!live?.enabled || c.req.path !== live.sourceUrl) throw notFound("Show not found");
    const catalog = await platform.catalog.get();
    const { show } = live;
    const { site, translate } = platform;
    const recorded = longDay(show.recordedOn, site.language);
    const moments = show.segments.flatMap((segment) => {
      const product = catalog.productsByHandle.get(segment.product);
      const image = product && isBrowsable(product) ? product.images[0] : undefined;
      return product && image ? [{ ...segment, product, image }] : [];
    });
    if (!moments.length) throw notFound("Show not found");
    c.header("cache-control", "public, max-age=300");
    // The show's one inline script runs by the page's nonce, as the theme's pages' do.
    const nonce = newNonce();
    c.header("content-security-policy", pageSecurityPolicy(nonce, { scriptOrigins: platform.settings.security.scriptOrigins }));
    return c.html(html`<!doctype html>
<html lang="${site.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${show.title} – ${platform.settings.shop.name}</title>
<style>${raw(SHOW_STYLE)}</style>
</head>
<body>
<main class="show">
  <div class="show__top"><span><span class="show__badge">${translate("live_replay")}</span> ${translate("live_show_with", { title: show.title, host: show.host })}</span><span>${translate("live_recorded", { date: recorded })}</span></div>
  <div class="show__moments">
    ${moments.map(
      (moment, index) => html`<section class="segment show__stage" aria-label="${moment.at}: ${moment.product.title}" data-moment="${translate("live_moment_of", { current: index + 1, total: moments.length })}">
      <img src="${sized(moment.image.src, 640)}" alt="${moment.image.alt}" width="${moment.image.width}" height="${moment.image.height}">
      <div>
        <p class="show__caption">${moment.caption}</p>
        <p><a class="show__product" href="${sitePath(site, `/products/${moment.product.handle}`)}" target="_top">${translate("live_shop", { title: moment.product.title })} <span aria-hidden="true">→</span></a></p>
      </div>
    </section>`,
    )}
  </div>
  <div class="show__controls">
    <button type="button" data-prev aria-label="${translate("live_previous")}">‹</button>
    <button type="button" data-play="${translate("live_play")}" data-pause="${translate("live_pause")}" aria-pressed="false">${translate("live_play")}</button>
    <button type="button" data-next aria-label="${translate("live_next")}">›</button>
    <ol aria-label="${translate("live_moments")}">${moments.map((moment) => html`<li><button type="button" data-step>${moment.at}</button></li>`)}</ol>
    <span data-status role="status" aria-live="polite"></span>
  </div>
</main>
<script nonce="${nonce}">${raw(SHOW_SCRIPT)}</script>
</body>
</html>`);
  });

  return app;
}
