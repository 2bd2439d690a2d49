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
    "Shopping from {country}?": "Vous commandez depuis {country} ?",
  },
  "popups.geo.text": {
    "You're on our {site} site. Visit our {target} site to see prices in {currency} and delivery to {country}.": "Vous êtes sur notre site {site}. Rendez-vous sur notre site {target} pour voir les prix en {currency} et la livraison vers {country}.",
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
};
