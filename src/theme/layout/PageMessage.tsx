import { useSitePath } from "../storefront/use-shop.ts";
import { Link, useLocation } from "react-router";
import { SearchForm } from "./SearchForm.tsx";

/** The page shown for an address the shop does not know. */
export function NotFoundMessage() {
  return (
    <div className="message">
      <p className="message__eyebrow">404</p>
      <h1 className="message__title">We couldn’t find that page</h1>
      <p>It may have moved, or the link may be mistyped. Try a search, or start again from the shop.</p>
      <SearchForm className="message__search" />
      <p className="message__actions">
        <Link className="button" to="/collections/all" prefetch="intent">
          Shop all products
        </Link>
        <Link className="button button--secondary" to="/">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}

/** The page shown when something failed on our side. */
export function ErrorMessage() {
  const onSite = useSitePath();
  return (
    <div className="message">
      <p className="message__eyebrow">Something went wrong</p>
      <h1 className="message__title">Sorry, this page didn’t load</h1>
      <p>Please try again in a moment. Your cart is safe.</p>
      <p className="message__actions">
        {/* A full page load, in case the failure was in the browser's copy of the shop. */}
        <a className="button" href={onSite("/")}>
          Back to the shop
        </a>
      </p>
    </div>
  );
}

/** The page shown when part of the shop's code did not arrive (a chunk or a route module failed to load). */
export function ReloadMessage() {
  const onSite = useSitePath();
  const { pathname, search } = useLocation();
  return (
    <div className="message">
      <p className="message__eyebrow">Connection problem</p>
      <h1 className="message__title">This page didn’t finish loading</h1>
      <p>Part of the shop’s code didn’t arrive: the connection may have dropped, or the shop was just updated. Reloading the page fetches it again. Your cart is safe.</p>
      <p className="message__actions">
        {/* A full page load of the same address: fresh HTML names the scripts that exist now. */}
        <a className="button" href={onSite(`${pathname}${search}`)}>
          Reload the page
        </a>
      </p>
    </div>
  );
}

/** The page shown while the shop cannot reach its data (answered 503): come back in a moment. */
export function UnavailableMessage() {
  const onSite = useSitePath();
  const { pathname, search } = useLocation();
  return (
    <div className="message">
      <p className="message__eyebrow">Back in a moment</p>
      <h1 className="message__title">The shop is briefly unavailable</h1>
      <p>We couldn’t reach our shelves just now. Please try again in a moment; your cart is safe.</p>
      <p className="message__actions">
        <a className="button" href={onSite(`${pathname}${search}`)}>
          Try again
        </a>
      </p>
    </div>
  );
}
