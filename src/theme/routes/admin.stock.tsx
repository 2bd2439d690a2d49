import { useEffect, useRef } from "react";
import { Form, Link, redirect, useFormAction, useNavigation } from "react-router";
import type { Route } from "./+types/admin.stock";
import { ADMIN_PATH, LOW_STOCK_THRESHOLD } from "../../core/admin/admin.ts";
import { type AdminStockAdjustment, type AdminStockRow, STOCK_REASONS, STOCK_REASON_LABELS, type StockReason } from "../../core/admin/admin-stock.ts";
import { type AdminProblem, adminHeaders, adminRedirect, adminResponse, formValues } from "../admin/answer.ts";
import { AdminPagination } from "../admin/AdminPagination.tsx";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { adminDates } from "../admin/orders-view.tsx";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useShop } from "../storefront/use-shop.ts";
import "../accounts/account.css";
import { ProductAlertsList } from "../admin/ProductAlertsList.tsx";
import "../admin/stock.css";

/** How many of the latest adjustments the page lists under the table. */
const LATEST_ADJUSTMENTS = 10;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData?.list.query ? `Stock matching “${loaderData.list.query}”` : "Stock", shopNameOf(matches)) },
  { name: "robots", content: "noindex" },
];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("stock")];

interface ListState {
  query: string;
  lowOnly: boolean;
  page: number;
}

const listState = (url: URL): ListState => ({
  query: url.searchParams.get("q") ?? "",
  lowOnly: url.searchParams.get("low") === "1",
  page: Number(url.searchParams.get("page") ?? "1") || 1,
});

/** The list's address, keeping the search, the filter and the page; `adjusted` names the variant just saved. */
function listHref({ query, lowOnly, page }: ListState, adjusted?: number): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (lowOnly) params.set("low", "1");
  if (page > 1) params.set("page", String(page));
  if (adjusted !== undefined) params.set("adjusted", String(adjusted));
  const search = params.toString();
  return `${ADMIN_PATH}/stock${search ? `?${search}` : ""}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const admin = context.get(adminContext);
  // A data request may name this route alone (?_routes=), so the layout's sign-in check may not have run.
  if (!(await admin.staff())) throw redirect(`${ADMIN_PATH}/login?return_to=${encodeURIComponent(listHref(listState(url)))}`);
  const stock = admin.stock;
  const adjustedId = Number(url.searchParams.get("adjusted"));
  const [list, latest, adjusted, { timeZone }, productAlerts] = await Promise.all([
    stock.list(listState(url)),
    stock.adjustments({ limit: LATEST_ADJUSTMENTS }),
    Number.isSafeInteger(adjustedId) && adjustedId > 0 ? stock.adjustments({ variantId: adjustedId, limit: 1 }).then((rows) => rows[0] ?? null) : null,
    context.get(storefrontContext).homePage(),
    stock.productAlerts(),
  ]);
  return { list, latest, adjusted, timeZone, productAlerts };
}

/** One row's adjustment; on success the list comes back as it was, saying what was saved. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const variantId = Number(values.variant_id);
  const answer = await context.get(adminContext).stock.adjust(variantId, values);
  if (!answer.ok) return adminResponse(answer, values);
  return adminRedirect(answer, listHref(listState(new URL(request.url)), variantId));
}

const variantName = (row: { productTitle: string; variantTitle: string }) =>
  row.variantTitle === "Default Title" ? row.productTitle : `${row.productTitle}, ${row.variantTitle}`;

const signed = (delta: number, count: Intl.NumberFormat) => (delta > 0 ? `+${count.format(delta)}` : delta < 0 ? `−${count.format(-delta)}` : "±0");

/** Stock per variant: a search, the low-stock filter, a small adjust form per row, and the latest adjustments. */
export default function AdminStock({ loaderData, actionData }: Route.ComponentProps) {
  const { list, latest, adjusted, timeZone, productAlerts } = loaderData;
  const problem: AdminProblem | null = actionData ?? null;
  const problemVariant = problem ? Number(problem.values.variant_id) : null;
  const problemRow = list.rows.find((row) => row.variantId === problemVariant);
  const { language = "en" } = useShop();
  const count = new Intl.NumberFormat(language);
  const dates = adminDates(language, timeZone);
  const filtered = Boolean(list.query || list.lowOnly);
  const state: ListState = { query: list.query, lowOnly: list.lowOnly, page: list.page };
  const about = problemRow ? ` for ${variantName(problemRow)}` : "";
  const labels = { delta: `Units${about}`, quantity: `Units${about}`, reason: `Reason${about}`, note: `Note${about}` };
  return (
    <div className="admin-stock">
      <h1 className="admin-page__title">Stock</h1>
      <Form className="admin-toolbar" method="get" action={`${ADMIN_PATH}/stock`} role="search" aria-label="Stock">
        <label>
          Product or SKU
          <input name="q" type="search" defaultValue={list.query} maxLength={100} autoComplete="off" />
        </label>
        <label className="admin-stock__check">
          <input name="low" type="checkbox" value="1" defaultChecked={list.lowOnly} />
          Low stock only ({LOW_STOCK_THRESHOLD} or fewer)
        </label>
        <button className="admin-button" type="submit">
          Search
        </button>
        {filtered ? <Link to={`${ADMIN_PATH}/stock`}>Show all stock</Link> : null}
      </Form>

      <p className={adjusted && !problem ? "admin-notice" : "admin-stock__quiet"} role="status">
        {adjusted && !problem
          ? `Saved: ${variantName(adjusted)} now has ${count.format(adjusted.quantityAfter)} on hand (${signed(adjusted.delta, count)}, ${STOCK_REASON_LABELS[adjusted.reason]}).`
          : ""}
      </p>
      <ErrorSummary problem={problem} labels={labels} fieldIdOf={(field) => stockFieldId(field, problemVariant ?? 0)} />

      <p className="admin-stock__count">
        {list.total === 0
          ? filtered
            ? "No variants match this search."
            : "No variants in the catalog."
          : `${count.format(list.total)} ${list.total === 1 ? "variant" : "variants"}${filtered ? " found" : ""}${list.pageCount > 1 ? `, page ${list.page} of ${list.pageCount}` : ""}.`}
      </p>
      {list.rows.length > 0 ? (
        <>
          <p className="admin-stock__help" id="stock-units-help">
            To change a count, enter the units to add, or a minus number to take away (such as -2), choose why, and save.
          </p>
          <div className="admin-stock__scroll">
            <table className="admin-table admin-stock__table">
              <caption>
                Stock by product and variant{list.lowOnly ? `, low stock only` : ""}
                {list.pageCount > 1 ? ` (page ${list.page} of ${list.pageCount})` : ""}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Variant</th>
                  <th scope="col">SKU</th>
                  <th scope="col" className="admin-table__number">
                    On hand
                  </th>
                  <th scope="col">Policy</th>
                  <th scope="col">Adjust</th>
                </tr>
              </thead>
              <tbody>
                {list.rows.map((row) => (
                  <tr key={row.variantId} className={row.low ? "admin-stock__row--low" : undefined}>
                    <th scope="row">{row.productTitle}</th>
                    <td>{row.variantTitle === "Default Title" ? <span className="admin-stock__muted">Only one</span> : row.variantTitle}</td>
                    <td className="admin-stock__sku">{row.sku || <span className="admin-stock__muted">None</span>}</td>
                    <td className="admin-table__number">
                      {row.tracked ? count.format(row.quantity) : <span className="admin-stock__muted">Not counted</span>}
                      {row.low ? <span className="admin-stock__badge">Low</span> : null}
                    </td>
                    <td>{!row.tracked ? "Always available" : row.policy === "deny" ? "Stops selling at 0" : "Keeps selling at 0"}</td>
                    <td>
                      {row.tracked ? (
                        <AdjustForm
                          row={row}
                          problem={row.variantId === problemVariant ? problem : null}
                          savedId={adjusted?.variantId === row.variantId && !problem ? adjusted.id : null}
                        />
                      ) : (
                        <span className="admin-stock__muted">Nothing to adjust</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      <AdminPagination page={list.page} pageCount={list.pageCount} href={(page) => listHref({ ...state, page })} label="Pages of stock" />

      <ProductAlertsList entries={productAlerts} count={count} dates={dates} />

      <section className="admin-stock__latest" aria-labelledby="stock-latest-title">
        <h2 className="admin-stock__subtitle" id="stock-latest-title">
          Latest adjustments
        </h2>
        {latest.length === 0 ? (
          <p>No adjustments yet.</p>
        ) : (
          <LatestAdjustments adjustments={latest} count={count} dates={dates} />
        )}
      </section>
    </div>
  );
}

/** A row's field: the id its label, error and the summary's link share. */
const stockFieldId = (field: string, variantId: number) => `stock-${field === "quantity" ? "delta" : field}-${variantId}`;

/**
 * One variant's adjust form: the units and the reason, each with its error
 * beside it (aria-invalid, described by the error). A saved row's form empties.
 */
function AdjustForm({ row, problem, savedId }: { row: AdminStockRow; problem: AdminProblem | null; savedId: number | null }) {
  const form = useRef<HTMLFormElement>(null);
  const action = useFormAction();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("variant_id") === String(row.variantId);
  useEffect(() => {
    if (savedId !== null) form.current?.reset();
  }, [savedId]);
  const name = variantName(row);
  const idOf = (field: string) => stockFieldId(field, row.variantId);
  const errorOf = (field: string) => problem?.errors[field]?.join(" ") ?? "";
  const describedBy = (field: string, ...more: string[]) => [...more, errorOf(field) ? `${idOf(field)}-error` : null].filter(Boolean).join(" ") || undefined;
  const deltaError = errorOf("delta") || errorOf("quantity");
  return (
    <Form className="admin-stock__adjust" method="post" action={action} ref={form}>
      <input type="hidden" name="variant_id" value={row.variantId} />
      <div className="field admin-stock__field">
        <label className="field__label" htmlFor={idOf("delta")}>
          Units<span className="visually-hidden"> to add or take away, {name}</span>
        </label>
        <input
          className="field__input admin-stock__units"
          id={idOf("delta")}
          name="delta"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          required
          size={6}
          maxLength={9}
          defaultValue={problem?.values.delta ?? ""}
          aria-invalid={deltaError ? true : undefined}
          aria-describedby={describedBy("delta", "stock-units-help")}
        />
        {deltaError ? (
          <p className="field__error" id={`${idOf("delta")}-error`}>
            {deltaError}
          </p>
        ) : null}
      </div>
      <div className="field admin-stock__field">
        <label className="field__label" htmlFor={idOf("reason")}>
          Reason<span className="visually-hidden"> for {name}</span>
        </label>
        <select
          className="field__input admin-stock__reason"
          id={idOf("reason")}
          name="reason"
          required
          defaultValue={problem?.values.reason ?? ""}
          aria-invalid={errorOf("reason") ? true : undefined}
          aria-describedby={describedBy("reason")}
        >
          <option value="">Choose…</option>
          {STOCK_REASONS.map((reason: StockReason) => (
            <option key={reason} value={reason}>
              {STOCK_REASON_LABELS[reason]}
            </option>
          ))}
        </select>
        {errorOf("reason") ? (
          <p className="field__error" id={`${idOf("reason")}-error`}>
            {errorOf("reason")}
          </p>
        ) : null}
      </div>
      <button
        className="admin-button admin-stock__save"
        type="submit"
        aria-disabled={busy || undefined}
        onClick={(event) => {
          // A post under way is not sent twice.
          if (busy) event.preventDefault();
        }}
      >
        {busy ? "Saving…" : "Save"}
        <span className="visually-hidden"> stock for {name}</span>
      </button>
    </Form>
  );
}

function LatestAdjustments({ adjustments, count, dates }: { adjustments: AdminStockAdjustment[]; count: Intl.NumberFormat; dates: Intl.DateTimeFormat }) {
  return (
    <div className="admin-stock__scroll">
      <table className="admin-table admin-stock__table">
        <caption>The latest {adjustments.length === 1 ? "adjustment" : `${adjustments.length} adjustments`}, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Product</th>
            <th scope="col">SKU</th>
            <th scope="col" className="admin-table__number">
              Change
            </th>
            <th scope="col" className="admin-table__number">
              On hand after
            </th>
            <th scope="col">Reason</th>
            <th scope="col">By</th>
          </tr>
        </thead>
        <tbody>
          {adjustments.map((adjustment) => (
            <tr key={adjustment.id}>
              <td>
                <time dateTime={adjustment.at}>{dates.format(new Date(adjustment.at))}</time>
              </td>
              <th scope="row">{variantName(adjustment)}</th>
              <td className="admin-stock__sku">{adjustment.sku}</td>
              <td className="admin-table__number">{signed(adjustment.delta, count)}</td>
              <td className="admin-table__number">{count.format(adjustment.quantityAfter)}</td>
              <td>
                {STOCK_REASON_LABELS[adjustment.reason]}
                {adjustment.note ? <span className="admin-stock__note">: {adjustment.note}</span> : null}
              </td>
              <td>{adjustment.staffName ?? <span className="admin-stock__muted">Former staff</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
