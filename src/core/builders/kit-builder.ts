/**
 * The multi-step kit builder's rules, without React: numbered steps, each
 * with a grid of products and an optional popup list; a pick toggles a
 * product in its list, the oldest pick dropped once the list's limit is
 * reached; sold-out products cannot be picked; the kit can be added only
 * when every required step holds exactly its limits of available picks (grid
 * and popup counted apart, a list with no products asking for nothing).
 *
 * Display prices take the kit's percent off each product's kit price (its
 * price override, else its price); the total uses the same saving rule the
 * platform charges a complete kit with.
 */
import { bundleSaving } from "./bundles.ts";

export type KitList = "main" | "popup";

export interface KitProduct {
  handle: string;
  title: string;
  variantId: number;
  variantTitle: string;
  /** The product's own price, minor units. */
  price: number;
  compareAtPrice: number | null;
  /** The price inside the kit (a merchant's override), never above `price`. */
  kitPrice: number;
  available: boolean;
  pills: readonly string[];
  /** Dropdown option values under which the product is recommended. */
  recommendedFor: readonly string[];
  inCompare: boolean;
}

export interface KitStep {
  /** The step's place in the merchant's settings: stable even when other steps are dropped. */
  id: number;
  title: string;
  description: string;
  optional: boolean;
  limit: number;
  popupLimit: number;
  popupTitle: string;
  main: readonly KitProduct[];
  popup: readonly KitProduct[];
}

export interface KitDefinition {
  steps: readonly KitStep[];
  /** Percent off every product of the kit. */
  discountPercent: number;
}

/** Per step id, the picks of each list, oldest first. */
export type KitPicks = Readonly<Record<number, { main: readonly string[]; popup: readonly string[] }>>;

const listOf = (step: KitStep, list: KitList) => (list === "main" ? step.main : step.popup);
const limitOf = (step: KitStep, list: KitList) => (list === "main" ? step.limit : step.popupLimit);

/** A kit is in progress once the shopper has picked anything in it: popups keep away until it is added or left. */
export function kitStarted(picks: KitPicks): boolean {
  return Object.values(picks).some((step) => step.main.length > 0 || step.popup.length > 0);
}

export function picksOf(picks: KitPicks, stepId: number, list: KitList): readonly string[] {
  return picks[stepId]?.[list] ?? [];
}

/**
 * Toggles a product in its step's list: a picked product is unpicked; a new
 * pick past the list's limit drops the oldest. A sold-out product, or one the
 * list does not offer, changes nothing.
 */
export function togglePick(definition: KitDefinition, picks: KitPicks, stepId: number, list: KitList, handle: string): KitPicks {
  const step = definition.steps.find((candidate) => candidate.id === stepId);
  const product = step ? listOf(step, list).find((candidate) => candidate.handle === handle) : undefined;
  if (!step || !product) return picks;
  const current = picksOf(picks, stepId, list);
  const limit = limitOf(step, list);
  let next: string[];
  if (current.includes(handle)) next = current.filter((picked) => picked !== handle);
  else if (!product.available || limit === 0) return picks;
  else next = [...current, handle].slice(-limit);
  const entry = { main: picksOf(picks, stepId, "main"), popup: picksOf(picks, stepId, "popup"), [list]: next };
  return { ...picks, [stepId]: entry };
}

/** How many available picks a list holds. */
function availablePicks(step: KitStep, list: KitList, picks: KitPicks): number {
  const offered = listOf(step, list);
  return picksOf(picks, step.id, list).filter((handle) => offered.some((product) => product.handle === handle && product.available)).length;
}

/** Whether one list of a step has what it needs: exactly its limit, or nothing asked of an empty list or an optional step. */
export function listSatisfied(step: KitStep, list: KitList, picks: KitPicks): boolean {
  if (listOf(step, list).length === 0 || limitOf(step, list) === 0) return true;
  const count = availablePicks(step, list, picks);
  return step.optional ? count <= limitOf(step, list) : count === limitOf(step, list);
}

export const stepSatisfied = (step: KitStep, picks: KitPicks) => listSatisfied(step, "main", picks) && listSatisfied(step, "popup", picks);

/** The kit can be added when every step's lists are satisfied and something is picked. */
export function canAddKit(definition: KitDefinition, picks: KitPicks): boolean {
  return definition.steps.every((step) => stepSatisfied(step, picks)) && kitLines(definition, picks).length > 0;
}

export interface KitLine {
  step: KitStep;
  list: KitList;
  product: KitProduct;
}

/** The available picks, step by step, grid before popup. */
export function kitLines(definition: KitDefinition, picks: KitPicks): KitLine[] {
  return definition.steps.flatMap((step) =>
    (["main", "popup"] as const).flatMap((list) =>
      picksOf(picks, step.id, list).flatMap((handle) => {
        const product = listOf(step, list).find((candidate) => candidate.handle === handle && candidate.available);
        return product ? [{ step, list, product }] : [];
      }),
    ),
  );
}

/** A product's price as the kit shows it: its kit price less the kit's percent; the compare-at price struck beside it when higher. */
export function displayPrices(product: Pick<KitProduct, "price" | "kitPrice" | "compareAtPrice">, discountPercent: number): { display_price: number; display_compare_at_price: number | null } {
  const kitPrice = Math.min(product.price, product.kitPrice);
  const display_price = kitPrice - bundleSaving({ discountType: "percent", discountAmount: discountPercent, fixedDiscount: 0 }, kitPrice);
  const compare = Math.max(product.price, product.compareAtPrice ?? 0);
  return { display_price, display_compare_at_price: compare > display_price ? compare : null };
}

export interface KitTotals {
  count: number;
  /** What the picks cost on their own. */
  full: number;
  /** What the kit costs: the kit prices less the kit's saving. */
  total: number;
  saving: number;
}

/** The kit's figures, as the platform charges a complete kit. */
export function kitTotals(definition: KitDefinition, picks: KitPicks): KitTotals {
  const lines = kitLines(definition, picks);
  const full = lines.reduce((sum, line) => sum + line.product.price, 0);
  const kitPrices = lines.reduce((sum, line) => sum + Math.min(line.product.price, line.product.kitPrice), 0);
  const total = kitPrices - bundleSaving({ discountType: "percent", discountAmount: definition.discountPercent, fixedDiscount: 0 }, kitPrices);
  return { count: lines.length, full, total, saving: full - total };
}

/** A saved pick as browser storage keeps it. */
export interface SavedKitPick {
  product_handle: string;
  product_step: number;
  in_popup?: boolean;
}

/** Saved picks back into the builder: picks whose step or product is gone, or over a limit, are left out. */
export function restoreKit(definition: KitDefinition, saved: readonly SavedKitPick[]): KitPicks {
  let picks: KitPicks = {};
  for (const item of saved) {
    const list: KitList = item.in_popup ? "popup" : "main";
    if (picksOf(picks, item.product_step, list).includes(item.product_handle)) continue;
    picks = togglePick(definition, picks, item.product_step, list, item.product_handle);
  }
  return picks;
}

/** `{{kit_price:handle}}` or `{{price:handle}}` in a step's description. */
const QUOTED_PRICE = /\{\{\s*(kit_price|price)\s*:\s*([a-z0-9-]+)\s*\}\}/g;

/**
 * A step's description with the prices it quotes filled in from the rule that
 * prices the kit: `{{kit_price:handle}}` is what the product costs in a complete
 * kit (its kit price less the kit's percent, as its card shows), `{{price:handle}}`
 * its own price. A description quoting a product the step does not offer is left
 * out rather than shown with a price nobody charges.
 */
export function stepDescription(step: Pick<KitStep, "description" | "main" | "popup">, discountPercent: number, money: (cents: number) => string): string {
  let known = true;
  const text = step.description.replace(QUOTED_PRICE, (_match, kind: string, handle: string) => {
    const product = [...step.main, ...step.popup].find((candidate) => candidate.handle === handle);
    if (!product) {
      known = false;
      return "";
    }
    return money(kind === "price" ? product.price : displayPrices(product, discountPercent).display_price);
  });
  return known ? text : "";
}
