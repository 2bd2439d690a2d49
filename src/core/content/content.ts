/**
 * The shop's written content as the platform keeps it and the theme draws
 * it: pages (`/pages/{handle}`), the journal's articles
 * (`/blogs/{blog}/{article}`) and the legal policies (`/policies/{handle}`).
 * Rich text is HTML the platform has already sanitised when it was saved.
 */

/** How a page is drawn: plain rich text, or one of the pages with a structure of their own. */
export const PAGE_TEMPLATES = ["page", "faq", "glossary", "contact"] as const;
export type PageTemplate = (typeof PAGE_TEMPLATES)[number];

export interface FaqItem {
  question: string;
  /** Sanitised HTML. */
  answerHtml: string;
}

export interface FaqGroup {
  title: string;
  items: FaqItem[];
}

/** One ingredient of the glossary; `tag` (`ingredient:niacinamide`) finds the products that contain it. */
export interface GlossaryEntry {
  name: string;
  tag: string;
  /** Also known as: the INCI name or a common name. */
  alsoKnownAs?: string;
  /** Sanitised HTML. */
  descriptionHtml: string;
  /** On a translated entry, its name and other names in the original's words, which a label's INCI list may use. */
  sourceNames?: string[];
}

export interface PageData {
  faq?: FaqGroup[];
  glossary?: GlossaryEntry[];
}

/** A page as it is written and saved: its HTML is sanitised on the way in. */
export interface PageInput {
  handle: string;
  title: string;
  template: PageTemplate;
  bodyHtml: string;
  data?: PageData;
  seoTitle?: string;
  seoDescription?: string;
}

export interface PageJson {
  id: number;
  handle: string;
  title: string;
  template: PageTemplate;
  /** Sanitised HTML. */
  bodyHtml: string;
  data: PageData;
  seoTitle: string;
  seoDescription: string;
  /** ISO timestamp. */
  updatedAt: string;
}

export interface ArticleJson {
  id: number;
  blog: string;
  handle: string;
  title: string;
  author: string;
  /** ISO timestamp. */
  publishedAt: string;
  /** ISO timestamp. */
  updatedAt: string;
  /** Plain text shown on the journal's list. */
  excerpt: string;
  /** Sanitised HTML. */
  bodyHtml: string;
  tags: string[];
  /** A product whose picture heads the article, by handle. */
  imageProduct: string | null;
  seoTitle: string;
  seoDescription: string;
}

export interface BlogJson {
  handle: string;
  title: string;
  description: string;
  articles: ArticleJson[];
}

export interface PolicyJson {
  handle: string;
  title: string;
  /** Sanitised HTML. */
  bodyHtml: string;
  /** ISO timestamp. */
  updatedAt: string;
}

/** The four policies a shop publishes, in the order the footer lists them. */
export const POLICY_HANDLES = ["privacy-policy", "shipping-policy", "refund-policy", "terms-of-service"] as const;
export type PolicyHandle = (typeof POLICY_HANDLES)[number];

/** A product named in a page: the glossary's products for an ingredient. */
export interface ProductLink {
  handle: string;
  title: string;
  url: string;
}

/** A picture that heads an article: its product's first picture. */
export interface ContentImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** A page as the theme draws it; a glossary page carries the products of each ingredient by tag. */
export interface PageView {
  page: PageJson;
  productsByTag: Record<string, ProductLink[]>;
}

export interface ArticleCard extends ArticleJson {
  image: ContentImage | null;
}

export interface BlogView {
  blog: Omit<BlogJson, "articles">;
  articles: ArticleCard[];
  page: number;
  pageCount: number;
  /** Every tag the blog's articles carry, by name. */
  tags: string[];
  /** The tag the list is limited to (`/blogs/{blog}/tagged/{tag}`), by name; null for the whole blog. */
  tag: string | null;
  /** Each tag as the site names it (its translation, else the tag): addresses keep the tag itself. */
  tagLabels: Record<string, string>;
}

/** The paths a rich text links to on this shop's products: `/products/{handle}`, each once, in order. */
export function linkedProductHandles(html: string): string[] {
  const handles = [...html.matchAll(/href="\/products\/([a-z0-9-]+)(?:[?#"])/g)].map((match) => match[1] ?? "");
  return [...new Set(handles.filter(Boolean))];
}
