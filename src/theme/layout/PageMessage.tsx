import { useSitePath, useText } from "../storefront/use-shop.ts";
import { Link, useLocation } from "react-router";
import { SearchForm } from "./SearchForm.tsx";
import { REQUEST_ID_ATTRIBUTE, useRequestReference } from "../entry/request-id.ts";

/** The page shown for an address the shop does not know. */
export function NotFoundMessage() {
  const text = useText();
  return (
    <div className="message">
      <p className="message__eyebrow">404</p>
      <h1 className="message__title">{text("not_found_title")}</h1>
      <p>{text("not_found_text")}</p>
      <SearchForm className="message__search" />
      <p className="message__actions">
        <Link className="button" to="/collections/all" prefetch="intent">
          {text("shop_all_products")}
        </Link>
        <Link className="button button--secondary" to="/">
          {text("go_home")}
        </Link>
      </p>
    </div>
  );
}

/** Stands for the id in the sentence around it (a private-use character, in no catalogue). */
const REFERENCE_MARK = "\uE000";

/** The request's id under an error, so what the shopper quotes leads the merchant to the lines in the logs. */
function ErrorReference() {
  const text = useText();
  const reference = useRequestReference();
  if (!reference) return null;
  // The sentence is the catalogue's; the id inside it stays on one line where it fits.
  const [before, after = ""] = text("operations_error_reference", { reference: REFERENCE_MARK }).split(REFERENCE_MARK);
  return (
    <p className="message__reference" {...{ [REQUEST_ID_ATTRIBUTE]: reference }}>
      {before}
      <span className="message__reference-id">{reference}</span>
      {after}
    </p>
  );
}

/** The page shown when something failed on our side. */
export function ErrorMessage() {
  const text = useText();
  const onSite = useSitePath();
  return (
    <div className="message">
      <p className="message__eyebrow">{text("error_eyebrow")}</p>
      <h1 className="message__title">{text("error_title")}</h1>
      <p>{text("error_text")}</p>
      <ErrorReference />
      <p className="message__actions">
        {/* A full page load, in case the failure was in the browser's copy of the shop. */}
        <a className="button" href={onSite("/")}>
          {text("back_to_shop")}
        </a>
      </p>
    </div>
  );
}

/** The page shown when part of the shop's code did not arrive (a chunk or a route module failed to load). */
export function ReloadMessage() {
  const text = useText();
  const onSite = useSitePath();
  const { pathname, search } = useLocation();
  return (
    <div className="message">
      <p className="message__eyebrow">{text("reload_eyebrow")}</p>
      <h1 className="message__title">{text("reload_title")}</h1>
      <p>{text("reload_text")}</p>
      <p className="message__actions">
        {/* A full page load of the same address: fresh HTML names the scripts that exist now. */}
        <a className="button" href={onSite(`${pathname}${search}`)}>
          {text("reload_page")}
        </a>
      </p>
    </div>
  );
}

/** The page shown while the shop cannot reach its data (answered 503): come back in a moment. */
export function UnavailableMessage() {
  const text = useText();
  const onSite = useSitePath();
  const { pathname, search } = useLocation();
  return (
    <div className="message">
      <p className="message__eyebrow">{text("unavailable_eyebrow")}</p>
      <h1 className="message__title">{text("unavailable_title")}</h1>
      <p>{text("unavailable_text")}</p>
      <ErrorReference />
      <p className="message__actions">
        <a className="button" href={onSite(`${pathname}${search}`)}>
          {text("retry")}
        </a>
      </p>
    </div>
  );
}
