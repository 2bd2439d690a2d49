import type { BackInStockWaiting } from "../../core/catalog/back-in-stock.ts";

const variantName = (row: { productTitle: string; variantTitle: string }) =>
  row.variantTitle === "Default Title" ? row.productTitle : `${row.productTitle}, ${row.variantTitle}`;

/**
 * The stock page's "Waiting for restock": per variant, how many shoppers
 * have confirmed they want an email when it is back and how many have not
 * confirmed yet, with who they are, oldest request first (the order they
 * are emailed in).
 */
export function BackInStockWaitingList({ variants, count, dates }: { variants: BackInStockWaiting[]; count: Intl.NumberFormat; dates: Intl.DateTimeFormat }) {
  return (
    <section className="admin-stock__latest" aria-labelledby="stock-back-in-stock-title">
      <h2 className="admin-stock__subtitle" id="stock-back-in-stock-title">
        Waiting for restock
      </h2>
      {variants.length === 0 ? (
        <p>No one is waiting for a sold-out product.</p>
      ) : (
        <div className="admin-stock__scroll">
          <table className="admin-table admin-stock__table">
            <caption>Shoppers to email once each variant is back, most awaited first</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className="admin-table__number">
                  On hand
                </th>
                <th scope="col" className="admin-table__number">
                  Confirmed
                </th>
                <th scope="col" className="admin-table__number">
                  Not confirmed
                </th>
                <th scope="col">Who, in order of request</th>
              </tr>
            </thead>
            <tbody>
              {variants.map((variant) => (
                <tr key={variant.variantId}>
                  <th scope="row">{variantName(variant)}</th>
                  <td className="admin-table__number">{count.format(variant.quantity)}</td>
                  <td className="admin-table__number">{count.format(variant.waiting)}</td>
                  <td className="admin-table__number">{count.format(variant.unconfirmed)}</td>
                  <td>
                    <ol className="admin-stock__waiting">
                      {variant.shoppers.map((shopper) => (
                        <li key={`${shopper.email}-${shopper.requestedAt}`}>
                          {shopper.email} ({shopper.siteCode}, <time dateTime={shopper.requestedAt}>{dates.format(new Date(shopper.requestedAt))}</time>
                          {shopper.status === "pending" ? ", not confirmed" : shopper.status === "sending" ? ", being emailed" : ""})
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
