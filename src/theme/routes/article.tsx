import { Link, data } from "react-router";
import type { Route } from "./+types/article";
import { ArticleImage } from "../content/ArticleImage.tsx";
import { RichText } from "../content/RichText.tsx";
import { contentMeta } from "../content/content-meta.ts";
import { ProductGrid } from "../catalog/product/ProductGrid.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { absoluteUrl, siteLanguageOf } from "../storefront/meta.ts";
import { useLongDay, useText } from "../storefront/use-shop.ts";
import "../content/content.css";
import "../catalog/product/product-card.css";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return contentMeta(matches, null);
  const { article } = loaderData.view;
  const path = `/blogs/${article.blog}/${article.handle}`;
  return [
    ...contentMeta(matches, { title: article.seoTitle, description: article.seoDescription, path, type: "article", image: article.image?.src ?? null }),
    { property: "article:published_time", content: article.publishedAt },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: article.title,
        inLanguage: siteLanguageOf(matches),
        description: article.seoDescription,
        datePublished: article.publishedAt,
        dateModified: article.updatedAt,
        author: { "@type": "Person", name: article.author },
        mainEntityOfPage: absoluteUrl(matches, path),
        ...(article.image ? { image: absoluteUrl(matches, article.image.src) } : {}),
      },
    },
  ];
};

/** `/blogs/{blog}/{article}`: one journal article, then the products it talks about. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await context.get(storefrontContext).content.article(params.blog, params.article);
  if (!view) throw data(null, { status: 404 });
  return { view };
}

export default function Article({ loaderData }: Route.ComponentProps) {
  const { article, blogTitle, products, tagLabels } = loaderData.view;
  const text = useText();
  const longDay = useLongDay();
  return (
    <main id="main" className="page page--content page--article" tabIndex={-1}>
      <article className="content">
        <header className="content__header">
          <p className="content__eyebrow">
            <Link to={`/blogs/${article.blog}`}>{blogTitle}</Link>
          </p>
          <h1 className="content__title">{article.title}</h1>
          <p className="content__meta">
            <time dateTime={article.publishedAt}>{longDay(article.publishedAt)}</time> · {article.author}
          </p>
        </header>
        {article.image ? <ArticleImage image={article.image} sizes="(min-width: 800px) 760px, 100vw" priority="high" /> : null}
        <RichText html={article.bodyHtml} />
        {article.tags.length ? (
          <ul className="content__tags" aria-label={text("blog_tags_label")}>
            {article.tags.map((tag) => (
              <li key={tag}>{tagLabels[tag] ?? tag}</li>
            ))}
          </ul>
        ) : null}
      </article>
      {products.length ? (
        <section className="article-products" aria-labelledby="article-products-title">
          <h2 className="article-products__title" id="article-products-title">
            {text("article_products_title")}
          </h2>
          <ProductGrid products={products} />
        </section>
      ) : null}
      <p className="content__back">
        <Link to={`/blogs/${article.blog}`}>
          <span aria-hidden="true">← </span>
          {text("article_back", { blog: blogTitle })}
        </Link>
      </p>
    </main>
  );
}
