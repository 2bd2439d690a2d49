/**
 * Gift cards: issued when an order with gift card lines is placed (one card
 * per unit, worth its price), and spent at checkout in the order's own
 * transaction, the card's row locked so two orders never spend one balance
 * twice.
 */
import { createHash, randomInt } from "node:crypto";
import { GIFT_CARD_ALPHABET, GIFT_CARD_CODE_LENGTH, type GIFT_CARD_ERRORS, isGiftCardProduct, normaliseGiftCardCode } from "../../core/money/gift-cards.ts";
import type { OrderJson } from "../../core/contract/storefront.ts";
import type { Catalog } from "../catalog/catalog.ts";
import type { Queryable } from "../db/database.ts";

export interface IssuedGiftCard {
  /** The code in full: known only here and in the email that carries it. */
  code: string;
  value: number;
  currency: string;
}

const codeHash = (code: string) => createHash("sha256").update(code).digest("hex");

function newCode(): string {
  let code = "";
  for (let index = 0; index < GIFT_CARD_CODE_LENGTH; index += 1) code += GIFT_CARD_ALPHABET[randomInt(GIFT_CARD_ALPHABET.length)];
  return code;
}

/** Issues a card for every unit of the order's gift card lines. */
export async function issueGiftCards(tx: Queryable, order: { id: number; email: string; currency: string; lines: readonly { quantity: number; price: number; gift_card: boolean }[] }): Promise<IssuedGiftCard[]> {
  const issued: IssuedGiftCard[] = [];
  for (const line of order.lines) {
    if (!line.gift_card || line.price <= 0) continue;
    for (let unit = 0; unit < line.quantity; unit += 1) {
      const code = newCode();
      const [card] = await tx.query<{ id: number }>(
        "insert into gift_cards (code_hash, last_characters, initial_value, balance, currency, order_id, email) values ($1, $2, $3, $3, $4, $5, $6) returning id",
        [codeHash(code), code.slice(-4), line.price, order.currency, order.id, order.email],
      );
      await tx.query("insert into gift_card_transactions (gift_card_id, order_id, amount) values ($1, $2, $3)", [card?.id, order.id, line.price]);
      issued.push({ code, value: line.price, currency: order.currency });
    }
  }
  return issued;
}

export type GiftCardRefusal = keyof typeof GIFT_CARD_ERRORS;

export type Redemption = { ok: true; amount: number; lastCharacters: string; balance: number } | { ok: false; refusal: GiftCardRefusal };

/** Spends up to `due` of the card's balance for the order; the card stays locked until the order's transaction ends. */
export async function redeemGiftCard(tx: Queryable, typed: string, due: number, currency: string, orderId: number): Promise<Redemption> {
  const code = normaliseGiftCardCode(typed);
  if (code === null) return { ok: false, refusal: "invalid" };
  const [card] = await tx.query<{ id: number; balance: number | string; currency: string; last_characters: string }>(
    "select id, balance, currency, last_characters from gift_cards where code_hash = $1 and disabled_at is null for update",
    [codeHash(code)],
  );
  if (!card) return { ok: false, refusal: "unknown" };
  if (card.currency !== currency) return { ok: false, refusal: "currency" };
  const balance = Number(card.balance);
  if (balance <= 0) return { ok: false, refusal: "empty" };
  const amount = Math.min(balance, due);
  if (amount > 0) {
    await tx.query("update gift_cards set balance = balance - $2 where id = $1", [card.id, amount]);
    await tx.query("insert into gift_card_transactions (gift_card_id, order_id, amount) values ($1, $2, $3)", [card.id, orderId, -amount]);
  }
  return { ok: true, amount, lastCharacters: card.last_characters, balance: balance - amount };
}

/** Gift card lines are known by their product's type in the catalog. */
export const giftCardLines = (order: Pick<OrderJson, "line_items">, catalog: Catalog): boolean[] =>
  order.line_items.map((line) => {
    const variant = catalog.variants.get(Number(line.variant_id));
    const product = variant ? catalog.products.get(variant.productId) : undefined;
    return product ? isGiftCardProduct(product) : false;
  });
