/**
 * The visitor's country from their address, looked up in an IP-to-country
 * database shipped as a package (the public-domain geo-whois-asn-country
 * database, built from the regional internet registries' records), read
 * once into memory. No lookup leaves the machine. Addresses no database can
 * place (loopback, private networks) and malformed ones answer null.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Reader, type Response } from "mmdb-lib";
import { isPublicAddress } from "../../core/sites/geo.ts";

interface CountryRecord {
  country_code?: string;
}

const DATABASE = "@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb";

export class Geolocator {
  private reader: Reader<Response> | null = null;
  private readonly file: string;

  constructor(file = createRequire(import.meta.url).resolve(DATABASE)) {
    this.file = file;
  }

  /** The country code (ISO 3166-1 alpha-2) of a public address, or null. */
  country(address: string): string | null {
    if (!isPublicAddress(address)) return null;
    this.reader ??= new Reader<Response>(readFileSync(this.file));
    try {
      // This database holds one field per range: `country_code`.
      const code = (this.reader.get(address.trim()) as CountryRecord | null)?.country_code;
      return typeof code === "string" && /^[A-Z]{2}$/.test(code) ? code : null;
    } catch {
      return null;
    }
  }
}
