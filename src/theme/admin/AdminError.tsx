/** A back-office page that cannot be shown: not the signed-in role's, not there, or broken; with a way home. Its styles come with the back office's layout route. */
import { Link } from "react-router";
import { NOT_YOUR_AREA } from "../../core/admin/admin.ts";

export function AdminErrorPage({ status }: { status: number }) {
  const title = status === 403 ? "Not available to you" : status === 404 ? "Not found" : "Something went wrong";
  const message = status === 403 ? NOT_YOUR_AREA : status === 404 ? "There is nothing at this address." : "Something went wrong. Please try again.";
  return (
    <div className="admin">
      <main id="admin-main" className="admin__main" tabIndex={-1}>
        <h1 className="admin-page__title">{title}</h1>
        <p>{message}</p>
        <p>
          <Link to="/admin">Back office home</Link>
        </p>
      </main>
    </div>
  );
}
