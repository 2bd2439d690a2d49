/**
 * The visitor's country and the shop's sites: which site a country belongs
 * to, and which addresses can be looked up at all. Pure rules shared by the
 * platform (the geolocation answers) and the theme (the geo popup).
 */

/** Jersey, Guernsey and the Isle of Man are served as the United Kingdom when no site names them itself. */
export const SERVED_AS: Readonly<Record<string, string>> = { JE: "GB", GG: "GB", IM: "GB" };

export interface SiteCountries {
  code: string;
  countries: readonly string[];
}

/**
 * The site a country belongs to: the one that lists it, else the one that
 * lists the country it is served as, else the default site.
 */
export function siteForCountry<S extends SiteCountries>(country: string | null, sites: readonly S[], defaultCode: string): S | null {
  const fallback = sites.find((site) => site.code === defaultCode) ?? sites[0] ?? null;
  if (!country) return fallback;
  const upper = country.toUpperCase();
  const listing = (code: string) => sites.find((site) => site.countries.includes(code));
  return listing(upper) ?? (SERVED_AS[upper] ? listing(SERVED_AS[upper]) : undefined) ?? fallback;
}

/** Whether the visitor's country belongs to another site than the one they are on. */
export function belongsElsewhere(country: string | null, currentCode: string, sites: readonly SiteCountries[], defaultCode: string): boolean {
  const site = siteForCountry(country, sites, defaultCode);
  return site !== null && site.code !== currentCode;
}

const regionNames = new Map<string, Intl.DisplayNames>();

/** A country's name in `language` (English when the runtime cannot name it there), or its code when there is no name. */
export function regionName(code: string, language = "en"): string {
  try {
    let names = regionNames.get(language);
    if (!names) {
      names = new Intl.DisplayNames([language, "en"], { type: "region" });
      regionNames.set(language, names);
    }
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/**
 * A site's name in `language`: a site the merchant named after its first
 * country ("United Kingdom") takes that country's name in the language
 * ("Royaume-Uni"); any other name is the merchant's own and stays.
 */
export function siteName(site: { name: string; countries: readonly string[] }, language: string): string {
  const country = site.countries[0];
  return country && site.name === regionName(country, "en") ? regionName(country, language) : site.name;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/**
 * Whether an address is a public one a geolocation database can place:
 * not loopback, private, link-local, shared (carrier NAT), documentation,
 * multicast or reserved, nor malformed. IPv4-mapped IPv6 is read as IPv4.
 */
export function isPublicAddress(address: string): boolean {
  const text = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  const v4 = IPV4.exec(mapped ? (mapped[1] ?? "") : text);
  if (v4) {
    const [a, b, c] = v4.slice(1, 4).map(Number) as [number, number, number];
    if ([a, b, c, Number(v4[4])].some((part) => part > 255)) return false;
    if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
    if (a === 100 && b >= 64 && b <= 127) return false;
    if (a === 169 && b === 254) return false;
    if (a === 172 && b >= 16 && b <= 31) return false;
    if (a === 192 && b === 168) return false;
    if (a === 192 && b === 0 && (c === 0 || c === 2)) return false;
    if (a === 198 && (b === 18 || b === 19)) return false;
    if ((a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113)) return false;
    return true;
  }
  if (!text.includes(":") || !/^[0-9a-f:.]+$/.test(text) || (text.match(/::/g) ?? []).length > 1) return false;
  if (text === "::" || text === "::1") return false;
  const first = Number.parseInt(text.split(":")[0] || "0", 16);
  if (Number.isNaN(first)) return false;
  // Unique local fc00::/7, link-local fe80::/10, multicast ff00::/8, documentation 2001:db8::/32.
  if ((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00) return false;
  if (text.startsWith("2001:db8:") || text === "2001:db8::") return false;
  return true;
}
