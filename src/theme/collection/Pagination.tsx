import { Link } from "react-router";

interface PaginationProps {
  page: number;
  pageCount: number;
  /** The URL of a page, keeping the rest of the query (sort, later filters). */
  hrefFor: (page: number) => string;
}

export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pagination">
      {page > 1 ? (
        <Link className="button button--secondary pagination__link" to={hrefFor(page - 1)} rel="prev" prefetch="intent">
          Previous page
        </Link>
      ) : (
        <span className="pagination__spacer" />
      )}
      <p className="pagination__status">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link className="button button--secondary pagination__link" to={hrefFor(page + 1)} rel="next" prefetch="intent">
          Next page
        </Link>
      ) : (
        <span className="pagination__spacer" />
      )}
    </nav>
  );
}
