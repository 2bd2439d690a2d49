/**
 * The demo products' labels: each formula's full INCI list (the order of the
 * label, most first) and its key ingredients, kept as the product metafields
 * `ingredients` and `key_ingredients`. Minis, samples and gifts carry the
 * list of the product they are a smaller size of; sets, bundles, the gift
 * card and the accessories have no formula of their own.
 */
import type { ProductMetafields } from "../../core/contract/shopify-types.ts";

type Label = Required<Pick<ProductMetafields, "ingredients" | "key_ingredients">>;

const label = (key: string[], ...names: string[]): Label => ({ ingredients: names.join(", "), key_ingredients: key });

const LABELS: Record<string, Label> = {
  "gentle-cream-cleanser": label(
    ["Ceramide NP", "Squalane"],
    "Aqua", "Glycerin", "Caprylic/Capric Triglyceride", "Cetearyl Alcohol", "Squalane", "Coco-Glucoside", "Glyceryl Stearate", "Ceramide NP", "Ceramide AP", "Ceramide EOP", "Phytosphingosine", "Cholesterol", "Sodium Lauroyl Lactylate", "Carbomer", "Xanthan Gum", "Tocopherol", "Phenoxyethanol", "Ethylhexylglycerin",
  ),
  "clarifying-gel-cleanser": label(
    ["Salicylic Acid", "Niacinamide", "Zinc PCA"],
    "Aqua", "Cocamidopropyl Betaine", "Sodium Cocoyl Glutamate", "Glycerin", "Salicylic Acid", "Niacinamide", "Zinc PCA", "Aloe Barbadensis Leaf Juice", "Panthenol", "Allantoin", "Xanthan Gum", "Sodium Hydroxide", "Citric Acid", "Sodium Benzoate", "Potassium Sorbate",
  ),
  "sea-buckthorn-cleansing-balm": label(
    ["Hippophae Rhamnoides Fruit Oil", "Squalane"],
    "Caprylic/Capric Triglyceride", "Helianthus Annuus Seed Oil", "Polyglyceryl-4 Oleate", "Butyrospermum Parkii Butter", "Squalane", "Hippophae Rhamnoides Fruit Oil", "Cera Alba", "Simmondsia Chinensis Seed Oil", "Tocopherol", "Citrus Aurantium Dulcis Peel Oil", "Limonene", "Linalool",
  ),
  "eau-micellaire-douceur": label(
    ["Poloxamer 184", "Glycerin"],
    "Aqua", "Hexylene Glycol", "Glycerin", "Poloxamer 184", "Disodium Cocoamphodiacetate", "Rosa Gallica Flower Extract", "Disodium EDTA", "Polyaminopropyl Biguanide", "Parfum",
  ),
  "glow-tonic-aha": label(
    ["Glycolic Acid", "Aloe Barbadensis Leaf Juice"],
    "Aqua", "Glycolic Acid", "Aloe Barbadensis Leaf Juice", "Sodium Hydroxide", "Glycerin", "Propanediol", "Panthenol", "Hamamelis Virginiana Water", "Panax Ginseng Root Extract", "Allantoin", "Sodium Citrate", "Phenoxyethanol", "Ethylhexylglycerin",
  ),
  "damask-rose-mist": label(
    ["Rosa Damascena Flower Water", "Sodium Hyaluronate"],
    "Rosa Damascena Flower Water", "Aqua", "Glycerin", "Sodium Hyaluronate", "Panthenol", "Rosa Damascena Flower Oil", "Citronellol", "Geraniol", "Linalool", "Sodium Benzoate", "Potassium Sorbate", "Citric Acid",
  ),
  "rice-water-essence-toner": label(
    ["Oryza Sativa Bran Extract", "Niacinamide"],
    "Oryza Sativa Bran Extract", "Aqua", "Niacinamide", "Butylene Glycol", "Glycerin", "Sodium Hyaluronate", "Allantoin", "Adenosine", "Alcohol", "Parfum", "Phenoxyethanol",
  ),
  "vitamin-c-brightening-serum": label(
    ["Ascorbic Acid", "Sodium Hyaluronate", "Tocopherol"],
    "Aqua", "Ascorbic Acid", "Propanediol", "Glycerin", "Sodium Hyaluronate", "Ferulic Acid", "Tocopherol", "Citrus Aurantium Dulcis Fruit Extract", "Hydroxyethylcellulose", "Polysorbate 20", "Sodium Hydroxide", "Phenoxyethanol", "Ethylhexylglycerin",
  ),
  "niacinamide-zinc-serum": label(
    ["Niacinamide", "Zinc PCA"],
    "Aqua", "Niacinamide", "Pentylene Glycol", "Zinc PCA", "Dimethyl Isosorbide", "Tamarindus Indica Seed Gum", "Xanthan Gum", "Isoceteth-20", "Ethoxydiglycol", "Phenoxyethanol", "Chlorphenesin",
  ),
  "hyaluronic-acid-serum": label(
    ["Sodium Hyaluronate", "Panthenol"],
    "Aqua", "Sodium Hyaluronate", "Sodium Hyaluronate Crosspolymer", "Panthenol", "Pentylene Glycol", "Propanediol", "Ahnfeltia Concinna Extract", "Glycerin", "Trisodium Ethylenediamine Disuccinate", "Citric Acid", "Ethylhexylglycerin", "Phenoxyethanol",
  ),
  "retinol-night-serum": label(
    ["Retinol", "Squalane"],
    "Squalane", "Caprylic/Capric Triglyceride", "Cyclopentasiloxane", "Dimethicone", "Retinol", "Simmondsia Chinensis Seed Oil", "Solanum Lycopersicum Fruit Extract", "Bisabolol", "Tocopherol", "BHT",
  ),
  "bakuchiol-renewal-serum": label(
    ["Bakuchiol", "Squalane"],
    "Squalane", "Caprylic/Capric Triglyceride", "Bakuchiol", "Oenothera Biennis Oil", "Rosa Canina Fruit Oil", "Tocopherol", "Helianthus Annuus Seed Oil",
  ),
  "azelaic-calming-serum": label(
    ["Azelaic Acid", "Niacinamide"],
    "Aqua", "Azelaic Acid", "Isodecyl Neopentanoate", "Dimethicone", "Propanediol", "Niacinamide", "Allantoin", "Bisabolol", "Hydroxyethyl Acrylate/Sodium Acryloyldimethyl Taurate Copolymer", "Polysorbate 60", "Phenoxyethanol", "Chlorphenesin",
  ),
  "multi-peptide-firming-serum": label(
    ["Palmitoyl Tripeptide-1", "Acetyl Hexapeptide-8", "Sodium Hyaluronate"],
    "Aqua", "Glycerin", "Acetyl Hexapeptide-8", "Palmitoyl Tripeptide-1", "Palmitoyl Tetrapeptide-7", "Sodium Hyaluronate", "Pentylene Glycol", "Panthenol", "Xanthan Gum", "Carbomer", "Sodium Hydroxide", "Phenoxyethanol", "Parfum", "Linalool",
  ),
  "barrier-repair-cream": label(
    ["Ceramide NP", "Cholesterol", "Squalane"],
    "Aqua", "Glycerin", "Caprylic/Capric Triglyceride", "Squalane", "Cetearyl Alcohol", "Butyrospermum Parkii Butter", "Ceramide NP", "Ceramide AP", "Ceramide EOP", "Cholesterol", "Phytosphingosine", "Niacinamide", "Glyceryl Stearate", "Ceteareth-20", "Sodium Lauroyl Lactylate", "Carbomer", "Xanthan Gum", "Tocopherol", "Phenoxyethanol", "Ethylhexylglycerin",
  ),
  "water-gel-moisturiser": label(
    ["Sodium Hyaluronate", "Niacinamide"],
    "Aqua", "Glycerin", "Dimethicone", "Niacinamide", "Propanediol", "Sodium Hyaluronate", "Ammonium Acryloyldimethyltaurate/VP Copolymer", "Cucumis Sativus Fruit Extract", "Allantoin", "Alcohol Denat.", "Phenoxyethanol", "Ethylhexylglycerin", "Parfum", "Limonene",
  ),
  "oat-squalane-night-cream": label(
    ["Avena Sativa Kernel Flour", "Squalane"],
    "Aqua", "Squalane", "Glycerin", "Cetearyl Alcohol", "Avena Sativa Kernel Flour", "Butyrospermum Parkii Butter", "Caprylic/Capric Triglyceride", "Glyceryl Stearate Citrate", "Panthenol", "Tocopherol", "Xanthan Gum", "Sodium Benzoate", "Potassium Sorbate", "Lavandula Angustifolia Oil", "Linalool",
  ),
  "cica-calming-cream": label(
    ["Centella Asiatica Extract", "Madecassoside", "Panthenol"],
    "Aqua", "Centella Asiatica Extract", "Glycerin", "Caprylic/Capric Triglyceride", "Cetearyl Alcohol", "Panthenol", "Madecassoside", "Allantoin", "Glyceryl Stearate", "Cetearyl Glucoside", "Xanthan Gum", "Tocopherol", "Phenoxyethanol", "Ethylhexylglycerin",
  ),
  "daily-shield-spf50": label(
    ["Bis-Ethylhexyloxyphenol Methoxyphenyl Triazine", "Niacinamide"],
    "Aqua", "Diisopropyl Sebacate", "Butyloctyl Salicylate", "Bis-Ethylhexyloxyphenol Methoxyphenyl Triazine", "Ethylhexyl Triazone", "Diethylamino Hydroxybenzoyl Hexyl Benzoate", "Niacinamide", "Glycerin", "Silica", "Dimethicone", "Polyglyceryl-3 Methylglucose Distearate", "Alcohol Denat.", "Tocopherol", "Xanthan Gum", "Phenoxyethanol", "Ethylhexylglycerin",
  ),
  "ecran-mineral-spf30": label(
    ["Zinc Oxide"],
    "Aqua", "Zinc Oxide", "Caprylic/Capric Triglyceride", "Glycerin", "Polyhydroxystearic Acid", "Cetearyl Alcohol", "Butyrospermum Parkii Butter", "Polyglyceryl-2 Dipolyhydroxystearate", "Tocopherol", "Xanthan Gum", "Sodium Benzoate", "Potassium Sorbate",
  ),
  "skin-tint-spf30": label(
    ["Titanium Dioxide", "Sodium Hyaluronate"],
    "Aqua", "Cyclopentasiloxane", "Titanium Dioxide", "Ethylhexyl Methoxycinnamate", "Glycerin", "Dimethicone", "PEG-10 Dimethicone", "Sodium Hyaluronate", "Tocopherol", "Phenoxyethanol", "CI 77491", "CI 77492", "CI 77499",
  ),
  "invisible-body-mist-spf30": label(
    ["Ethylhexyl Salicylate", "Tocopherol"],
    "Alcohol Denat.", "Ethylhexyl Salicylate", "Butyl Methoxydibenzoylmethane", "Homosalate", "Octocrylene", "Caprylic/Capric Triglyceride", "Tocopheryl Acetate", "Tocopherol", "Parfum", "Limonene", "Linalool", "Coumarin",
  ),
  "squalane-facial-oil": label(["Squalane"], "Squalane", "Tocopherol"),
  "rosehip-recovery-oil": label(
    ["Rosa Canina Fruit Oil", "Tocopherol"],
    "Rosa Canina Fruit Oil", "Simmondsia Chinensis Seed Oil", "Oenothera Biennis Oil", "Vitis Vinifera Seed Oil", "Tocopherol", "Helianthus Annuus Seed Oil",
  ),
  "solstice-face-oil": label(
    ["Tanacetum Annuum Flower Oil", "Squalane"],
    "Squalane", "Simmondsia Chinensis Seed Oil", "Prunus Armeniaca Kernel Oil", "Rosa Canina Fruit Oil", "Tanacetum Annuum Flower Oil", "Lavandula Angustifolia Oil", "Chamomilla Recutita Flower Oil", "Tocopherol", "Linalool", "Limonene",
  ),
  "caffeine-eye-serum": label(
    ["Caffeine", "Acetyl Tetrapeptide-5"],
    "Aqua", "Caffeine", "Glycerin", "Propanediol", "Acetyl Tetrapeptide-5", "Sodium Hyaluronate", "Maltodextrin", "Hydroxyethylcellulose", "Phenoxyethanol", "Ethylhexylglycerin",
  ),
  "ginseng-eye-cream": label(
    ["Panax Ginseng Root Extract", "Palmitoyl Tripeptide-1"],
    "Aqua", "Caprylic/Capric Triglyceride", "Glycerin", "Panax Ginseng Root Extract", "Cetearyl Alcohol", "Butyrospermum Parkii Butter", "Palmitoyl Tripeptide-1", "Palmitoyl Tetrapeptide-7", "Dimethicone", "Glyceryl Stearate", "Retinyl Palmitate", "Tocopherol", "Xanthan Gum", "Phenoxyethanol", "Ethylhexylglycerin",
  ),
  "botanical-body-wash": label(
    ["Aloe Barbadensis Leaf Juice", "Glycerin"],
    "Aqua", "Sodium Cocoyl Isethionate", "Cocamidopropyl Betaine", "Aloe Barbadensis Leaf Juice", "Glycerin", "Coco-Glucoside", "Sodium Chloride", "Citric Acid", "Sodium Benzoate", "Potassium Sorbate", "Parfum", "Limonene", "Linalool",
  ),
  "nourishing-body-lotion": label(
    ["Butyrospermum Parkii Butter", "Ceramide NP"],
    "Aqua", "Glycerin", "Butyrospermum Parkii Butter", "Caprylic/Capric Triglyceride", "Cetearyl Alcohol", "Glyceryl Stearate", "Ceramide NP", "Cholesterol", "Helianthus Annuus Seed Oil", "Xanthan Gum", "Tocopherol", "Phenoxyethanol", "Ethylhexylglycerin", "Parfum", "Citronellol", "Linalool",
  ),
  "sea-kelp-hand-cream": label(
    ["Laminaria Digitata Extract", "Butyrospermum Parkii Butter"],
    "Aqua", "Glycerin", "Butyrospermum Parkii Butter", "Cetearyl Alcohol", "Laminaria Digitata Extract", "Caprylic/Capric Triglyceride", "Dimethicone", "Glyceryl Stearate", "Allantoin", "Tocopherol", "Sodium Benzoate", "Potassium Sorbate", "Parfum",
  ),
  "salt-seaweed-body-scrub": label(
    ["Maris Sal", "Fucus Vesiculosus Extract"],
    "Maris Sal", "Helianthus Annuus Seed Oil", "Prunus Amygdalus Dulcis Oil", "Fucus Vesiculosus Extract", "Butyrospermum Parkii Butter", "Polysorbate 80", "Tocopherol", "Rosmarinus Officinalis Leaf Oil", "Mentha Piperita Oil", "Limonene",
  ),
  "lip-repair-balm": label(
    ["Butyrospermum Parkii Butter", "Squalane"],
    "Ricinus Communis Seed Oil", "Butyrospermum Parkii Butter", "Cera Alba", "Squalane", "Euphorbia Cerifera Cera", "Theobroma Cacao Seed Butter", "Tocopherol", "Helianthus Annuus Seed Oil",
  ),
};

/** Smaller sizes of a formula carry its label. */
const SAME_FORMULA: Record<string, string> = {
  "vitamin-c-serum-sample": "vitamin-c-brightening-serum",
  "barrier-cream-deluxe-sample": "barrier-repair-cream",
  "spf50-sample": "daily-shield-spf50",
  "gift-mini-cleansing-balm": "sea-buckthorn-cleansing-balm",
  "gift-rose-mist-mini": "damask-rose-mist",
  "gift-body-lotion-mini": "nourishing-body-lotion",
  "gift-spf-mini": "daily-shield-spf50",
};

/** The label of a demo product, or nothing when it has no formula of its own. */
export function demoIngredientsOf(handle: string): Label | Record<string, never> {
  return LABELS[SAME_FORMULA[handle] ?? handle] ?? {};
}

/** Every name the demo labels use: the shipped list of INCI names holds them all (checked by a unit test). */
export const DEMO_INCI_NAMES: string[] = [...new Set(Object.values(LABELS).flatMap((entry) => entry.ingredients.split(", ")))];
