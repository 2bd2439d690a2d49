/**
 * Gift cards bought are redeemable: each unit ordered becomes a card whose
 * code is emailed to the buyer, and the code pays at checkout (part or
 * whole) in the order's own transaction, never below a zero balance.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;
const json = async (response: Response) => (await response.json()) as Record<string, any>;

const contact = { email: "grace@example.com", first_name: "Grace", last_name: "Hopper", address1: "1 Harbour Road", city: "Bristol", zip: "BS1 4RN", country: "GB" };

beforeAll(async () => {
  shop = await openTestShop({ catalog: demoCatalog });
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(async () => {
  await shop.db.query("delete from outbox");
});

/** Places an order for `quantity` of the gift card's variant `variant` (0: £10, 1: £25, 2: £50) and answers the codes emailed. */
async function buyGiftCards(variant: number, quantity: number): Promise<string[]> {
  const buyer = new Shopper(shop.app);
  await buyer.postJson("/cart/add.js", { id: shop.variant("gift-card", variant), quantity });
  const response = await buyer.postJson("/checkout.json", contact);
  expect(response.status).toBe(200);
  const mails = await shop.db.query<{ subject: string; text_body: string }>("select subject, text_body from outbox where subject like '%gift card' order by id");
  return mails.map((mail) => /Code: ([A-Z0-9-]{19})/.exec(mail.text_body)?.[1] ?? "");
}

async function checkout(shopper: Shopper, giftCard: string) {
  return shopper.postJson("/checkout.json", { ...contact, gift_card: giftCard });
}

const balanceOf = async (code: string) => {
  const [row] = await shop.db.query<{ balance: string | number }>("select balance from gift_cards where last_characters = $1", [code.slice(-4)]);
  return Number(row?.balance);
};

describe("gift cards", () => {
  it("emails one code per card bought, and keeps only the code's hash", async () => {
    const codes = await buyGiftCards(1, 2);
    expect(codes).toHaveLength(2);
    expect(new Set(codes).size).toBe(2);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
    const rows = await shop.db.query<Record<string, unknown>>("select * from gift_cards order by id desc limit 2");
    expect(JSON.stringify(rows)).not.toContain(codes[0]?.replaceAll("-", ""));
    expect(rows.map((row) => Number(row.balance))).toEqual([2500, 2500]);
  });

  it("pays part of an order, then the rest of its balance pays part of another", async () => {
    const [code = ""] = await buyGiftCards(1, 1);
    const shopper = new Shopper(shop.app);
    // Clarifying gel cleanser £16 + £3.95 shipping.
    await shopper.postJson("/cart/add.js", { id: shop.variant("clarifying-gel-cleanser") });
    const first = await json(await checkout(shopper, code.toLowerCase().replaceAll("-", " ")));
    expect(first.order).toMatchObject({ total_price: 1995, gift_card_amount: 1995, total_outstanding: 0, gift_card_last_characters: code.slice(-4) });
    expect(await balanceOf(code)).toBe(505);

    await shopper.postJson("/cart/add.js", { id: shop.variant("clarifying-gel-cleanser") });
    const second = await json(await checkout(shopper, code));
    expect(second.order).toMatchObject({ total_price: 1995, gift_card_amount: 505, total_outstanding: 1490 });
    expect(await balanceOf(code)).toBe(0);

    await shopper.postJson("/cart/add.js", { id: shop.variant("clarifying-gel-cleanser") });
    const third = await checkout(shopper, code);
    expect(third.status).toBe(422);
    expect((await json(third)).errors).toEqual({ gift_card: ["This gift card has no balance left"] });
    expect((await json(await shopper.get("/cart.js"))).item_count).toBe(1);
  });

  it("refuses codes it does not know and text that cannot be a code, placing nothing", async () => {
    const shopper = new Shopper(shop.app);
    await shopper.postJson("/cart/add.js", { id: shop.variant("clarifying-gel-cleanser") });
    const unknown = await checkout(shopper, "ABCD-EFGH-JKMN-PQRS");
    expect(unknown.status).toBe(422);
    expect((await json(unknown)).errors).toEqual({ gift_card: ["This gift card code isn't recognised"] });
    const malformed = await checkout(shopper, "not a code");
    expect((await json(malformed)).errors).toEqual({ gift_card: ["Enter a valid gift card code"] });
    expect((await json(await shopper.get("/cart.js"))).item_count).toBe(1);
  });

  it("does not pay for other gift cards", async () => {
    const [code = ""] = await buyGiftCards(2, 1);
    const shopper = new Shopper(shop.app);
    await shopper.postJson("/cart/add.js", { items: [{ id: shop.variant("gift-card", 0) }, { id: shop.variant("clarifying-gel-cleanser") }] });
    const order = (await json(await checkout(shopper, code))).order;
    // The £16 cleanser and £3.95 shipping, not the £10 card.
    expect(order).toMatchObject({ total_price: 1000 + 1995, gift_card_amount: 1995, total_outstanding: 1000 });
  });

  it("never spends one balance twice when orders race for it", async () => {
    const [code = ""] = await buyGiftCards(1, 1);
    const shoppers = Array.from({ length: 4 }, () => new Shopper(shop.app));
    for (const shopper of shoppers) await shopper.postJson("/cart/add.js", { id: shop.variant("clarifying-gel-cleanser") });
    const orders = await Promise.all(shoppers.map(async (shopper) => json(await checkout(shopper, code))));
    const paid = orders.filter((answer) => answer.order).reduce((sum, answer) => sum + answer.order.gift_card_amount, 0);
    expect(paid).toBe(2500);
    expect(await balanceOf(code)).toBe(0);
  });

  it("limits checkout attempts per address, refused ones included, so codes cannot be guessed there", async () => {
    const guarded = await openTestShop({ catalog: demoCatalog, checkoutLimit: { limit: 3, windowSeconds: 600 } });
    try {
      const guesser = new Shopper(guarded.app);
      await guesser.postJson("/cart/add.js", { id: guarded.variant("clarifying-gel-cleanser") });
      for (let attempt = 0; attempt < 3; attempt += 1) expect((await guesser.postJson("/checkout.json", { ...contact, gift_card: "ABCD-EFGH-JKMN-PQRS" })).status).toBe(422);
      const limited = await guesser.postJson("/checkout.json", { ...contact, gift_card: "ABCD-EFGH-JKMN-PQR2" });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await limited.json()).toMatchObject({ status: 429, message: "Checkout Error", description: expect.stringContaining("too many checkout attempts") });
    } finally {
      await guarded.close();
    }
  });
});
