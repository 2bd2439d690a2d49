import type { OrderJson } from "../../core/contract/storefront.ts";
import type { Settings } from "../../core/settings/settings.ts";
import { type Site, moneyFormatFor } from "../../core/sites/sites.ts";
import { type InvoiceShop, invoiceFileName, invoicePdf } from "./invoice-pdf.ts";

/** The shop's details an invoice prints. */
export const invoiceShopOf = (settings: Pick<Settings, "shop">): InvoiceShop => ({
  name: settings.shop.name,
  email: settings.shop.email,
  address: settings.shop.address,
  taxNumber: settings.shop.taxNumber,
});

/** An order's invoice as a download: its amounts written as the site selling in its currency writes them; never kept by a cache. */
export async function invoiceResponse(order: OrderJson, platform: { settings: Pick<Settings, "shop">; site: Site; sites: readonly Site[] }): Promise<Response> {
  const pdf = await invoicePdf(order, invoiceShopOf(platform.settings), moneyFormatFor(order.currency, platform.site, platform.sites));
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoiceFileName(order)}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
