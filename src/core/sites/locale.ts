/**
 * Shopper-facing texts (config/locales/{locale}.json, one catalogue per
 * locale, en-GB the source), the role of a Shopify theme's locale files. Keys
 * are flat; each text is ICU MessageFormat whose `{name}` variables (plain or
 * as a plural's or select's argument) are filled by the code that shows it,
 * so the schema checks each text keeps the variables its code fills in. Keys
 * not listed here are allowed (new texts can be added to the files first) but
 * must be strings.
 */
import { z } from "../common/zod.ts";
import { describeIssues } from "../settings/settings.ts";

const text = z.string().min(1, "must not be empty");

function textWith(...placeholders: string[]) {
  return text.refine((s) => placeholders.every((p) => new RegExp(`\\{\\s*${p}\\s*[,}]`).test(s)), {
    message: `must contain ${placeholders.map((p) => `{${p}}`).join(" and ")}`,
  });
}

export const localeSchema = z
  .object({
    free: text,
    add_to_cart: text,
    add_to_bag: text,
    adding: text,
    added: text,
    sold_out: text,
    make_a_selection: text,
    pre_order: text,
    low_stock: textWith("count"),
    in_stock: text,
    sale: text,
    regular_price: text,
    sale_price: text,
    unit_price: textWith("price", "unit"),
    quantity: text,
    increase_quantity: textWith("title"),
    decrease_quantity: textWith("title"),
    users_on_page_random: textWith("count"),
    users_on_page_honest: textWith("count", "minutes"),
    tax_calculator_title: text,
    tax_calculator_hint: text,
    tax_calculator_hint_included: text,
    users_on_page_honest_one: textWith("minutes"),
    tax_rate: text,
    tax_rate_none: text,
    tax_amount: text,
    total_with_tax: text,
    reviews_count: textWith("count"),
    helps_with: text,
    recommendations_title: text,

    bundle_default_title: text,
    bundle_save: textWith("amount"),
    bundle_select: text,
    bundle_out_of_stock: text,
    bundle_added: text,
    bundle_step: textWith("n", "total"),
    bundle_optional: text,
    bundle_required: text,
    bundle_skip: text,
    bundle_steps: text,
    bundle_next: text,
    bundle_previous: text,
    bundle_page_link: text,
    save_for_later: text,
    saved_for_later: text,
    save_for_later_item: textWith("title"),
    saved_line: textWith("title"),
    saved_list_full: text,
    move_to_bag: text,
    move_to_bag_item: textWith("title"),
    saved_moved: textWith("title"),
    saved_remove_item: textWith("title"),
    saved_removed: textWith("title"),
    saved_bundle_open: text,
    saved_from_bag: text,
    saved_bundle_remove: textWith("builder"),
    saved_unavailable: text,
    start_again: text,
    builder_you_get: text,
    builder_one_minute: text,
    builder_minutes: textWith("count"),

    cart_title: text,
    cart_open: textWith("count"),
    cart_close: text,
    cart_empty: text,
    continue_shopping: text,
    checkout: text,
    subtotal: text,
    total: text,
    remove: text,
    remove_item: textWith("title"),
    shipping_at_checkout: text,
    cart_updated: textWith("total"),
    cart_error_generic: text,
    dismiss_error: text,
    quantity_error: textWith("title"),
    limited_to_one: textWith("title"),
    gift_limit_error: textWith("limit"),
    gift_chosen: textWith("chosen", "limit"),
    gift_choose: text,
    gift_unavailable: text,
    gift_added: text,
    gift_add: text,
    gift_not_qualified: text,
    gift_declined: textWith("title"),
    sample_needs_product: text,
    gift_add_back: text,
    thresholds_label: text,
    upsell_title: text,
    upsell_add: text,
    upsell_added: text,
    slider_previous: text,
    slider_next: text,
    slider_pause: text,
    slider_play: text,

    newsletter_email_label: text,
    newsletter_submit: text,
    newsletter_error: text,
    newsletter_success: text,
    popup_close: text,

    search_label: text,
    search_placeholder: text,
    search_results: textWith("query"),
    search_no_results: textWith("query"),
    filter: text,
    sort_by: text,
    clear_filters: text,
    load_more: text,
    load_previous: text,
    items_shown: textWith("shown", "total"),
    menu_open: text,
    menu_close: text,
    announcement_label: text,

    geo_prompt: textWith("country", "site"),
    geo_go: textWith("site"),
    geo_stay: text,
    chunk_load_error: text,
    retry: text,
    reload_page: text,

    place_order: text,
    order_confirmed: textWith("name"),
    not_found: text,
  })
  .catchall(z.string());

export type Locale = z.infer<typeof localeSchema>;

/** Validates locale texts already read; `source` names them in the error. */
export function parseLocale(data: unknown, source = "locale"): Locale {
  const result = localeSchema.safeParse(data);
  if (!result.success) throw new Error(`Invalid locale in ${source}: ${describeIssues(result.error).join("; ")}`);
  return result.data;
}
