import { Link, data } from "react-router";
import type { Route } from "./+types/blog";
import { handleize, readPage, withPage } from "../../core/catalog/collection-url.ts";
import { Pagination } from "../catalog/collection/Pagination.tsx";
import { ArticleImage } from "../content/ArticleImage.tsx";
import { contentMeta } from "../content/content-meta.ts";
import { storefrontContext } from "../storefront/context.ts";
import { feedLink, headTextOf } from "../storefront/meta.ts";
import { useLongDay, useText } from "../storefront/use-shop.ts";
import "../content/content.css";

/** The blog's own address, or its list of one tag's articles. */
const listPath = (blog: string, tag: string | null) => (tag === null ? `/blogs/${blog}` : `/blogs/${blog}/tagged/${handleize(tag)}`);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return contentMeta(matches, null);
  const { blog, tag, tagLabels } = loaderData.view;
  const title = tag === null ? blog.title : headTextOf(matches)("blog_tagged_title", { title: blog.title, tag: tagLabels[tag] ?? tag });
  // A tag's list is canonical to itself, as Shopify's; the feed is the blog's.
  return [...contentMeta(matches, { title, description: blog.description, path: listPath(blog.handle, tag) }), feedLink(matches, `/blogs/${blog.handle}`, blog.title)];
};

/** `/blogs/{handle}?page=` and `/blogs/{handle}/tagged/{tag}?page=`: the journal's articles (with that tag), newest first. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = readPage(new URL(request.url));
  const tagged = "tag" in params && typeof params.tag === "string" ? params.tag : null;
  const view = await context.get(storefrontContext).content.blog(params.blog, page, tagged);
  // A tag no article carries is an empty list (as Shopify answers); a page past the last is not found.
  if (!view || (page > 1 && !view.articles.length)) throw data(null, { status: 404 });
  return { view };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { blog, articles, page, pageCount, tags, tag, tagLabels } = loaderData.view;
  const tagName = tag === null ? null : (tagLabels[tag] ?? tag);
  const text = useText();
  const longDay = useLongDay();
  return (
    <main id="main" className="page page--content page--blog" tabIndex={-1}>
      <header className="content__header content__header--wide">
        <h1 className="content__title">{tagName === null ? blog.title : text("blog_tagged_title", { title: blog.title, tag: tagName })}</h1>
        {blog.description ? <p className="content__lede">{blog.description}</p> : null}
      </header>
      {tags.length ? (
        <nav className="blog-tags" aria-label={text("blog_tags_label")}>
          <ul className="blog-tags__list">
            <li>
              <Link className="blog-tags__link" to={listPath(blog.handle, null)} aria-current={tag === null ? "page" : undefined}>
                {text("blog_tags_all")}
              </Link>
            </li>
            {tags.map((name) => (
              <li key={name}>
                <Link className="blog-tags__link" to={listPath(blog.handle, name)} aria-current={tag !== null && handleize(tag) === handleize(name) ? "page" : undefined}>
                  {tagLabels[name] ?? name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {tagName !== null && !articles.length ? <p className="content__lede">{text("blog_tagged_empty", { tag: tagName })}</p> : null}
      <ul className="article-cards">
        {articles.map((article, index) => (
          <li className="article-card" key={article.handle}>
            {article.image ? <ArticleImage image={article.image} sizes="(min-width: 990px) 400px, (min-width: 750px) 50vw, 100vw" priority={index === 0 ? "high" : "lazy"} /> : null}
            <div className="article-card__text">
              <h2 className="article-card__title">
                <Link to={`/blogs/${blog.handle}/${article.handle}`} prefetch="intent">
                  {article.title}
                </Link>
              </h2>
              <p className="content__meta">
                <time dateTime={article.publishedAt}>{longDay(article.publishedAt)}</time> · {article.author}
              </p>
              <p className="article-card__excerpt">{article.excerpt}</p>
            </div>
          </li>
        ))}
      </ul>
      <Pagination page={page} pageCount={pageCount} hrefFor={(target) => withPage(listPath(blog.handle, tag), target)} />
    </main>
  );
}
