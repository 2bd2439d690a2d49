import { useId } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { type CountryOption, LOCALIZATION_PATH, selectedCountry } from "../../core/sites/localization.ts";
import { type SiteInfo, sitePath } from "../../core/sites/sites.ts";
import { rememberGeoAnswered } from "../marketing/popups/popup-storage.ts";
import type { RootData } from "../storefront/root-data.ts";
import { useText } from "../storefront/use-shop.ts";

/**
 * The footer's country selector: a plain form posted to the site's
 * `/localization`, which answers with the same page on the chosen country's
 * site. It works without scripts, and keeps its button with them (a select
 * that navigates on change is hard to use from a keyboard). A country
 * chosen here answers the geo popup's question, so the chosen site does not
 * ask whether the shopper meant another.
 */
export function CountrySelector({ site, options }: { site: SiteInfo; options: readonly CountryOption[] }) {
  const id = useId();
  const text = useText();
  const location = useLocation();
  const chosen = useRouteLoaderData<RootData>("root")?.country;
  // The router's location leaves out the site's prefix: the post comes back to the page as the shopper sees it.
  const returnTo = sitePath(site, `${location.pathname}${location.search}`);
  return (
    <form className="country-selector" method="post" action={sitePath(site, LOCALIZATION_PATH)} onSubmit={() => rememberGeoAnswered()}>
      <input type="hidden" name="form_type" value="localization" />
      <input type="hidden" name="return_to" value={returnTo} />
      <label className="country-selector__label" htmlFor={`${id}-country`}>
        {text("country_region")}
      </label>
      <div className="country-selector__row">
        <select className="select country-selector__select" id={`${id}-country`} name="country_code" defaultValue={selectedCountry(site, chosen)} key={site.code}>
          {options.map((option) => (
            <option key={option.country} value={option.country}>
              {option.label}
            </option>
          ))}
        </select>
        <button className="button button--small country-selector__submit" type="submit">
          {text("country_update")}
          <span className="visually-hidden">{text("country_update_hidden")}</span>
        </button>
      </div>
    </form>
  );
}
