import type { PriceDropFollowing } from "../../core/catalog/price-drop.ts";

/** A known price (minor units) in its currency, as the back office reads it. */
function knownPrice(minor: number, currency: string): string {
  const format = new Intl.NumberFormat("en-GB", { style: "currency", currency });
  return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/**
 * The stock page's "Following for a price drop": per product, how many
 * shoppers follow its price and how many have not confirmed yet, with who
 * they are, the site they follow it on, the lowest price they know of (an
 * email goes when the site's price falls below it) and when they were last
 * emailed.
 */
export function PriceDropFollowersList({ products, count, dates }: { products: PriceDropFollowing[]; count: Intl.NumberFormat; dates: Intl.DateTimeFormat }) {
  return (
    <section className="admin-stock__latest" aria-labelledby="stock-price-drop-title">
      <h2 className="admin-stock__subtitle" id="stock-price-drop-title">
        Following for a price drop
      </h2>
      {products.length === 0 ? (
        <p>No one follows a product's price.</p>
      ) : (
        <div className="admin-stock__scroll">
          <table className="admin-table admin-stock__table">
            <caption>Shoppers emailed when a product costs less on their site than the price they know, most followed first</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className="admin-table__number">
                  Following
                </th>
                <th scope="col" className="admin-table__number">
                  Not confirmed
                </th>
                <th scope="col">Who, with the price they know</th>
              </tr>
            </thead>
            <tbody>
              {products.map((product) => (
                <tr key={product.productId}>
                  <th scope="row">{product.productTitle}</th>
                  <td className="admin-table__number">{count.format(product.following)}</td>
                  <td className="admin-table__number">{count.format(product.unconfirmed)}</td>
                  <td>
                    <ol className="admin-stock__waiting">
                      {product.followers.map((follower) => (
                        <li key={follower.email}>
                          {follower.email} ({follower.siteCode}, {knownPrice(follower.knownPrice, follower.currency)}, since{" "}
                          <time dateTime={follower.followedAt}>{dates.format(new Date(follower.followedAt))}</time>
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
