import type { ProductAlertEntry } from "../../core/catalog/product-alerts.ts";

const KIND: Record<ProductAlertEntry["kind"], string> = { back_in_stock: "Back in stock", price_drop: "Price drop" };

/** What is followed: the variant by its full name, or the whole product. */
const followedName = (entry: ProductAlertEntry) =>
  !entry.variant || entry.variant.title === "Default Title" ? entry.productTitle : `${entry.productTitle}, ${entry.variant.title}`;

/** A known price (minor units) in its currency, as the back office reads it. */
function knownPrice(minor: number, currency: string): string {
  const format = new Intl.NumberFormat("en-GB", { style: "currency", currency });
  return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/**
 * The stock page's "Shoppers' alerts": per variant awaited back in stock and
 * per product whose price is followed, the kind of alert, how many shoppers
 * have confirmed and how many not yet, and who they are, oldest first (the
 * order back-in-stock emails go in), with their site and language, the price
 * a price-drop follower knows (an email goes when the site's price falls
 * below it) and when they were last emailed.
 */
export function ProductAlertsList({ entries, count, dates }: { entries: ProductAlertEntry[]; count: Intl.NumberFormat; dates: Intl.DateTimeFormat }) {
  return (
    <section className="admin-stock__latest" aria-labelledby="stock-alerts-title">
      <h2 className="admin-stock__subtitle" id="stock-alerts-title">
        Shoppers' alerts
      </h2>
      {entries.length === 0 ? (
        <p>No one is waiting for a product to be back or for a price to drop.</p>
      ) : (
        <div className="admin-stock__scroll">
          <table className="admin-table admin-stock__table">
            <caption>Shoppers to email when a product is back in stock or its price drops on their site, most followed first</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Alert</th>
                <th scope="col" className="admin-table__number">
                  Confirmed
                </th>
                <th scope="col" className="admin-table__number">
                  Not confirmed
                </th>
                <th scope="col">Who, oldest first</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={`${entry.kind}-${entry.productId}-${entry.variant?.id ?? ""}`}>
                  <th scope="row">{followedName(entry)}</th>
                  <td>
                    {KIND[entry.kind]}
                    {entry.variant ? ` (${count.format(entry.variant.quantity)} on hand)` : null}
                  </td>
                  <td className="admin-table__number">{count.format(entry.following)}</td>
                  <td className="admin-table__number">{count.format(entry.unconfirmed)}</td>
                  <td>
                    <ol className="admin-stock__waiting">
                      {entry.followers.map((follower) => (
                        <li key={`${follower.email}-${follower.since}`}>
                          {follower.email} ({follower.siteCode}
                          {follower.locale ? `, ${follower.locale}` : ""}
                          {follower.knownPrice ? `, ${knownPrice(follower.knownPrice.price, follower.knownPrice.currency)}` : ""}, since{" "}
                          <time dateTime={follower.since}>{dates.format(new Date(follower.since))}</time>
                          {follower.lastEmailedAt ? (
                            <>
                              , last emailed <time dateTime={follower.lastEmailedAt}>{dates.format(new Date(follower.lastEmailedAt))}</time>
                            </>
                          ) : null}
                          {follower.status === "pending" ? ", not confirmed" : follower.status === "sending" ? ", being emailed" : ""})
                        </li>
                      ))}
                    </ol>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
