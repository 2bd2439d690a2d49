/**
 * The shopper's chosen country, as Shopify's `POST /localization` takes it
 * from the footer's selector: which countries the shop offers, the site a
 * choice leads to (the same page there), the cookie that keeps the choice,
 * and the selector's options. Pure rules shared by the platform (the post)
 * and the theme (the selector).
 */
import { SERVED_AS, regionName, siteForCountry } from "./geo.ts";
import { type SiteInfo, samePageOn, siteOfAddress } from "./sites.ts";

/** Where the selector posts (on the page's site: "/fr-fr/localization"). */
export const LOCALIZATION_PATH = "/localization";
/** The chosen country's code; HttpOnly, read by the server. */
export const LOCALIZATION_COOKIE = "localization";
export const LOCALIZATION_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

type SiteCountries = Pick<SiteInfo, "countries">;
type PlacedSite = Pick<SiteInfo, "code" | "path" | "host" | "countries">;

/**
 * A country the shop offers, upper-cased: one a site lists, or one served as
 * a listed one (Jersey as the United Kingdom). Null for anything else,
 * malformed or not.
 */
export function offeredCountry(value: unknown, sites: readonly SiteCountries[]): string | null {
  if (typeof value !== "string" || !/^[A-Za-z]{2}$/.test(value.trim())) return null;
  const code = value.trim().toUpperCase();
  const listed = (country: string) => sites.some((site) => site.countries.includes(country));
  const servedAs = SERVED_AS[code];
  return listed(code) || (servedAs !== undefined && listed(servedAs)) ? code : null;
}

/** The chosen country a `Cookie` header carries, when the shop still offers it; else null. */
export function countryFromCookieHeader(header: string | null | undefined, sites: readonly SiteCountries[]): string | null {
  for (const part of (header ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === LOCALIZATION_COOKIE) return offeredCountry(rest.join("="), sites);
  }
  return null;
}

export interface LocalizationChoice<S extends PlacedSite> {
  sites: readonly S[];
  baseCode: string;
  /** The site for a country no site lists (the base site when the shop names none). */
  defaultCode: string;
  /** The host name the post reached the shop on. */
  host: string;
  /** The page the shopper was on: a local path already made safe (`safeLocalPath`). */
  returnTo: string;
  /** An offered country (`offeredCountry`). */
  country: string;
  /** The scheme for a site on a host of its own ("https:"). */
  protocol: string;
}

/** Where a choice leads: the chosen country's site, at the same page as the one the shopper was on. */
export function localizationTarget<S extends PlacedSite>(choice: LocalizationChoice<S>): { site: S; location: string } {
  const { sites, baseCode, defaultCode, host, returnTo, country, protocol } = choice;
  const target = siteForCountry(country, sites, defaultCode);
  if (!target) throw new Error("the shop has no site");
  const from = siteOfAddress(sites, baseCode, host, returnTo.replace(/[?#].*$/, "")).site;
  return { site: target, location: samePageOn(from, target, returnTo, protocol) };
}

const symbols = new Map<string, string>();

/** A currency's symbol as English shoppers read it ("€", "$", "£"); the code when there is none. */
export function currencySymbol(currency: string): string {
  let symbol = symbols.get(currency);
  if (symbol === undefined) {
    try {
      const parts = new Intl.NumberFormat("en", { style: "currency", currency, currencyDisplay: "narrowSymbol" }).formatToParts(0);
      symbol = parts.find((part) => part.type === "currency")?.value ?? currency;
    } catch {
      symbol = currency;
    }
    // Currency codes are few: each is worked out once.
    if (symbols.size < 1_000) symbols.set(currency, symbol);
  }
  return symbol;
}

export interface CountryOption {
  country: string;
  /** "France (EUR €)": the country and the currency its site sells in. */
  label: string;
  siteCode: string;
}

type OptionSites = readonly Pick<SiteInfo, "code" | "currency" | "countries">[];
/** The options of each sites list the shop has served, per language (a list is replaced, never changed, when the settings change). */
const optionsOfSites = new WeakMap<OptionSites, Map<string, CountryOption[]>>();

/** Every country the sites list, named and sorted in `language`, each with its site's currency. */
export function countryOptions(sites: OptionSites, language = "en"): CountryOption[] {
  let byLanguage = optionsOfSites.get(sites);
  if (!byLanguage) optionsOfSites.set(sites, (byLanguage = new Map()));
  let options = byLanguage.get(language);
  if (!options) {
    options = listCountryOptions(sites, language);
    byLanguage.set(language, options);
  }
  return options;
}

function listCountryOptions(sites: OptionSites, language: string): CountryOption[] {
  const seen = new Set<string>();
  const options: (CountryOption & { name: string })[] = [];
  for (const site of sites) {
    for (const country of site.countries) {
      if (seen.has(country)) continue;
      seen.add(country);
      const name = regionName(country, language);
      options.push({ country, name, label: `${name} (${site.currency} ${currencySymbol(site.currency)})`, siteCode: site.code });
    }
  }
  return options.sort((a, b) => a.name.localeCompare(b.name, language)).map(({ country, label, siteCode }) => ({ country, label, siteCode }));
}

/** The country the selector shows chosen: the cookie's when it belongs to this site, else the site's first. */
export function selectedCountry(site: Pick<SiteInfo, "countries">, chosen: string | null | undefined): string {
  return chosen && site.countries.includes(chosen) ? chosen : (site.countries[0] ?? "");
}
