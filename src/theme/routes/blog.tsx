import { Link, data } from "react-router";
import type { Route } from "./+types/blog";
import { readPage, withPage } from "../../core/catalog/collection-url.ts";
import { Pagination } from "../collection/Pagination.tsx";
import { ArticleImage, articleDate } from "../content/ArticleImage.tsx";
import { contentMeta } from "../content/content-meta.ts";
import { storefrontContext } from "../storefront/context.ts";
import { feedLink } from "../storefront/meta.ts";
import "../content/content.css";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return contentMeta(matches, null);
  const { blog } = loaderData.view;
  const path = `/blogs/${blog.handle}`;
  return [...contentMeta(matches, { title: blog.title, description: blog.description, path }), feedLink(matches, path, blog.title)];
};

/** `/blogs/{handle}?page=`: the journal's articles, newest first. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = readPage(new URL(request.url));
  const view = await context.get(storefrontContext).content.blog(params.blog, page);
  if (!view || (page > 1 && !view.articles.length)) throw data(null, { status: 404 });
  return { view };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { blog, articles, page, pageCount } = loaderData.view;
  return (
    <main id="main" className="page page--content page--blog" tabIndex={-1}>
      <header className="content__header content__header--wide">
        <h1 className="content__title">{blog.title}</h1>
        {blog.description ? <p className="content__lede">{blog.description}</p> : null}
      </header>
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
                <time dateTime={article.publishedAt}>{articleDate(article.publishedAt)}</time> · {article.author}
              </p>
              <p className="article-card__excerpt">{article.excerpt}</p>
            </div>
          </li>
        ))}
      </ul>
      <Pagination page={page} pageCount={pageCount} hrefFor={(target) => withPage(`/blogs/${blog.handle}`, target)} />
    </main>
  );
}
