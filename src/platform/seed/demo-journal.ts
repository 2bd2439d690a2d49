/** The demo shop's journal: four articles, each linking to the products it talks about. */
import type { SeedArticle } from "./types.ts";

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join("\n");

const vitaminC: SeedArticle = {
  handle: "a-beginners-guide-to-vitamin-c",
  title: "A beginner's guide to vitamin C",
  author: "Asha Rao",
  publishedDaysAgo: 5,
  tags: ["ingredients", "vitamin c"],
  imageProduct: "vitamin-c-brightening-serum",
  excerpt: "What vitamin C does for your skin, how to use it without irritation, and why it belongs in your morning routine.",
  seoDescription: "What vitamin C does for skin, how to start using it, what to pair it with and how to keep it fresh: a formulator's beginner's guide.",
  bodyHtml: `
${p("Vitamin C is the ingredient I am asked about most, usually in the form of \"is it worth it?\" The short answer is yes, if you use it in the morning, under sunscreen, and finish the bottle before it goes off. Here is the longer answer.")}
<h2>What it does</h2>
${p(
  "Vitamin C is an antioxidant. Through the day, sunlight and pollution create free radicals in your skin, unstable molecules that break down collagen and trigger uneven pigment. Vitamin C neutralises many of them before they do harm, which is why it works so well alongside SPF: the sunscreen blocks most of the UV, and the vitamin C mops up what gets through.",
  "Over weeks, it also interrupts the process that makes dark marks, so spots, sun spots and post-breakout marks fade more quickly, and it supports your skin's own collagen production. The visible result is skin that looks brighter and more even.",
)}
<h2>How to start</h2>
<ol>
<li>Use it in the morning, after cleansing and before moisturiser. Three or four drops of <a href="/products/vitamin-c-brightening-serum">Vitamin C Brightening Serum</a> cover the face and neck.</li>
<li>Start every other day for the first week. A slight tingle is normal; stinging that lasts is not.</li>
<li>Follow with moisturiser, then a broad-spectrum sunscreen such as <a href="/products/daily-shield-spf50">Daily Shield SPF 50</a>.</li>
</ol>
<h2>What to pair it with</h2>
${p(
  "Vitamin C gets on well with hyaluronic acid (our serum already contains it), vitamin E and niacinamide. Keep retinol and strong acids for the evening, so that your morning is about protection and your evening about renewal. Our <a href=\"/pages/layering-guide\">layering guide</a> has the full order.",
)}
<h2>Keeping it fresh</h2>
${p(
  "Vitamin C is famously unstable: light, air and warmth turn it yellow, then brown, and a brown serum has lost most of its power. We use a stabilised form in a dark glass bottle, but it still pays to keep the cap on, store it away from the window and finish it within three months of opening. The 15 ml size is there for exactly that reason.",
  "If your skin is very sensitive, start with the <a href=\"/products/hyaluronic-acid-serum\">Hyaluronic Acid Serum</a> for a few weeks and add vitamin C once your skin is calm. Brightness can wait; a happy barrier comes first.",
)}`,
};

const sensitive: SeedArticle = {
  handle: "a-routine-for-sensitive-skin",
  title: "How to build a routine for sensitive skin",
  author: "Nell Tregarthen",
  publishedDaysAgo: 19,
  tags: ["routines", "sensitive skin"],
  imageProduct: "cica-calming-cream",
  excerpt: "Fewer products, no fragrance and a patient approach to actives: how we would build a routine for skin that reacts to everything.",
  seoDescription: "A simple, fragrance-free routine for sensitive and reactive skin: which products to start with, how to introduce actives and what to avoid.",
  bodyHtml: `
${p("If your skin stings at the sight of a new product, the best routine is a short one. Sensitive skin usually has a barrier that lets too much in and too much water out; the aim is to give it fewer things to react to and more of what it needs to repair.")}
<h2>Start with three products</h2>
<ol>
<li><strong>A gentle cleanser</strong>, used once a day in the evening. <a href="/products/gentle-cream-cleanser">Gentle Cream Cleanser</a> is fragrance-free and leaves ceramides behind rather than stripping them. In the morning, a splash of water is enough.</li>
<li><strong>A barrier cream</strong>, morning and evening. <a href="/products/barrier-repair-cream">Barrier Repair Cream</a> puts back the ceramides and squalane your skin is short of; on red, reactive days, <a href="/products/cica-calming-cream">Cica Calming Cream</a> is the one to reach for.</li>
<li><strong>A mineral sunscreen</strong> every morning. Zinc oxide is the gentlest filter there is, and <a href="/products/ecran-mineral-spf30">Écran Minéral SPF 30</a> has nothing else to upset you.</li>
</ol>
${p("Use only these for four weeks. It is boring, and it works: most people notice less tightness within days and fewer flare-ups within a month.")}
<h2>Adding actives, slowly</h2>
${p(
  "Once your skin is calm, you can add one treatment at a time, two weeks apart. Good first choices are niacinamide, which strengthens the barrier, and azelaic acid, which calms redness; our <a href=\"/products/azelaic-calming-serum\">Azelaic Calming Serum</a> was made with rosacea-prone testers. If you want the smoothing effect of retinol, try <a href=\"/products/bakuchiol-renewal-serum\">Bakuchiol Renewal Serum</a> instead.",
  "Patch test everything new on the inside of your arm for 48 hours, then on a small patch of your jaw for a few evenings, before using it all over.",
)}
<h2>What to leave out</h2>
<ul>
<li>Fragrance and essential oils, however natural they sound.</li>
<li>Scrubs and strong acids. If you exfoliate at all, once a week is plenty.</li>
<li>Hot water and long showers, which strip the oils your skin is trying to hold on to.</li>
</ul>
${p("Browse everything we make for reactive skin in our <a href=\"/collections/all/skin-type-sensitive\">sensitive skin edit</a>, or let the <a href=\"/pages/routine-builder\">routine builder</a> choose for you.")}`,
};

const spf: SeedArticle = {
  handle: "why-spf-is-the-step-you-should-never-skip",
  title: "Why SPF is the step you should never skip",
  author: "Asha Rao",
  publishedDaysAgo: 40,
  tags: ["spf", "routines"],
  imageProduct: "daily-shield-spf50",
  excerpt: "Sunscreen does more for your skin's future than any serum. How much to use, when to reapply, and how to find one you will wear every day.",
  seoDescription: "Why daily sunscreen matters even in winter, how much SPF to apply, UVA versus UVB, and how to choose a sunscreen you will actually wear.",
  bodyHtml: `
${p("If you take one thing from this journal, let it be this: daily sunscreen does more for how your skin looks in twenty years than everything else on your shelf put together. Most of what we think of as ageing, such as lines, loss of firmness and uneven pigment, is caused by the sun.")}
<h2>UVA, UVB and the number on the bottle</h2>
${p(
  "Sunlight carries two kinds of ultraviolet rays that matter for skin. UVB burns, and the SPF number tells you how well a sunscreen blocks it. UVA goes deeper, ages the skin and passes through clouds and windows all year round; in the UK, look for the UVA circle logo or a star rating. <a href=\"/products/daily-shield-spf50\">Daily Shield SPF 50</a> gives high protection against both.",
)}
<h2>How much, and how often</h2>
${p(
  "The SPF on the label is measured at 2 mg per square centimetre of skin, which is more than most people use. For face and neck, that is about two finger-lengths, or a quarter of a teaspoon. Apply it as the last step of your morning routine and give it a few minutes to set before make-up.",
  "Reapply every two hours outdoors, after swimming and after towelling. For reapplying over make-up, a tinted formula such as <a href=\"/products/skin-tint-spf30\">Skin Tint SPF 30</a> is easier than starting again, and <a href=\"/products/invisible-body-mist-spf30\">Invisible Body Mist SPF 30</a> covers arms and shoulders in seconds.",
)}
<h2>Finding one you will wear</h2>
${p(
  "The best sunscreen is the one you put on every day. If yours leaves a white cast, pills under make-up or stings your eyes, you will find reasons to skip it, so it is worth trying until you find a texture you like. Oily skin tends to prefer light fluids; dry skin a more cushioned cream; sensitive skin a mineral formula like <a href=\"/products/ecran-mineral-spf30\">Écran Minéral SPF 30</a>.",
  "And yes, you need it in winter. UVA levels in a British December are lower than in July, but they are not zero, and they add up over a lifetime.",
)}`,
};

const winter: SeedArticle = {
  handle: "winter-skin-keeping-your-barrier-happy",
  title: "Winter skin: keeping your barrier happy",
  author: "Tom Kessell",
  publishedDaysAgo: 75,
  tags: ["seasonal", "routines", "dry skin"],
  imageProduct: "oat-squalane-night-cream",
  excerpt: "Cold air outside, central heating inside: why skin gets tight and flaky in winter, and the small changes that keep it comfortable.",
  seoDescription: "Why skin gets dry and tight in winter and how to keep your barrier comfortable: gentler cleansing, richer creams, facial oils and lip care.",
  bodyHtml: `
${p("Every November our inbox fills with the same message: \"My skin was fine all summer and now it is tight, flaky and stings when I put anything on.\" Cold wind outside and dry heated air inside pull water out of your skin faster than it can replace it, and the barrier that normally keeps it in starts to crack. The good news is that a few small changes fix most of it.")}
<h2>Cleanse more gently</h2>
${p(
  "Swap foaming cleansers for a cream or balm, and use lukewarm water rather than hot. In the evening, <a href=\"/products/sea-buckthorn-cleansing-balm\">Sea Buckthorn Cleansing Balm</a> melts away sunscreen without stripping; in the morning, rinsing with water is often enough.",
)}
<h2>Layer water, then seal it in</h2>
${p(
  "A hydrating serum on damp skin adds water; a richer cream on top keeps it there. Try <a href=\"/products/hyaluronic-acid-serum\">Hyaluronic Acid Serum</a> under <a href=\"/products/barrier-repair-cream\">Barrier Repair Cream</a> in the morning and the heavier <a href=\"/products/oat-squalane-night-cream\">Oat &amp; Squalane Night Cream</a> at night. On very dry evenings, press two drops of <a href=\"/products/squalane-facial-oil\">Squalane Facial Oil</a> over your cream.",
)}
<h2>Go easy on the actives</h2>
${p(
  "If your skin is stinging, pause acids and retinol for a week or two and let the barrier recover. When you start again, use them on alternate nights and always with a moisturiser.",
)}
<h2>Do not forget hands, body and lips</h2>
${p(
  "Hands are washed the most and moisturised the least. Keep <a href=\"/products/sea-kelp-hand-cream\">Sea Kelp Hand Cream</a> by the sink, put <a href=\"/products/nourishing-body-lotion\">Nourishing Body Lotion</a> on straight after your shower while skin is still damp, and make <a href=\"/products/lip-repair-balm\">Lip Repair Balm</a> the last thing you do before bed.",
  "Finally, a humidifier or a bowl of water by the radiator makes a real difference to the air in your bedroom, and costs nothing.",
)}`,
};

export const demoArticles: SeedArticle[] = [vitaminC, sensitive, spf, winter];
