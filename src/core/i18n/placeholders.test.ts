import { describe, expect, it } from "vitest";
import { placeholderProblem, placeholdersOf } from "./placeholders.ts";

describe("a translation's placeholders", () => {
  it("reads ICU arguments, plurals' arguments, bracketed and Liquid placeholders", () => {
    expect([...placeholdersOf("Order within {countdown} for same-day dispatch")]).toEqual(["{countdown}"]);
    expect([...placeholdersOf("{count, plural, one {# gift left for {name}} other {# gifts}}")].sort()).toEqual(["{count}", "{name}"]);
    expect([...placeholdersOf("Spend [amount] more for a free [x]")].sort()).toEqual(["[amount]", "[x]"]);
    expect([...placeholdersOf("Our cream is {{kit_price:oat}} instead of {{price:oat}}")].sort()).toEqual(["{{kit_price:oat}}", "{{price:oat}}"]);
    expect([...placeholdersOf("Plain words, no variable")]).toEqual([]);
  });

  it("accepts a translation with the same placeholders, in any order and however its plural is worded", () => {
    expect(placeholderProblem("You're [x] away from free shipping", "Plus que [x] pour la livraison offerte")).toBeNull();
    expect(placeholderProblem("{count, plural, one {# item} other {# items}} for {name}", "Pour {name} : {count, plural, one {# article} other {# articles}}")).toBeNull();
    expect(placeholderProblem("Save [price]", "")).toBeNull();
  });

  it("refuses a translation that drops, renames or adds a placeholder, naming each", () => {
    expect(placeholderProblem("Order within {countdown} for same-day dispatch", "Commandez vite pour une expédition le jour même")).toBe(
      "The translation must keep the original's placeholders exactly as written ({countdown}): it leaves out {countdown}",
    );
    expect(placeholderProblem("Spend [amount] more", "Plus que [montant]")).toBe(
      "The translation must keep the original's placeholders exactly as written ([amount]): it leaves out [amount], and [montant] is not in the original",
    );
    expect(placeholderProblem("Free shipping", "Livraison offerte dès {amount}")).toBe("The translation must keep the original's placeholders exactly as written (none): {amount} is not in the original");
  });

  it("reads a text that is not valid ICU plainly", () => {
    expect(placeholderProblem("Only {count} left", "Plus que {count} en stock {")).toBeNull();
    expect(placeholderProblem("Only {count} left", "Plus que {nombre} en stock {")).toContain("it leaves out {count}, and {nombre} is not in the original");
  });
});
