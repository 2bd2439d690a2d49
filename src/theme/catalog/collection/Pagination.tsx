import { Link } from "react-router";
import { useText } from "../../storefront/use-shop.ts";

interface PaginationProps {
  page: number;
  pageCount: number;
  /** The URL of a page, keeping the rest of the query (sort, later filters). */
  hrefFor: (page: number) => string;
}

export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  const text = useText();
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={text("pagination")}>
      {page > 1 ? (
        <Link className="button button--secondary pagination__link" to={hrefFor(page - 1)} rel="prev" prefetch="intent">
          {text("pagination_previous")}
        </Link>
      ) : (
        <span className="pagination__spacer" />
      )}
      <p className="pagination__status">
        {text("pagination_status", { page, count: pageCount })}
      </p>
      {page < pageCount ? (
        <Link className="button button--secondary pagination__link" to={hrefFor(page + 1)} rel="next" prefetch="intent">
          {text("pagination_next")}
        </Link>
      ) : (
        <span className="pagination__spacer" />
      )}
    </nav>
  );
}
