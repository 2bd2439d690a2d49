/**
 * The demo shop's reviews, as shoppers wrote them: the stars on every card
 * and product page are worked out from these, never typed in. Varied on
 * purpose (a few middling and low ones, skin types, concerns, a reply from
 * the shop), in British English.
 */
import type { SeedReview } from "./types.ts";

type Skin = NonNullable<SeedReview["skinType"]>;
type Concern = NonNullable<SeedReview["concern"]>;

const review = (rating: SeedReview["rating"], title: string, body: string, author: string, daysAgo: number, skinType?: Skin, concern?: Concern, extra: Partial<SeedReview> = {}): SeedReview => ({
  rating,
  title,
  body,
  author,
  daysAgo,
  ...(skinType ? { skinType } : {}),
  ...(concern ? { concern } : {}),
  ...extra,
});

const REVIEWS: Record<string, SeedReview[]> = {
  "gentle-cream-cleanser": [
    review(5, "Finally, a cleanser that doesn't sting", "My skin reacts to nearly everything, but this takes off mascara and SPF without any tightness afterwards. I use it morning and night.", "Harriet W.", 12, "sensitive", "redness"),
    review(5, "Lovely in winter", "Creamy, barely any scent and my cheeks no longer feel like parchment after washing. The 200 ml lasts me about three months.", "Sophie L.", 40, "dry", "dryness"),
    review(4, "Good, but not for heavy make-up", "Brilliant for everyday, but on nights out I still need a balm first to shift long-wear foundation.", "Ayesha K.", 75, "combination"),
    review(5, "Bought it for my mum, now we both use it", "Gentle enough for her rosacea and it rinses off cleanly. We have both repurchased.", "Rachel D.", 130, "sensitive", "redness"),
  ],
  "clarifying-gel-cleanser": [
    review(5, "Cleared my chin breakouts", "I use it in the evening and leave it on for thirty seconds as suggested. After three weeks my chin is the clearest it has been in years.", "Josh P.", 9, "oily", "breakouts"),
    review(4, "Works, but go slowly", "Does exactly what it says on pores, though I had to drop to every other day at first because it was a bit drying.", "Megan F.", 54, "combination", "pores"),
    review(3, "Too much for my skin", "Probably great for oilier skin than mine. It left my cheeks a little tight, so I use it only on my T-zone now.", "Charlotte N.", 88, "normal", "pores"),
  ],
  "sea-buckthorn-cleansing-balm": [
    review(5, "Melts everything away", "Waterproof mascara gone in seconds and it emulsifies into a milk so there's no greasy film. Smells faintly of oranges.", "Imogen T.", 21, "dry", "dryness"),
    review(4, "Lovely balm, messy tub", "The balm itself is excellent. I'd prefer a spatula in the lid, as scooping it out with wet fingers isn't ideal.", "Lucy M.", 66, "normal", undefined, { reply: "Thank you, Lucy. A spatula now comes with every tub we send out." }),
  ],
  "eau-micellaire-douceur": [
    review(5, "Perfect for the gym bag", "I use it after the gym when I can't face a full cleanse. Doesn't leave my skin sticky at all.", "Nadia B.", 17, "combination"),
    review(4, "Gentle and effective", "Lifts light make-up nicely. Needs a second pad for eyeliner, but no stinging round the eyes.", "Eleanor G.", 93, "sensitive"),
  ],
  "glow-tonic-aha": [
    review(5, "Skin looks brighter within a week", "I swipe it on three evenings a week. My skin is smoother and make-up sits far better.", "Hannah R.", 14, "normal", "dullness"),
    review(4, "Effective, slight tingle", "It tingles for a minute on application, which settles. Definitely faded some marks left by old spots.", "Zara A.", 49, "oily", "dark-spots"),
    review(2, "Too strong for me", "Even twice a week my cheeks went red and warm. It may suit tougher skin, but not mine.", "Fiona C.", 102, "sensitive", "redness"),
  ],
  "damask-rose-mist": [
    review(5, "A little treat at my desk", "I keep it on my desk and spritz it in the afternoon. The mist is very fine and the rose scent is lovely, not overpowering.", "Olivia J.", 30, "dry", "dryness"),
    review(3, "Pleasant, not essential", "Nice smell and refreshing, but I can't say it has changed my skin. A luxury rather than a staple.", "Amy S.", 110, "normal"),
  ],
  "rice-water-essence-toner": [
    review(5, "Bouncy skin", "Pat in two layers before moisturiser and my skin feels plump all day. Lovely watery texture.", "Mei L.", 25, "combination", "dullness"),
    review(4, "Nice hydrating step", "Very gentle and sinks in quickly. I'd like a bigger bottle for the price, but I'll buy it again.", "Georgia H.", 71, "dry", "dryness"),
  ],
  "vitamin-c-brightening-serum": [
    review(5, "My dark spots have faded", "Used every morning under SPF for two months and the marks from old spots have faded noticeably. No orange tint either.", "Priya S.", 8, "combination", "dark-spots"),
    review(5, "Glowy without being greasy", "Absorbs quickly and doesn't pill under make-up. My skin looks awake even after a bad night's sleep.", "Katie E.", 36, "normal", "dullness"),
    review(4, "Works well, keep it in the fridge", "I see a real difference in brightness. I keep it in the fridge door so it lasts the full bottle without darkening.", "Rebecca Y.", 80, "dry", "dullness"),
    review(3, "Slight tingle", "I like the results, but it tingles for a few minutes. I now use it every other morning, which works for me.", "Laura V.", 140, "sensitive", "dullness"),
  ],
  "niacinamide-zinc-serum": [
    review(5, "Shine under control", "By lunchtime I used to look like a glazed doughnut. Now my T-zone stays matte most of the day.", "Ben T.", 11, "oily", "pores"),
    review(4, "Pores look smaller", "Not a miracle, but my nose looks smoother and make-up lasts longer. Good value.", "Chloe W.", 60, "combination", "pores"),
    review(4, "Calmed my breakouts", "Paired with the gel cleanser, my skin has calmed down a lot. It can pill if I use too much.", "Aisha M.", 97, "oily", "breakouts"),
  ],
  "hyaluronic-acid-serum": [
    review(5, "Drink of water for my skin", "Apply it to damp skin and seal with moisturiser, and the tightness after flying is gone. A real staple.", "Emma C.", 6, "dry", "dryness"),
    review(5, "Layers under everything", "Never pills, no scent, and my skin feels comfortable even with central heating on full.", "Jess O.", 44, "normal", "dryness"),
    review(4, "Good, not sticky", "Does what it should. I've knocked off a star only because the dropper is a bit fiddly.", "Sian P.", 120, "combination"),
  ],
  "retinol-night-serum": [
    review(5, "Smoother skin in six weeks", "Started twice a week and built up. The fine lines round my mouth are softer and my skin feels smoother.", "Claire B.", 19, "normal", "fine-lines"),
    review(4, "Expect some flaking at first", "I had a fortnight of flaking around my nose, then it settled. Results are worth it, but go slowly.", "Victoria A.", 67, "combination", "fine-lines"),
    review(3, "Too strong for me to use often", "My skin could only handle it once a week, so it's hard to judge results. The texture is lovely though.", "Natalie R.", 150, "sensitive", "fine-lines"),
  ],
  "bakuchiol-renewal-serum": [
    review(5, "Retinol results without the irritation", "I can't tolerate retinol, but this I use every night with no redness. My skin looks more even.", "Deborah K.", 28, "sensitive", "fine-lines"),
    review(4, "Gentle and pleasant", "Nice silky feel and no irritation. Results are gradual, so be patient with it.", "Pooja N.", 90, "dry", "fine-lines"),
  ],
  "azelaic-calming-serum": [
    review(5, "Redness noticeably calmer", "My cheeks were red most of the time. After a month of this, people have stopped asking if I'm cold.", "Sarah J.", 33, "sensitive", "redness"),
    review(4, "Good for marks", "Helping with post-spot marks. Slightly chalky texture, but it disappears under moisturiser.", "Holly F.", 77, "combination", "dark-spots"),
  ],
  "multi-peptide-firming-serum": [
    review(4, "Skin feels firmer", "I'm 52 and my jawline looks a little more defined. It sits well under moisturiser and smells of nothing.", "Gillian S.", 22, "dry", "fine-lines"),
    review(3, "Nice, but pricey", "Pleasant to use and my skin feels nice, but I'm not sure it's done more than my usual moisturiser.", "Anne M.", 105, "normal", "fine-lines"),
  ],
  "barrier-repair-cream": [
    review(5, "Rescued my skin after a harsh peel", "My skin was raw and flaky. Two days of this morning and night and it felt comfortable again.", "Lauren H.", 10, "sensitive", "dryness"),
    review(5, "Best moisturiser I've tried", "Rich without being greasy, and my dry patches by my nose have gone. The pump is hygienic too.", "Kirsty D.", 47, "dry", "dryness"),
    review(4, "A bit heavy for daytime", "I love it at night but find it too rich under make-up in summer. Perfect in the colder months.", "Rosie W.", 99, "combination"),
    review(5, "Eczema-prone skin approves", "My son's eczema-prone skin tolerates this when nothing else does. We're on our fourth pump.", "Mark L.", 160, "sensitive", "redness"),
  ],
  "water-gel-moisturiser": [
    review(5, "Perfect for oily skin", "So light it feels like nothing, yet my skin stays hydrated and not shiny. Great under SPF.", "Ryan C.", 15, "oily", "pores"),
    review(4, "Lovely in summer", "Refreshing gel that sinks in fast. I need something richer in winter, though.", "Tasha G.", 84, "combination"),
  ],
  "oat-squalane-night-cream": [
    review(5, "Wake up with soft skin", "Thick, comforting cream that feels like a hug for dry skin. My face is plump in the morning.", "Margaret E.", 26, "dry", "dryness"),
    review(4, "Rich and soothing", "Works beautifully on my dry cheeks. I only use a pea-sized amount or it feels too much.", "Joanna P.", 73, "normal", "dryness"),
  ],
  "cica-calming-cream": [
    review(5, "Calms my skin after shaving", "My neck used to be red and bumpy after shaving. A thin layer of this and it's calm by the morning.", "Daniel O.", 18, "sensitive", "redness"),
    review(4, "Soothing, slight green tint", "It has a faint green tint that cancels out redness, which I like. Sinks in after a minute.", "Bethany S.", 58, "sensitive", "redness"),
  ],
  "daily-shield-spf50": [
    review(5, "No white cast at last", "I have deeper skin and every SPF 50 I've tried left me grey. This one disappears completely.", "Folake A.", 7, "combination"),
    review(5, "Wear it every day", "Light, no greasy feel and it doesn't sting my eyes when I sweat on the school run.", "Lisa B.", 39, "normal"),
    review(4, "Great, slightly shiny", "Excellent protection and no cast. It's a touch dewy on my oily T-zone, so I blot at lunchtime.", "Tom H.", 82, "oily", "pores"),
    review(2, "Pilled under my foundation", "The sunscreen itself is nice, but it pilled every time I put foundation on top. Fine on bare skin.", "Naomi R.", 121, "dry"),
  ],
  "ecran-mineral-spf30": [
    review(4, "Gentle mineral SPF", "The only sunscreen that doesn't make my eyes water. It has a slight white cast at first that fades.", "Helen C.", 24, "sensitive", "redness"),
    review(3, "Fine for fair skin", "Protects well and doesn't irritate, but on my olive skin it looks a little ashy.", "Sofia M.", 95, "combination"),
  ],
  "skin-tint-spf30": [
    review(5, "My new no-make-up make-up", "Evens out redness, has SPF and feels like nothing. The medium shade matched me perfectly.", "Alice P.", 16, "normal", "redness"),
    review(4, "Lovely finish, limited shades", "Beautiful dewy finish. I'd like more shades between light and medium, but mine works.", "Jade T.", 69, "dry"),
  ],
  "invisible-body-mist-spf30": [
    review(4, "Easy on the back", "Great for getting my back and shoulders covered without help. Dries quickly and isn't sticky.", "Chris W.", 31, "normal"),
    review(4, "Handy for the kids", "So much faster than cream for wriggly children. Watch the wind when you spray it, though.", "Kate B.", 76, "normal"),
  ],
  "squalane-facial-oil": [
    review(5, "Doesn't break me out", "I was scared of face oils with my skin, but two drops of this at night leaves it soft and no spots.", "Emily N.", 20, "combination", "dryness"),
    review(5, "Multipurpose", "I use it on my face, the ends of my hair and my cuticles. Completely odourless and lasts for ages.", "Grace O.", 63, "dry", "dryness"),
  ],
  "rosehip-recovery-oil": [
    review(5, "Faded my acne scars", "Consistent use for three months and my old marks are much less obvious. Absorbs better than I expected.", "Sam K.", 27, "combination", "dark-spots"),
    review(4, "Good oil, strong smell", "Results are lovely but it has an earthy smell. It fades after a few minutes.", "Louise A.", 85, "dry", "dark-spots"),
  ],
  "solstice-face-oil": [
    review(5, "Smells like a spa", "A real treat. I massage it in at night and my skin looks radiant in the morning.", "Victoria L.", 35, "dry", "dullness"),
    review(4, "Beautiful but scented", "Gorgeous glow. Just be aware it's fragranced, so patch-test if you're sensitive.", "Poppy H.", 90, "normal", "dullness"),
  ],
  "caffeine-eye-serum": [
    review(4, "Helps with morning puffiness", "I keep it in the fridge and the cold roller plus caffeine really de-puffs. Doesn't do much for dark circles.", "Meera J.", 13, "normal"),
    review(5, "Wakes my eyes up", "Light serum that doesn't sting, and concealer goes on more smoothly afterwards.", "Lily C.", 55, "combination"),
  ],
  "ginseng-eye-cream": [
    review(4, "Rich and comforting", "Lovely rich cream for dry under-eyes. A tiny amount is enough.", "Patricia G.", 29, "dry", "fine-lines"),
    review(3, "Nice but milia-prone me", "Felt nice, but I got a couple of tiny bumps under my eyes, so it may be too rich for me.", "Rachel S.", 118, "oily"),
  ],
  "botanical-body-wash": [
    review(5, "Smells gorgeous", "The eucalyptus and mint scent wakes me up in the morning and it doesn't leave my skin dry.", "James F.", 23, "normal"),
    review(4, "Lovely, goes quickly", "Rich lather and a lovely scent. I get through a bottle quite fast, so the refill is a must.", "Abbie K.", 81, "dry"),
  ],
  "nourishing-body-lotion": [
    review(5, "No more itchy legs", "My legs get so dry in winter. Morning and night with this and they're comfortable again.", "Ruth B.", 32, "dry", "dryness"),
    review(4, "Absorbs quickly", "I can get dressed straight after putting it on, which is what I need in the morning.", "Heather M.", 74, "normal"),
  ],
  "sea-kelp-hand-cream": [
    review(5, "Nurse-approved", "I wash my hands constantly at work and this is the only cream that stops them cracking. Not greasy on the keyboard.", "Bronwen L.", 11, "dry", "dryness"),
    review(5, "Perfect handbag size", "Soaks in fast and smells fresh, not floral. I've bought three for gifts.", "Niamh O.", 48, "normal"),
    review(4, "Good, subtle scent", "Works well and the scent is subtle. I'd like a bigger tube for the bedside table.", "Isla R.", 109, "normal"),
  ],
  "salt-seaweed-body-scrub": [
    review(4, "Smooth skin, slippery bath", "My skin feels silky afterwards, but rinse the bath well because the oils make it slippery.", "Fran D.", 37, "dry"),
    review(5, "Great before fake tan", "Gets rid of old tan brilliantly and leaves skin soft without being greasy.", "Jasmine W.", 92, "normal"),
  ],
  "lip-repair-balm": [
    review(5, "Overnight fix for cracked lips", "A thick layer before bed and my lips are healed by the morning. The best lip balm I've used.", "Carys E.", 5, "dry", "dryness"),
    review(4, "Lovely, slightly waxy", "Protects really well in the cold, though it feels a little waxy at first.", "Eve M.", 62, "normal"),
  ],
  "the-glow-edit": [
    review(5, "Great introduction to the range", "A good way to try the cleanser, vitamin C and SPF together. All three have become part of my routine.", "Saoirse C.", 34, "normal", "dullness"),
    review(4, "Good value set", "The saving makes it worthwhile. I'd love the option to swap the SPF for the mineral one.", "Kavita P.", 89, "sensitive", "dullness"),
  ],
  "travel-discovery-set": [
    review(5, "Perfect for a weekend away", "Everything I need in tiny sizes, and they all fit in my wash bag for hand luggage.", "Molly A.", 42, "combination"),
    review(4, "Nice way to try things", "Great for finding out what suits me before buying full sizes. The sizes last about a week.", "Tilly S.", 100, "normal"),
  ],
  "coastal-body-ritual-set": [
    review(5, "Lovely gift", "Bought this for my sister's birthday and she loved it. The box is beautiful too.", "Anna F.", 45, "normal"),
  ],
  "advent-calendar": [
    review(5, "Brilliant calendar", "Proper sizes rather than tiny sachets, and a good mix of things I wouldn't have tried.", "Phoebe J.", 300, "combination"),
    review(4, "Good mix", "Most things were lovely. A couple of repeats I'd already got, but good value overall.", "Elizabeth N.", 320, "dry"),
  ],
};

/** A demo product's reviews (none for a product nobody has reviewed). */
export const demoReviewsOf = (handle: string): SeedReview[] => REVIEWS[handle] ?? [];
