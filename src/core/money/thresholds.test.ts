import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GIFT_GROUP_PROPERTY, GIFT_PROPERTY, type GiftCartLine, type GiftGroupSettings, type GiftGroupState, type GiftProductInfo, decideGifts } from "../cart/free-gifts.ts";
import { type GiftGroupInput, parseGiftGroup } from "../settings/settings.ts";
import { type ShippingSettings, type ThresholdTrack, shippingState, thresholdEntries, thresholdMessages, thresholdTracks } from "./thresholds.ts";

const FORMAT = "£{{amount}}";
const NOW = Date.UTC(2026, 10, 21);

/** Free shipping from £40: the settings schema holds it in minor units. */
const shipping: ShippingSettings = {
  shippingThreshold: 4000,
  shippingThresholdUnder: "You're [x] away from free shipping",
  shippingThresholdOver: "You've unlocked free shipping",
  shippingThresholdLabel: "Free shipping",
};

const groupInput = (overrides: Partial<GiftGroupInput> & Pick<GiftGroupInput, "key" | "products" | "choice_thresholds">): GiftGroupInput => ({
  enabled: true,
  limit_to_collections: [],
  startTimestamp: null,
  endTimestamp: null,
  progress_title: "Gifts",
  threshold_under_text: "Spend [amount] more to choose a gift",
  threshold_over_text: "Choose below",
  icon_type: "gift",
  icon_title: "Gift",
  show_product_picker: false,
  ...overrides,
});

/** A choice group: £65 to £99.99 one gift, £100 and up two, chosen from a picker. */
const choose = parseGiftGroup(
  groupInput({
    key: "choose",
    products: [{ handle: "rose", min_spend: "65" }],
    choice_thresholds: ["65-99.99:1---Choose 1 gift---1 gift", "100-MAX:2---Choose 2 gifts---2 gifts"],
    show_product_picker: true,
  }),
);

/** The demo shop's gifts: an SPF mini added by itself from £35, a balm from £50, the choice group, and a body-care gift counted on body products only. */
const spf = parseGiftGroup(
  groupInput({
    key: "spf",
    products: [{ handle: "spf-mini", min_spend: "35", auto_add: true }],
    choice_thresholds: ["35-MAX:1---Free SPF mini---SPF mini"],
    progress_title: "Free SPF mini",
    threshold_under_text: "Spend [amount] more for a free SPF mini",
    threshold_over_text: "Your free SPF mini is in your bag",
  }),
);
const balm = parseGiftGroup(
  groupInput({
    key: "balm",
    products: [{ handle: "balm-mini", min_spend: "50", auto_add: true }],
    choice_thresholds: ["50-MAX:1---Free balm---Free balm"],
    progress_title: "Free balm",
    threshold_under_text: "Spend [amount] more for a free balm",
    threshold_over_text: "Your free balm is in your bag",
  }),
);
const body = parseGiftGroup(
  groupInput({
    key: "body",
    products: [{ handle: "lotion-mini", min_spend: "30" }],
    choice_thresholds: ["30-MAX:1---Free lotion with £30 of body care---Body gift"],
    limit_to_collections: ["body"],
    progress_title: "Free body lotion",
    threshold_under_text: "Spend [amount] more on body care for a free lotion",
    threshold_over_text: "Claim your free lotion",
    show_product_picker: true,
  }),
);
const demoGroups = [spf, balm, choose, body];

const products: Record<string, GiftProductInfo> = Object.fromEntries(
  ["rose", "spf-mini", "balm-mini", "lotion-mini"].map((handle, index) => [handle, { handle, variants: [{ id: 900 + index, sku: "", available: true }] }]),
);

let seq = 0;
const paid = (linePrice: number, collections: string[] = ["face"]): GiftCartLine => {
  seq += 1;
  return { key: `${seq}:paid`, handle: `paid-${seq}`, variantId: seq, linePrice, collections, properties: {}, addedOrder: seq };
};
const giftLine = (handle: string, groupKey: string): GiftCartLine => {
  seq += 1;
  return { key: `${seq}:gift`, handle, variantId: products[handle]?.variants[0]?.id ?? 0, linePrice: 0, collections: ["gifts"], properties: { [GIFT_PROPERTY]: "true", [GIFT_GROUP_PROPERTY]: groupKey }, addedOrder: seq };
};

const decide = (groups: GiftGroupSettings[], lines: GiftCartLine[], removedByHand: string[] = []): GiftGroupState[] =>
  decideGifts({ groups, lines, product: (handle) => products[handle], now: NOW, removedByHand: new Set(removedByHand) }).groups;

const groupsFor = (total: number, groups = [choose]) => decide(groups, total > 0 ? [paid(total)] : []);

const bar = (tracks: ThresholdTrack[], key: string) => {
  const track = tracks.find((candidate) => candidate.key === key);
  if (!track) throw new Error(`no bar ${key}`);
  return track;
};

describe("shippingState", () => {
  it("says how far free shipping is, then that it is reached", () => {
    expect(shippingState(2550, shipping, FORMAT)).toEqual({ shippingThresholdReached: false, shippingNotice: "You're £14.50 away from free shipping" });
    expect(shippingState(4000, shipping, FORMAT)).toEqual({ shippingThresholdReached: true, shippingNotice: "You've unlocked free shipping" });
  });
});

describe("thresholdEntries", () => {
  it("sorts shipping and gift thresholds ascending and fills the next unreached one from the last reached", () => {
    const entries = thresholdEntries(5000, shipping, groupsFor(5000), FORMAT);
    expect(entries.map((entry) => [entry.type, entry.threshold])).toEqual([
      ["shipping", 4000],
      ["gift_group", 6500],
      ["gift_group", 10000],
    ]);
    expect(entries.map((entry) => entry.reachedMin)).toEqual([true, false, false]);
    expect(entries.map((entry) => entry.isProgressActive)).toEqual([false, true, false]);
    expect(entries.map((entry) => entry.progressBarSegmentPct)).toEqual([100, 40, 0]);
    expect(entries.map((entry) => entry.remaining)).toEqual([0, 1500, 5000]);
    expect(entries[1]?.under_text).toBe("Spend £15.00 more to choose a gift");
  });

  it("starts from zero before anything is reached and is full when everything is", () => {
    expect(thresholdEntries(1000, shipping, groupsFor(1000), FORMAT).map((entry) => entry.progressBarSegmentPct)).toEqual([25, 0, 0]);
    expect(thresholdEntries(12000, shipping, groupsFor(12000), FORMAT).every((entry) => entry.reachedMin && entry.progressBarSegmentPct === 100 && entry.remaining === 0)).toBe(true);
  });

  it("leaves out groups that are switched off or outside their time window", () => {
    const ended = { ...choose, startTimestamp: 1, endTimestamp: 2 };
    expect(thresholdEntries(5000, shipping, groupsFor(5000, [ended]), FORMAT).map((entry) => entry.type)).toEqual(["shipping"]);
    expect(thresholdEntries(5000, shipping, groupsFor(5000, [{ ...choose, enabled: false }]), FORMAT)).toHaveLength(1);
  });

  it("has no shipping entry when the free-shipping threshold is 0", () => {
    expect(thresholdEntries(5000, { ...shipping, shippingThreshold: 0 }, groupsFor(5000), FORMAT).map((entry) => entry.type)).toEqual(["gift_group", "gift_group"]);
  });

  it("keeps every segment between 0 and 100, ordered, with at most one active", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: 1, max: 20_000 }), (total, freeShipping) => {
        const entries = thresholdEntries(total, { ...shipping, shippingThreshold: freeShipping }, groupsFor(total), FORMAT);
        for (let index = 1; index < entries.length; index += 1) expect(entries[index]!.threshold).toBeGreaterThanOrEqual(entries[index - 1]!.threshold);
        for (const entry of entries) {
          expect(entry.progressBarSegmentPct).toBeGreaterThanOrEqual(0);
          expect(entry.progressBarSegmentPct).toBeLessThanOrEqual(100);
        }
        expect(entries.filter((entry) => entry.isProgressActive).length).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe("thresholdTracks with the demo shop's gifts", () => {
  // The reported defect: the body-care group's £30, which only body products
  // move, sat on the shared bar, so a £90 cart of face products showed the
  // active segment stuck at 0 instead of the £100 choice threshold filling.
  it("at £90 with nothing from body care, the cart bar's £100 segment is active at (90 − 65) / (100 − 65), and body care is its own bar", () => {
    const groups = decide(demoGroups, [paid(9000), giftLine("spf-mini", "spf"), giftLine("balm-mini", "balm")]);
    const tracks = thresholdTracks(9000, shipping, groups, FORMAT, "Rewards");
    expect(tracks.map((track) => [track.key, track.label])).toEqual([
      ["cart", "Rewards"],
      ["body", "Free body lotion"],
    ]);
    const cart = bar(tracks, "cart");
    expect(cart.entries.map((entry) => [entry.groupKey ?? entry.type, entry.threshold])).toEqual([
      ["spf", 3500],
      ["shipping", 4000],
      ["balm", 5000],
      ["choose", 6500],
      ["choose", 10000],
    ]);
    expect(cart.entries.map((entry) => entry.reachedMin)).toEqual([true, true, true, true, false]);
    const active = cart.entries.find((entry) => entry.isProgressActive);
    expect(active).toMatchObject({ groupKey: "choose", threshold: 10000, remaining: 1000 });
    expect(active?.progressBarSegmentPct).toBeCloseTo(((90 - 65) / (100 - 65)) * 100, 0);
    expect(active?.progressBarSegmentPct).toBe(71.4);

    const bodyBar = bar(tracks, "body");
    expect(bodyBar.entries).toHaveLength(1);
    expect(bodyBar.entries[0]).toMatchObject({ groupKey: "body", threshold: 3000, reachedMin: false, isProgressActive: true, progressBarSegmentPct: 0, remaining: 3000 });
    expect(bodyBar.entries[0]?.under_text).toBe("Spend £30.00 more on body care for a free lotion");
  });

  it("at £16 the cart bar's first segment is the SPF mini's £35, at 16 / 35", () => {
    const tracks = thresholdTracks(1600, shipping, decide(demoGroups, [paid(1600)]), FORMAT);
    const [first, ...rest] = bar(tracks, "cart").entries;
    expect(first).toMatchObject({ groupKey: "spf", threshold: 3500, isProgressActive: true, remaining: 1900 });
    expect(first?.progressBarSegmentPct).toBeCloseTo((16 / 35) * 100, 0);
    expect(first?.progressBarSegmentPct).toBe(45.7);
    expect(rest.every((entry) => !entry.isProgressActive && entry.progressBarSegmentPct === 0)).toBe(true);
  });

  it("fills the body bar from body products alone", () => {
    const groups = decide(demoGroups, [paid(2000), paid(1500, ["body"])]);
    const tracks = thresholdTracks(3500, shipping, groups, FORMAT);
    expect(bar(tracks, "body").entries[0]).toMatchObject({ reachedMin: false, isProgressActive: true, progressBarSegmentPct: 50, remaining: 1500 });
    // The cart bar counts every product, the body ones included.
    expect(bar(tracks, "cart").entries[0]).toMatchObject({ groupKey: "spf", reachedMin: true });
  });

  it("flattens every bar into thresholdEntries, cart bar first", () => {
    const groups = decide(demoGroups, [paid(9000)]);
    expect(thresholdEntries(9000, shipping, groups, FORMAT).map((entry) => entry.groupKey ?? entry.type)).toEqual(["spf", "shipping", "balm", "choose", "choose", "body"]);
  });
});

describe("threshold bars, for any cart", () => {
  /** Gift groups of 1 to 3 thresholds each (whole pounds), open to every product or limited to body care. */
  const arbitraryGroup = (key: string) =>
    fc.record({
      mins: fc.uniqueArray(fc.integer({ min: 1, max: 150 }), { minLength: 1, maxLength: 3 }),
      limited: fc.boolean(),
      autoAdd: fc.boolean(),
    }).map(({ mins, limited, autoAdd }) =>
      parseGiftGroup(
        groupInput({
          key,
          products: [{ handle: "rose", min_spend: String(Math.min(...mins)), auto_add: autoAdd }],
          choice_thresholds: [...mins].sort((a, b) => a - b).map((min) => `${min}-MAX:1---Gift from £${min}---`),
          limit_to_collections: limited ? ["body"] : [],
        }),
      ),
    );

  // Carts without a cart-level discount code: then the cart's total and the
  // gift groups' spend are the same amount, and every bar has one measure.
  it("on every bar: at most one active entry, sorted ascending, reached entries full, entries after the active one empty", () => {
    fc.assert(
      fc.property(
        fc.tuple(arbitraryGroup("a"), arbitraryGroup("b"), arbitraryGroup("c")),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 15_000 }),
        (groups, faceSpend, bodySpend, freeShipping) => {
          const lines = [faceSpend > 0 ? paid(faceSpend) : null, bodySpend > 0 ? paid(bodySpend, ["body"]) : null].filter((line): line is GiftCartLine => line !== null);
          const total = faceSpend + bodySpend;
          const tracks = thresholdTracks(total, { ...shipping, shippingThreshold: freeShipping }, decide(groups, lines), FORMAT);
          for (const track of tracks) {
            const { entries } = track;
            expect(entries.length).toBeGreaterThan(0);
            for (let index = 1; index < entries.length; index += 1) expect(entries[index]!.threshold).toBeGreaterThanOrEqual(entries[index - 1]!.threshold);
            const activeAt = entries.findIndex((entry) => entry.isProgressActive);
            expect(entries.filter((entry) => entry.isProgressActive).length).toBeLessThanOrEqual(1);
            entries.forEach((entry, index) => {
              if (entry.reachedMin) expect(entry).toMatchObject({ progressBarSegmentPct: 100, remaining: 0, isProgressActive: false });
              else expect(entry.remaining).toBeGreaterThan(0);
              if (activeAt >= 0 && index > activeAt) expect(entry).toMatchObject({ reachedMin: false, progressBarSegmentPct: 0 });
              expect(entry.progressBarSegmentPct).toBeGreaterThanOrEqual(0);
              expect(entry.progressBarSegmentPct).toBeLessThanOrEqual(100);
            });
            // The first unreached entry is the active one.
            const firstUnreached = entries.findIndex((entry) => !entry.reachedMin);
            expect(activeAt).toBe(firstUnreached);
            // A group limited to collections has a bar of its own; the rest share the cart's.
            for (const entry of entries) {
              const group = groups.find((candidate) => candidate.key === entry.groupKey);
              if (group) expect(track.key).toBe(group.limit_to_collections.length > 0 ? group.key : "cart");
              else expect(track.key).toBe("cart");
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("thresholdMessages", () => {
  const declined = (title: string) => `You've unlocked ${title}`;
  const messagesFor = (groups: GiftGroupSettings[], lines: GiftCartLine[], removedByHand: string[] = []) => {
    const total = lines.reduce((sum, line) => sum + line.linePrice, 0);
    const states = decide(groups, lines, removedByHand);
    return thresholdMessages(thresholdTracks(total, shipping, states, FORMAT), states, declined);
  };

  it("always says where shipping stands, then the next gift goal", () => {
    expect(messagesFor([choose], [paid(2000)]).map((message) => message.text)).toEqual(["You're £20.00 away from free shipping", "Spend £45.00 more to choose a gift"]);
  });

  it("names the closest unreached gift, measured on each group's own total", () => {
    // £44 of face and £5 of body care: the balm (£50) is £1 away, body care (£30) £25.
    const messages = messagesFor([balm, body], [paid(4400), paid(500, ["body"])]);
    expect(messages.map((message) => message.key)).toEqual(["shipping", "next-balm-5000"]);
    expect(messages[1]?.text).toBe("Spend £1.00 more for a free balm");
  });

  it("shows each reached group's text once, and the next threshold of a group partly reached", () => {
    const messages = messagesFor([choose, spf], [paid(7000), giftLine("spf-mini", "spf")]);
    expect(messages.map((message) => [message.key, message.text, message.reached])).toEqual([
      ["shipping", "You've unlocked free shipping", true],
      ["next-choose-10000", "Spend £30.00 more to choose a gift", false],
      ["over-choose", "Choose below", true],
      ["over-spf", "Your free SPF mini is in your bag", true],
    ]);
  });

  // The reported defect: after the shopper took the automatic gift out, the
  // side cart still said it was in the bag. It must offer it back instead.
  it("offers an automatic gift removed by hand back, instead of saying it is in the bag", () => {
    const messages = messagesFor(demoGroups, [paid(9000), giftLine("balm-mini", "balm")], ["spf-mini"]);
    expect(messages.map((message) => message.text)).not.toContain("Your free SPF mini is in your bag");
    const offer = messages.find((message) => message.key === "declined-spf");
    expect(offer).toEqual({ key: "declined-spf", text: "You've unlocked Free SPF mini", reached: true, addBack: { groupKey: "spf", handle: "spf-mini" } });
    // The balm is still in the bag, so its text stays true.
    expect(messages.find((message) => message.key === "over-balm")?.text).toBe("Your free balm is in your bag");
    // A group with a picker keeps its "choose" text whatever is in the cart.
    expect(messages.find((message) => message.key === "over-choose")?.text).toBe("Choose below");
  });

  it("says nothing of a reached automatic gift that cannot be had", () => {
    const soldOut: Record<string, GiftProductInfo> = { ...products, "spf-mini": { handle: "spf-mini", variants: [{ id: 901, sku: "", available: false }] } };
    const states = decideGifts({ groups: [spf], lines: [paid(5000)], product: (handle) => soldOut[handle], now: NOW }).groups;
    const messages = thresholdMessages(thresholdTracks(5000, shipping, states, FORMAT), states, declined);
    expect(messages.map((message) => message.key)).toEqual(["shipping"]);
  });

  it("gives a group without automatic gifts its reached text even before a gift is chosen", () => {
    const noPicker = { ...choose, show_product_picker: false };
    expect(messagesFor([noPicker], [paid(7000)]).map((message) => message.key)).toContain("over-choose");
  });
});
