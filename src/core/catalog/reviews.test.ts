import { describe, expect, it } from "vitest";
import { chosenStars, ratingSummary, reviewQueryOf, reviewQueryParams, reviewerShownName, starShares, summaryOfCounts } from "./reviews.ts";
import { reviewFormSchema, reviewHolds } from "./review-holds.ts";

describe("rating maths", () => {
  it("averages whole stars to one decimal and counts each number of stars", () => {
    expect(ratingSummary([5, 4, 4, 5, 3])).toEqual({ rating: 4.2, count: 5, stars: [0, 0, 1, 2, 2] });
    expect(ratingSummary([5, 5, 4])).toEqual({ rating: 4.7, count: 3, stars: [0, 0, 0, 1, 2] });
  });

  it("has no rating without reviews and ignores what is not a star rating", () => {
    expect(ratingSummary([])).toEqual({ rating: 0, count: 0, stars: [0, 0, 0, 0, 0] });
    expect(ratingSummary([0, 6, 2.5, Number.NaN, 1])).toEqual({ rating: 1, count: 1, stars: [1, 0, 0, 0, 0] });
  });

  it("gives the same summary from the database's counts per star", () => {
    const ratings = [5, 5, 5, 4, 2, 1, 3, 5];
    const counts = [5, 4, 3, 2, 1].map((rating) => ({ rating, count: ratings.filter((each) => each === rating).length }));
    expect(summaryOfCounts(counts)).toEqual(ratingSummary(ratings));
  });

  it("shares the breakdown in whole percent, five stars first", () => {
    expect(starShares(ratingSummary([5, 5, 4]))).toEqual([
      { stars: 5, count: 2, percent: 67 },
      { stars: 4, count: 1, percent: 33 },
      { stars: 3, count: 0, percent: 0 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 0, percent: 0 },
    ]);
  });
});

describe("a review list's address", () => {
  it("reads sort, skin type, photos and page, defaulting what it does not know", () => {
    expect(reviewQueryOf(new URLSearchParams("sort=lowest&skin_type=dry&photos=1&page=3"))).toEqual({ sort: "lowest", skinType: "dry", withPhotos: true, page: 3 });
    expect(reviewQueryOf(new URLSearchParams("sort=drop&skin_type=scaly&page=-2"))).toEqual({ sort: "newest", skinType: null, withPhotos: false, page: 1 });
  });

  it("writes back only what differs from the defaults", () => {
    expect(reviewQueryParams({ sort: "newest", skinType: null, withPhotos: false, page: 1 }).toString()).toBe("");
    expect(reviewQueryParams({ sort: "highest", skinType: "oily", withPhotos: true, page: 2 }).toString()).toBe("sort=highest&skin_type=oily&photos=1&page=2");
  });

  it("takes stars from an email link only from one to five", () => {
    expect(chosenStars("4")).toBe(4);
    expect(chosenStars("0")).toBeNull();
    expect(chosenStars("4.5")).toBeNull();
    expect(chosenStars(null)).toBeNull();
  });

  it("shows a reviewer by first name and initial", () => {
    expect(reviewerShownName("  priya   sharma ")).toBe("priya S.");
    expect(reviewerShownName("Tom")).toBe("Tom");
    expect(reviewerShownName("")).toBe("A customer");
  });
});

describe("automatic holds", () => {
  const review = (body: string, title = "Lovely") => ({ title, body });

  it("holds a review with a link, bare domain or web address", () => {
    expect(reviewHolds(review("Cheaper at https://example.com/deal"), [])).toEqual(["link"]);
    expect(reviewHolds(review("Order it from www.cheap-serums.example"), [])).toEqual(["link"]);
    expect(reviewHolds(review("Go to bargainskin.co.uk instead"), [])).toEqual(["link"]);
    expect(reviewHolds(review("Works well. Skin feels soft after a week."), [])).toEqual([]);
  });

  it("holds strong language, disguised too, but not words that merely contain it", () => {
    expect(reviewHolds(review("This is sh1t, total rubbish"), [])).toEqual(["profanity"]);
    expect(reviewHolds(review("Absolute shit for my skin"), [])).toEqual(["profanity"]);
    expect(reviewHolds(review("Bought it in Scunthorpe after an assessment at the counter."), [])).toEqual([]);
  });

  it("holds a review that repeats another's words, whatever the case and punctuation", () => {
    const others = ["Lovely serum, my skin drinks it up!", "Something else entirely."];
    expect(reviewHolds(review("lovely serum my skin drinks it up"), others)).toEqual(["repeat"]);
    expect(reviewHolds(review("Lovely serum, my skin drinks it up, mostly."), others)).toEqual([]);
  });

  it("names every hold that applies", () => {
    expect(reviewHolds(review("shit deal, see www.example.com"), ["shit deal, see www.example.com"])).toEqual(["link", "profanity", "repeat"]);
  });
});

describe("the review form", () => {
  it("takes whole stars, a title and a review with optional skin type and concern", () => {
    const parsed = reviewFormSchema.parse({ rating: "5", title: " Calm skin ", body: "Soothed my redness within days.", skinType: "", concern: "redness" });
    expect(parsed).toEqual({ rating: 5, title: "Calm skin", body: "Soothed my redness within days.", skinType: null, concern: "redness" });
  });

  it("refuses stars outside one to five, a short review and unknown skin types", () => {
    const result = reviewFormSchema.safeParse({ rating: "6", title: "x", body: "short", skinType: "scaly" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual(["rating", "body", "skinType"]);
  });
});
