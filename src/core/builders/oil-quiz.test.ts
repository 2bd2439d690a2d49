import { describe, expect, it } from "vitest";
import { answeredOptions, oilMatches } from "./oil-quiz.ts";

const options = [
  { value: "dry", label: "Dry", description: "" },
  { value: "reactive", label: "Reactive", description: "" },
  { value: "oily", label: "Oily", description: "" },
];

describe("oilMatches", () => {
  const products = [
    { handle: "squalane", vitals: { skin_options: ["dry", "reactive"] } },
    { handle: "solstice", vitals: { skin_options: ["reactive"] } },
    { handle: "rosehip", vitals: {} },
  ];

  it("leads each option to the first product made for it, in the collection's order", () => {
    expect([...oilMatches(options, products)]).toEqual([
      ["dry", "squalane"],
      ["reactive", "squalane"],
    ]);
  });

  it("offers only the options some product answers", () => {
    expect(answeredOptions(options, oilMatches(options, products)).map((option) => option.value)).toEqual(["dry", "reactive"]);
  });
});
