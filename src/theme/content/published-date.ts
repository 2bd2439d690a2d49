/** A publication day in the site's language ("24 novembre 2026"), the same on the server and in the browser. */
export function publishedDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}
