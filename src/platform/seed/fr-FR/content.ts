/**
 * The demo shop's written content in French, as the French site shows it:
 * its pages (the FAQ's and the glossary's entries too), the journal and the
 * policies. Links keep the shop's addresses (handles stay English); product
 * names are the French catalogue's. A field left out shows the English
 * original.
 */
import type { SeedContentTranslations } from "../types.ts";
import { frenchFaqEntries, frenchGlossaryEntries } from "./page-entries.ts";

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join("\n");

const about = `
${p(
  "Lumen &amp; Leaf est né en 2019 sur une table de cuisine à Falmouth, avec un pot de baume que Nell Tregarthen avait préparé pour ses mains gercées par l'hiver. Des amis en ont voulu un pot, puis les amis de leurs amis, et au printemps suivant la cuisine était devenue un atelier : Unit 4, Harbour Yard, avec vue sur le chantier naval et une excellente hotte aspirante.",
  "Nous sommes restés petits. À neuf, nous fabriquons, remplissons, étiquetons et emballons tout ce que vous trouvez ici, par lots de quelques centaines, pour que rien ne dorme un an dans un entrepôt avant d'arriver sur l'étagère de votre salle de bains.",
)}
<h2>Ce que nous fabriquons, et comment</h2>
${p(
  "Chaque formule part d'un problème bien réel, le nôtre ou celui d'une cliente : une peau qui tiraille au moindre coup de vent, un front qui brille dès onze heures, un cou oublié pendant trente ans. Nos listes d'ingrédients restent courtes, nos actifs sont dosés comme les études le justifient, et nous renonçons au parfum partout où la peau risque d'être sensible.",
  "Notre formulatrice, la Dre Asha Rao, a développé des soins pendant douze ans pour de grandes marques avant de nous rejoindre. Chaque nouveau produit passe des tests de stabilité à trois températures, un challenge test de conservation et une évaluation de la sécurité indépendante avant d'être notifié sur les portails cosmétiques britannique et européen. Puis l'équipe le rapporte à la maison pendant six semaines : aucun laboratoire ne vous dira ce que l'on ressent avec une crème à 7 heures du matin en plein mois de janvier.",
)}
<h2>Ce que nous refusons de faire</h2>
<ul>
<li>Tester sur les animaux, ou acheter nos ingrédients à des fournisseurs qui le font.</li>
<li>Prétendre qu'un produit soigne, guérit ou modifie la structure de votre peau. Un soin peut beaucoup, mais pas cela.</li>
<li>Taire la concentration d'un actif. Si un sérum contient 10 % de niacinamide, l'étiquette indique 10 %.</li>
<li>Vous vendre une routine en douze étapes. La plupart des peaux se contentent de trois ou quatre bons produits ; notre <a href="/pages/routine-builder">créateur de routine</a> vous dira lesquels.</li>
</ul>
<h2>L'équipe</h2>
${p(
  "Nell veille à la texture des formules et à la bonne marche de l'atelier ; Asha s'occupe de la science ; Tom Kessell dirige l'atelier d'emballage et répond à la plupart de vos e-mails. Si vous nous écrivez depuis la <a href=\"/pages/contact\">page contact</a>, c'est une vraie personne qui vous lit, le plus souvent une tasse de thé à la main.",
  "Envie de savoir ce que contiennent nos pots ? Le <a href=\"/pages/ingredients\">glossaire des ingrédients</a> explique chacun de nos actifs, et notre <a href=\"/pages/sustainability\">page développement durable</a> dit honnêtement ce que nous avons résolu, et ce qui reste à faire.",
)}`;

const layering = `
${p("La règle d'or : de la texture la plus fluide à la plus riche, l'eau avant l'huile, et l'écran solaire en dernier le matin. Laissez chaque couche pénétrer avant la suivante ; une minute suffit généralement.")}
<h2>Le matin</h2>
<ol>
<li><strong>Nettoyez</strong> en douceur, ou rincez simplement à l'eau si votre peau est sèche. L'<a href="/products/eau-micellaire-douceur">Eau Micellaire Douceur</a> suffit la plupart des matins.</li>
<li><strong>Tonifiez ou vaporisez</strong> pour apporter une première couche d'hydratation : la <a href="/products/damask-rose-mist">Brume Hydratante à la Rose de Damas</a>.</li>
<li><strong>Sérum antioxydant</strong> : le <a href="/products/vitamin-c-brightening-serum">Sérum Éclat Vitamine C 15 %</a>, sur peau sèche.</li>
<li><strong>Contour des yeux</strong> : le <a href="/products/caffeine-eye-serum">Sérum Yeux Caféine &amp; Peptides</a>, en tapotant du bout de l'annulaire.</li>
<li><strong>Hydratez</strong> : un gel comme le <a href="/products/water-gel-moisturiser">Gel-Crème Hydratant sans Huile</a> pour les peaux grasses, une crème pour les peaux sèches.</li>
<li><strong>SPF</strong> : l'<a href="/products/daily-shield-spf50">Écran Quotidien Daily Shield SPF 50</a>, deux longueurs de doigt pour le visage et le cou, tous les jours.</li>
</ol>
<h2>Le soir</h2>
<ol>
<li><strong>Double nettoyage</strong> si vous avez porté un SPF ou du maquillage : un baume comme le <a href="/products/sea-buckthorn-cleansing-balm">Baume Démaquillant à l'Argousier</a>, puis un nettoyant doux.</li>
<li><strong>Exfoliez ou traitez</strong>, un soir sur deux : une lotion acide comme le <a href="/products/glow-tonic-aha">Tonique Éclat 5 % AHA</a> un soir, un rétinoïde comme le <a href="/products/retinol-night-serum">Sérum de Nuit Rétinol 0,3 %</a> le suivant.</li>
<li><strong>Sérum hydratant</strong> : le <a href="/products/hyaluronic-acid-serum">Sérum Hydratant à l'Acide Hyaluronique</a>, sur peau humide.</li>
<li><strong>Hydratez</strong> : la <a href="/products/barrier-repair-cream">Crème Réparatrice Barrière aux Céramides</a> ou la <a href="/products/oat-squalane-night-cream">Crème de Nuit Riche Avoine &amp; Squalane</a>.</li>
<li><strong>Huile</strong>, si votre peau l'apprécie : deux gouttes d'<a href="/products/squalane-facial-oil">Huile de Squalane 100 % Végétale</a> pressées sur votre crème.</li>
</ol>
<h2>Ce qui s'associe, et ce qui se sépare</h2>
<table>
<thead><tr><th scope="col">Ingrédient</th><th scope="col">S'associe bien avec</th><th scope="col">À réserver à un autre soir</th></tr></thead>
<tbody>
<tr><td>Rétinol</td><td>Acide hyaluronique, céramides, niacinamide</td><td>AHA, BHA, vitamine C</td></tr>
<tr><td>AHA ou BHA</td><td>Acide hyaluronique, panthénol</td><td>Rétinol, autres acides</td></tr>
<tr><td>Vitamine C</td><td>SPF, vitamine E, acide hyaluronique</td><td>Rétinol, acides dans la même routine</td></tr>
<tr><td>Niacinamide</td><td>Presque tout</td><td>Rien de particulier</td></tr>
<tr><td>Acide azélaïque</td><td>Niacinamide, crèmes hydratantes</td><td>Acides puissants le même soir</td></tr>
</tbody>
</table>
<h2>Combien de temps attendre</h2>
${p(
  "La plupart des produits n'ont besoin que d'une minute pour pénétrer. Accordez deux ou trois minutes à la vitamine C et aux lotions acides sur peau sèche avant la couche suivante, et laissez l'écran solaire se fixer quelques minutes avant le maquillage. Si quelque chose commence à piquer, arrêtez, rincez, et revenez à une routine simple pendant quelques jours.",
  "Vous ne savez pas par où commencer ? Le <a href=\"/pages/routine-builder\">créateur de routine</a> compose une routine du matin et du soir adaptée à votre peau, et notre <a href=\"/pages/ingredients\">glossaire des ingrédients</a> explique chaque actif.",
)}`;

const sustainability = `
${p("Nous fabriquons des produits que l'on finit puis que l'on jette : nous faisons donc tout pour que ce geste pèse moins. Voici où nous en sommes, y compris sur les points dont nous ne sommes pas encore fiers.")}
<h2>Emballages</h2>
<ul>
<li>Sérums et huiles sont conditionnés en flacons de verre ; les crèmes en pots de verre ou en tubes d'aluminium. Deux matériaux recyclables à l'infini.</li>
<li>Là où nous utilisons du plastique (pompes, certains bouchons et les flacons de gel lavant), il est recyclé à 50 % au moins, et nous visons 100 %.</li>
<li>Boîtes et enveloppes d'expédition sont en carton recyclé, imprimées avec des encres végétales, et fermées sans ruban plastique : le ruban papier part au recyclage avec la boîte.</li>
<li>Pas de prospectus, de papier de soie ni de frisure de calage. Le colis, c'est tout.</li>
</ul>
<h2>Recharges et retours</h2>
${p("Notre <a href=\"/products/barrier-repair-cream\">Crème Réparatrice Barrière aux Céramides</a> et notre <a href=\"/products/nourishing-body-lotion\">Lait Corps Nourrissant</a> existent en recharge, et nous reprenons cinq pots en verre vides contre un pot offert. Les pots sont lavés, stérilisés et remplis à nouveau ici, à l'atelier.")}
<h2>Approvisionnement</h2>
${p(
  "Nos algues sont récoltées à la main, sous licence, sur la côte des Cornouailles ; notre sel de mer vient d'une saunerie familiale de l'estuaire de la Fal ; notre squalane est issu de l'olive et non du foie de requin. Quand nous achetons plus loin, comme le beurre de karité du Ghana, nous passons par des coopératives qui publient ce qu'elles versent à leurs membres.",
)}
<h2>Livraison</h2>
${p("Nos colis voyagent avec Royal Mail, dont les tournées de collecte et de distribution émettent le moins de CO₂ par colis au Royaume-Uni. Nous ne proposons pas la livraison dans l'heure, et ne la proposerons jamais.")}
<h2>Ce que nous n'avons pas encore résolu</h2>
${p(
  "Nos pompes mêlent encore plastique et ressort métallique, ce qui les rend difficiles à recycler ; nous testons cet hiver une pompe mono-matériau. Nos envois à l'international partent par avion. Et nous n'avons pas encore mesuré notre empreinte carbone complète : un cabinet indépendant s'en chargera l'an prochain, et nous publierons le résultat ici, quel qu'il soit.",
)}`;

const delivery = `
<h2>Livraison</h2>
${p("Les commandes passées avant 14 h (heure de Londres), du lundi au vendredi, quittent notre atelier le jour même. Celles passées après 14 h, le week-end ou un jour férié partent le jour ouvré suivant.")}
<table>
<thead><tr><th scope="col">Destination</th><th scope="col">Service</th><th scope="col">Tarif</th><th scope="col">Délai</th></tr></thead>
<tbody>
<tr><td>Royaume-Uni</td><td>Standard</td><td>3,95 £, offerte dès 40 £</td><td>2 à 3 jours ouvrés</td></tr>
<tr><td>Royaume-Uni</td><td>Express</td><td>5,95 £</td><td>Jour ouvré suivant</td></tr>
<tr><td>Union européenne</td><td>Standard</td><td>9,95 £, offerte dès 80 £</td><td>4 à 7 jours ouvrés</td></tr>
<tr><td>Reste du monde</td><td>Standard</td><td>14,95 £</td><td>7 à 12 jours ouvrés</td></tr>
</tbody>
</table>
${p(
  "Chaque colis est suivi, et le lien figure dans votre e-mail d'expédition. Les commandes vers l'Union européenne sont expédiées droits et TVA acquittés : vous n'avez rien de plus à payer à la livraison. Pour les autres pays, des taxes d'importation locales peuvent s'appliquer.",
  "Toutes les conditions figurent dans notre <a href=\"/policies/shipping-policy\">politique d'expédition</a>.",
)}
<h2>Retours</h2>
${p(
  "Vous pouvez nous retourner un produit non ouvert dans les 30 jours suivant la livraison pour un remboursement intégral, et vous disposez d'un droit de rétractation de 14 jours à compter de la réception de toute commande. Pour lancer un retour, <a href=\"/pages/contact\">envoyez-nous un message</a> avec votre numéro de commande ; pour les commandes livrées au Royaume-Uni, nous vous enverrons par e-mail une étiquette de retour prépayée.",
  "Si un produit est arrivé abîmé ou défectueux, prévenez-nous dans les 30 jours : nous le remplacerons ou vous rembourserons, sans vous demander de nous le renvoyer. Tous les détails se trouvent dans notre <a href=\"/policies/refund-policy\">politique de remboursement</a>.",
)}`;

const contact = `
${p(
  "Une question sur une commande, un produit ou votre peau ? Envoyez-nous un message ci-dessous : un membre de l'équipe vous répondra sous un jour ouvré. L'atelier est ouvert du lundi au vendredi, de 9 h à 17 h.",
  "Vous pouvez aussi écrire à <a href=\"mailto:hello@lumenandleaf.example\">hello@lumenandleaf.example</a> ou par courrier à Lumen &amp; Leaf, Unit 4, Harbour Yard, Falmouth TR11 2XX, Royaume-Uni.",
)}`;

const vitaminC = `
${p("La vitamine C est l'ingrédient sur lequel on m'interroge le plus, généralement sous la forme « est-ce que ça vaut le coup ? ». La réponse courte est oui, à condition de l'utiliser le matin, sous un écran solaire, et de finir le flacon avant qu'il ne s'oxyde. Voici la réponse longue.")}
<h2>Ce qu'elle fait</h2>
${p(
  "La vitamine C est un antioxydant. Au fil de la journée, le soleil et la pollution créent dans la peau des radicaux libres, des molécules instables qui dégradent le collagène et provoquent des taches pigmentaires. La vitamine C en neutralise une bonne partie avant qu'ils ne fassent des dégâts : c'est pourquoi elle fait si bien équipe avec le SPF. L'écran solaire arrête l'essentiel des UV, la vitamine C éponge ce qui passe.",
  "Au fil des semaines, elle freine aussi le mécanisme qui forme les taches : taches solaires et marques d'imperfections s'estompent plus vite, et elle soutient la production naturelle de collagène. Résultat visible : un teint plus lumineux et plus uniforme.",
)}
<h2>Comment commencer</h2>
<ol>
<li>Appliquez-la le matin, après le nettoyage et avant la crème. Trois ou quatre gouttes de <a href="/products/vitamin-c-brightening-serum">Sérum Éclat Vitamine C 15 %</a> suffisent pour le visage et le cou.</li>
<li>La première semaine, utilisez-la un jour sur deux. De légers picotements sont normaux ; une sensation de brûlure qui dure ne l'est pas.</li>
<li>Terminez par votre crème, puis un écran solaire à large spectre comme l'<a href="/products/daily-shield-spf50">Écran Quotidien Daily Shield SPF 50</a>.</li>
</ol>
<h2>Avec quoi l'associer</h2>
${p(
  "La vitamine C s'entend bien avec l'acide hyaluronique (notre sérum en contient déjà), la vitamine E et la niacinamide. Gardez le rétinol et les acides puissants pour le soir : le matin est fait pour protéger, le soir pour renouveler. Notre <a href=\"/pages/layering-guide\">guide des superpositions</a> donne l'ordre complet.",
)}
<h2>La garder fraîche</h2>
${p(
  "La vitamine C est réputée instable : la lumière, l'air et la chaleur la font jaunir, puis brunir, et un sérum devenu brun a perdu l'essentiel de son efficacité. Nous utilisons une forme stabilisée dans un flacon de verre teinté, mais mieux vaut tout de même refermer le bouchon, la ranger loin de la fenêtre et la terminer dans les trois mois qui suivent l'ouverture. C'est précisément pour cela qu'existe le format de 15 ml.",
  "Si votre peau est très sensible, commencez par quelques semaines de <a href=\"/products/hyaluronic-acid-serum\">Sérum Hydratant à l'Acide Hyaluronique</a>, et ajoutez la vitamine C une fois la peau apaisée. L'éclat peut attendre ; une barrière cutanée en bonne santé passe avant tout.",
)}`;

const sensitive = `
${p("Si votre peau picote rien qu'à la vue d'un nouveau produit, la meilleure routine est une routine courte. Une peau sensible a le plus souvent une barrière qui laisse trop entrer et trop s'évaporer\u00a0; l'objectif est de lui donner moins de raisons de réagir et davantage de quoi se réparer.")}
<h2>Commencer avec trois produits</h2>
<ol>
<li><strong>Un nettoyant doux</strong>, une fois par jour, le soir. La <a href="/products/gentle-cream-cleanser">Crème Nettoyante Douceur</a> est sans parfum et dépose des céramides au lieu de les emporter. Le matin, un peu d'eau suffit.</li>
<li><strong>Une crème barrière</strong>, matin et soir. La <a href="/products/barrier-repair-cream">Crème Réparatrice Barrière aux Céramides</a> rend à la peau les céramides et le squalane qui lui manquent\u00a0; les jours de rougeurs, tournez-vous vers la <a href="/products/cica-calming-cream">Crème Apaisante Cica</a>.</li>
<li><strong>Un écran minéral</strong>, chaque matin. L'oxyde de zinc est le filtre le plus doux qui soit, et l'<a href="/products/ecran-mineral-spf30">Écran Minéral SPF 30</a> ne contient rien d'autre qui puisse vous irriter.</li>
</ol>
${p("N'utilisez que ces trois soins pendant quatre semaines. C'est peu excitant, et c'est efficace\u00a0: la plupart des gens sentent la peau moins tirailler en quelques jours, et voient les poussées s'espacer en un mois.")}
<h2>Introduire les actifs, sans se presser</h2>
${p(
  "Une fois la peau apaisée, ajoutez un seul soin traitant à la fois, à deux semaines d'intervalle. Deux bons premiers choix\u00a0: la niacinamide, qui renforce la barrière, et l'acide azélaïque, qui calme les rougeurs\u00a0; notre <a href=\"/products/azelaic-calming-serum\">Sérum Apaisant Azélaïque 10\u00a0%</a> a été mis au point avec des testeuses sujettes à la rosacée. Si vous cherchez l'effet lissant du rétinol, essayez plutôt le <a href=\"/products/bakuchiol-renewal-serum\">Sérum Renouveau au Bakuchiol</a>.",
  "Testez toute nouveauté à l'intérieur du bras pendant 48 heures, puis sur une petite zone de la mâchoire quelques soirs de suite, avant de l'appliquer sur tout le visage.",
)}
<h2>Ce qu'il vaut mieux éviter</h2>
<ul>
<li>Le parfum et les huiles essentielles, aussi naturels qu'ils paraissent.</li>
<li>Les gommages et les acides forts. Si vous exfoliez, une fois par semaine suffit largement.</li>
<li>L'eau chaude et les longues douches, qui emportent les lipides que votre peau s'efforce de retenir.</li>
</ul>
${p("Retrouvez tous nos soins pour peaux réactives dans notre <a href=\"/collections/all/skin-type-sensitive\">sélection peau sensible</a>, ou laissez le <a href=\"/pages/routine-builder\">créateur de routine</a> choisir pour vous.")}`;

const spf = `
${p("S'il ne fallait retenir qu'une chose de ce journal, ce serait celle-ci\u00a0: un écran solaire tous les jours fait plus pour l'apparence de votre peau dans vingt ans que tout le reste de votre étagère réuni. L'essentiel de ce que l'on appelle le vieillissement, rides, perte de fermeté, taches, est l'œuvre du soleil.")}
<h2>UVA, UVB et le chiffre sur le flacon</h2>
${p(
  "La lumière du soleil porte deux types d'ultraviolets qui comptent pour la peau. Les UVB brûlent, et l'indice SPF indique dans quelle mesure un écran les arrête. Les UVA pénètrent plus profondément, font vieillir la peau et traversent nuages et vitres toute l'année\u00a0; cherchez le logo UVA entouré d'un cercle, qui garantit une protection UVA d'au moins un tiers de l'indice affiché. L'<a href=\"/products/daily-shield-spf50\">Écran Quotidien Daily Shield SPF 50 PA++++</a> offre une haute protection contre les deux.",
)}
<h2>Quelle quantité, et à quelle fréquence</h2>
${p(
  "L'indice inscrit sur l'étiquette est mesuré avec 2 mg de produit par centimètre carré de peau, bien plus que ce que la plupart d'entre nous appliquent. Pour le visage et le cou, cela représente environ deux longueurs de doigt, soit un quart de cuillère à café. Appliquez-le en dernière étape de votre routine du matin et laissez-le se fixer quelques minutes avant le maquillage.",
  "Renouvelez l'application toutes les deux heures en extérieur, après la baignade et après vous être essuyée. Pour retoucher par-dessus le maquillage, une formule teintée comme le <a href=\"/products/skin-tint-spf30\">Teint Perfecteur Skin Tint SPF 30</a> est plus simple que de tout recommencer, et la <a href=\"/products/invisible-body-mist-spf30\">Brume Corps Invisible SPF 30</a> couvre bras et épaules en quelques secondes.",
)}
<h2>Trouver celui que vous porterez vraiment</h2>
${p(
  "Le meilleur écran solaire est celui que vous mettez tous les jours. S'il laisse un voile blanc, bouloche sous le maquillage ou pique les yeux, vous trouverez toujours une raison de vous en passer\u00a0: cela vaut la peine d'essayer jusqu'à trouver la texture qui vous plaît. Les peaux grasses préfèrent en général les fluides légers, les peaux sèches une crème plus enveloppante, les peaux sensibles une formule minérale comme l'<a href=\"/products/ecran-mineral-spf30\">Écran Minéral SPF 30</a>.",
  "Et oui, il en faut aussi en hiver. En décembre, le rayonnement UVA est plus faible qu'en juillet, mais il n'est jamais nul, et ses effets s'additionnent tout au long de la vie.",
)}`;

const winter = `
${p("Chaque année en novembre, notre boîte de réception se remplit du même message\u00a0: «\u00a0Ma peau allait très bien tout l'été, et maintenant elle tiraille, pèle et pique dès que j'applique quelque chose.\u00a0» Le vent froid dehors et l'air sec du chauffage dedans puisent l'eau de la peau plus vite qu'elle ne peut la renouveler, et la barrière qui la retient d'ordinaire commence à se fissurer. La bonne nouvelle\u00a0: quelques petits changements règlent l'essentiel du problème.")}
<h2>Nettoyer plus doucement</h2>
${p(
  "Remplacez les nettoyants moussants par une crème ou un baume, et préférez l'eau tiède à l'eau chaude. Le soir, le <a href=\"/products/sea-buckthorn-cleansing-balm\">Baume Démaquillant à l'Argousier</a> fait fondre l'écran solaire sans décaper\u00a0; le matin, un simple rinçage à l'eau suffit souvent.",
)}
<h2>Apporter de l'eau, puis la retenir</h2>
${p(
  "Un sérum hydratant sur peau humide apporte de l'eau\u00a0; une crème plus riche par-dessus la garde en place. Essayez le <a href=\"/products/hyaluronic-acid-serum\">Sérum Hydratant à l'Acide Hyaluronique</a> sous la <a href=\"/products/barrier-repair-cream\">Crème Réparatrice Barrière aux Céramides</a> le matin, et la plus riche <a href=\"/products/oat-squalane-night-cream\">Crème de Nuit Riche Avoine &amp; Squalane</a> le soir. Les soirs de grande sécheresse, pressez deux gouttes d'<a href=\"/products/squalane-facial-oil\">Huile de Squalane 100\u00a0% Végétale</a> sur votre crème.",
)}
<h2>Lever le pied sur les actifs</h2>
${p(
  "Si votre peau picote, mettez les acides et le rétinol en pause une semaine ou deux, le temps que la barrière se répare. Quand vous les reprenez, utilisez-les un soir sur deux, et toujours avec une crème hydratante.",
)}
<h2>Sans oublier les mains, le corps et les lèvres</h2>
${p(
  "Les mains sont les plus lavées et les moins hydratées. Gardez la <a href=\"/products/sea-kelp-hand-cream\">Crème Mains au Varech</a> près du lavabo, appliquez le <a href=\"/products/nourishing-body-lotion\">Lait Corps Nourrissant</a> dès la sortie de la douche, sur peau encore humide, et faites du <a href=\"/products/lip-repair-balm\">Baume Réparateur Lèvres</a> votre dernier geste avant de dormir.",
  "Enfin, un humidificateur, ou un simple bol d'eau posé près du radiateur, change vraiment l'air de votre chambre, et ne coûte rien.",
)}`;

const ul = (...items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join("")}</ul>`;

const DEMO_NOTE = p("<em>Ceci est la politique de la boutique de démonstration, rédigée à titre d'exemple de ce que publie une petite marque de soins britannique. Elle ne constitue pas un conseil juridique. Dernière mise à jour\u00a0: 1er novembre 2026.</em>");

const WHO = "Lumen &amp; Leaf Ltd, Unit 4, Harbour Yard, Falmouth TR11 2XX, Royaume-Uni (société n° 12345678, démonstration)";

const privacy = `
${DEMO_NOTE}
${p(`Cette politique explique quelles données personnelles nous recueillons lorsque vous utilisez notre boutique, pourquoi, et quels sont vos droits. Le responsable du traitement de vos données est ${WHO}. Pour toute question sur cette politique, écrivez-nous à <a href="mailto:privacy@lumenandleaf.example">privacy@lumenandleaf.example</a>.`)}
<h2>Ce que nous recueillons</h2>
${ul(
  "<strong>Lorsque vous commandez\u00a0:</strong> vos nom, adresse e-mail, adresses de livraison et de facturation, votre numéro de téléphone si vous le donnez, ce que vous avez acheté et l'historique de la commande.",
  "<strong>Lorsque vous créez un compte\u00a0:</strong> vos nom, adresse e-mail et un mot de passe, que nous ne conservons que sous forme d'empreinte irréversible que personne, nous compris, ne peut lire.",
  "<strong>Lorsque vous nous écrivez ou réservez une consultation\u00a0:</strong> ce que vous nous écrivez et les informations que vous nous donnez pour que nous puissions vous répondre.",
  "<strong>Lorsque vous vous inscrivez à nos e-mails\u00a0:</strong> votre adresse e-mail, ainsi que le type de peau et les préoccupations que vous choisissez de nous indiquer.",
  "<strong>Lorsque vous naviguez\u00a0:</strong> le contenu de votre panier et, avec votre consentement, la façon dont vous utilisez le site (voir «\u00a0Cookies\u00a0» ci-dessous).",
)}
<h2>Pourquoi nous les utilisons, et sur quelle base légale</h2>
${ul(
  "Pour prendre, livrer et suivre vos commandes, y compris vous envoyer les e-mails de commande et de livraison\u00a0: c'est nécessaire à l'exécution de notre contrat.",
  "Pour tenir votre compte et vos produits enregistrés\u00a0: c'est nécessaire pour vous fournir le service que vous avez demandé.",
  "Pour répondre à vos messages et réservations\u00a0: notre intérêt légitime à vous aider, et votre demande.",
  "Pour vous envoyer des e-mails commerciaux\u00a0: uniquement avec votre consentement, que vous pouvez retirer à tout moment grâce au lien de désinscription présent dans chaque e-mail.",
  "Pour tenir notre comptabilité et prévenir la fraude\u00a0: nos obligations légales et notre intérêt légitime à protéger la boutique et nos clients.",
)}
<h2>Cookies</h2>
${p(
  "Nous utilisons un petit nombre de cookies indispensables au fonctionnement de la boutique\u00a0: l'un retient votre panier, un autre vous garde connecté, un troisième protège les formulaires contre les abus. Ils ne nécessitent pas votre consentement. Les cookies de mesure d'audience et de publicité ne sont déposés qu'avec votre accord, que vous pouvez retirer à tout moment.",
)}
<h2>Avec qui nous les partageons</h2>
${p(
  "Nous ne vendons jamais vos données. Nous les partageons uniquement avec les entreprises qui nous aident à faire fonctionner la boutique, dans le cadre de contrats qui les obligent à les protéger et à ne les utiliser que sur nos instructions\u00a0: notre hébergeur, notre prestataire d'e-mails, notre prestataire de paiement et les transporteurs qui livrent votre colis (qui reçoivent vos nom et adresse et, pour le suivi, votre e-mail ou votre numéro de téléphone).",
  "Certains de ces prestataires sont établis hors du Royaume-Uni et de l'Union européenne. Lorsque vos données leur sont transférées, nous nous appuyons sur des décisions d'adéquation ou sur les clauses contractuelles types approuvées par les autorités britanniques et européennes.",
)}
<h2>Combien de temps nous les conservons</h2>
${ul(
  "Les commandes\u00a0: six ans après la fin de l'exercice comptable de la commande, comme l'exige la loi fiscale.",
  "Votre compte\u00a0: jusqu'à ce que vous nous demandiez de le fermer, ou après trois ans sans connexion ni commande.",
  "Les messages et réservations\u00a0: deux ans après notre dernière réponse.",
  "Le consentement aux e-mails commerciaux\u00a0: jusqu'à votre désinscription\u00a0; nous gardons alors votre adresse sur une liste d'exclusion pour ne plus vous écrire.",
)}
<h2>Vos droits</h2>
${p(
  "En vertu du RGPD britannique et du RGPD européen, vous avez le droit d'accéder aux données que nous détenons sur vous, de les faire rectifier ou effacer, de limiter leur utilisation ou de vous y opposer, et de les recevoir dans un format portable. Lorsque nous nous fondons sur votre consentement, vous pouvez le retirer à tout moment. Écrivez-nous à l'adresse ci-dessus\u00a0: nous vous répondrons sous un mois.",
  "Si vous n'êtes pas satisfait de la façon dont nous avons traité vos données, vous pouvez adresser une réclamation à l'Information Commissioner's Office (ico.org.uk) ou à l'autorité de protection des données de votre pays de résidence dans l'Union européenne, en France la CNIL (cnil.fr). Nous apprécierions toutefois d'avoir l'occasion de corriger le problème d'abord.",
)}`;

const shipping = `
${DEMO_NOTE}
<h2>Où nous livrons</h2>
${p("Nous livrons au Royaume-Uni, dans les pays de l'Union européenne et dans une sélection d'autres pays indiqués lors du paiement. Si votre pays n'y figure pas, écrivez-nous\u00a0: nous verrons ce que nous pouvons faire.")}
<h2>Tarifs et délais</h2>
<table>
<thead><tr><th scope="col">Destination</th><th scope="col">Service</th><th scope="col">Prix</th><th scope="col">Délai estimé</th></tr></thead>
<tbody>
<tr><td>Union européenne</td><td>International suivi, droits acquittés</td><td>11,95\u00a0€, offerte dès 94\u00a0€ d'achat</td><td>4 à 7 jours ouvrés</td></tr>
<tr><td>Royaume-Uni</td><td>Standard (Royal Mail Tracked 48)</td><td>4,95\u00a0€, offerte dès 47\u00a0€ d'achat</td><td>2 à 3 jours ouvrés</td></tr>
<tr><td>Royaume-Uni</td><td>Express (Royal Mail Tracked 24)</td><td>7,95\u00a0€</td><td>1 jour ouvré</td></tr>
<tr><td>Reste du monde</td><td>International suivi</td><td>17,95\u00a0€</td><td>7 à 12 jours ouvrés</td></tr>
</tbody>
</table>
${p("Les seuils de livraison offerte s'appliquent à la valeur des produits de votre commande après réductions, hors cartes cadeaux.")}
<h2>Expédition</h2>
${p(
  "Les commandes passées avant 14\u00a0h (heure du Royaume-Uni, 15\u00a0h à Paris), du lundi au vendredi, sont expédiées le jour même. Les commandes passées plus tard, le week-end ou un jour férié britannique partent le jour ouvré suivant. En période chargée, comme les semaines qui précèdent Noël, nous indiquerons sur le site si l'expédition prend plus de temps.",
  "Vous recevrez un e-mail avec un lien de suivi dès que votre commande quitte l'atelier. Les délais de livraison sont ceux des transporteurs et ne sont pas garantis.",
)}
<h2>Douane, droits et taxes</h2>
${p(
  "Les commandes à destination de l'Union européenne sont expédiées TVA et droits acquittés\u00a0: le prix affiché au paiement est le prix que vous payez, sans frais à la livraison. Pour les destinations hors Royaume-Uni et Union européenne, votre colis peut être soumis à des droits et taxes d'importation à l'arrivée\u00a0; ils sont fixés par votre pays et restent à votre charge.",
)}
<h2>Colis perdus ou en retard</h2>
${p(
  "Si votre colis n'est pas arrivé dans les dix jours ouvrés suivant la date estimée, <a href=\"/pages/contact\">contactez-nous</a>\u00a0: nous relancerons le transporteur. S'il est déclaré perdu, nous vous enverrons un nouveau colis ou vous rembourserons intégralement.",
  "En votre absence, le transporteur laissera un avis de passage ou vous proposera une nouvelle livraison. Les colis qui nous reviennent sans avoir pu être livrés sont remboursés, déduction faite des frais de livraison, sauf si le retour est dû à une erreur de notre part.",
)}
<h2>Adresse erronée</h2>
${p("Merci de vérifier votre adresse au moment du paiement. Si vous remarquez une erreur, prévenez-nous tout de suite\u00a0: nous pouvons la corriger tant que le colis n'est pas parti.")}`;

const refund = `
${DEMO_NOTE}
${p("Nous voulons que vous aimiez ce que vous achetez. Si ce n'est pas le cas, cette politique vous explique comment nous le retourner. Elle ne porte pas atteinte à vos droits légaux.")}
<h2>Votre droit de rétractation (14 jours)</h2>
${p(
  "Conformément au droit européen de la consommation (en France, aux articles L221-18 et suivants du Code de la consommation) et aux Consumer Contracts Regulations 2013 britanniques, vous pouvez vous rétracter de votre commande, sans avoir à donner de motif, dans les 14 jours suivant sa réception. Informez-nous par e-mail ou à l'aide du formulaire ci-dessous, puis renvoyez les produits dans les 14 jours suivant votre demande.",
  "Les cosmétiques étant scellés pour des raisons d'hygiène, ce droit ne s'applique pas aux produits dont le scellé a été ouvert après la livraison. Les cartes cadeaux peuvent faire l'objet d'une rétractation dans les 14 jours tant qu'elles n'ont pas été utilisées.",
)}
<h2>Nos retours sous 30 jours</h2>
${p("En plus de ce droit légal, nous acceptons le retour des produits non ouverts et non utilisés, dans leur emballage d'origine, dans les 30 jours suivant la livraison, avec remboursement intégral du prix des produits.")}
<h2>Comment nous retourner un produit</h2>
<ol>
<li><a href="/pages/contact">Envoyez-nous un message</a> en indiquant votre numéro de commande et les produits que vous retournez.</li>
<li>Depuis la France et l'Union européenne, envoyez votre retour par un service suivi\u00a0; nous vous remboursons l'affranchissement dans la limite du coût de notre livraison standard vers votre pays.</li>
<li>Emballez soigneusement les produits et joignez votre numéro de commande.</li>
</ol>
<h2>Remboursements</h2>
${p(
  "Nous vous remboursons dans les 14 jours suivant la réception de votre retour (ou, en cas de rétractation, de la preuve de son expédition), sur le moyen de paiement utilisé. Si vous vous rétractez de toute la commande dans les 14 jours, nous remboursons aussi les frais de livraison standard que vous avez payés. Les produits achetés avec une réduction sont remboursés au prix payé.",
)}
<h2>Produits défectueux ou abîmés</h2>
${p(
  "Nos produits doivent être conformes à leur description et propres à l'usage que vous en attendez\u00a0; vous bénéficiez de la garantie légale de conformité pendant deux ans à compter de la livraison. Si un produit arrive abîmé, défectueux ou non conforme, prévenez-nous dans les 30 jours avec une photo\u00a0: nous le remplacerons ou vous rembourserons intégralement, frais de livraison compris, sans vous demander de nous le renvoyer. Passé ce délai, vous conservez vos droits à réparation, remplacement ou remboursement au titre de la garantie légale.",
  "Si un produit ne convient pas à votre peau, cessez de l'utiliser et dites-le-nous. Un produit ouvert ne peut pas être retourné, mais nous étudions chaque cas individuellement.",
)}
<h2>Modèle de formulaire de rétractation</h2>
<blockquote>
<p>À l'attention de Lumen &amp; Leaf Ltd, Unit 4, Harbour Yard, Falmouth TR11 2XX, Royaume-Uni, hello@lumenandleaf.example\u00a0:</p>
<p>Je vous notifie par la présente ma rétractation du contrat portant sur la vente des biens ci-dessous\u00a0: [produits]. Commandé le [date] / reçu le [date]. Nom\u00a0: [votre nom]. Adresse\u00a0: [votre adresse]. Signature (uniquement en cas de notification sur papier). Date.</p>
</blockquote>`;

const terms = `
${DEMO_NOTE}
<h2>Qui nous sommes</h2>
${p(`Cette boutique est exploitée par ${WHO}. Numéro de TVA GB 123 4567 89 (démonstration). Vous pouvez nous joindre à <a href="mailto:hello@lumenandleaf.example">hello@lumenandleaf.example</a> ou depuis notre <a href="/pages/contact">page contact</a>.`)}
<h2>Ces conditions</h2>
${p("Ces conditions s'appliquent à toutes les commandes passées sur notre boutique. Lisez-les avec notre <a href=\"/policies/shipping-policy\">politique d'expédition</a>, notre <a href=\"/policies/refund-policy\">politique de remboursement</a> et notre <a href=\"/policies/privacy-policy\">politique de confidentialité</a>. Nous pouvons les mettre à jour\u00a0; la version applicable à votre commande est celle publiée au moment où vous l'avez passée.")}
<h2>Commandes et contrat</h2>
${p(
  "Lorsque vous passez commande, vous recevez un e-mail confirmant que nous l'avons bien reçue. Le contrat est conclu lorsque nous expédions votre commande et vous envoyons la confirmation d'expédition. Nous pouvons refuser une commande, par exemple si un produit est en rupture de stock ou si un prix a été affiché par erreur\u00a0; dans ce cas, nous vous en informons et vous remboursons toute somme versée.",
  "Cette boutique de démonstration n'accepte que des commandes de test. Aucun paiement n'est prélevé et rien n'est expédié.",
)}
<h2>Prix et paiement</h2>
${p(
  "Sur le site français, les prix sont affichés en euros, TVA comprise. Les frais de livraison sont indiqués au moment du paiement, avant que vous ne payiez. Si nous découvrons après votre commande qu'un prix était erroné, nous vous contacterons pour vous demander si vous souhaitez poursuivre au prix correct ou annuler.",
  "Les codes de réduction ne sont pas échangeables contre de l'argent, un seul code s'applique par commande, et chaque code est soumis aux conditions indiquées avec lui.",
)}
<h2>Produits</h2>
${p(
  "Nous décrivons nos produits aussi fidèlement que possible. Les couleurs et les textures peuvent paraître légèrement différentes à l'écran. Nos produits sont des cosmétiques, pas des médicaments\u00a0: si vous souffrez d'une affection de la peau, demandez un avis médical, et testez toujours un nouveau produit sur une petite zone. Lisez l'étiquette et suivez le mode d'emploi.",
)}
<h2>Livraison, rétractation et retours</h2>
${p("La livraison est régie par notre politique d'expédition, et vos droits de rétractation et de retour par notre politique de remboursement.")}
<h2>Notre responsabilité</h2>
${p(
  "Si nous ne respectons pas ces conditions, nous sommes responsables des pertes ou dommages que vous subissez et qui sont une conséquence prévisible de notre manquement ou de notre négligence. Nous ne sommes pas responsables des pertes imprévisibles ni des pertes professionnelles. Rien dans ces conditions ne limite notre responsabilité en cas de décès ou de dommage corporel causé par notre négligence, de fraude, ou d'atteinte à vos droits légaux de consommateur.",
)}
<h2>Votre compte</h2>
${p("Vous êtes responsable de la confidentialité de votre mot de passe. Prévenez-nous immédiatement si vous pensez que quelqu'un d'autre a utilisé votre compte.")}
<h2>Droit applicable et litiges</h2>
${p(
  "Ces conditions sont régies par le droit de l'Angleterre et du pays de Galles. Si vous résidez dans l'Union européenne, vous conservez la protection des dispositions impératives du droit de votre pays et pouvez saisir ses tribunaux.",
  "En cas de réclamation, parlez-nous-en d'abord\u00a0: la plupart des problèmes se règlent en un e-mail. Si nous ne parvenons pas à un accord, vous pouvez recourir gratuitement à un médiateur de la consommation\u00a0; nous vous indiquerons lequel sur simple demande.",
)}`;

export const frenchContent: SeedContentTranslations = {
  pages: {
    about: {
      title: "Notre histoire",
      seo_title: "Notre histoire – des soins en petites séries, faits à Falmouth",
      seo_description: "Lumen & Leaf fabrique des soins réfléchis, par petits lots, dans un atelier des Cornouailles : des listes d'ingrédients courtes, des promesses honnêtes et des emballages qui reviennent.",
      body_html: about,
    },
    faqs: {
      title: "Questions fréquentes",
      seo_title: "FAQ – commandes, livraison, retours et ingrédients",
      seo_description: "Nos réponses sur les commandes, les délais de livraison, les retours, nos ingrédients et votre compte Lumen & Leaf.",
      body_html: p("Les questions que l'on nous pose le plus souvent. Si la vôtre n'y figure pas, <a href=\"/pages/contact\">écrivez-nous</a> : nous vous répondrons sous un jour ouvré."),
      ...frenchFaqEntries,
    },
    ingredients: {
      title: "Glossaire des ingrédients",
      seo_title: "Glossaire des ingrédients – ce que contiennent nos soins, et pourquoi",
      seo_description: "Tous les ingrédients clés des soins Lumen & Leaf, de l'acide azélaïque à l'oxyde de zinc : leur rôle, à qui ils conviennent et quels produits en contiennent.",
      body_html: p("Chaque ingrédient clé que nous utilisons, son action sur la peau et à qui il convient, avec les produits qui le contiennent. Nos étiquettes listent tous les ingrédients sous leur nom INCI ; voici la version en clair."),
      ...frenchGlossaryEntries,
    },
    "layering-guide": {
      title: "Le guide des superpositions",
      seo_title: "Comment superposer ses soins – l'ordre du matin et du soir",
      seo_description: "Dans quel ordre appliquer nettoyant, lotion, sérum, crème, huile et SPF, quels actifs séparer et combien de temps attendre entre deux étapes.",
      body_html: layering,
    },
    sustainability: {
      title: "Développement durable",
      seo_title: "Développement durable – emballages, recharges et approvisionnement",
      seo_description: "Comment Lumen & Leaf emballe, expédie et s'approvisionne : verre et aluminium, recharges, carton recyclé, et ce que nous n'avons pas encore résolu.",
      body_html: sustainability,
    },
    "delivery-and-returns": {
      title: "Livraison & retours",
      seo_title: "Livraison et retours – tarifs, délais et comment nous retourner un produit",
      seo_description: "Tarifs et délais de livraison au Royaume-Uni, dans l'Union européenne et dans le monde, expédition le jour même avant 14 h, et comment retourner une commande.",
      body_html: delivery,
    },
    contact: {
      title: "Nous contacter",
      seo_title: "Nous contacter",
      seo_description: "Une question sur une commande, un produit ou votre peau ? Écrivez à Lumen & Leaf : nous répondons sous un jour ouvré.",
      body_html: contact,
    },
  },
  policies: {
    "privacy-policy": { title: "Politique de confidentialité", body_html: privacy },
    "shipping-policy": { title: "Politique d'expédition", body_html: shipping },
    "refund-policy": { title: "Politique de remboursement", body_html: refund },
    "terms-of-service": { title: "Conditions générales de vente", body_html: terms },
  },
  blog: {
    "tag.dry skin": "peau sèche",
    "tag.ingredients": "ingrédients",
    "tag.routines": "routines",
    "tag.seasonal": "saisons",
    "tag.sensitive skin": "peau sensible",
    "tag.spf": "SPF",
    "tag.vitamin c": "vitamine C",
    title: "Le Journal",
    description: "Les carnets de l'atelier : les ingrédients expliqués, les routines qui marchent, et ce que nous avons appris en fabriquant des soins en Cornouailles.",
  },
  articles: {
    "a-beginners-guide-to-vitamin-c": {
      title: "La vitamine C : le guide pour bien débuter",
      excerpt: "Ce que la vitamine C apporte à la peau, comment l'utiliser sans irritation, et pourquoi elle a sa place dans votre routine du matin.",
      seo_description: "Ce que la vitamine C fait pour la peau, comment s'y mettre, avec quoi l'associer et comment la garder fraîche : le guide d'une formulatrice.",
      body_html: vitaminC,
    },
    "a-routine-for-sensitive-skin": {
      title: "Composer une routine pour peau sensible",
      excerpt: "Moins de produits, pas de parfum et de la patience avec les actifs : la routine que nous composerions pour une peau qui réagit à tout.",
      seo_description: "Une routine simple et sans parfum pour les peaux sensibles et réactives : par quels produits commencer, comment introduire les actifs et quoi éviter.",
      body_html: sensitive,
    },
    "why-spf-is-the-step-you-should-never-skip": {
      title: "Le SPF, l'étape à ne jamais sauter",
      excerpt: "L'écran solaire fait plus pour l'avenir de votre peau que n'importe quel sérum. Quelle quantité appliquer, quand renouveler, et comment en trouver un que vous porterez tous les jours.",
      seo_description: "Pourquoi un écran solaire quotidien compte même en hiver, quelle quantité de SPF appliquer, UVA ou UVB, et comment choisir une protection que vous porterez vraiment.",
      body_html: spf,
    },
    "winter-skin-keeping-your-barrier-happy": {
      title: "Peau d'hiver : prendre soin de sa barrière cutanée",
      excerpt: "Air froid dehors, chauffage dedans : pourquoi la peau tiraille et pèle en hiver, et les petits changements qui la gardent confortable.",
      seo_description: "Pourquoi la peau devient sèche et tiraille en hiver, et comment garder une barrière confortable : nettoyage plus doux, crèmes plus riches, huiles visage et soin des lèvres.",
      body_html: winter,
    },
  },
};
