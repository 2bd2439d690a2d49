/** The demo shop's pages: its story, the FAQ, the ingredient glossary, the layering guide, sustainability, delivery and contact. */
import type { GlossaryEntry } from "../../core/content/content.ts";
import type { SeedPage } from "./types.ts";

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join("\n");

const about: SeedPage = {
  handle: "about",
  title: "Our story",
  template: "page",
  seoTitle: "Our story – small-batch skincare from Falmouth",
  seoDescription: "Lumen & Leaf makes considered skincare in small batches in a Cornish studio: short ingredient lists, honest claims and packaging that comes back.",
  bodyHtml: `
${p(
  "Lumen &amp; Leaf began in 2019 at a kitchen table in Falmouth, with a jar of balm that Nell Tregarthen made for her own winter-cracked hands. Friends asked for a jar, then their friends did, and by the following spring the kitchen had become a studio: Unit 4, Harbour Yard, with a view of the boatyard and a very good extractor fan.",
  "We are still small. Nine of us make, fill, label and pack everything you can buy here, in batches of a few hundred at a time, so nothing sits in a warehouse for a year before it reaches your bathroom shelf.",
)}
<h2>What we make, and how</h2>
${p(
  "Every formula starts with a problem one of us or one of our customers actually has: skin that stings in the wind, a forehead that shines by eleven, a neck that was forgotten for thirty years. We keep ingredient lists short, use actives at the strengths the evidence supports, and leave out fragrance wherever skin is likely to be sensitive.",
  "Our formulator, Dr Asha Rao, spent twelve years developing skincare for larger brands before joining us. Each new product goes through stability testing at three temperatures, a preservative efficacy test, and an independent safety assessment before it is registered on the UK and EU cosmetic product portals. Then it goes home with the team for six weeks, because a lab cannot tell you how a cream feels at 7am in January.",
)}
<h2>What we will not do</h2>
<ul>
<li>Test on animals, or buy ingredients from suppliers who do.</li>
<li>Claim that a product cures, heals or changes the structure of your skin. Skincare can do a lot; it cannot do that.</li>
<li>Hide the strength of an active. If a serum has 10% niacinamide, the label says 10%.</li>
<li>Sell you a twelve-step routine. Most skin is happy with three or four good products; our <a href="/pages/routine-builder">routine builder</a> will tell you which.</li>
</ul>
<h2>The people</h2>
${p(
  "Nell looks after the formulas' feel and the studio; Asha looks after the science; Tom Kessell runs the packing room and answers most of your emails. If you write to us through the <a href=\"/pages/contact\">contact page</a>, a real person here reads it, usually with a cup of tea.",
  "Curious about what goes into our jars? The <a href=\"/pages/ingredients\">ingredient glossary</a> explains every active we use, and our <a href=\"/pages/sustainability\">sustainability page</a> is honest about what we have solved and what we have not.",
)}`,
};

const faqs: SeedPage = {
  handle: "faqs",
  title: "Frequently asked questions",
  template: "faq",
  seoTitle: "FAQs – orders, delivery, returns and ingredients",
  seoDescription: "Answers about orders, delivery times, returns, our ingredients and your account at Lumen & Leaf.",
  bodyHtml: p("The questions we are asked most often. If yours is not here, <a href=\"/pages/contact\">send us a message</a> and we will reply within one working day."),
  data: {
    faq: [
      {
        title: "Orders and delivery",
        items: [
          {
            question: "How much is delivery?",
            answerHtml: p("UK standard delivery is free on orders of £40 or more and £3.95 below that; UK express is £5.95. EU delivery is £9.95 (free from £80) and the rest of the world £14.95. The full table is on our <a href=\"/pages/delivery-and-returns\">delivery and returns page</a>."),
          },
          {
            question: "When will my order arrive?",
            answerHtml: p("Orders placed before 2pm UK time on a weekday leave the studio the same day. UK standard takes 2–3 working days, express the next working day, EU 4–7 working days and international 7–12."),
          },
          {
            question: "Can I change or cancel my order?",
            answerHtml: p("Write to us as soon as you can. If your parcel has not been packed we will change or cancel it; once it has left, you can return it under our <a href=\"/policies/refund-policy\">refund policy</a>."),
          },
          {
            question: "Do you sell gift cards?",
            answerHtml: p("Yes: our <a href=\"/products/gift-card\">digital gift card</a> arrives by email with a code that is spent at checkout, all at once or over several orders, and it does not expire."),
          },
        ],
      },
      {
        title: "Returns",
        items: [
          {
            question: "What is your returns policy?",
            answerHtml: p("Unopened products can be returned within 30 days of delivery for a full refund. You also have the legal right to cancel within 14 days. Details are in our <a href=\"/policies/refund-policy\">refund policy</a>."),
          },
          {
            question: "A product did not suit my skin. Can I return it?",
            answerHtml: p("Opened products cannot be resold, so we cannot take them back as a return, but please tell us what happened. We would rather help you find something that suits you, and where a product has clearly disagreed with your skin we will always offer a replacement or a refund."),
          },
          {
            question: "My order arrived damaged.",
            answerHtml: p("We are sorry. Send us a photo with your order number within 30 days and we will send a replacement or refund you straight away; you do not need to return the damaged item."),
          },
          {
            question: "How long do refunds take?",
            answerHtml: p("We refund within 14 days of receiving your return, to the card you paid with. Your bank may take a further 3–5 working days to show it."),
          },
        ],
      },
      {
        title: "Products and ingredients",
        items: [
          {
            question: "Are your products suitable for sensitive skin?",
            answerHtml: p("Many are made for it: look for the fragrance-free ones in our <a href=\"/collections/all/skin-type-sensitive\">sensitive skin edit</a>. Patch test anything new on your inner arm for 48 hours first, especially acids and retinoids."),
          },
          {
            question: "Can I use retinol while pregnant or breastfeeding?",
            answerHtml: p("We advise against retinoids during pregnancy and breastfeeding. <a href=\"/products/bakuchiol-renewal-serum\">Bakuchiol Renewal Serum</a> is a gentler alternative many people use instead, but please check with your midwife or GP."),
          },
          {
            question: "Are your products vegan and cruelty-free?",
            answerHtml: p("Nothing we make is tested on animals. Most of our range is vegan; the few exceptions contain beeswax or lanolin and are listed on each product page."),
          },
          {
            question: "In what order should I apply everything?",
            answerHtml: p("Thinnest to thickest, and SPF last in the morning. Our <a href=\"/pages/layering-guide\">layering guide</a> goes through it step by step."),
          },
          {
            question: "How long does a product last once opened?",
            answerHtml: p("Each pack shows an open-jar symbol with the months it keeps once opened, usually 6 or 12. Vitamin C serums are best used within 3 months of opening."),
          },
        ],
      },
      {
        title: "Your account",
        items: [
          {
            question: "Do I need an account to order?",
            answerHtml: p("No. An <a href=\"/account\">account</a> keeps your addresses and order history and lets you save bundles for later, but you can always check out as a guest."),
          },
          {
            question: "I forgot my password.",
            answerHtml: p("Use \"Forgot your password?\" on the login page and we will email you a link to choose a new one. The link works once, within an hour."),
          },
          {
            question: "How do I track my order?",
            answerHtml: p("Your dispatch email has a tracking link, and every order is listed with its status in your <a href=\"/account\">account</a>."),
          },
          {
            question: "How do I stop your emails?",
            answerHtml: p("Every email we send has an unsubscribe link at the bottom, and you can always write to us. Order and account emails still arrive, since they are about your order."),
          },
        ],
      },
    ],
  },
};

const ingredient = (name: string, tag: string, descriptionHtml: string, alsoKnownAs?: string): GlossaryEntry => ({
  name,
  tag: `ingredient:${tag}`,
  descriptionHtml: p(descriptionHtml),
  ...(alsoKnownAs ? { alsoKnownAs } : {}),
});

const glossary: GlossaryEntry[] = [
  ingredient("Aloe vera", "aloe", "The gel from aloe leaves soothes and adds a light layer of moisture. A gentle base for body care that suits almost every skin type.", "Aloe barbadensis leaf juice"),
  ingredient("Azelaic acid", "azelaic-acid", "Calms redness, clears blocked pores and evens out marks left by spots. One of the few actives that is well tolerated by rosacea-prone skin; a mild tingle at first is normal."),
  ingredient("Bakuchiol", "bakuchiol", "A plant extract that smooths fine lines and uneven texture much as retinol does, without the dryness or the sensitivity to sun. A good choice for sensitive skin, and a common alternative during pregnancy."),
  ingredient("Blue tansy", "blue-tansy", "A blue essential oil from a Moroccan chamomile-like flower, rich in chamazulene, which gives our Solstice oil its colour and a calming effect on irritated skin. It is fragrant, so patch test first.", "Tanacetum annuum flower oil"),
  ingredient("Caffeine", "caffeine", "Tightens the look of puffiness by narrowing small blood vessels for a while. Best around the eyes in the morning, together with a good night's sleep."),
  ingredient("Centella asiatica", "centella", "Also called cica or tiger grass. Its madecassoside and asiaticoside calm red, reactive skin and support a barrier that has been over-exfoliated.", "Cica, tiger grass"),
  ingredient("Ceramides", "ceramides", "The lipids that hold skin cells together like mortar between bricks. Adding them back helps dry, tight or eczema-prone skin keep its water in.", "Ceramide NP, ceramide AP, ceramide EOP"),
  ingredient("Colloidal oat", "colloidal-oat", "Finely milled oats that soothe itching and form a protective film on dry skin. Recognised as a skin protectant for a reason: it works.", "Avena sativa kernel flour"),
  ingredient("Ginseng", "ginseng", "A root extract rich in antioxidants that helps tired-looking skin look brighter. We pair it with peptides in our eye cream.", "Panax ginseng root extract"),
  ingredient("Glycerin", "glycerin", "The hardest-working humectant in skincare: it draws water into the skin's outer layer and keeps it there. Unexciting, inexpensive and in almost everything good."),
  ingredient("Glycolic acid", "glycolic-acid", "The smallest alpha hydroxy acid (AHA). It loosens the bonds between dead skin cells so skin looks smoother and brighter. It makes skin more sensitive to sun, so wear SPF every day you use it.", "AHA"),
  ingredient("Hyaluronic acid", "hyaluronic-acid", "A sugar that holds many times its weight in water, plumping the skin's surface with moisture. Apply it to damp skin and follow with a moisturiser to seal it in.", "Sodium hyaluronate"),
  ingredient("Niacinamide", "niacinamide", "Vitamin B3. It strengthens the skin barrier, reduces the look of enlarged pores and evens out tone. Well tolerated by most skin, and pairs well with almost everything.", "Vitamin B3"),
  ingredient("Panthenol", "panthenol", "Pro-vitamin B5: a humectant that soothes and helps skin recover after irritation, sun or over-enthusiastic exfoliation.", "Pro-vitamin B5"),
  ingredient("Peptides", "peptides", "Short chains of amino acids that act as messengers in the skin, supporting firmness and smoothness over weeks of use. Gentle enough for the eye area."),
  ingredient("Retinol", "retinol", "A form of vitamin A that speeds up cell renewal, softening lines and uneven texture and helping with breakouts. Start two nights a week, always wear SPF, and avoid it while pregnant or breastfeeding.", "Vitamin A"),
  ingredient("Rice", "rice", "Fermented rice water is rich in amino acids and gentle antioxidants that leave skin soft and bright. A traditional ingredient in East Asian skincare.", "Oryza sativa"),
  ingredient("Rose", "rose", "Damask rose water refreshes and softens, with a scent most people love. Being fragrant, it is best avoided by very reactive skin.", "Rosa damascena flower water"),
  ingredient("Rosehip oil", "rosehip", "A cold-pressed seed oil rich in linoleic acid and natural vitamin A that helps marks and dull skin look more even.", "Rosa canina fruit oil"),
  ingredient("Salicylic acid", "salicylic-acid", "A beta hydroxy acid (BHA) that dissolves in oil, so it can clear inside pores. The classic choice for blackheads and breakouts; use it once a day at most.", "BHA"),
  ingredient("Sea buckthorn", "sea-buckthorn", "A bright orange berry oil full of omega fatty acids and carotenoids. It nourishes dry skin and gives our cleansing balm its sunny colour.", "Hippophae rhamnoides fruit oil"),
  ingredient("Sea salt", "sea-salt", "Fine Cornish sea salt buffs away rough skin on the body. Not for the face, and not on freshly shaved skin."),
  ingredient("Seaweed", "seaweed", "Kelp and other seaweeds bring minerals and a slippery, moisture-holding texture. Ours is hand-harvested under licence on the Cornish coast.", "Laminaria digitata extract"),
  ingredient("Shea butter", "shea-butter", "A rich butter from the nut of the shea tree that softens and protects very dry skin on hands, lips and body.", "Butyrospermum parkii butter"),
  ingredient("SPF filters", "spf", "The filters that protect against UVA and UVB rays. Daily SPF is the most effective thing you can do for your skin's long-term health; apply it last in the morning and reapply outdoors."),
  ingredient("Squalane", "squalane", "A stable, weightless oil that mirrors one of the skin's own lipids. It softens without clogging and suits almost every skin type, oily included.", "Olive-derived squalane"),
  ingredient("Vitamin C", "vitamin-c", "An antioxidant that brightens dull skin, helps fade dark marks and works with your SPF against daily pollution and sun. Use it in the morning; once opened, keep it cool and finish it within three months.", "Ascorbic acid and its derivatives"),
  ingredient("Vitamin E", "vitamin-e", "An antioxidant that protects oils in a formula, and your skin, from going off. It also softens dry skin.", "Tocopherol"),
  ingredient("Zinc oxide", "zinc-oxide", "A mineral filter that protects across UVA and UVB and is very gentle. The filter of choice for sensitive skin and children."),
];

const ingredients: SeedPage = {
  handle: "ingredients",
  title: "Ingredient glossary",
  template: "glossary",
  seoTitle: "Ingredient glossary – what is in our skincare and why",
  seoDescription: "Every key ingredient in Lumen & Leaf skincare, from azelaic acid to zinc oxide: what it does, who it suits, and which of our products contain it.",
  bodyHtml: p("Every key ingredient we use, what it does for your skin and who it suits, with the products that contain it. Labels list every ingredient by its INCI name; this is the plain-English version."),
  data: { glossary },
};

const layering: SeedPage = {
  handle: "layering-guide",
  title: "The layering guide",
  template: "page",
  seoTitle: "How to layer skincare – morning and evening order",
  seoDescription: "The order to apply cleanser, toner, serum, moisturiser, oil and SPF, which actives to keep apart, and how long to wait between steps.",
  bodyHtml: `
${p("The rule of thumb: thinnest to thickest, water before oil, and sunscreen last in the morning. Each layer should sink in before the next one goes on; a minute is usually enough.")}
<h2>Morning</h2>
<ol>
<li><strong>Cleanse</strong> gently, or simply rinse with water if your skin is dry. <a href="/products/eau-micellaire-douceur">Eau Micellaire Douceur</a> is enough for most mornings.</li>
<li><strong>Tone or mist</strong> to add a first layer of hydration: <a href="/products/damask-rose-mist">Damask Rose Mist</a>.</li>
<li><strong>Antioxidant serum</strong>: <a href="/products/vitamin-c-brightening-serum">Vitamin C Brightening Serum</a> on dry skin.</li>
<li><strong>Eye care</strong>: <a href="/products/caffeine-eye-serum">Caffeine Eye Serum</a>, patted on with a ring finger.</li>
<li><strong>Moisturise</strong>: a gel such as <a href="/products/water-gel-moisturiser">Water Gel Moisturiser</a> for oily skin, a cream for dry.</li>
<li><strong>SPF</strong>: <a href="/products/daily-shield-spf50">Daily Shield SPF 50</a>, two finger-lengths for face and neck, every day.</li>
</ol>
<h2>Evening</h2>
<ol>
<li><strong>Cleanse twice</strong> if you wore SPF or make-up: a balm such as <a href="/products/sea-buckthorn-cleansing-balm">Sea Buckthorn Cleansing Balm</a>, then a gentle cleanser.</li>
<li><strong>Exfoliate or treat</strong>, on alternate nights: an acid toner like <a href="/products/glow-tonic-aha">Glow Tonic AHA</a> one night, a retinoid like <a href="/products/retinol-night-serum">Retinol Night Serum</a> another.</li>
<li><strong>Hydrating serum</strong>: <a href="/products/hyaluronic-acid-serum">Hyaluronic Acid Serum</a> on damp skin.</li>
<li><strong>Moisturise</strong>: <a href="/products/barrier-repair-cream">Barrier Repair Cream</a> or <a href="/products/oat-squalane-night-cream">Oat &amp; Squalane Night Cream</a>.</li>
<li><strong>Oil</strong>, if your skin likes it: two drops of <a href="/products/squalane-facial-oil">Squalane Facial Oil</a> pressed over your moisturiser.</li>
</ol>
<h2>What to use together, and what to keep apart</h2>
<table>
<thead><tr><th scope="col">Ingredient</th><th scope="col">Pairs well with</th><th scope="col">Keep to a different night</th></tr></thead>
<tbody>
<tr><td>Retinol</td><td>Hyaluronic acid, ceramides, niacinamide</td><td>AHAs, BHAs, vitamin C</td></tr>
<tr><td>AHA or BHA</td><td>Hyaluronic acid, panthenol</td><td>Retinol, other acids</td></tr>
<tr><td>Vitamin C</td><td>SPF, vitamin E, hyaluronic acid</td><td>Retinol, acids in the same routine</td></tr>
<tr><td>Niacinamide</td><td>Almost everything</td><td>Nothing in particular</td></tr>
<tr><td>Azelaic acid</td><td>Niacinamide, moisturisers</td><td>Strong acids on the same night</td></tr>
</tbody>
</table>
<h2>How long to wait</h2>
${p(
  "Most products need only a minute to settle. Give vitamin C and acid toners two or three minutes on dry skin before the next layer, and let sunscreen set for a few minutes before make-up. If anything starts to sting, stop, rinse, and go back to a simple routine for a few days.",
  "Not sure where to start? The <a href=\"/pages/routine-builder\">routine builder</a> puts together a morning and evening routine for your skin, and our <a href=\"/pages/ingredients\">ingredient glossary</a> explains each active.",
)}`,
};

const sustainability: SeedPage = {
  handle: "sustainability",
  title: "Sustainability",
  template: "page",
  seoTitle: "Sustainability – packaging, refills and sourcing",
  seoDescription: "How Lumen & Leaf packs, ships and sources: glass and aluminium, refills, recycled card, and the things we have not solved yet.",
  bodyHtml: `
${p("We make things people use up and throw away, so we try hard to make the throwing away matter less. Here is where we are, including the parts we are not proud of yet.")}
<h2>Packaging</h2>
<ul>
<li>Serums and oils come in glass bottles; creams in glass jars or aluminium tubes. Both recycle endlessly in UK kerbside collections.</li>
<li>Where we use plastic (pumps, some caps and our body wash bottles), it is at least 50% recycled, and we are working towards 100%.</li>
<li>Boxes and mailers are recycled card, printed with vegetable inks, and there is no plastic tape: the paper tape goes in the recycling with the box.</li>
<li>We do not add leaflets, tissue or shredded filler. The pack is the pack.</li>
</ul>
<h2>Refills and returns</h2>
${p("Our <a href=\"/products/barrier-repair-cream\">Barrier Repair Cream</a> and <a href=\"/products/nourishing-body-lotion\">Nourishing Body Lotion</a> have refill pouches, and we take back five empty glass jars for a free one in return. The jars are washed, sterilised and refilled here in the studio.")}
<h2>Sourcing</h2>
${p(
  "Our seaweed is hand-harvested under licence on the Cornish coast, our sea salt comes from a family saltworks in the Fal estuary, and our squalane is made from olives rather than shark liver. Where we buy from further away, such as shea butter from Ghana, we buy through cooperatives that publish what they pay their members.",
)}
<h2>Delivery</h2>
${p("Parcels travel with Royal Mail, whose collection and delivery rounds have the lowest emissions per parcel in the UK. We do not offer next-hour delivery, and never will.")}
<h2>What we have not solved</h2>
${p(
  "Pumps are still a mix of plastic and a metal spring, which makes them hard to recycle; we are testing a mono-material pump this winter. Our international shipping goes by air. And we have not yet measured our full carbon footprint; we have asked an independent consultancy to do so next year and will publish the result here, whatever it says.",
)}`,
};

const delivery: SeedPage = {
  handle: "delivery-and-returns",
  title: "Delivery & returns",
  template: "page",
  seoTitle: "Delivery and returns – rates, times and how to return",
  seoDescription: "Delivery rates and times for the UK, EU and worldwide, our 2pm same-day dispatch, free UK delivery over £40, and how to return an order.",
  bodyHtml: `
<h2>Delivery</h2>
${p("Orders placed before 2pm UK time, Monday to Friday, leave our studio the same day. Orders placed after 2pm, at weekends or on bank holidays go out on the next working day.")}
<table>
<thead><tr><th scope="col">Where</th><th scope="col">Service</th><th scope="col">Price</th><th scope="col">Arrives in</th></tr></thead>
<tbody>
<tr><td>United Kingdom</td><td>Standard</td><td>£3.95, free over £40</td><td>2–3 working days</td></tr>
<tr><td>United Kingdom</td><td>Express</td><td>£5.95</td><td>Next working day</td></tr>
<tr><td>European Union</td><td>Standard</td><td>£9.95, free over £80</td><td>4–7 working days</td></tr>
<tr><td>Rest of the world</td><td>Standard</td><td>£14.95</td><td>7–12 working days</td></tr>
</tbody>
</table>
${p(
  "Every parcel is tracked, and your dispatch email has the link. Orders to the EU are sent with duties and VAT paid, so there is nothing more to pay on delivery. For other countries, local import taxes may apply.",
  "The full terms are in our <a href=\"/policies/shipping-policy\">shipping policy</a>.",
)}
<h2>Returns</h2>
${p(
  "You can return unopened products within 30 days of delivery for a full refund, and you have the right to cancel any order within 14 days of receiving it. To start a return, <a href=\"/pages/contact\">send us a message</a> with your order number and we will email you a prepaid returns label for UK orders.",
  "If something arrived damaged or faulty, tell us within 30 days and we will replace it or refund you, without asking for it back. The details are in our <a href=\"/policies/refund-policy\">refund policy</a>.",
)}`,
};

const contact: SeedPage = {
  handle: "contact",
  title: "Contact us",
  template: "contact",
  seoTitle: "Contact us",
  seoDescription: "Questions about an order, a product or your skin? Send Lumen & Leaf a message; we reply within one working day.",
  bodyHtml: `
${p(
  "Questions about an order, a product or your skin? Send us a message below and one of the team will reply within one working day. The studio is open Monday to Friday, 9am to 5pm.",
  "You can also email <a href=\"mailto:hello@lumenandleaf.example\">hello@lumenandleaf.example</a> or write to us at Lumen &amp; Leaf, Unit 4, Harbour Yard, Falmouth TR11 2XX.",
)}`,
};

export const demoPages: SeedPage[] = [about, faqs, ingredients, layering, sustainability, delivery, contact];
