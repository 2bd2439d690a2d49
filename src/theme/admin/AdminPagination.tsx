/** A back-office list's pages: previous, where you are, next; nothing when the list fits one page. */
import { Link } from "react-router";

export function AdminPagination({ page, pageCount, href, label }: { page: number; pageCount: number; href: (page: number) => string; label: string }) {
  if (pageCount <= 1) return null;
  return (
    <nav className="admin-pagination" aria-label={label}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          Previous page
        </Link>
      ) : null}
      <span>
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
