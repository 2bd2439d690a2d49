/**
 * The shop's written content: pages, the journal and the policies, kept in
 * the database with their rich text sanitised on the way in; and the contact
 * form, whose messages are checked, rate limited per client address, stored,
 * sent to the shop's address and confirmed to the shopper.
 */
import { type ArticleJson, type BlogJson, type PageData, type PageInput, type PageJson, type PageTemplate, type PolicyJson, PAGE_TEMPLATES } from "../../core/content/content.ts";
import { type ContactAnswer, contactMessageText, readContactForm } from "../../core/content/contact.ts";
import { contactFieldErrors, contactSchema } from "../../core/content/contact-schema.ts";
import { handleize } from "../../core/catalog/collection-url.ts";
import type { Settings } from "../../core/settings/settings.ts";
import { type LimitRule, type RateLimiter, addressKey } from "../accounts/rate-limits.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { Mailer } from "../mail/mailer.ts";
import { contactConfirmationMessage, contactNoticeMessage } from "../mail/messages.ts";
import { plainText, sanitizeRichText } from "./sanitize.ts";

/** Messages a client address may send through the contact form in a window. */
export const CONTACT_LIMIT: LimitRule = { limit: 5, windowSeconds: 60 * 60 };

const TOO_MANY = "You have sent several messages in a short time. Please wait a little, or email us directly.";
const INVALID = "Please check the highlighted fields.";

/** Articles on one page of the journal. */
export const ARTICLES_PER_PAGE = 12;

interface PageRow {
  id: string | number;
  handle: string;
  title: string;
  template: string;
  body_html: string;
  data: PageData | string;
  seo_title: string;
  seo_description: string;
  updated_at: Date | string;
}

interface ArticleRow {
  id: string | number;
  blog: string;
  handle: string;
  title: string;
  author: string;
  excerpt: string;
  body_html: string;
  tags: string[];
  image_product: string | null;
  seo_title: string;
  seo_description: string;
  published_at: Date | string;
  updated_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();
/** A jsonb column as read: an object, or its text where the driver gives text. */
export const json = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

/** A description for search engines: the one written, else the start of the text. */
export function describe(written: string, html: string): string {
  if (written) return written;
  const text = plainText(html);
  return text.length <= 155 ? text : `${text.slice(0, 154).replace(/\s+\S*$/, "")}…`;
}

function pageJson(row: PageRow): PageJson {
  const template = (PAGE_TEMPLATES as readonly string[]).includes(row.template) ? (row.template as PageTemplate) : "page";
  return {
    id: Number(row.id),
    handle: row.handle,
    title: row.title,
    template,
    bodyHtml: row.body_html,
    data: json<PageData>(row.data),
    seoTitle: row.seo_title || row.title,
    seoDescription: describe(row.seo_description, row.body_html),
    updatedAt: iso(row.updated_at),
  };
}

function articleJson(row: ArticleRow): ArticleJson {
  return {
    id: Number(row.id),
    blog: row.blog,
    handle: row.handle,
    title: row.title,
    author: row.author,
    publishedAt: iso(row.published_at),
    updatedAt: iso(row.updated_at),
    excerpt: row.excerpt,
    bodyHtml: row.body_html,
    tags: row.tags,
    imageProduct: row.image_product,
    seoTitle: row.seo_title || row.title,
    seoDescription: row.seo_description || row.excerpt,
  };
}

const ARTICLE_COLUMNS = `a.id, b.handle as blog, a.handle, a.title, a.author, a.excerpt, a.body_html, a.tags, a.image_product,
  a.seo_title, a.seo_description, a.published_at, a.updated_at`;

export interface ArticleInput {
  handle: string;
  title: string;
  author: string;
  excerpt: string;
  bodyHtml: string;
  tags: string[];
  imageProduct?: string | null;
  seoTitle?: string;
  seoDescription?: string;
  publishedAt: Date;
}

/** The structure of a FAQ or glossary page with its rich text sanitised. */
function sanitizeData(data: PageData): PageData {
  return {
    ...(data.faq ? { faq: data.faq.map((group) => ({ title: group.title, items: group.items.map((item) => ({ question: item.question, answerHtml: sanitizeRichText(item.answerHtml) })) })) } : {}),
    ...(data.glossary
      ? {
          glossary: data.glossary.map((entry) => ({
            name: entry.name,
            tag: entry.tag,
            ...(entry.alsoKnownAs ? { alsoKnownAs: entry.alsoKnownAs } : {}),
            descriptionHtml: sanitizeRichText(entry.descriptionHtml),
          })),
        }
      : {}),
  };
}

/** Saves a page (by handle), its HTML sanitised. */
export async function savePage(db: Queryable, page: PageInput): Promise<void> {
  await db.query(
    `insert into pages (handle, title, template, body_html, data, seo_title, seo_description)
     values ($1, $2, $3, $4, $5::jsonb, $6, $7)
     on conflict (handle) do update set title = excluded.title, template = excluded.template, body_html = excluded.body_html,
       data = excluded.data, seo_title = excluded.seo_title, seo_description = excluded.seo_description, updated_at = now()`,
    [page.handle, page.title, page.template, sanitizeRichText(page.bodyHtml), JSON.stringify(sanitizeData(page.data ?? {})), page.seoTitle ?? "", page.seoDescription ?? ""],
  );
}

/** Saves a blog and its articles (by handle), their HTML sanitised. */
export async function saveBlog(db: Queryable, blog: { handle: string; title: string; description: string }, articles: ArticleInput[]): Promise<void> {
  const [row] = await db.query<{ id: string }>(
    `insert into blogs (handle, title, description) values ($1, $2, $3)
     on conflict (handle) do update set title = excluded.title, description = excluded.description returning id`,
    [blog.handle, blog.title, blog.description],
  );
  for (const article of articles) {
    await db.query(
      `insert into articles (blog_id, handle, title, author, excerpt, body_html, tags, image_product, seo_title, seo_description, published_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       on conflict (blog_id, handle) do update set title = excluded.title, author = excluded.author, excerpt = excluded.excerpt,
         body_html = excluded.body_html, tags = excluded.tags, image_product = excluded.image_product, seo_title = excluded.seo_title,
         seo_description = excluded.seo_description, published_at = excluded.published_at, updated_at = now()`,
      [
        row?.id,
        article.handle,
        article.title,
        article.author,
        plainText(article.excerpt),
        sanitizeRichText(article.bodyHtml),
        article.tags,
        article.imageProduct ?? null,
        article.seoTitle ?? "",
        article.seoDescription ?? "",
        article.publishedAt.toISOString(),
      ],
    );
  }
}

export async function savePolicy(db: Queryable, policy: { handle: string; title: string; bodyHtml: string }): Promise<void> {
  await db.query(
    `insert into policies (handle, title, body_html) values ($1, $2, $3)
     on conflict (handle) do update set title = excluded.title, body_html = excluded.body_html, updated_at = now()`,
    [policy.handle, policy.title, sanitizeRichText(policy.bodyHtml)],
  );
}

export class ContentService {
  private readonly db: Database;
  private readonly mailer: Mailer;
  private readonly limiter: RateLimiter;
  private readonly settings: Settings;
  private readonly limit: LimitRule;

  constructor(options: { db: Database; mailer: Mailer; limiter: RateLimiter; settings: Settings; limit?: LimitRule }) {
    this.db = options.db;
    this.mailer = options.mailer;
    this.limiter = options.limiter;
    this.settings = options.settings;
    this.limit = options.limit ?? CONTACT_LIMIT;
  }

  async page(handle: string): Promise<PageJson | null> {
    const [row] = await this.db.query<PageRow>("select * from pages where handle = $1 and published", [handle]);
    return row ? pageJson(row) : null;
  }

  /** Every published page, for the sitemap and search. */
  async pages(): Promise<PageJson[]> {
    return (await this.db.query<PageRow>("select * from pages where published order by handle")).map(pageJson);
  }

  /**
   * A blog with one page of its articles, newest first, and the tags its
   * articles carry; with `tagged` (a tag's handle, as in
   * `/blogs/{blog}/tagged/{tag}`), only the articles with that tag: none when
   * no article has it, as Shopify answers. Null when there is no such blog.
   */
  async blog(
    handle: string,
    page = 1,
    perPage = ARTICLES_PER_PAGE,
    tagged: string | null = null,
  ): Promise<(BlogJson & { pages: number; tags: string[]; tag: string | null }) | null> {
    const [blog] = await this.db.query<{ id: string; handle: string; title: string; description: string; tags: string[] | null }>(
      `select b.id, b.handle, b.title, b.description,
         (select array_agg(distinct t order by t) from articles a, unnest(a.tags) t where a.blog_id = b.id and a.published_at <= now()) as tags
       from blogs b where b.handle = $1`,
      [handle],
    );
    if (!blog) return null;
    const tags = blog.tags ?? [];
    // A tag is asked for by its handle; the name shown is the one the articles carry.
    const tag = tagged === null ? null : (tags.find((name) => handleize(name) === tagged) ?? tagged);
    const [{ count } = { count: 0 }] = await this.db.query<{ count: number }>(
      "select count(*)::int as count from articles a where a.blog_id = $1 and a.published_at <= now() and ($2::text is null or $2 = any(a.tags))",
      [blog.id, tag],
    );
    const rows = await this.db.query<ArticleRow>(
      `select ${ARTICLE_COLUMNS} from articles a join blogs b on b.id = a.blog_id
       where a.blog_id = $1 and a.published_at <= now() and ($4::text is null or $4 = any(a.tags))
       order by a.published_at desc, a.id desc limit $2 offset $3`,
      [blog.id, perPage, (Math.max(1, page) - 1) * perPage, tag],
    );
    return {
      handle: blog.handle,
      title: blog.title,
      description: blog.description,
      articles: rows.map(articleJson),
      pages: Math.max(1, Math.ceil(count / perPage)),
      tags,
      tag,
    };
  }

  async blogTitle(handle: string): Promise<string | null> {
    const [row] = await this.db.query<{ title: string }>("select title from blogs where handle = $1", [handle]);
    return row?.title ?? null;
  }

  async article(blog: string, handle: string): Promise<ArticleJson | null> {
    const [row] = await this.db.query<ArticleRow>(
      `select ${ARTICLE_COLUMNS} from articles a join blogs b on b.id = a.blog_id where b.handle = $1 and a.handle = $2 and a.published_at <= now()`,
      [blog, handle],
    );
    return row ? articleJson(row) : null;
  }

  /** Every published article of every blog, for the sitemap. */
  async articles(): Promise<ArticleJson[]> {
    return (
      await this.db.query<ArticleRow>(`select ${ARTICLE_COLUMNS} from articles a join blogs b on b.id = a.blog_id where a.published_at <= now() order by b.handle, a.published_at desc`)
    ).map(articleJson);
  }

  async policy(handle: string): Promise<PolicyJson | null> {
    const [row] = await this.db.query<{ handle: string; title: string; body_html: string; updated_at: Date | string }>("select * from policies where handle = $1", [handle]);
    return row ? { handle: row.handle, title: row.title, bodyHtml: row.body_html, updatedAt: iso(row.updated_at) } : null;
  }

  async policies(): Promise<PolicyJson[]> {
    const rows = await this.db.query<{ handle: string; title: string; body_html: string; updated_at: Date | string }>("select * from policies order by handle");
    return rows.map((row) => ({ handle: row.handle, title: row.title, bodyHtml: row.body_html, updatedAt: iso(row.updated_at) }));
  }

  /**
   * A message from the contact form. A filled hidden field is a robot's: it
   * is answered as if sent and kept nowhere.
   */
  async contact(form: Record<string, unknown>, context: { ip: string; customerId: number | null; shopUrl: string }): Promise<ContactAnswer> {
    const posted = readContactForm(form);
    const parsed = contactSchema.safeParse(posted);
    if (!parsed.success) return { ok: false, reason: "invalid", description: INVALID, errors: contactFieldErrors(parsed.error) };
    const verdict = await this.limiter.hit(addressKey("contact", context.ip), this.limit);
    if (!verdict.allowed) return { ok: false, reason: "limited", description: TOO_MANY, errors: {}, retryAfter: verdict.retryAfter };
    const message = { ...parsed.data, body: contactMessageText(parsed.data.body, parsed.data.extras) };
    if (typeof posted.trap === "string" && posted.trap.trim() !== "") return { ok: true, email: message.email };

    await this.db.query("insert into contact_messages (name, email, phone, order_number, body, customer_id) values ($1, $2, $3, $4, $5, $6)", [
      message.name,
      message.email,
      message.phone,
      message.orderNumber,
      message.body,
      context.customerId,
    ]);
    const { shop } = this.settings;
    // The message is kept whatever happens to its emails: the mailer logs its own failures.
    await this.mailer.send(contactNoticeMessage({ to: shop.email, shopName: shop.name, shopUrl: context.shopUrl, message })).catch(() => undefined);
    await this.mailer.send(contactConfirmationMessage({ to: message.email, shopName: shop.name, shopUrl: context.shopUrl, message })).catch(() => undefined);
    return { ok: true, email: message.email };
  }
}
