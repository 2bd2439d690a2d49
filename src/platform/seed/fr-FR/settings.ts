/**
 * The demo settings’ shopper-facing texts in French, as the French site
 * shows them: by place in the settings, then by the English original each
 * translates (core/settings/settings-texts.ts). Amounts are the French
 * site’s own (its thresholds in euros). A text left out shows the English.
 */
import type { SeedSettingsTranslations } from "../types.ts";

export const frenchSettings: SeedSettingsTranslations = {
  "popups.newsletter.title": {
    "Get 10% off your first order": "-10 % sur votre première commande",
  },
  "popups.newsletter.text": {
    "Join the Lumen & Leaf list for ingredient deep-dives, early access to new launches and 10% off your first order.": "Rejoignez la liste Lumen & Leaf : des ingrédients décryptés en profondeur, les nouveautés en avant-première et 10 % de remise sur votre première commande.",
  },
  "popups.newsletter.reminderText": {
    "Get 10% off": "-10 % pour vous",
  },
  "popups.announcement.text": {
    "New: the Solstice Face Oil, one batch a year.": "Nouveau : l’Huile Visage Solstice, un seul lot par an.",
  },
  "popups.announcement.linkText": {
    "Meet it": "La découvrir",
  },
  "popups.countdown.title": {
    "Order the Advent Calendar in time for Christmas": "Commandez le Calendrier de l’Avent à temps pour Noël",
  },
  "popups.countdown.closingTitle": {
    "Last hours to order the Advent Calendar": "Dernières heures pour commander le Calendrier de l’Avent",
  },
  "popups.countdown.text": {
    "Order before Christmas Eve to open the first door on time. Sign up and we will tell you before the last ones go.": "Commandez avant le 24 décembre pour ouvrir la première case à temps. Inscrivez-vous : nous vous préviendrons avant le départ des derniers.",
  },
  "popups.countdown.linkText": {
    "See the calendar": "Voir le calendrier",
  },
  "popups.abandonment.title": {
    "Still thinking it over?": "Vous hésitez encore ?",
  },
  "popups.abandonment.text": {
    "Your bag is saved for you. Here is 10% off to help you decide.": "Votre panier vous attend. Voici 10 % de remise pour vous aider à vous décider.",
  },
  "popups.abandonment.linkText": {
    "Go to my bag": "Voir mon panier",
  },
  "popups.trafficShaping.title": {
    "New here?": "Première visite ?",
  },
  "popups.trafficShaping.text": {
    "Take our two-minute skin quiz and get a routine made for you.": "Répondez à notre diagnostic de peau en deux minutes et recevez une routine faite pour vous.",
  },
  "popups.trafficShaping.linkText": {
    "Take the skin quiz": "Faire le diagnostic",
  },
  "popups.geo.title": {
    "Shopping from {country}?": "Votre pays : {country} ?",
  },
  "popups.geo.text": {
    "You're on our {site} site. Visit our {target} site to see prices in {currency} and delivery to {country}.": "Vous êtes sur notre site {site}. Notre site {target} affiche les prix en {currency} et la livraison pour votre pays ({country}).",
  },
  "popups.geo.goText": {
    "Go to the {target} site": "Aller sur le site {target}",
  },
  "popups.geo.stayText": {
    "Stay on the {site} site": "Rester sur le site {site}",
  },
  "announcementBar.messages[].text": {
    "Order within {countdown} for same-day dispatch": "Commandez dans les {countdown} pour une expédition le jour même",
    "The 12 Days of Glow Advent Calendar: {countdown} left to order for Christmas": "Calendrier de l’Avent 12 Jours d’Éclat : plus que {countdown} pour commander avant Noël",
    "Free delivery to Ireland and France on orders over €94": "Livraison offerte en France et en Irlande dès 94 € d’achat",
  },
  "sideCart.save_badge_title": {
    "Save [price]": "[price] d’économie",
  },
  "sideCart.bundle_badge_title": {
    "Bundle": "Coffret",
  },
  "sideCart.shippingThresholdUnder": {
    "You're [x] away from free shipping": "Plus que [x] pour profiter de la livraison offerte",
  },
  "sideCart.shippingThresholdOver": {
    "You've unlocked free shipping!": "La livraison vous est offerte !",
  },
  "sideCart.shippingThresholdLabel": {
    "Free shipping": "Livraison offerte",
  },
  "sideCart.notValidForDiscountTitle": {
    "[x] is not eligible for discount codes": "[x] n’est pas éligible aux codes de réduction",
  },
  "sideCart.freeGiftsData[].progress_title": {
    "Free SPF 50 travel mini": "Mini SPF 50 format voyage offert",
    "Free mini cleansing balm": "Mini baume démaquillant offert",
    "Choose your free gifts": "Choisissez vos cadeaux",
    "Free body lotion mini": "Mini lait corps offert",
  },
  "sideCart.freeGiftsData[].threshold_under_text": {
    "Spend [amount] more for a free SPF 50 travel mini": "Plus que [amount] pour recevoir un mini SPF 50 format voyage offert",
    "Spend [amount] more for a free Mini Cleansing Balm": "Plus que [amount] pour recevoir un Mini Baume Démaquillant offert",
    "Spend [amount] more to choose a free gift": "Plus que [amount] pour choisir un cadeau",
    "Spend [amount] more on body care for a free Body Lotion Mini": "Plus que [amount] de soins du corps pour recevoir un Mini Lait Corps offert",
  },
  "sideCart.freeGiftsData[].threshold_over_text": {
    "Your free SPF 50 travel mini is in your bag": "Votre mini SPF 50 format voyage offert est dans votre panier",
    "Your free Mini Cleansing Balm has been added": "Votre Mini Baume Démaquillant offert a été ajouté",
    "Choose your free gift below": "Choisissez votre cadeau ci-dessous",
    "Claim your free Body Lotion Mini": "Ajoutez votre Mini Lait Corps offert",
  },
  "sideCart.freeGiftsData[].icon_title": {
    "SPF mini": "Mini SPF",
    "Free balm": "Baume offert",
    "Gift choice": "Cadeau au choix",
    "Body gift": "Cadeau corps",
  },
  "sideCart.freeGiftsData[].choice_thresholds[].title": {
    "Free SPF 50 travel mini": "Mini SPF 50 format voyage offert",
    "Free mini cleansing balm": "Mini baume démaquillant offert",
    "Choose 1 free gift": "Choisissez 1 cadeau",
    "Choose 2 free gifts": "Choisissez 2 cadeaux",
    "Free body lotion mini with £30 of body care": "Mini lait corps offert dès 35 € de soins du corps",
  },
  "sideCart.freeGiftsData[].choice_thresholds[].iconTitle": {
    "SPF mini": "Mini SPF",
    "Free balm": "Baume offert",
    "1 gift": "1 cadeau",
    "2 gifts": "2 cadeaux",
    "Body gift": "Cadeau corps",
  },
  "upsell.title": {
    "Complete your routine": "Complétez votre routine",
  },
  "collections.filterGroups[].label": {
    "Skin type": "Type de peau",
    "Concern": "Préoccupation",
    "Key ingredient": "Ingrédient clé",
    "Size": "Contenance",
    "Free from": "Sans",
  },
  "shop.tagline": {
    "Clever skincare, kind formulas": "Des soins malins, des formules bienveillantes",
  },
  "home.hero.label": {
    "Highlights": "À la une",
  },
  "home.hero.slides[].eyebrow": {
    "New season routine": "La routine de saison",
    "This weekend only": "Ce week-end seulement",
    "Weekdays before 2pm": "En semaine avant 15 h",
    "Limited edition": "Édition limitée",
    "Routines made for you": "Des routines faites pour vous",
  },
  "home.hero.slides[].title": {
    "Skin that feels like yours, only calmer.": "Votre peau, en plus apaisée.",
    "15% off when you spend £100.": "-15 % dès 100 £ d’achat.",
    "Order now, and it leaves today.": "Commandez maintenant, votre colis part aujourd’hui.",
    "The Solstice Face Oil, one batch a year.": "L’Huile Visage Solstice, un seul lot par an.",
    "Answer three questions, save 15%.": "Trois questions, et -15 %.",
  },
  "home.hero.slides[].text": {
    "Gentle cleansers, concentrated serums and daily SPF, formulated with fewer, better ingredients. Free samples with every order.": "Des nettoyants doux, des sérums concentrés et un SPF quotidien, formulés avec moins d’ingrédients, mais de meilleurs. Des échantillons offerts avec chaque commande.",
    "Use the code BIG15 at checkout, from Friday 6pm until Sunday midnight.": "Saisissez le code BIG15 au paiement, du vendredi 18 h au dimanche minuit, heure de Londres.",
    "Orders placed before 2pm, Monday to Friday, are packed and dispatched the same day.": "Les commandes passées avant 15 h (heure de Paris), du lundi au vendredi, sont préparées et expédiées le jour même.",
    "Blue tansy, sea buckthorn and squalane, made in a single midwinter batch of 500 bottles. One per customer, while they last.": "Tanaisie bleue, argousier et squalane, dans un lot unique de 500 flacons préparé au cœur de l’hiver. Un flacon par client, dans la limite des stocks.",
    "Our skin quiz suggests a cleanser, serum and moisturiser for your skin, with a lip balm free. Or build a four-step kit yourself, 20% off.": "Notre quiz vous conseille un nettoyant, un sérum et une crème adaptés à votre peau, avec un baume à lèvres offert. Ou composez vous-même votre coffret en quatre étapes, à -20 %.",
  },
  "home.hero.slides[].links[].label": {
    "Shop all skincare": "Voir tous les soins",
    "See the bestsellers": "Voir les best-sellers",
    "Shop the weekend edit": "Voir la sélection du week-end",
    "Shop daily essentials": "Voir les essentiels du quotidien",
    "Meet the face oil": "Découvrir l’huile visage",
    "Take the skin quiz": "Faire le quiz peau",
    "Build your kit": "Composer mon coffret",
  },
  "product.taxRates[].label": {
    "UK VAT (20%)": "TVA britannique (20 %)",
    "Ireland VAT (23%)": "TVA irlandaise (23 %)",
    "France TVA (20%)": "TVA française (20 %)",
    "Reduced rate (5%)": "Taux réduit (5 %)",
  },
  "newsletter.extraLists[].label": {
    "Tell me about new launches": "Me prévenir des nouveautés",
    "Send me weekly skin tips": "Recevoir chaque semaine des conseils pour ma peau",
  },
  "newsletter.tailoredSuccess[].text": {
    "Welcome! Check your inbox to confirm. First up: a calm, fragrance-free routine for dry, reactive skin.": "Bienvenue ! Confirmez votre inscription depuis votre boîte de réception. Pour commencer : une routine douce et sans parfum pour les peaux sèches et réactives.",
    "Welcome! Check your inbox to confirm. First up: our guide to barrier repair for dry skin.": "Bienvenue ! Confirmez votre inscription depuis votre boîte de réception. Pour commencer : notre guide pour réparer la barrière des peaux sèches.",
    "Welcome! Check your inbox to confirm. First up: clearing congestion gently, without stripping or stinging.": "Bienvenue ! Confirmez votre inscription depuis votre boîte de réception. Pour commencer : désencombrer la peau en douceur, sans la décaper ni la faire tirailler.",
    "Welcome! Check your inbox to confirm. First up: everything about BHA and niacinamide for oily skin.": "Bienvenue ! Confirmez votre inscription depuis votre boîte de réception. Pour commencer : tout sur les BHA et la niacinamide pour les peaux grasses.",
    "Welcome! Check your inbox to confirm. First up: balancing combination skin that also reacts easily.": "Bienvenue ! Confirmez votre inscription depuis votre boîte de réception. Pour commencer : équilibrer une peau mixte qui réagit aussi facilement.",
    "Welcome! Check your inbox to confirm. First up: how to treat a shiny T-zone and dry cheeks at once.": "Bienvenue ! Confirmez votre inscription depuis votre boîte de réception. Pour commencer : comment traiter à la fois une zone T qui brille et des joues sèches.",
    "Welcome! Check your inbox to confirm. First up: keeping sensitive skin happy with the fewest products.": "Bienvenue ! Confirmez votre inscription depuis votre boîte de réception. Pour commencer : apaiser une peau sensible avec le moins de produits possible.",
    "Welcome! Check your inbox to confirm. First up: the three products every routine needs, and SPF.": "Bienvenue ! Confirmez votre inscription depuis votre boîte de réception. Pour commencer : les trois produits indispensables à toute routine, et le SPF.",
    "Welcome! Check your inbox to confirm. First up: clearing congestion without stripping.": "Bienvenue ! Confirmez votre inscription depuis votre boîte de réception. Pour commencer : désencombrer la peau sans la décaper.",
    "Welcome! Check your inbox to confirm. First up: treating a shiny T-zone and dry cheeks at once.": "Bienvenue ! Confirmez votre inscription depuis votre boîte de réception. Pour commencer : traiter à la fois une zone T qui brille et des joues sèches.",
    "Welcome! Check your inbox to confirm. First up: the three products every routine needs.": "Bienvenue ! Confirmez votre inscription depuis votre boîte de réception. Pour commencer : les trois produits indispensables à toute routine.",
    "Welcome! Check your inbox to confirm. We'll start with the gentlest routine for sensitive skin.": "Bienvenue ! Confirmez votre inscription depuis votre boîte de réception. Nous commencerons par la routine la plus douce pour les peaux sensibles.",
  },
  "embeds.liveShopping.heading": {
    "Live from the studio": "En direct de l’atelier",
  },
  "embeds.liveShopping.text": {
    "Our winter skin show, recorded live: Mara walks through a barrier-friendly routine and answers your questions. Shop each product as it comes up.": "Notre émission spéciale peau d’hiver, enregistrée en direct : Mara présente une routine qui respecte la barrière cutanée et répond à vos questions. Chaque produit s’achète dès qu’il apparaît.",
  },
  "embeds.liveShopping.posterLabel": {
    "Watch the show": "Regarder l’émission",
  },
  "embeds.liveShopping.show.title": {
    "Winter skin, live from the studio": "Peau d’hiver, en direct de l’atelier",
  },
  "embeds.liveShopping.show.segments[].caption": {
    "We start where every routine starts: a cream cleanser that leaves your skin soft, not squeaky.": "On commence là où commence toute routine : un lait nettoyant qui laisse la peau douce, jamais tiraillée.",
    "Hyaluronic acid on damp skin, then seal it in. Three drops is plenty for the whole face.": "L’acide hyaluronique s’applique sur peau humide, puis on scelle l’hydratation. Trois gouttes suffisent pour tout le visage.",
    "Ceramides and squalane: the cream we reach for when the heating goes on and cheeks go tight.": "Céramides et squalane : la crème qu’on attrape dès que le chauffage se rallume et que les joues tiraillent.",
    "A question from the chat: oil before or after cream? After, two drops pressed in, at night.": "Une question du chat : l’huile avant ou après la crème ? Après, deux gouttes pressées sur la peau, le soir.",
    "Yes, even in November. SPF 50 every morning, two finger-lengths for face and neck.": "Oui, même en novembre. SPF 50 chaque matin, deux longueurs de doigt pour le visage et le cou.",
    "And the one we never leave the studio without: the lip balm, last thing before bed.": "Et celui qu’on n’oublie jamais en quittant l’atelier : le baume à lèvres, juste avant de se coucher.",
  },
  "embeds.socialFeed.heading": {
    "#LumenAndLeaf": "#LumenAndLeaf",
  },
  "embeds.socialFeed.text": {
    "Shelfies, studio days and notes from the journal.": "Salles de bains, journées à l’atelier et notes du journal.",
  },
  "embeds.socialFeed.posterLabel": {
    "Show the feed": "Afficher le fil",
  },
  "builders.routine.title": {
    "Build your routine": "Composez votre routine",
  },
  "builders.routine.intro": {
    "Four steps, morning and evening: cleanse, tone, treat and moisturise, with SPF in the morning. We suggest a product for each step; add one step at a time or all of them.": "Quatre étapes, matin et soir : nettoyer, tonifier, traiter et hydrater, avec un SPF le matin. Nous vous suggérons un produit pour chaque étape ; ajoutez-les une à une ou toutes d’un coup.",
  },
  "builders.routine.start.points[]": {
    "A morning and an evening routine, one product suggested for each step": "Une routine du matin et une du soir, avec un produit suggéré pour chaque étape",
    "What each product helps with, so you can see why it's there": "Ce que fait chaque produit, pour comprendre pourquoi il est là",
    "Add one step at a time, or the whole routine at once": "Ajoutez une étape à la fois, ou toute la routine d’un coup",
  },
  "builders.routine.booking.title": {
    "Would you like a free skin consultation first?": "Envie d’abord d’un diagnostic de peau gratuit ?",
  },
  "builders.routine.booking.text": {
    "Twenty minutes with one of our skin therapists, free and with no obligation to buy. Choose how you'd like to talk.": "Vingt minutes avec l’une de nos conseillères en soins de la peau, gratuitement et sans obligation d’achat. Choisissez comment échanger.",
  },
  "builders.routine.booking.forms[].label": {
    "Video call": "Appel vidéo",
    "In store": "En boutique",
    "By email": "Par e-mail",
  },
  "builders.routine.booking.forms[].description": {
    "A 20-minute video call at a time that suits you, Monday to Saturday.": "Un appel vidéo de 20 minutes au moment qui vous convient, du lundi au samedi.",
    "Meet a therapist at one of our shops and try the products on your skin.": "Rencontrez une conseillère dans l’une de nos boutiques et essayez les produits sur votre peau.",
    "Tell us about your skin and a therapist replies within two working days.": "Décrivez-nous votre peau : une conseillère vous répond sous deux jours ouvrés.",
  },
  "builders.routine.steps[].title": {
    "Cleanse": "Nettoyer",
    "Tone": "Tonifier",
    "Treat": "Traiter",
    "Moisturise & protect": "Hydrater et protéger",
  },
  "builders.routine.steps[].description": {
    "A gentle cream in the morning; a balm in the evening melts away SPF and make-up first.": "Une crème douce le matin ; le soir, un baume fait d’abord fondre SPF et maquillage.",
    "Hydrate in the morning, exfoliate gently at night.": "Hydrater le matin, exfolier en douceur le soir.",
    "Vitamin C protects by day; retinol renews by night. Hyaluronic acid suits both, if your skin feels tight.": "La vitamine C protège le jour ; le rétinol renouvelle la nuit. L’acide hyaluronique convient aux deux, si votre peau tiraille.",
    "A light gel and SPF 50 for the day, a rich cream for the night.": "Un gel léger et un SPF 50 pour la journée, une crème riche pour la nuit.",
  },
  "builders.quiz.title": {
    "Build your bundle": "Composez votre coffret",
  },
  "builders.quiz.intro.title": {
    "Find your routine in a minute": "Votre routine en une minute",
  },
  "builders.quiz.intro.text": {
    "Answer three questions about your skin and we'll suggest a product for each step. Complete the routine and save 15%, with a lip balm free.": "Répondez à trois questions sur votre peau et nous vous suggérerons un produit pour chaque étape. Complétez la routine et économisez 15 %, avec un baume à lèvres offert.",
  },
  "builders.quiz.intro.button": {
    "Start the quiz": "Commencer le quiz",
  },
  "builders.quiz.start.points[]": {
    "A cleanser, serum and moisturiser chosen for your skin": "Un nettoyant, un sérum et une crème choisis pour votre peau",
    "15% off when you take the whole routine": "-15 % en prenant toute la routine",
    "A lip balm free with every complete routine": "Un baume à lèvres offert avec chaque routine complète",
  },
  "builders.quiz.questions[].question": {
    "How does your skin feel by midday?": "Comment est votre peau vers midi ?",
    "What would you most like to change?": "Que voudriez-vous changer en priorité ?",
    "Do you already wear SPF every day?": "Portez-vous déjà un SPF tous les jours ?",
  },
  "builders.quiz.questions[].answers[].label": {
    "Tight or flaky": "Elle tiraille ou pèle",
    "Shiny all over": "Elle brille partout",
    "Shiny in places, dry in others": "Elle brille par endroits, sèche ailleurs",
    "Easily red or irritated": "Elle rougit ou s’irrite facilement",
    "Dullness and dark spots": "Teint terne et taches",
    "Breakouts and pores": "Imperfections et pores",
    "Fine lines": "Ridules",
    "Dehydration": "Déshydratation",
    "Yes, I have one I love": "Oui, j’en ai un que j’adore",
    "No, or not every day": "Non, ou pas tous les jours",
  },
  "builders.quiz.steps[].step_title": {
    "Choose your cleanser": "Choisissez votre nettoyant",
    "Choose your serum": "Choisissez votre sérum",
    "Choose your moisturiser": "Choisissez votre crème",
    "Choose your SPF": "Choisissez votre SPF",
    "Pick your free lip balm": "Choisissez votre baume à lèvres offert",
  },
  "builders.quiz.steps[].header_title": {
    "Cleanse": "Nettoyer",
    "Treat": "Traiter",
    "Moisturise": "Hydrater",
    "Protect": "Protéger",
    "Free gift": "Cadeau offert",
  },
  "builders.quiz.steps[].products_to_compare[].product_why": {
    "A milky cream that cleans without stripping: right for dry and sensitive skin.": "Une crème lactée qui nettoie sans décaper : idéale pour les peaux sèches et sensibles.",
    "Salicylic acid clears pores and shine without drying.": "L’acide salicylique désobstrue les pores et matifie sans dessécher.",
    "No rinse needed; gentle on eyes and lips.": "Sans rinçage ; doux pour les yeux et les lèvres.",
    "Brightens and evens skin tone; defends against pollution.": "Illumine et unifie le teint ; protège de la pollution.",
    "Calms breakouts and refines the look of pores.": "Apaise les imperfections et affine l’aspect des pores.",
    "Deep hydration that plumps fine lines, for every skin type.": "Une hydratation profonde qui repulpe les ridules, pour tous les types de peau.",
    "Encapsulated retinol that smooths lines overnight.": "Du rétinol encapsulé qui lisse les rides pendant la nuit.",
    "Ceramides rebuild a dry, tight skin barrier.": "Les céramides reconstruisent une barrière cutanée sèche et tiraillée.",
    "Weightless hydration that never feels greasy.": "Une hydratation ultralégère, jamais grasse.",
    "Centella soothes redness and reactive skin.": "La centella apaise les rougeurs et les peaux réactives.",
    "Invisible SPF 50 that sits well under make-up.": "Un SPF 50 invisible qui se fait oublier sous le maquillage.",
    "A mineral filter for the most sensitive skin.": "Un filtre minéral pour les peaux les plus sensibles.",
    "Free with a complete routine: shea and ceramides for dry lips.": "Offert avec une routine complète : karité et céramides pour les lèvres sèches.",
  },
  "builders.quiz.results.title": {
    "Your routine": "Votre routine",
  },
  "builders.kit.title": {
    "Build your kit": "Composez votre coffret",
  },
  "builders.kit.intro": {
    "Four steps to a routine that's yours: a cleanser, two serums, a moisturiser and, if you like, an SPF and an eye treatment. Every product is 20% off in a complete kit.": "Quatre étapes pour une routine bien à vous : un nettoyant, deux sérums, une crème et, si vous le souhaitez, un SPF et un soin contour des yeux. Chaque produit est à -20 % dans un coffret complet.",
  },
  "builders.kit.start.points[]": {
    "Your own kit, one product at a time across four steps": "Votre propre coffret, un produit à la fois, en quatre étapes",
    "20% off every product in a complete kit": "-20 % sur chaque produit d’un coffret complet",
    "Side by side comparisons where a step has a choice": "Des comparaisons côte à côte quand une étape propose un choix",
  },
  "builders.kit.bundle_text": {
    "Bundle Discount": "Remise coffret",
  },
  "builders.kit.dropdown.label": {
    "Show me products for": "Me montrer les produits pour",
  },
  "builders.kit.dropdown.options[].label": {
    "Dullness": "Teint terne",
    "Breakouts": "Imperfections",
    "Dryness": "Sécheresse",
    "Fine lines": "Ridules",
  },
  "builders.kit.steps[].title": {
    "Choose a cleanser": "Choisissez un nettoyant",
    "Choose two serums": "Choisissez deux sérums",
    "Choose a moisturiser": "Choisissez une crème",
    "Add SPF (optional)": "Ajoutez un SPF (facultatif)",
  },
  "builders.kit.steps[].description": {
    "One cleanser to start every routine.": "Un nettoyant pour commencer chaque routine.",
    "Pair a daytime serum with a night-time one, or two for the same concern.": "Associez un sérum de jour à un sérum de nuit, ou deux sérums pour une même préoccupation.",
    "Our night cream is {{kit_price:oat-squalane-night-cream}} instead of {{price:oat-squalane-night-cream}} in a kit.": "Dans un coffret, notre crème de nuit est à {{kit_price:oat-squalane-night-cream}} au lieu de {{price:oat-squalane-night-cream}}.",
    "Skip it if you have one you love, and add an eye treatment if you like.": "Passez cette étape si vous avez déjà un SPF que vous aimez, et ajoutez un soin contour des yeux si vous le souhaitez.",
  },
  "builders.kit.steps[].popup_title": {
    "Add an extra": "Ajoutez un soin en plus",
    "Add an eye treatment": "Ajoutez un soin contour des yeux",
  },
  "builders.kit.steps[].products[].pills[]": {
    "Fragrance free": "Sans parfum",
    "BHA": "BHA",
    "Bestseller": "Best-seller",
    "All skin types": "Tous types de peau",
    "Night only": "Le soir uniquement",
    "Kit price": "Prix coffret",
    "SPF 50": "SPF 50",
    "Mineral": "Minéral",
  },
  "builders.kit.steps[].products[].title_override": {
    "Oat & Squalane Night Cream, kit price": "Crème de Nuit Riche Avoine & Squalane, prix coffret",
  },
  "builders.oilQuiz.title": {
    "Which oil suits your skin?": "Quelle huile pour votre peau ?",
  },
  "builders.oilQuiz.start.points[]": {
    "The one oil made for your skin type, with what it helps with": "L’huile faite pour votre type de peau, et ce qu’elle lui apporte",
  },
  "builders.oilQuiz.options[].label": {
    "Dry or normal": "Sèche ou normale",
    "Dull, with marks": "Terne, avec des marques",
    "Reactive": "Réactive",
  },
  "builders.oilQuiz.options[].description": {
    "Skin that drinks up moisture and feels tight by evening.": "Une peau qui boit l’hydratation et tiraille le soir venu.",
    "Uneven tone, old blemish marks or sun spots.": "Un teint irrégulier, des marques d’anciens boutons ou des taches solaires.",
    "Redness and sensitivity, especially in winter.": "Rougeurs et sensibilité, surtout en hiver.",
  },
};
