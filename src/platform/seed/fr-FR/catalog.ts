/**
 * The demo catalogue in French, as the French site shows it: product titles
 * and descriptions, option names and values, collections and menus. Sizes
 * ("30 ml") read the same in both languages and are left to fall back.
 */
import type { SeedTranslations } from "../types.ts";

const scents = { name: "Parfum", values: { "Neroli & Fig": "Néroli & Figue", "Cedar & Sage": "Cèdre & Sauge", Unscented: "Sans parfum" } };

export const frenchCatalog: SeedTranslations = {
  products: {
    "gentle-cream-cleanser": {
      title: "Crème Nettoyante Douceur",
      body_html:
        "<p>Une crème lactée et fondante qui dissout le maquillage, le SPF et les impuretés de la journée sans la moindre sensation de tiraillement. <strong>Trois céramides biomimétiques</strong> et du squalane végétal protègent la barrière cutanée pendant le nettoyage : même les peaux réactives restent apaisées et confortables.</p><p>Massez sur peau sèche ou humide, puis rincez à l'eau tiède ou retirez avec un gant chaud.</p>",
    },
    "clarifying-gel-cleanser": {
      title: "Gel Nettoyant Purifiant 2 % BHA",
      body_html:
        "<p>Un gel limpide et peu moussant à <strong>2 % d'acide salicylique</strong> qui agit au cœur des pores pour éliminer l'excès de sébum et les résidus à l'origine des points noirs. Niacinamide et zinc matifient, tandis que l'aloe vera évite toute sensation de peau décapée.</p><p>Matin ou soir ; laissez poser trente secondes avant de rincer pour un nettoyage en profondeur.</p>",
    },
    "sea-buckthorn-cleansing-balm": {
      title: "Baume Démaquillant à l'Argousier",
      body_html:
        "<p>Un baume doré à la texture sorbet qui fond en huile soyeuse au contact de la peau et se transforme en lait avec l'eau, emportant mascara waterproof et fond de teint longue tenue. L'<strong>argousier</strong> pressé à froid, récolté sur la côte du Moray, laisse la peau douce, lumineuse et jamais grasse.</p>",
    },
    "eau-micellaire-douceur": {
      title: "Eau Micellaire Douceur",
      body_html:
        "<p>Le grand classique des pharmacies parisiennes : une eau micellaire sans rinçage qui retire maquillage et pollution d'un seul coton. Ses micelles délicates et son <strong>eau de bleuet</strong> sont testées sur les yeux et les lèvres sensibles, pour un coup de frais express comme pour un démaquillage complet.</p>",
    },
    "glow-tonic-aha": {
      title: "Tonique Éclat 5 % AHA",
      body_html:
        "<p>Notre lotion exfoliante culte, à <strong>5 % d'acide glycolique</strong>, chasse les cellules mortes qui ternissent le teint et rendent la peau rugueuse. Aloe vera et ginseng la rendent assez douce pour un usage quotidien ; en une semaine, la peau est plus lisse et nettement plus lumineuse.</p><p>Le soir, appliquez sur peau propre à l'aide d'un coton. Le lendemain matin, n'oubliez pas votre SPF.</p>",
    },
    "damask-rose-mist": {
      title: "Brume Hydratante à la Rose de Damas",
      body_html:
        "<p>Une brume fine et rafraîchissante d'<strong>eau de rose de Damas</strong> distillée à la vapeur et d'acide hyaluronique de bas poids moléculaire. Vaporisez après le nettoyage, sur le maquillage ou en avion dès que la peau a soif : elle sent le jardin en été et apaise les joues échauffées en quelques secondes.</p>",
    },
    "rice-water-essence-toner": {
      title: "Essence Tonique à l'Eau de Riz",
      body_html:
        "<p>Une première essence lactée à <strong>77 % d'eau de riz fermentée</strong>, le rituel des routines « glass skin ». Le niacinamide unifie le teint pendant que le ferment gorge la peau d'acides aminés, pour un éclat doux et rebondi qui tient sous le maquillage.</p><p>Faites pénétrer deux ou trois gouttes du plat des mains, en superposant les jours de sécheresse.</p>",
    },
    "vitamin-c-brightening-serum": {
      title: "Sérum Éclat Vitamine C 15 %",
      body_html:
        "<p>Notre sérum préféré associe <strong>15 % de vitamine C stabilisée</strong> à l'acide férulique et à la vitamine E pour raviver les teints ternes, estomper les taches et protéger de la pollution du quotidien. Sa formule légère et vite absorbée se glisse parfaitement sous le SPF et le maquillage.</p><p>Appliquez 3 à 4 gouttes chaque matin après le nettoyage. Son flacon airless en verre ambré le préserve jusqu'à la dernière goutte.</p>",
    },
    "niacinamide-zinc-serum": {
      title: "Sérum Niacinamide 10 % + Zinc",
      body_html:
        "<p>Un sérum léger comme l'eau, à <strong>10 % de niacinamide et 1 % de PCA de zinc</strong>, qui régule le sébum, apaise les rougeurs des imperfections et resserre visiblement les pores. En quatre semaines, la peau est plus nette et plus uniforme, sans dessèchement.</p><p>Matin et soir, avant la crème. Évitez de l'associer à de la vitamine C pure dans la même routine.</p>",
    },
    "hyaluronic-acid-serum": {
      title: "Sérum Hydratant à l'Acide Hyaluronique",
      body_html:
        "<p>Cinq poids moléculaires d'<strong>acide hyaluronique</strong> hydratent chaque couche de la peau, d'un effet repulpant immédiat en surface à un rebond durable en profondeur. La vitamine B5 apaise et fortifie : c'est le sérum que tous les types de peau peuvent superposer matin et soir.</p><p>Appliquez sur peau humide, puis scellez avec votre crème.</p>",
    },
    "retinol-night-serum": {
      title: "Sérum de Nuit Rétinol 0,3 %",
      body_html:
        "<p>Une dose idéale pour débuter : <strong>0,3 % de rétinol encapsulé</strong>, libéré lentement pendant la nuit pour lisser les ridules, affiner le grain de peau et désencombrer les pores, avec bien moins d'irritations. Squalane et bisabolol gardent la peau confortable le temps qu'elle s'habitue.</p><p>Commencez deux soirs par semaine, puis augmentez progressivement. Portez toujours un SPF le jour.</p>",
    },
    "bakuchiol-renewal-serum": {
      title: "Sérum Renouveau au Bakuchiol",
      body_html:
        "<p>Le renouvellement cellulaire version végétale, pour les peaux qui ne tolèrent pas le rétinol. <strong>1 % de bakuchiol</strong> issu de la graine de babchi lisse et raffermit comme son cousin la vitamine A, dans une base soyeuse de squalane adaptée aux peaux sensibles et à la grossesse.</p><p>Notre prochain lot est en cours de mise en flacon : commandez dès aujourd'hui, il sera expédié dès son arrivée.</p>",
    },
    "azelaic-calming-serum": {
      title: "Sérum Apaisant Azélaïque 10 %",
      body_html:
        "<p>Le chouchou des dermatologues pour les peaux sujettes aux rougeurs : <strong>10 % d'acide azélaïque</strong> dans une crème-sérum ultra-légère qui calme les poussées, élimine les imperfections et atténue les marques qu'elles laissent. Sans parfum et testé sous contrôle dermatologique.</p>",
    },
    "multi-peptide-firming-serum": {
      title: "Sérum Raffermissant Multi-Peptides",
      body_html:
        "<p>Un concentré de <strong>huit peptides signal</strong>, dont le tripeptide de cuivre, qui soutient le collagène naturel de la peau pour un aspect plus ferme et liftée. Sa texture gel pénètre instantanément et se superpose à tout.</p><p>Matin et soir, après la lotion.</p>",
    },
    "barrier-repair-cream": {
      title: "Crème Réparatrice Barrière aux Céramides",
      body_html:
        "<p>La crème que nos clientes surnomment « la couverture réconfort ». Un <strong>ratio 3:2:1 de céramides, cholestérol et acides gras</strong> reproduit la barrière naturelle de la peau, répare sécheresse et sensibilité, tandis que le squalane retient l'hydratation pendant 72 heures.</p><p>Riche sans jamais graisser : matin et soir, et en masque sur les zones qui pèlent.</p>",
    },
    "water-gel-moisturiser": {
      title: "Gel-Crème Hydratant sans Huile",
      body_html:
        "<p>Un gel frais et rebondi qui éclate en gouttelettes d'eau sur la peau, offrant aux peaux grasses et mixtes une hydratation toute la journée et un fini mat velouté. <strong>Acide hyaluronique et niacinamide</strong> hydratent et affinent le grain de peau sans la moindre lourdeur.</p>",
    },
    "oat-squalane-night-cream": {
      title: "Crème de Nuit Riche Avoine & Squalane",
      body_html:
        "<p>Une crème de nuit dense et fondante à l'<strong>avoine colloïdale d'Écosse</strong>, au squalane d'olive et à l'onagre, qui restaure les peaux assoiffées pendant le sommeil. Au réveil, la peau est douce, souple et visiblement plus lisse.</p>",
    },
    "cica-calming-cream": {
      title: "Crème Apaisante Cica",
      body_html:
        "<p>Un gel-crème teinté de vert à la <strong>centella asiatica</strong> et au panthénol, qui éteint le feu des peaux irritées ou trop exfoliées. Sa légère teinte neutralise les rougeurs dès l'application, et la madécassoside aide la peau à récupérer pendant la nuit.</p>",
    },
    "daily-shield-spf50": {
      title: "Écran Quotidien Daily Shield SPF 50 PA++++",
      body_html:
        "<p>Le SPF qui réconcilie les plus sceptiques avec la protection solaire : un fluide invisible et ultra-léger, <strong>SPF 50 à large spectre et protection UVA PA++++</strong>, sans traces blanches ni brillance. Le niacinamide unifie le teint, et il fait aussi office de base de maquillage lumineuse.</p><p>Appliquez généreusement en dernière étape de votre routine du matin, tous les jours de l'année.</p>",
    },
    "ecran-mineral-spf30": {
      title: "Écran Minéral SPF 30",
      body_html:
        "<p>Une protection 100 % minérale à base d'<strong>oxyde de zinc non nano</strong>, pour les peaux qui picotent avec les filtres chimiques. Cette crème voile, sans effet brillant, s'estompe sans laisser de reflet blanc et convient aux peaux sujettes à la rosacée comme aux enfants de plus de trois ans.</p>",
    },
    "skin-tint-spf30": {
      title: "Teint Perfecteur Skin Tint SPF 30",
      body_html:
        "<p>Une couvrance légère et lumineuse qui unifie le teint et floute les imperfections, pendant que le <strong>SPF 30</strong> protège. L'acide hyaluronique hydrate la peau toute la journée, et la formule modulable se décline en quatre teintes pensées pour se fondre dans votre carnation.</p>",
      options: { Shade: { name: "Teinte", values: { Light: "Clair", Medium: "Moyen", Tan: "Hâlé", Deep: "Foncé" } } },
    },
    "invisible-body-mist-spf30": {
      title: "Brume Corps Invisible SPF 30",
      body_html:
        "<p>Une brume continue à 360° qui se vaporise sous tous les angles et sèche en quelques secondes, invisible et non collante. <strong>SPF 30</strong> résistant à l'eau pendant 80 minutes : réappliquer à la plage devient un jeu d'enfant.</p>",
    },
    "squalane-facial-oil": {
      title: "Huile de Squalane 100 % Végétale",
      body_html:
        "<p>Du <strong>squalane</strong> pur issu de la canne à sucre, identique à l'huile que produit votre peau : il pénètre instantanément sans obstruer les pores. Quelques gouttes adoucissent les zones sèches, illuminent le maquillage et disciplinent les pointes rebelles.</p><p>Fabriquée à la demande en petits lots, elle n'est jamais en rupture.</p>",
    },
    "rosehip-recovery-oil": {
      title: "Huile Régénérante de Rose Musquée Pressée à Froid",
      body_html:
        "<p>De l'<strong>huile de rose musquée</strong> bio, pressée à froid pour préserver intacts sa vitamine A naturelle et ses acides gras oméga. Pressée le jour même de la cueillette, elle atténue cicatrices et taches solaires et redonne un teint frais et rosé.</p>",
    },
    "solstice-face-oil": {
      title: "Huile Visage Solstice – Édition Limitée",
      body_html:
        "<p>Notre mélange du cœur de l'hiver, à la <strong>tanaisie bleue du Maroc</strong>, à l'argousier et au squalane, élaboré une fois par an en un seul lot de 500 flacons. Apaisante, richement hydratante et parfumée à la camomille sauvage ; un flacon par client, pour que chacun ait sa chance.</p>",
    },
    "caffeine-eye-serum": {
      title: "Sérum Yeux Caféine & Peptides",
      body_html:
        "<p>Un sérum roll-on rafraîchissant à <strong>5 % de caféine</strong> et un peptide éclaircissant qui dégonfle et illumine le regard fatigué en quelques minutes. Gardez-le au réfrigérateur pour un réveil encore plus vivifiant.</p>",
    },
    "ginseng-eye-cream": {
      title: "Crème Contour des Yeux Revitalisante au Ginseng",
      body_html:
        "<p>Une crème-baume veloutée au <strong>ginseng rouge de Corée</strong> de six ans d'âge et aux peptides, qui raffermit la peau fripée et adoucit les pattes d'oie. Assez riche pour la nuit, assez légère pour se porter sous l'anticernes.</p>",
    },
    "botanical-body-wash": {
      title: "Gel Lavant Corps Botanique",
      body_html:
        "<p>Un gel lavant crémeux et peu moussant à l'<strong>aloe vera et à la glycérine végétale</strong>, qui nettoie sans dessécher : la peau reste douce à la sortie de la douche. Choisissez le solaire Néroli &amp; Figue, l'enveloppant Cèdre &amp; Sauge, ou la version Sans parfum pour les peaux les plus sensibles.</p>",
      options: { Scent: scents },
    },
    "nourishing-body-lotion": {
      title: "Lait Corps Nourrissant",
      body_html:
        "<p>Un lait à absorption rapide au <strong>beurre de karité et aux céramides</strong>, qui offre 48 heures de douceur même aux jambes les plus sèches, sans film collant à attendre avant de s'habiller. Superposez-le au gel lavant assorti pour un parfum qui dure toute la journée.</p>",
      options: { Scent: scents },
    },
    "sea-kelp-hand-cream": {
      title: "Crème Mains au Varech",
      body_html:
        "<p>Une crème mains qui pénètre en un instant, au <strong>varech des Hébrides</strong> récolté à la main et au beurre de karité, pour réparer les articulations gercées sans laisser de traces de doigts sur votre téléphone. Le tube de 30 ml se glisse dans une poche de manteau ; celui de 75 ml reste près du lavabo.</p>",
      options: { Scent: { name: "Parfum", values: { "Kelp & Bergamot": "Varech & Bergamote", "Wild Rose": "Rose Sauvage" } } },
    },
    "salt-seaweed-body-scrub": {
      title: "Gommage Corps Sel & Algues",
      body_html:
        "<p>Du gros <strong>sel marin d'Anglesey</strong> et du fucus dans une base d'huile fondante, pour lisser les peaux rugueuses et granuleuses et laisser un fini soyeux et nourri. Deux fois par semaine, sur peau humide, avant la douche.</p>",
    },
    "lip-repair-balm": {
      title: "Baume Réparateur Lèvres",
      body_html:
        "<p>Un baume moelleux au <strong>karité, au squalane et aux céramides végétales</strong> qui répare les lèvres gercées en une nuit et les garde douces toute la journée. Sans parfum, ou avec une touche de vanille de Madagascar ou de griotte.</p>",
      options: { Flavour: { name: "Saveur", values: { Unscented: "Sans parfum", Vanilla: "Vanille", "Sour Cherry": "Griotte" } } },
    },
    "the-glow-edit": {
      title: "La Routine Éclat",
      body_html:
        "<p>Notre routine en trois étapes pour une peau plus lumineuse, réunie à 15 % de moins : le <strong>Gel Nettoyant Purifiant BHA</strong>, le <strong>Sérum Éclat Vitamine C 15 %</strong> et l'<strong>Écran Daily Shield SPF 50</strong>. Nettoyer, illuminer, protéger : vous verrez la différence en quinze jours.</p>",
    },
    "build-your-own-routine": {
      title: "Composez Votre Routine",
      body_html:
        "<p>Choisissez un nettoyant, un sérum et une crème adaptés à votre peau, ajoutez un SPF si vous le souhaitez, et nous retirons <strong>10 £</strong> du coffret. Vous ne savez pas par où commencer ? Chaque étape indique ce que ses produits apportent.</p>",
    },
    "travel-discovery-set": {
      title: "Coffret Découverte Voyage",
      body_html:
        "<p>Six miniatures format cabine de nos formules les plus aimées, de la Crème Nettoyante Douceur à l'Écran Daily Shield SPF 50, dans une trousse en coton recyclé. La façon la plus simple de découvrir la gamme, <strong>limitée à une par commande</strong> pour qu'il y en ait pour tout le monde.</p>",
    },
    "coastal-body-ritual-set": {
      title: "Coffret Cadeau Rituel Corps du Littoral",
      body_html:
        "<p>Le rituel de bain Marram au complet dans une jolie boîte à conserver : le <strong>Gommage Corps Sel &amp; Algues</strong>, une Crème Mains au Varech en grand format et le Gel Lavant Corps Botanique. Un cadeau attentionné pour tous les amoureux de l'air marin.</p>",
    },
    "advent-calendar": {
      title: "Calendrier de l'Avent 12 Jours d'Éclat",
      body_html:
        "<p>Douze fenêtres, douze surprises : sept formats standard et cinq miniatures de luxe d'une valeur de plus de 165 £, dont notre <strong>Sérum Vitamine C</strong> et notre <strong>Crème Réparatrice Barrière</strong>. Une édition limitée : un calendrier par client.</p>",
    },
    "gift-card": {
      title: "Carte Cadeau Lumen & Leaf",
      body_html:
        "<p>Laissez-les choisir. Notre carte cadeau numérique arrive par e-mail en quelques minutes, n'expire jamais et s'utilise sur toutes les marques de la boutique.</p>",
      options: { Denomination: { name: "Montant" } },
    },
    "vitamin-c-serum-sample": {
      title: "Échantillon Sérum Vitamine C (2 ml)",
      body_html: "<p>Trois jours de notre Sérum Éclat Vitamine C 15 %, de quoi constater l'éclat par vous-même.</p>",
    },
    "barrier-cream-deluxe-sample": {
      title: "Échantillon Luxe Crème Réparatrice Barrière (5 ml)",
      body_html: "<p>Une semaine de Crème Réparatrice Barrière aux Céramides, ajoutée gratuitement à votre panier.</p>",
    },
    "spf50-sample": {
      title: "Échantillon Daily Shield SPF 50 (5 ml)",
      body_html: "<p>Essayez le SPF 50 ultra-léger, sans traces blanches, que nos clientes portent tous les jours.</p>",
    },
    "serum-sample-trio": {
      title: "Trio d'Échantillons de Sérums",
      body_html: "<p>Les sérums Vitamine C, Niacinamide et Acide Hyaluronique en fioles de 2 ml : trouvez celui que votre peau préfère.</p>",
    },
    "gift-mini-cleansing-balm": {
      title: "Cadeau : Mini Baume Démaquillant (15 ml)",
      body_html: "<p>Un pot format voyage du Baume Démaquillant à l'Argousier, offert avec votre commande.</p>",
    },
    "gift-rose-mist-mini": {
      title: "Cadeau : Mini Brume à la Rose (30 ml)",
      body_html: "<p>Notre Brume Hydratante à la Rose de Damas, en format sac à main.</p>",
    },
    "gift-linen-wash-bag": {
      title: "Cadeau : Trousse de Toilette en Lin",
      body_html: "<p>Une trousse de toilette en lin lavé, doublée et déperlante. Plus que quelques exemplaires.</p>",
    },
    "gift-jade-roller": {
      title: "Cadeau : Rouleau de Massage en Jade",
      body_html: "<p>Un rouleau de jade rafraîchissant pour dégonfler le visage au réveil. Tous réclamés pour le moment.</p>",
    },
    "gift-body-lotion-mini": {
      title: "Cadeau : Mini Lait Corps (50 ml)",
      body_html: "<p>Le Lait Corps Nourrissant Néroli &amp; Figue, offert dès 30 £ de soins corps.</p>",
    },
    "gift-spf-mini": {
      title: "Cadeau : Mini SPF 50 Format Voyage (15 ml)",
      body_html: "<p>L'Écran Daily Shield SPF 50 en tube de poche, notre cadeau pour la saison ensoleillée.</p>",
    },
  },
  collections: {
    all: { title: "Tous les produits", body_html: "Tous les produits de la boutique." },
    face: { title: "Visage", body_html: "Nettoyants, lotions, sérums, crèmes et SPF pour tous les types de peau." },
    body: { title: "Corps", body_html: "Gels lavants, laits et gommages qui prennent soin de la peau du corps autant que du visage." },
    cleansers: { title: "Nettoyants", body_html: "Baumes, gels, crèmes et eaux micellaires : la première étape, et la plus importante." },
    toners: { title: "Lotions & Brumes", body_html: "Toniques exfoliants, essences hydratantes et brumes pour préparer la peau à la suite." },
    serums: { title: "Sérums", body_html: "Des soins ciblés contre le teint terne, les imperfections, la déshydratation et les signes de l'âge." },
    moisturisers: { title: "Crèmes Hydratantes", body_html: "Crèmes et gels qui hydratent, réparent et protègent la barrière cutanée." },
    spf: { title: "Protection Solaire", body_html: "Une protection quotidienne à large spectre, des fluides invisibles aux crèmes minérales et teintées." },
    oils: { title: "Huiles Visage", body_html: "Des huiles pressées à froid et biomimétiques pour l'éclat et un confort durable." },
    "eye-care": { title: "Contour des Yeux", body_html: "Sérums et crèmes contre les poches, les cernes et les ridules." },
    sets: { title: "Coffrets & Cadeaux", body_html: "Routines, coffrets et idées cadeaux, et une carte cadeau pour celles et ceux qui préfèrent choisir." },
    bestsellers: { title: "Meilleures Ventes", body_html: "Les formules que nos clients rachètent encore et encore." },
    gifts: { title: "Cadeaux Offerts", body_html: "Les cadeaux offerts avec vos achats, ajoutés depuis le panier." },
    samples: { title: "Échantillons", body_html: "Échantillons gratuits, ajoutés depuis le panier." },
  },
  menus: {
    "main-menu": {
      Skincare: "Soins du visage",
      "Shop by category": "Par catégorie",
      Cleansers: "Nettoyants",
      "Toners & Mists": "Lotions & Brumes",
      Serums: "Sérums",
      Moisturisers: "Crèmes hydratantes",
      SPF: "Protection solaire",
      "Facial Oils": "Huiles visage",
      "Eye Care": "Contour des yeux",
      "All skincare": "Tous les soins du visage",
      "Shop by concern": "Par préoccupation",
      "Breakouts & blemishes": "Boutons & imperfections",
      "Fine lines & firmness": "Ridules & fermeté",
      Dullness: "Teint terne",
      Redness: "Rougeurs",
      Dehydration: "Déshydratation",
      "Dark spots": "Taches pigmentaires",
      "Dark circles": "Cernes",
      "Shop by skin type": "Par type de peau",
      Dry: "Sèche",
      Oily: "Grasse",
      Combination: "Mixte",
      Sensitive: "Sensible",
      Normal: "Normale",
      Body: "Corps",
      "Body care": "Soins du corps",
      "All body care": "Tous les soins du corps",
      "Body SPF": "Protection solaire corps",
      Exfoliation: "Exfoliation",
      "Dry skin": "Peau sèche",
      "Key ingredients": "Ingrédients phares",
      "Shea butter": "Beurre de karité",
      Seaweed: "Algues",
      Ceramides: "Céramides",
      "Sets & Gifts": "Coffrets & Cadeaux",
      "Routines & bundles": "Routines & coffrets",
      "Build your own routine": "Composez votre routine",
      "The Glow Edit": "La Routine Éclat",
      "Travel Discovery Set": "Coffret Découverte Voyage",
      Gifts: "Cadeaux",
      "All sets & gifts": "Tous les coffrets & cadeaux",
      "Advent calendar": "Calendrier de l'Avent",
      "Gift card": "Carte cadeau",
      Bestsellers: "Meilleures ventes",
      "Most loved": "Les plus aimés",
      "All bestsellers": "Toutes les meilleures ventes",
      "Bestselling serums": "Sérums les plus vendus",
      "Bestselling moisturisers": "Crèmes les plus vendues",
      "Just in": "Nouveautés",
      "New arrivals": "Nouveaux produits",
      "Limited editions": "Éditions limitées",
      "Vegan favourites": "Favoris vegan",
      "Skin Quiz": "Diagnostic de peau",
      "Find your routine": "Trouvez votre routine",
      "Take the skin quiz": "Faire le diagnostic",
      "Routine builder": "Créateur de routine",
      "Build your kit": "Composez votre kit",
      "Facial oil finder": "Trouver son huile visage",
      Learn: "Comprendre",
      "Ingredient glossary": "Glossaire des ingrédients",
      "Layering guide": "Guide de superposition",
    },
    footer: {
      Shop: "Boutique",
      "All products": "Tous les produits",
      "All collections": "Toutes les collections",
      Bestsellers: "Meilleures ventes",
      "Sets & Gifts": "Coffrets & Cadeaux",
      "Gift card": "Carte cadeau",
      Help: "Aide",
      "Contact us": "Nous contacter",
      "Delivery & returns": "Livraison & retours",
      FAQs: "Questions fréquentes",
      "Track my order": "Suivre ma commande",
      About: "À propos",
      "Our story": "Notre histoire",
      "Ingredient glossary": "Glossaire des ingrédients",
      Sustainability: "Engagement durable",
      "The Journal": "Le Journal",
    },
    legal: {
      "Privacy policy": "Politique de confidentialité",
      "Shipping policy": "Politique d'expédition",
      "Refund policy": "Politique de remboursement",
      "Terms of service": "Conditions générales de vente",
    },
  },
  sellingPlanGroups: { "Subscribe and save": "Abonnez-vous et économisez" },
  badges: {
    Bestseller: "Best-seller",
    "Fragrance free": "Sans parfum",
    "Limited edition": "Édition limitée",
    New: "Nouveau",
    "One per order": "Un par commande",
    "Save 15%": "−15 %",
    Vegan: "Vegan",
  },
  pills: { "Cold-pressed": "Pressée à froid", "Fragrance free": "Sans parfum", "Limited edition": "Édition limitée", Vegan: "Vegan" },
  helpsWith: {
    "72-hour hydration": "Hydratation 72 heures",
    "Boosts collagen over time": "Stimule le collagène au fil du temps",
    "Brightens dark circles": "Illumine les cernes",
    "Brightens dull skin": "Ravive les teints ternes",
    "Broad-spectrum SPF 50": "SPF 50 à large spectre",
    "Calms blemish redness": "Apaise les rougeurs des imperfections",
    "Calms redness": "Apaise les rougeurs",
    "Clears blemishes": "Atténue les imperfections",
    "Clears congestion": "Désencombre la peau",
    "Comforts dry skin": "Réconforte les peaux sèches",
    "Comforts winter skin": "Réconforte la peau en hiver",
    "Controls shine": "Matifie la brillance",
    "Deeply hydrates": "Hydrate en profondeur",
    "Defends against pollution": "Protège de la pollution",
    "Evens skin tone": "Unifie le teint",
    "Fades dark marks": "Estompe les marques brunes",
    "Fades dark spots": "Estompe les taches pigmentaires",
    "Fades post-blemish marks": "Estompe les marques post-imperfections",
    "Fades scars and dark spots": "Estompe cicatrices et taches",
    "Firms and lifts": "Raffermit et lifte",
    "Firms and renews": "Raffermit et renouvelle",
    "Firms crepey skin": "Raffermit la peau fripée",
    "Gentle on eyes and lips": "Doux pour les yeux et les lèvres",
    "Gentle on sensitive skin": "Doux pour les peaux sensibles",
    "Hydrates under concealer": "Hydrate sous l'anticernes",
    "Hydrates without shine": "Hydrate sans faire briller",
    "Instant hydration": "Hydratation immédiate",
    "Keeps the skin barrier intact": "Préserve la barrière cutanée",
    "Layers under any moisturiser": "Se superpose à toutes les crèmes",
    "Leaves skin soft": "Laisse la peau douce",
    "Locks in moisture": "Retient l'hydratation",
    "Melts away waterproof make-up": "Dissout le maquillage waterproof",
    "Mineral-only protection": "Protection 100 % minérale",
    "Minimises the look of pores": "Resserre visiblement les pores",
    "No white cast": "Sans traces blanches",
    "No-rinse cleanse": "Nettoie sans rinçage",
    "Non-comedogenic glow": "Éclat non comédogène",
    "Nourishes dry skin": "Nourrit les peaux sèches",
    "Overnight nourishment": "Nutrition pendant la nuit",
    "Plumps fine lines": "Repulpe les ridules",
    "Plumps with hydration": "Repulpe d'hydratation",
    "Preps skin for serums": "Prépare la peau aux sérums",
    "Prevents dark spots": "Prévient les taches pigmentaires",
    "Primes for make-up": "Prépare au maquillage",
    "Protects against photo-ageing": "Protège du photo-vieillissement",
    "Reduces breakouts": "Réduit les éruptions",
    "Reduces puffiness": "Dégonfle les poches",
    "Refines skin texture": "Affine le grain de peau",
    "Refines the look of pores": "Affine l'aspect des pores",
    "Refreshes make-up": "Rafraîchit le maquillage",
    "Removes make-up and SPF": "Retire maquillage et SPF",
    "Repairs the skin barrier": "Répare la barrière cutanée",
    "Restores glow": "Redonne de l'éclat",
    "Rich, lasting hydration": "Hydratation riche et durable",
    "SPF 30 protection": "Protection SPF 30",
    "Sheer, dewy coverage": "Couvrance légère et lumineuse",
    "Smooths fine lines": "Lisse les ridules",
    "Smooths rough texture": "Lisse les rugosités",
    "Soft-matte finish": "Fini mat velouté",
    "Softens crow's feet": "Atténue les pattes d'oie",
    "Softens dry patches": "Adoucit les zones sèches",
    "Softens fine lines": "Atténue les ridules",
    "Softens flaky patches": "Adoucit les zones qui pèlent",
    "Softens texture": "Adoucit le grain de peau",
    "Soothes irritation": "Apaise les irritations",
    "Soothes sensitive skin": "Apaise les peaux sensibles",
    "Soothes tight skin": "Apaise les tiraillements",
    "Soothes tight, dry skin": "Apaise les peaux sèches qui tiraillent",
    "Suits every skin type": "Convient à tous les types de peau",
    "Suits sensitive skin": "Convient aux peaux sensibles",
    "Supports skin recovery": "Aide la peau à récupérer",
    "Unclogs pores": "Désobstrue les pores",
    "Works under SPF and make-up": "S'applique sous le SPF et le maquillage",
  },
};
