import { Form, Link } from "react-router";
import { ADMIN_PATH } from "../../core/admin/admin.ts";

/** A back-office list's page, search and status filter as its loader answered them. */
interface ListState<S extends string> {
  query: string;
  status: S | null;
  total: number;
  page: number;
  pageCount: number;
}

/**
 * The search form above a back-office list (words, a status, "Show all") and
 * the line that counts what it found, read out when it changes.
 */
export function ListSearch<S extends string>({
  list,
  path,
  title,
  searchLabel,
  statuses,
  noun,
}: {
  list: ListState<S>;
  /** Within the back office: "/orders". */
  path: string;
  title: string;
  searchLabel: string;
  statuses: readonly { value: S; label: string }[];
  noun: { one: string; other: string };
}) {
  const filtered = Boolean(list.query || list.status);
  return (
    <>
      <Form className="admin-toolbar" method="get" action={`${ADMIN_PATH}${path}`} role="search" aria-label={title}>
        <label>
          {searchLabel}
          <input name="q" type="search" defaultValue={list.query} maxLength={200} autoComplete="off" />
        </label>
        <label>
          Status
          <select name="status" defaultValue={list.status ?? ""}>
            <option value="">Any status</option>
            {statuses.map((status) => (
              <option key={status.value} value={status.value}>
                {status.label}
              </option>
            ))}
          </select>
        </label>
        <button className="admin-button" type="submit">
          Search
        </button>
        {filtered ? (
          <Link className="admin-orders__reset" to={`${ADMIN_PATH}${path}`}>
            Show all {noun.other}
          </Link>
        ) : null}
      </Form>
      <p className="admin-orders__count" role="status">
        {list.total === 0
          ? filtered
            ? `No ${noun.other} match this search.`
            : `No ${noun.other} yet.`
          : `${list.total} ${list.total === 1 ? noun.one : noun.other}${filtered ? " found" : ""}${list.pageCount > 1 ? `, page ${list.page} of ${list.pageCount}` : ""}.`}
      </p>
    </>
  );
}
