/**
 * The French of the demo FAQ's questions and answers and of the ingredient
 * glossary's entries, as fields of their pages (core/content/page-entries.ts):
 * a FAQ entry by its English question, a glossary entry by its tag. INCI
 * names stay as labels print them.
 */
import { faqAnswerField, faqQuestionField, faqTopicField, glossaryField } from "../../../core/content/page-entries.ts";

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join("\n");

/** English topic → French topic. */
const topics: Record<string, string> = {
  "Orders and delivery": "Commandes et livraison",
  Returns: "Retours",
  "Products and ingredients": "Produits et ingrédients",
  "Your account": "Votre compte",
};

/** English question → French question and answer. */
const questions: Record<string, [question: string, answerHtml: string]> = {
  "How much is delivery?": [
    "Combien coûte la livraison ?",
    p("La livraison standard au Royaume-Uni est offerte dès 40 £ d'achat, et coûte 3,95 £ en dessous ; l'express au Royaume-Uni coûte 5,95 £. La livraison dans l'Union européenne coûte 9,95 £ (offerte dès 80 £), et 14,95 £ pour le reste du monde. Le tableau complet se trouve sur notre <a href=\"/pages/delivery-and-returns\">page livraison et retours</a>."),
  ],
  "When will my order arrive?": [
    "Quand vais-je recevoir ma commande ?",
    p("Les commandes passées un jour de semaine avant 14 h, heure de Londres (15 h à Paris), quittent l'atelier le jour même. Comptez ensuite 4 à 7 jours ouvrés pour l'Union européenne, 2 à 3 jours ouvrés au Royaume-Uni en standard ou le jour ouvré suivant en express, et 7 à 12 jours ouvrés pour le reste du monde."),
  ],
  "Can I change or cancel my order?": [
    "Puis-je modifier ou annuler ma commande ?",
    p("Écrivez-nous au plus vite. Tant que votre colis n'est pas préparé, nous le modifions ou l'annulons ; s'il est déjà parti, vous pouvez nous le retourner selon notre <a href=\"/policies/refund-policy\">politique de remboursement</a>."),
  ],
  "Do you sell gift cards?": [
    "Proposez-vous des cartes cadeaux ?",
    p("Oui : notre <a href=\"/products/gift-card\">carte cadeau numérique</a> arrive par e-mail avec un code à saisir au moment du paiement. Elle s'utilise en une fois ou sur plusieurs commandes, et n'expire jamais."),
  ],
  "What is your returns policy?": [
    "Quelle est votre politique de retour ?",
    p("Les produits non ouverts peuvent être retournés dans les 30 jours suivant la livraison pour un remboursement intégral. Vous disposez aussi du droit légal de rétractation de 14 jours. Tous les détails figurent dans notre <a href=\"/policies/refund-policy\">politique de remboursement</a>."),
  ],
  "A product did not suit my skin. Can I return it?": [
    "Un produit ne convient pas à ma peau. Puis-je le retourner ?",
    p("Un produit ouvert ne peut pas être revendu, nous ne pouvons donc pas le reprendre comme un retour ; mais dites-nous ce qui s'est passé. Nous préférons vous aider à trouver ce qui vous convient, et quand un produit n'a manifestement pas été toléré par votre peau, nous vous proposons toujours un échange ou un remboursement."),
  ],
  "My order arrived damaged.": [
    "Ma commande est arrivée abîmée.",
    p("Nous en sommes désolés. Envoyez-nous une photo avec votre numéro de commande dans les 30 jours : nous vous renvoyons aussitôt le produit ou vous remboursons, sans que vous ayez à nous retourner l'article abîmé."),
  ],
  "How long do refunds take?": [
    "Sous quel délai suis-je remboursé ?",
    p("Nous vous remboursons dans les 14 jours suivant la réception de votre retour, sur la carte utilisée pour payer. Votre banque peut mettre encore 3 à 5 jours ouvrés à l'afficher."),
  ],
  "Are your products suitable for sensitive skin?": [
    "Vos produits conviennent-ils aux peaux sensibles ?",
    p("Beaucoup sont conçus pour elles : repérez les formules sans parfum dans notre <a href=\"/collections/all/skin-type-sensitive\">sélection peaux sensibles</a>. Testez toute nouveauté pendant 48 heures à l'intérieur du bras avant de l'appliquer sur le visage, surtout les acides et les rétinoïdes."),
  ],
  "Can I use retinol while pregnant or breastfeeding?": [
    "Puis-je utiliser du rétinol pendant la grossesse ou l'allaitement ?",
    p("Nous déconseillons les rétinoïdes pendant la grossesse et l'allaitement. Le <a href=\"/products/bakuchiol-renewal-serum\">Sérum Renouveau au Bakuchiol</a> est une alternative plus douce que beaucoup adoptent à la place ; demandez tout de même l'avis de votre sage-femme ou de votre médecin."),
  ],
  "Are your products vegan and cruelty-free?": [
    "Vos produits sont-ils vegan et non testés sur les animaux ?",
    p("Aucun de nos produits n'est testé sur les animaux. La plupart de notre gamme est vegan ; les rares exceptions contiennent de la cire d'abeille ou de la lanoline, et chaque fiche produit l'indique."),
  ],
  "In what order should I apply everything?": [
    "Dans quel ordre appliquer mes soins ?",
    p("De la texture la plus fluide à la plus riche, et l'écran solaire en dernier le matin. Notre <a href=\"/pages/layering-guide\">guide des superpositions</a> détaille chaque étape."),
  ],
  "How long does a product last once opened?": [
    "Combien de temps se conserve un produit une fois ouvert ?",
    p("Chaque emballage porte le symbole du pot ouvert, avec le nombre de mois pendant lesquels le produit se conserve après ouverture, le plus souvent 6 ou 12. Les sérums à la vitamine C s'utilisent de préférence dans les 3 mois."),
  ],
  "Do I need an account to order?": [
    "Faut-il un compte pour commander ?",
    p("Non. Un <a href=\"/account\">compte</a> garde vos adresses et l'historique de vos commandes, et vous permet d'enregistrer des coffrets pour plus tard, mais vous pouvez toujours commander en tant qu'invité."),
  ],
  "I forgot my password.": [
    "J'ai oublié mon mot de passe.",
    p("Cliquez sur « Mot de passe oublié ? » sur la page de connexion : nous vous enverrons par e-mail un lien pour en choisir un nouveau. Ce lien ne sert qu'une fois et reste valable une heure."),
  ],
  "How do I track my order?": [
    "Comment suivre ma commande ?",
    p("Votre e-mail d'expédition contient un lien de suivi, et chaque commande apparaît avec son statut dans votre <a href=\"/account\">compte</a>."),
  ],
  "How do I stop your emails?": [
    "Comment ne plus recevoir vos e-mails ?",
    p("Chacun de nos e-mails comporte un lien de désinscription en bas de page, et vous pouvez toujours nous écrire. Les e-mails liés à vos commandes et à votre compte continueront d'arriver, puisqu'ils concernent votre commande."),
  ],
};

/** Tag → French name, other names (null where the English has none; an INCI name stays as labels print it) and description. */
const ingredients: Record<string, [name: string, alsoKnownAs: string | null, description: string]> = {
  aloe: ["Aloe vera", "Aloe barbadensis leaf juice", "Le gel extrait des feuilles d'aloe apaise et apporte une fine couche d'hydratation. Une base douce pour les soins du corps, qui convient à presque tous les types de peau."],
  "azelaic-acid": ["Acide azélaïque", null, "Calme les rougeurs, désobstrue les pores et atténue les marques laissées par les boutons. L'un des rares actifs bien tolérés par les peaux sujettes à la rosacée ; un léger picotement au début est normal."],
  bakuchiol: ["Bakuchiol", null, "Un extrait végétal qui lisse les ridules et le grain de peau irrégulier, un peu comme le rétinol, sans le dessèchement ni la sensibilité au soleil. Un bon choix pour les peaux sensibles, et une alternative courante pendant la grossesse."],
  "blue-tansy": ["Tanaisie bleue", "Tanacetum annuum flower oil", "Une huile essentielle bleue tirée d'une fleur marocaine proche de la camomille, riche en chamazulène : c'est elle qui donne à notre huile Solstice sa couleur et son effet apaisant sur les peaux irritées. Elle est parfumée : faites d'abord un test de tolérance."],
  caffeine: ["Caféine", null, "Atténue l'aspect des poches en resserrant pour un temps les petits vaisseaux sanguins. Idéale autour des yeux le matin, avec une bonne nuit de sommeil."],
  centella: ["Centella asiatica", "Cica, herbe du tigre", "Aussi appelée cica ou herbe du tigre. Sa madécassoside et son asiaticoside calment les peaux rouges et réactives, et soutiennent une barrière cutanée malmenée par trop d'exfoliation."],
  ceramides: ["Céramides", "Ceramide NP, ceramide AP, ceramide EOP", "Les lipides qui soudent les cellules de la peau comme le mortier entre les briques. En rapporter aide les peaux sèches, tiraillées ou sujettes à l'eczéma à garder leur eau."],
  "colloidal-oat": ["Avoine colloïdale", "Avena sativa kernel flour", "De l'avoine très finement moulue qui apaise les démangeaisons et forme un film protecteur sur les peaux sèches. Reconnue comme protecteur cutané, et pour une bonne raison : elle est efficace."],
  ginseng: ["Ginseng", "Panax ginseng root extract", "Un extrait de racine riche en antioxydants qui redonne de l'éclat aux peaux fatiguées. Nous l'associons aux peptides dans notre soin contour des yeux."],
  glycerin: ["Glycérine", null, "L'humectant le plus travailleur de la cosmétique : elle attire l'eau dans la couche superficielle de la peau et l'y retient. Discrète, bon marché, et présente dans presque tous les bons soins."],
  "glycolic-acid": ["Acide glycolique", "AHA", "Le plus petit des alpha-hydroxyacides (AHA). Il desserre les liens entre les cellules mortes pour une peau plus lisse et plus lumineuse. Il rend la peau plus sensible au soleil : portez un SPF chaque jour où vous l'utilisez."],
  "hyaluronic-acid": ["Acide hyaluronique", "Sodium hyaluronate", "Un sucre qui retient plusieurs fois son poids en eau et repulpe la surface de la peau. Appliquez-le sur peau humide, puis scellez l'hydratation avec une crème."],
  niacinamide: ["Niacinamide", "Vitamine B3", "La vitamine B3. Elle renforce la barrière cutanée, réduit l'aspect des pores dilatés et unifie le teint. Bien tolérée par la plupart des peaux, elle s'associe avec presque tout."],
  panthenol: ["Panthénol", "Provitamine B5", "La provitamine B5 : un humectant qui apaise et aide la peau à se remettre d'une irritation, d'un coup de soleil ou d'une exfoliation trop enthousiaste."],
  peptides: ["Peptides", null, "De courtes chaînes d'acides aminés qui servent de messagers dans la peau et soutiennent sa fermeté et son lissé au fil des semaines. Assez doux pour le contour des yeux."],
  retinol: ["Rétinol", "Vitamine A", "Une forme de vitamine A qui accélère le renouvellement cellulaire, atténue les ridules et le grain irrégulier, et aide contre les imperfections. Commencez deux soirs par semaine, portez toujours un SPF, et évitez-le pendant la grossesse et l'allaitement."],
  rice: ["Riz", "Oryza sativa", "L'eau de riz fermentée est riche en acides aminés et en antioxydants doux qui laissent la peau douce et lumineuse. Un ingrédient traditionnel des soins d'Asie de l'Est."],
  rose: ["Rose", "Rosa damascena flower water", "L'eau de rose de Damas rafraîchit et adoucit, avec un parfum que presque tout le monde aime. Parfumée, elle est à éviter pour les peaux très réactives."],
  rosehip: ["Huile de rose musquée", "Rosa canina fruit oil", "Une huile de graines pressée à froid, riche en acide linoléique et en vitamine A naturelle, qui aide à unifier les marques et les teints ternes."],
  "salicylic-acid": ["Acide salicylique", "BHA", "Un bêta-hydroxyacide (BHA) soluble dans les huiles, capable donc de nettoyer l'intérieur des pores. Le classique contre les points noirs et les imperfections ; une application par jour au maximum."],
  "sea-buckthorn": ["Argousier", "Hippophae rhamnoides fruit oil", "Une huile de baies d'un orange éclatant, pleine d'acides gras oméga et de caroténoïdes. Elle nourrit les peaux sèches et donne à notre baume démaquillant sa couleur ensoleillée."],
  "sea-salt": ["Sel de mer", null, "Un sel de mer fin de Cornouailles qui gomme les zones rugueuses du corps. Pas pour le visage, ni sur une peau fraîchement rasée."],
  seaweed: ["Algues", "Laminaria digitata extract", "Le varech et les autres algues apportent des minéraux et une texture glissante qui retient l'hydratation. Les nôtres sont récoltées à la main, sous licence, sur la côte des Cornouailles."],
  "shea-butter": ["Beurre de karité", "Butyrospermum parkii butter", "Un beurre riche tiré de la noix du karité, qui adoucit et protège les peaux très sèches des mains, des lèvres et du corps."],
  spf: ["Filtres solaires", null, "Les filtres qui protègent des rayons UVA et UVB. Un SPF quotidien est le geste le plus efficace pour la santé de votre peau à long terme ; appliquez-le en dernier le matin et renouvelez-le en extérieur."],
  squalane: ["Squalane", "Squalane d'origine olive", "Une huile stable et légère comme l'air, semblable à l'un des lipides de la peau. Elle adoucit sans obstruer les pores et convient à presque toutes les peaux, même grasses."],
  "vitamin-c": ["Vitamine C", "Acide ascorbique et ses dérivés", "Un antioxydant qui redonne de l'éclat aux teints ternes, aide à estomper les taches et épaule votre SPF contre la pollution et le soleil du quotidien. Utilisez-la le matin ; une fois le flacon ouvert, gardez-le au frais et terminez-le dans les trois mois."],
  "vitamin-e": ["Vitamine E", "Tocopherol", "Un antioxydant qui empêche les huiles d'une formule, et votre peau, de s'oxyder. Il adoucit aussi les peaux sèches."],
  "zinc-oxide": ["Oxyde de zinc", null, "Un filtre minéral qui protège des UVA comme des UVB, avec une grande douceur. Le filtre de prédilection des peaux sensibles et des enfants."],
};

/** The FAQ page's entries in French, as fields of the page. */
export const frenchFaqEntries: Record<string, string> = Object.fromEntries([
  ...Object.entries(topics).map(([title, french]) => [faqTopicField(title), french]),
  ...Object.entries(questions).flatMap(([question, [french, answerHtml]]) => [
    [faqQuestionField(question), french],
    [faqAnswerField(question), answerHtml],
  ]),
]);

/** The glossary page's entries in French, as fields of the page. */
export const frenchGlossaryEntries: Record<string, string> = Object.fromEntries(
  Object.entries(ingredients).flatMap(([tag, [name, alsoKnownAs, description]]) => [
    [glossaryField(`ingredient:${tag}`, "name"), name],
    ...(alsoKnownAs ? [[glossaryField(`ingredient:${tag}`, "also_known_as"), alsoKnownAs]] : []),
    [glossaryField(`ingredient:${tag}`, "description_html"), p(description)],
  ]),
);
