import { findPlan } from "../../core/subscriptions/selling-plans.ts";
import { SAMPLE_PRODUCT_TYPES, isPaidLine, isSampleItem } from "../../core/cart/line-rules.ts";
import { GIFT_GROUP_PROPERTY, canAddGift, type GiftGroupSettings } from "../../core/cart/free-gifts.ts";
import type { Translate } from "../../core/i18n/messages.ts";
import type { Database, Queryable } from "../db/database.ts";
import { type Catalog, type CatalogVariant, stockLimit, variantName } from "../catalog/catalog.ts";
import type { CatalogSource } from "../catalog/site-catalog.ts";
import { type StoredCart, type StoredLine, copyCart, emptyCart, isGiftProduct, lineKey, orderedLines, productOfLine } from "./cart-model.ts";
import { type SettledCart, giftDecisionFor, giftProperties, isLimited, settleCart, withoutGiftMarkers } from "./cart-rules.ts";
import { pricedItems } from "./cart-json.ts";
import { priceLines } from "./pricing.ts";
import type { BuilderBundles } from "../checkout/discounts/definitions.ts";
import { type CartRefusal, CartRefused, refusal } from "./refusals.ts";
import { KeyedBatch } from "../db/keyed-batch.ts";
import { type SeenCart, type StockRow, applyCart, cartMemoryOf } from "./cart-memory.ts";

export interface CartRules {
  /** The currency of the site this service prices carts for; a cart read or changed here takes it. */
  currency: string;
  /**
   * The language of the site this service serves, recorded on a cart changed here when its currency does not
   * tell its site (the Irish and French sites both sell in euros), so its reminder speaks it; else absent.
   */
  locale?: string;
  /** The builders' bundles, priced like product bundles. */
  builders: BuilderBundles;
  /**
   * The gift groups in force (the merchant's settings), in the site's words: the decision a change settles
   * with is the one its answer draws (bars, titles), so it must carry the texts the site's shoppers read.
   */
  giftGroups: () => GiftGroupSettings[];
  /** Free samples come only beside a paid product. */
  samplesNeedPaidProduct?: boolean;
  /** Writes the refusals' texts in the site's language. */
  translate: Translate;
  /** Epoch milliseconds; tests move the clock. */
  now?: () => number;
}

export interface AddItem {
  id: number;
  quantity: number;
  properties: Record<string, string>;
  /** Subscribe and save: a selling plan of the variant's product. */
  sellingPlan?: number;
}

export interface ChangeInput {
  line?: number;
  /** A line key, or a variant id (the first line of that variant). */
  id?: string;
  quantity?: number;
  properties?: Record<string, string>;
  /** A selling plan for the line, or null to make it a one-time purchase again. */
  sellingPlan?: number | null;
}

export interface UpdateInput {
  updates?: Record<string, number> | number[];
  attributes?: Record<string, string>;
  note?: string;
  discount?: string;
}

/** What a cart change did: the cart after it, the lines it touched, a refusal to report even though it was saved, and the settled pricing. */
export interface CartChange {
  cart: StoredCart;
  touchedKeys: string[];
  error?: CartRefusal;
  settled: SettledCart;
}

/** A cart keeps at most this many discount codes (the newest), however many links a shopper follows. */
const MAX_DISCOUNT_CODES = 5;

/** Shopify caps a line's quantity at one million. */
export const MAX_LINE_QUANTITY = 1_000_000;
/** A cart holds at most this many lines, as Shopify's does. */
export const MAX_CART_LINES = 500;

const tooMany = () => new CartRefused("unprocessable", `The quantity of a line cannot be more than ${MAX_LINE_QUANTITY}.`);

type CartRow = Omit<StoredCart, "lines"> & { lines: StoredLine[] };

/** Round trips a change tries from what was seen before it takes the cart's lock for a whole transaction. */
const OPTIMISTIC_ATTEMPTS = 3;

/** What a change did; `startAfresh` when it emptied the cart, which then forgets the gifts removed by hand. */
type CartWork = (cart: StoredCart, stock: Map<number, StockRow>, catalog: Catalog) => Promise<{ touchedKeys: string[]; error?: CartRefusal | undefined; startAfresh?: boolean }>;

const CART_COLUMNS = "token, note, attributes, lines, discount_codes, line_seq, currency, removed_gifts";

type VersionedCartRow = CartRow & { version: string };
const cartReads = new WeakMap<Database, KeyedBatch<string, VersionedCartRow>>();

/** The database's cart reads, batched: carts read at the same moment come back from one query. */
function cartReadsOf(db: Database): KeyedBatch<string, VersionedCartRow> {
  let reads = cartReads.get(db);
  if (!reads) {
    reads = new KeyedBatch(async (tokens) => {
      const rows = await db.query<VersionedCartRow>(`select ${CART_COLUMNS}, xmin::text as version from carts where token = any($1::text[])`, [tokens]);
      return new Map(rows.map((row) => [row.token, row]));
    });
    cartReads.set(db, reads);
  }
  return reads;
}

export class CartService {
  private readonly db: Database;
  private readonly catalogStore: CatalogSource;
  private readonly rules: CartRules;
  /** The configured gifts' variants, per catalog loaded. */
  private readonly giftIds = new WeakMap<Catalog, number[]>();

  /** The site's words, for the services that answer its shoppers beside the cart (the checkout). */
  get translate(): Translate {
    return this.rules.translate;
  }

  constructor(db: Database, catalogStore: CatalogSource, rules: CartRules) {
    this.db = db;
    this.catalogStore = catalogStore;
    this.rules = rules;
  }

  private now(): number {
    return this.rules.now?.() ?? Date.now();
  }

  /** A gift may join the cart only when the gift rule allows it now; it comes as one item with the gift markers. */
  private giftItem(cart: StoredCart, catalog: Catalog, variant: CatalogVariant, item: AddItem): AddItem {
    const product = catalog.products.get(variant.productId);
    // A paid product posted with gift markers is added without them, so its line key is the one it keeps.
    if (!product || !isGiftProduct(product)) return { ...item, properties: withoutGiftMarkers(item.properties) };
    const decision = giftDecisionFor(pricedItems(cart, catalog, priceLines(cart, catalog, this.rules.builders)), catalog, { groups: this.rules.giftGroups(), now: this.now(), removedByHand: new Set() });
    const verdict = canAddGift(decision, item.properties[GIFT_GROUP_PROPERTY], product.handle);
    if (!verdict.ok) {
      const { translate } = this.rules;
      const limit = verdict.group?.limit ?? 0;
      throw new CartRefused("cart", verdict.reason === "limit" && limit > 0 ? translate("gift_limit_error", { limit }) : translate("gift_not_qualified"));
    }
    return { id: item.id, quantity: 1, properties: giftProperties(item.properties, verdict.group.key) };
  }

  /** The cart as this site sees it: one last priced in another currency is converted (its lines and codes kept, its gifts settled again). */
  async read(token: string): Promise<StoredCart> {
    return (await this.readVersioned(token)).cart;
  }

  /** `read`, with the version of the cart's row as read (null when there is no row, or it was just converted). */
  async readVersioned(token: string): Promise<SeenCart> {
    const row = await cartReadsOf(this.db).get(token);
    if (!row) return { version: null, cart: { ...emptyCart(token), currency: this.rules.currency } };
    // The next change of this cart starts from what was read here.
    cartMemoryOf(this.db).remember(token, row.version, fromRow(row));
    if (row.currency === this.rules.currency) return { version: row.version, cart: fromRow(row) };
    return { version: null, cart: (await this.mutate(token, async () => ({ touchedKeys: [] }), [])).cart };
  }

  /** Adds items; `attributes` may ride along (the time of the add), set as `update` sets them. */
  add(token: string, items: AddItem[], attributes?: Record<string, string>): Promise<CartChange> {
    return this.mutate(token, async (cart, stock, catalog) => {
      const touched: string[] = [];
      let error: CartRefusal | undefined;
      for (const requested of items) {
        if (requested.quantity === 0) continue;
        const variant = publishedVariant(catalog, requested.id);
        const sellingPlan = offeredPlan(catalog, variant, requested.sellingPlan);
        const item = this.giftItem(cart, catalog, variant, requested);
        const key = lineKey(variant.id, item.properties, sellingPlan);
        const room = roomFor(cart, stock.get(variant.id), variant.id);
        const name = nameOf(catalog, variant);
        if (room !== null && room <= 0) {
          throw inCart(cart, variant.id) === 0
            ? new CartRefused("cart", `The product '${name}' is already sold out.`)
            : new CartRefused("inventory", "The maximum quantity of this item is already in your cart.");
        }
        const quantity = room === null ? item.quantity : Math.min(item.quantity, room);
        if ((cart.lines.find((line) => line.key === key)?.quantity ?? 0) + quantity > MAX_LINE_QUANTITY) throw tooMany();
        addToLine(cart, key, variant, item.properties, quantity, sellingPlan);
        if (!touched.includes(key)) touched.push(key);
        if (quantity < item.quantity) {
          error = refusal("inventory", `Only ${quantity} items were added to your cart due to availability.`);
          break;
        }
      }
      const sampleTypeTouched = cart.lines.some((line) => touched.includes(line.key) && (SAMPLE_PRODUCT_TYPES as readonly string[]).includes(productOfLine(line, catalog)?.productType ?? ""));
      if (this.rules.samplesNeedPaidProduct !== false && sampleTypeTouched) {
        // A free sample comes beside something paid for: alone it is refused, not silently dropped.
        const priced = pricedItems(cart, catalog, priceLines(cart, catalog, this.rules.builders));
        if (priced.some((line) => touched.includes(line.key) && isSampleItem(line)) && !priced.some(isPaidLine)) {
          throw new CartRefused("cart", this.rules.translate("sample_needs_product"));
        }
      }
      if (attributes) setAttributes(cart, attributes);
      return { touchedKeys: touched, error };
    }, items.map((item) => item.id));
  }

  change(token: string, input: ChangeInput): Promise<CartChange> {
    return this.mutate(token, async (cart, stock, catalog) => {
      const lines = orderedLines(cart);
      const line = findLine(lines, input);
      if (!line) throw new CartRefused("bad_request", "no valid id or line parameter");
      const variant = catalog.variants.get(line.variant_id);
      if (input.properties !== undefined || input.sellingPlan !== undefined) {
        const properties = input.properties ?? line.properties;
        const sellingPlan = input.sellingPlan === undefined ? line.selling_plan_id : input.sellingPlan === null ? undefined : variant ? offeredPlan(catalog, variant, input.sellingPlan) : undefined;
        const key = lineKey(line.variant_id, properties, sellingPlan);
        const twin = cart.lines.find((other) => other !== line && other.key === key);
        line.properties = properties;
        line.key = key;
        if (sellingPlan === undefined) delete line.selling_plan_id;
        else line.selling_plan_id = sellingPlan;
        if (twin) {
          line.quantity += twin.quantity;
          cart.lines = cart.lines.filter((other) => other !== twin);
        }
      }
      const wanted = input.quantity ?? line.quantity;
      const error = setQuantity(cart, line, wanted, variant ? stock.get(variant.id) : undefined);
      return { touchedKeys: [line.key], error };
    }, lineVariantIds);
  }

  update(token: string, input: UpdateInput): Promise<CartChange> {
    const newVariantIds =
      input.updates && !Array.isArray(input.updates)
        ? Object.keys(input.updates)
            .filter((id) => !id.includes(":"))
            .map(Number)
        : [];
    return this.mutate(token, async (cart, stock, catalog) => {
      const touched: string[] = [];
      let error: CartRefusal | undefined;
      const updates = input.updates;
      if (Array.isArray(updates)) {
        const lines = orderedLines(cart);
        if (updates.length !== lines.length) throw new CartRefused("bad_request", "updates must give one quantity for each line of the cart");
        lines.forEach((line, index) => {
          error = setQuantity(cart, line, updates[index] ?? line.quantity, stock.get(line.variant_id)) ?? error;
          touched.push(line.key);
        });
      } else if (updates) {
        for (const [id, quantity] of Object.entries(updates)) {
          const existing = id.includes(":")
            ? cart.lines.find((line) => line.key === id)
            : orderedLines(cart).find((line) => line.variant_id === Number(id));
          if (existing) {
            error = setQuantity(cart, existing, quantity, stock.get(existing.variant_id)) ?? error;
            touched.push(existing.key);
            continue;
          }
          if (id.includes(":")) throw new CartRefused("bad_request", "no valid id or line parameter");
          if (quantity === 0) continue;
          const variant = publishedVariant(catalog, Number(id));
          // A variant new to the cart joins as an add would: a gift only when the gift rule allows it.
          const item = this.giftItem(cart, catalog, variant, { id: variant.id, quantity, properties: {} });
          const room = roomFor(cart, stock.get(variant.id), variant.id);
          if (room !== null && room <= 0) throw new CartRefused("cart", `The product '${nameOf(catalog, variant)}' is already sold out.`);
          const added = room === null ? item.quantity : Math.min(item.quantity, room);
          if (added > MAX_LINE_QUANTITY) throw tooMany();
          const key = lineKey(variant.id, item.properties);
          addToLine(cart, key, variant, item.properties, added);
          touched.push(key);
          if (added < item.quantity) error = refusal("inventory", `Only ${added} items were added to your cart due to availability.`);
        }
      }
      if (input.attributes) setAttributes(cart, input.attributes);
      if (input.note !== undefined) cart.note = input.note;
      if (input.discount !== undefined) {
        cart.discount_codes = [...new Set(input.discount.split(",").map((code) => code.trim()).filter(Boolean))].slice(-MAX_DISCOUNT_CODES);
      }
      return { touchedKeys: touched, error };
    }, (cart) => [...lineVariantIds(cart), ...newVariantIds]);
  }

  clear(token: string): Promise<CartChange> {
    return this.mutate(token, async (cart) => {
      cart.lines = [];
      // An emptied cart starts afresh: gifts turned down before may be earned and added again.
      return { touchedKeys: [], startAfresh: true };
    }, []);
  }

  /** Sets the discount codes of a cart (the `/discount/{code}` link). */
  applyDiscountCode(token: string, code: string): Promise<CartChange> {
    return this.mutate(token, async (cart) => {
      if (!cart.discount_codes.some((existing) => existing.toLowerCase() === code.toLowerCase())) {
        cart.discount_codes = [...cart.discount_codes, code].slice(-MAX_DISCOUNT_CODES);
      }
      return { touchedKeys: [] };
    }, []);
  }

  /**
   * Moves a guest cart's lines into a customer's cart at login: a line both
   * carts hold has its quantities summed, stock limits what is moved (the
   * rest is dropped), gifts are settled by the cart rules as on any change,
   * and codes and attributes join the customer's. The guest cart is emptied.
   */
  async mergeInto(targetToken: string, sourceToken: string): Promise<CartChange | null> {
    const source = await this.read(sourceToken);
    if (targetToken === sourceToken || source.lines.length === 0) return null;
    const change = await this.mutate(targetToken, async (cart, stock, catalog) => {
      for (const line of [...source.lines].sort((a, b) => a.seq - b.seq)) {
        const variant = catalog.variants.get(line.variant_id);
        const product = variant ? catalog.products.get(variant.productId) : undefined;
        // Gifts come back only if the merged cart earns them, which the rules decide below.
        if (!variant || !product?.published || isGiftProduct(product)) continue;
        const room = roomFor(cart, stock.get(variant.id), variant.id);
        const existing = cart.lines.find((other) => other.key === line.key)?.quantity ?? 0;
        const quantity = Math.min(line.quantity, room ?? line.quantity, MAX_LINE_QUANTITY - existing);
        if (quantity > 0) addToLine(cart, line.key, variant, line.properties, quantity);
      }
      cart.discount_codes = [...new Set([...cart.discount_codes, ...source.discount_codes])].slice(-MAX_DISCOUNT_CODES);
      setAttributes(cart, source.attributes);
      if (cart.note === null) cart.note = source.note;
      cart.removed_gifts = [...new Set([...cart.removed_gifts, ...source.removed_gifts])];
      return { touchedKeys: [] };
    }, (cart) => [...lineVariantIds(cart), ...lineVariantIds(source)]);
    await this.clear(sourceToken);
    return change;
  }

  /** Locks a cart inside a checkout's transaction, with the cart rules applied as on any change. */
  async lockForCheckout(tx: Queryable, token: string, catalog: Catalog): Promise<StoredCart> {
    const cart = await lockCart(tx, token);
    // Gifts not earned leave; none is added at checkout, where the shopper cannot see it come.
    settleCart(cart, catalog, this.giftContext(cart), this.rules.builders, () => 0);
    return cart;
  }

  /**
   * Deletes abandoned carts: untouched for `keepDays`, or empty and untouched
   * for `keepEmptyHours`. Every server may run it; a cart being changed holds
   * its row lock, and a change renews `updated_at`, so no live cart goes.
   */
  async expireAbandoned({ keepDays = 30, keepEmptyHours = 24 } = {}): Promise<number> {
    const now = this.now();
    const rows = await this.db.query<{ token: string }>(
      `delete from carts where updated_at < $1::timestamptz or (lines = '[]'::jsonb and updated_at < $2::timestamptz) returning token`,
      [new Date(now - keepDays * 86_400_000).toISOString(), new Date(now - keepEmptyHours * 3_600_000).toISOString()],
    );
    return rows.length;
  }

  /** Empties a cart whose order was placed; the note and attributes go with the order too. */
  async emptyAfterCheckout(tx: Queryable, token: string): Promise<void> {
    await saveCart(tx, emptyCart(token), this.rules.locale ?? null);
  }

  private giftContext(cart: StoredCart) {
    return {
      groups: this.rules.giftGroups(),
      now: this.now(),
      removedByHand: new Set(cart.removed_gifts),
      samplesNeedPaidProduct: this.rules.samplesNeedPaidProduct ?? true,
    };
  }

  /** Variants of the configured gifts, whose stock an automatic gift needs. */
  private giftVariantIds(catalog: Catalog): number[] {
    let ids = this.giftIds.get(catalog);
    if (!ids) {
      ids = this.rules.giftGroups().flatMap((group) => group.products.flatMap((gift) => catalog.productsByHandle.get(gift.handle)?.variants.map((variant) => variant.id) ?? []));
      this.giftIds.set(catalog, ids);
    }
    return ids;
  }

  /**
   * Runs one change to one cart. The change is worked out from the cart and
   * stock as this server last saw them and written in one round trip, which
   * takes the cart's row lock and writes only if neither moved meanwhile;
   * else it is worked out again from what the database answered. A cart
   * changed by many at once gets the whole locked transaction instead.
   */
  private async mutate(token: string, work: CartWork, variantIds: number[] | ((cart: StoredCart) => number[])): Promise<CartChange> {
    const catalog = await this.catalogStore.get();
    const memory = cartMemoryOf(this.db);
    let seen: SeenCart = memory.cart(token);
    for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt++) {
      const cart = copyCart(seen.cart);
      const ids = this.stockIds(cart, catalog, variantIds);
      // The stock last answered by the database (learnt below), else as the catalog has it.
      const stock = memory.stockOf(ids, catalog);
      let change: CartChange | undefined;
      let refused: CartRefused | undefined;
      try {
        change = await this.workOut(cart, work, stock, catalog);
      } catch (error) {
        if (!(error instanceof CartRefused)) throw error;
        refused = error;
      }
      const answer = await applyCart(this.db, seen, ids, stock, change ? cart : null, this.rules.locale ?? null);
      memory.learnStock(ids, answer.stock);
      if (answer.applied) {
        // A refusal stands only when it was worked out from the cart and stock as they are.
        if (refused) throw refused;
        memory.remember(token, answer.version, copyCart(cart));
        return change as CartChange;
      }
      seen = { version: answer.version, cart: answer.current };
      memory.remember(token, seen.version, seen.cart);
    }
    memory.forget(token);
    const { change, version } = await this.db.transaction(async (tx) => {
      const cart = await lockCart(tx, token);
      const stock = await readStock(tx, this.stockIds(cart, catalog, variantIds));
      const worked = await this.workOut(cart, work, stock, catalog);
      return { change: worked, version: await saveCart(tx, cart, this.rules.locale ?? null) };
    });
    memory.remember(token, version, copyCart(change.cart));
    return change;
  }

  /** The variants whose stock a change reads: those it names, the cart's and the configured gifts'. */
  private stockIds(cart: StoredCart, catalog: Catalog, variantIds: number[] | ((cart: StoredCart) => number[])): number[] {
    const ids = typeof variantIds === "function" ? variantIds(cart) : [...variantIds, ...lineVariantIds(cart)];
    return [...new Set([...ids, ...this.giftVariantIds(catalog)].filter(Number.isSafeInteger))].sort((a, b) => a - b);
  }

  /** Applies a change and the cart rules to a cart in memory; throws CartRefused when the change is refused. */
  private async workOut(cart: StoredCart, work: CartWork, stock: Map<number, StockRow>, catalog: Catalog): Promise<CartChange> {
    cart.currency = this.rules.currency;
    const giftsBefore = giftHandles(cart, catalog);
    const outcome = await work(cart, stock, catalog);
    if (cart.lines.length > MAX_CART_LINES) throw new CartRefused("unprocessable", `A cart can hold at most ${MAX_CART_LINES} lines.`);
    if (outcome.startAfresh) cart.removed_gifts = [];
    else rememberGiftsRemoved(cart, giftsBefore, giftHandles(cart, catalog));
    const asked = limitedAsked(cart, catalog, outcome.touchedKeys);
    const settled = settleCart(cart, catalog, this.giftContext(cart), this.rules.builders, (variantId) => roomFor(cart, stock.get(variantId), variantId));
    const touchedKeys = outcome.touchedKeys.filter((key) => cart.lines.some((line) => line.key === key));
    const error = outcome.error ?? this.heldAtOne(cart, catalog, asked);
    return { cart, touchedKeys, settled, ...(error ? { error } : {}) };
  }

  /** The shopper is told when a product limited to one was held at one: the change is kept, with the reason. */
  private heldAtOne(cart: StoredCart, catalog: Catalog, asked: Map<number, number>): CartRefusal | undefined {
    for (const [productId, quantity] of asked) {
      const held = cart.lines.reduce((sum, line) => (line.product_id === productId ? sum + line.quantity : sum), 0);
      const product = catalog.products.get(productId);
      if (held < quantity && product) return refusal("inventory", this.rules.translate("limited_to_one", { title: product.title }));
    }
    return undefined;
  }
}

function fromRow(row: CartRow): StoredCart {
  return {
    token: row.token,
    note: row.note,
    attributes: row.attributes ?? {},
    lines: row.lines ?? [],
    discount_codes: row.discount_codes ?? [],
    line_seq: row.line_seq,
    currency: row.currency,
    removed_gifts: row.removed_gifts ?? [],
  };
}

/**
 * Creates the cart if needed and takes its row lock in one statement: an
 * upsert locks the row it touches until the transaction ends.
 */
async function lockCart(tx: Queryable, token: string): Promise<StoredCart> {
  const [row] = await tx.query<CartRow>(
    `insert into carts (token) values ($1) on conflict (token) do update set token = excluded.token returning ${CART_COLUMNS}`,
    [token],
  );
  if (!row) throw new Error(`cart ${token} vanished while locked`);
  return fromRow(row);
}

/** Writes a locked cart, in the language of the site writing it; answers its new row version. */
async function saveCart(tx: Queryable, cart: StoredCart, locale: string | null): Promise<string | null> {
  const [row] = await tx.query<{ version: string }>(
    "update carts set note = $2, attributes = $3, lines = $4, discount_codes = $5, line_seq = $6, currency = $7, removed_gifts = $8, locale = coalesce($9, locale), updated_at = now() where token = $1 returning xmin::text as version",
    [cart.token, cart.note, JSON.stringify(cart.attributes), JSON.stringify(cart.lines), cart.discount_codes, cart.line_seq, cart.currency, cart.removed_gifts, locale],
  );
  return row?.version ?? null;
}

async function readStock(tx: Queryable, ids: number[]): Promise<Map<number, StockRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.query<StockRow>(
    "select id, inventory_management, inventory_policy, inventory_quantity from variants where id = any($1::bigint[])",
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

const lineVariantIds = (cart: StoredCart) => cart.lines.map((line) => line.variant_id);

/** For the paid products limited to one that a change touched: how many of each the cart holds before the rules hold them at one. */
function limitedAsked(cart: StoredCart, catalog: Catalog, touchedKeys: readonly string[]): Map<number, number> {
  const asked = new Map<number, number>();
  for (const line of cart.lines) {
    if (!touchedKeys.includes(line.key)) continue;
    const product = productOfLine(line, catalog);
    if (!product || isGiftProduct(product) || !isLimited(product)) continue;
    asked.set(product.id, cart.lines.reduce((sum, other) => (other.product_id === product.id ? sum + other.quantity : sum), 0));
  }
  return asked;
}

/** Handles of the gift products a cart holds, however their lines are marked. */
function giftHandles(cart: StoredCart, catalog: Catalog): Set<string> {
  const handles = new Set<string>();
  for (const line of cart.lines) {
    const product = productOfLine(line, catalog);
    if (product && isGiftProduct(product)) handles.add(product.handle);
  }
  return handles;
}

/**
 * A gift the shopper's own change took out of the cart is remembered with
 * the cart, and one they put back is forgotten: the gift rule never adds a
 * remembered gift by itself, whichever client makes the next change.
 */
function rememberGiftsRemoved(cart: StoredCart, before: ReadonlySet<string>, after: ReadonlySet<string>): void {
  const removed = [...before].filter((handle) => !after.has(handle));
  const remembered = cart.removed_gifts.filter((handle) => !after.has(handle) || before.has(handle));
  const next = [...new Set([...remembered, ...removed])];
  if (next.length !== cart.removed_gifts.length || next.some((handle, index) => handle !== cart.removed_gifts[index])) cart.removed_gifts = next;
}

function publishedVariant(catalog: Catalog, id: number): CatalogVariant {
  const variant = catalog.variants.get(id);
  if (!variant || !catalog.products.get(variant.productId)?.published) throw new CartRefused("variant_not_found", "Cannot find variant");
  return variant;
}

/** Cart attributes: an empty value removes one. */
function setAttributes(cart: StoredCart, attributes: Record<string, string>): void {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === "") delete cart.attributes[name];
    else cart.attributes[name] = value;
  }
}

function nameOf(catalog: Catalog, variant: CatalogVariant): string {
  const product = catalog.products.get(variant.productId);
  return product ? variantName(product, variant) : variant.title;
}

function inCart(cart: StoredCart, variantId: number, except?: StoredLine): number {
  return cart.lines.reduce((sum, line) => (line.variant_id === variantId && line !== except ? sum + line.quantity : sum), 0);
}

/** How many more of a variant this cart may take, or null when stock sets no limit. */
function roomFor(cart: StoredCart, stock: StockRow | undefined, variantId: number): number | null {
  if (!stock) return null;
  const limit = stockLimit({
    inventoryManagement: stock.inventory_management,
    inventoryPolicy: stock.inventory_policy,
    inventoryQuantity: stock.inventory_quantity,
  });
  return limit === null ? null : limit - inCart(cart, variantId);
}

function addToLine(cart: StoredCart, key: string, variant: CatalogVariant, properties: Record<string, string>, quantity: number, sellingPlan?: number) {
  const existing = cart.lines.find((line) => line.key === key);
  if (existing) {
    existing.quantity = Math.min(MAX_LINE_QUANTITY, existing.quantity + quantity);
    return;
  }
  cart.line_seq += 1;
  cart.lines.push({ key, variant_id: variant.id, product_id: variant.productId, quantity, properties, seq: cart.line_seq, ...(sellingPlan === undefined ? {} : { selling_plan_id: sellingPlan }) });
}

/**
 * The selling plan a line may be bought on: one of its product's plans. A
 * plan the product does not offer (or a free gift on a plan) is refused as
 * Shopify refuses it.
 */
function offeredPlan(catalog: Catalog, variant: CatalogVariant, sellingPlan: number | undefined): number | undefined {
  if (sellingPlan === undefined) return undefined;
  const product = catalog.products.get(variant.productId);
  if (!product || isGiftProduct(product) || !findPlan(product.sellingPlanGroups, sellingPlan)) throw new CartRefused("cart", "Cannot apply selling plan to variant");
  return sellingPlan;
}

function findLine(lines: StoredLine[], input: ChangeInput): StoredLine | undefined {
  if (input.line !== undefined) return lines[input.line - 1];
  if (input.id === undefined) return undefined;
  const id = input.id;
  if (id.includes(":")) return lines.find((line) => line.key === id);
  return lines.find((line) => String(line.variant_id) === id);
}

/**
 * Sets a line's quantity, removing it at zero. An increase beyond the stock
 * left for this cart is clamped, and the returned error says so.
 */
function setQuantity(cart: StoredCart, line: StoredLine, wanted: number, stock: StockRow | undefined): CartRefusal | undefined {
  if (wanted <= 0) {
    cart.lines = cart.lines.filter((other) => other !== line);
    return undefined;
  }
  let error: CartRefusal | undefined;
  let quantity = wanted;
  if (quantity > MAX_LINE_QUANTITY) {
    quantity = MAX_LINE_QUANTITY;
    error = refusal("unprocessable", `The quantity of a line cannot be more than ${MAX_LINE_QUANTITY}.`);
  }
  if (quantity > line.quantity && stock) {
    const limit = stockLimit({
      inventoryManagement: stock.inventory_management,
      inventoryPolicy: stock.inventory_policy,
      inventoryQuantity: stock.inventory_quantity,
    });
    if (limit !== null) {
      const allowed = Math.max(0, limit - inCart(cart, line.variant_id, line));
      if (quantity > allowed) {
        const increase = Math.max(0, allowed - line.quantity);
        quantity = allowed;
        error =
          increase > 0
            ? refusal("inventory", `Only ${increase} items were added to your cart due to availability.`)
            : refusal("inventory", "The maximum quantity of this item is already in your cart.");
      }
    }
  }
  if (quantity <= 0) {
    cart.lines = cart.lines.filter((other) => other !== line);
    return error;
  }
  line.quantity = quantity;
  return error;
}
