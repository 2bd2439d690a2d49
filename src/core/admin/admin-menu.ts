/**
 * The back office's menu editor (owner only, with the catalog), for each
 * menu the storefront draws (the header's, the footer's columns, the legal
 * line): the menu as a form of numbered fields, the moves a plain form
 * makes (up, down, add, remove), and the rules a saved menu obeys: every
 * item has a title, and every link is a page of this shop that exists.
 */
import { ADMIN_PATH, type AdminAnswer } from "./answers.ts";
import type { BuilderSettings } from "../builders/builder-settings.ts";
import { parseFilterSegment, tagHandle } from "../catalog/collection-url.ts";
import type { MenuItem } from "../contract/shopify-types.ts";
import { hasControlCharacter } from "../common/text.ts";

/** The menu the storefront's header and menu drawer show. */
export const MAIN_MENU_HANDLE = "main-menu";
/** The deepest menu's levels (the main menu's: top items hold columns; columns hold links, as the mega menu draws them). */
export const MENU_DEPTH = 3;

/** A menu the storefront draws, as the editor offers it: its levels' names (top first, one per level it has) and where shoppers see it. */
export interface ShopMenu {
  handle: string;
  title: string;
  levels: readonly string[];
  /** Where the shop shows it, for the list of menus and the saved notice: "the shop's header and phone menu". */
  shownIn: string;
  about: string;
  /** Why the menu may not be saved empty. */
  needed: string;
  /** What the editor says once the menu is saved. */
  saved: string;
}

/** The shop's menus, in the order the list shows them; the storefront draws each by its handle. */
export const SHOP_MENUS: readonly ShopMenu[] = [
  {
    handle: MAIN_MENU_HANDLE,
    title: "Main menu",
    levels: ["top item", "column", "link"],
    shownIn: "the shop's header and phone menu",
    about: "The navigation in the shop's header and its phone menu. A top item opens a panel of columns, each with its own links; the panel starts with “Shop all”, linking to the top item's own page.",
    needed: "Add at least one item: the shop's header needs its navigation.",
    saved: "Saved. The shop's header and phone menu show the new menu now.",
  },
  {
    handle: "footer",
    title: "Footer menu",
    levels: ["column", "link"],
    shownIn: "the columns of the shop's footer",
    about: "The columns at the foot of every page. Each column's title links to its own page and heads a list of links.",
    needed: "Add at least one column: the footer's links are how shoppers find help and the shop's story.",
    saved: "Saved. The shop's footer shows the new columns now.",
  },
  {
    handle: "legal",
    title: "Legal links",
    levels: ["link"],
    shownIn: "the legal line under the shop's footer",
    about: "The line of links under the footer, beside the copyright and “Cookie settings”: the shop's policies, such as /policies/privacy-policy.",
    needed: "Add at least one link: the shop's policies must stay one click away on every page.",
    saved: "Saved. The legal line under the shop's footer shows the new links now.",
  },
];

/** The list of the shop's menus; each menu's editor is below it, by handle. */
export const MENUS_PATH = `${ADMIN_PATH}/menu`;
export const menuPath = (handle: string): string => `${MENUS_PATH}/${encodeURIComponent(handle)}`;

/** The menu with this handle, or null when the shop draws none by that name. */
export const shopMenu = (handle: string): ShopMenu | null => SHOP_MENUS.find((menu) => menu.handle === handle) ?? null;
/** The most items one list (the top, or one item's children) holds. */
export const MENU_LIST_MAX = 20;
export const MENU_TITLE_MAX = 80;
export const MENU_URL_MAX = 500;

/** The menu as the editor shows it, with its version: a save made from an older copy is refused. */
export interface AdminMenu {
  items: MenuItem[];
  version: string;
  /** Where the merchant may link to, for the link field's suggestions: `{ url, label }`. */
  destinations: MenuDestination[];
}

export interface MenuDestination {
  url: string;
  label: string;
}

/** A menu as the list of menus shows it. */
export interface MenuSummary {
  menu: ShopMenu;
  /** How many items its top level holds. */
  count: number;
}

export interface AdminMenuClient {
  /** The shop's menus; null for anyone but the owner. */
  menus(): Promise<MenuSummary[] | null>;
  /** The menu with this handle; null for anyone but the owner, or a menu the shop does not draw. */
  menu(handle: string): Promise<AdminMenu | null>;
  /** Saves a menu's form (`version` and every item's `item_<path>_title` and `_url`); errors keyed by those names. */
  save(handle: string, form: Record<string, unknown>): Promise<AdminAnswer>;
}

/** Where an item sits: its index in the top list, then in each list below. */
export type MenuPath = readonly number[];

/** The path as field names write it: [0, 2] → "0_2". */
export const pathKey = (path: MenuPath): string => path.join("_");
export const titleField = (path: MenuPath): string => `item_${pathKey(path)}_title`;
export const urlField = (path: MenuPath): string => `item_${pathKey(path)}_url`;

const FIELD = /^item_(\d{1,2}(?:_\d{1,2}){0,2})_(title|url)$/;

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

const parsePath = (key: string): number[] => key.split("_").map(Number);

/**
 * The menu as the form posted it: items in the order of their numbers, each
 * list at most MENU_LIST_MAX long and `depth` deep (anything beyond is
 * not read). An item's fields left out read as empty.
 */
export function readMenuForm(form: Record<string, unknown>, depth = MENU_DEPTH): MenuItem[] {
  const paths = new Map<string, number[]>();
  for (const name of Object.keys(form)) {
    const match = FIELD.exec(name);
    if (!match) continue;
    const path = parsePath(match[1]!);
    if (path.length > depth || path.some((index) => index >= MENU_LIST_MAX)) continue;
    paths.set(pathKey(path), path);
  }
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < Math.min(a.length, b.length); i += 1) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return a.length - b.length;
  };
  const root: MenuItem[] = [];
  const placed = new Map<string, MenuItem>();
  for (const path of [...paths.values()].sort(compare)) {
    const item: MenuItem = { title: text(form[titleField(path)]), url: text(form[urlField(path)]), items: [] };
    const parentPath = path.slice(0, -1);
    // An item whose parent was not posted is dropped: it has nowhere to go.
    const siblings = parentPath.length === 0 ? root : placed.get(pathKey(parentPath))?.items;
    if (!siblings) continue;
    siblings.push(item);
    placed.set(pathKey(path), item);
  }
  return root;
}

/** The menu as form values: what `readMenuForm` reads back, item for item. */
export function menuFormValues(items: readonly MenuItem[], prefix: MenuPath = []): Record<string, string> {
  const values: Record<string, string> = {};
  items.forEach((item, index) => {
    const path = [...prefix, index];
    values[titleField(path)] = item.title;
    values[urlField(path)] = item.url;
    Object.assign(values, menuFormValues(item.items, path));
  });
  return values;
}

/** A change the editor's buttons ask for: move an item up or down among its siblings, remove it, or add one below an item (or at the top). */
export type MenuMove = { kind: "up" | "down" | "remove"; path: number[] } | { kind: "add"; parent: number[] };

/** The `move` button's value ("up:0_2", "add:" for a new top item) as a move in a menu `depth` levels deep; null when it is none. */
export function readMenuMove(value: unknown, depth = MENU_DEPTH): MenuMove | null {
  const match = /^(up|down|remove|add):(\d{1,2}(?:_\d{1,2}){0,2})?$/.exec(text(value));
  if (!match) return null;
  const path = match[2] === undefined ? [] : parsePath(match[2]);
  if (match[1] === "add") return path.length < depth ? { kind: "add", parent: path } : null;
  if (path.length === 0 || path.length > depth) return null;
  return { kind: match[1] as "up" | "down" | "remove", path };
}

const cloneMenu = (items: readonly MenuItem[]): MenuItem[] => items.map((item) => ({ ...item, items: cloneMenu(item.items) }));

function listAt(items: MenuItem[], parent: MenuPath): MenuItem[] | null {
  let list = items;
  for (const index of parent) {
    const item = list[index];
    if (!item) return null;
    list = item.items;
  }
  return list;
}

/**
 * The menu after a move, and where the moved (or new) item now is, so the
 * page can put the keyboard back on it; after a removal, the item now in its
 * place, else its parent. A move that cannot happen (the first item up, a
 * full list) leaves the menu as it was.
 */
export function applyMenuMove(items: readonly MenuItem[], move: MenuMove): { items: MenuItem[]; focus: number[] | null; done: boolean } {
  const next = cloneMenu(items);
  if (move.kind === "add") {
    const list = listAt(next, move.parent);
    if (!list || list.length >= MENU_LIST_MAX) return { items: next, focus: null, done: false };
    list.push({ title: "", url: "", items: [] });
    return { items: next, focus: [...move.parent, list.length - 1], done: true };
  }
  const parent = move.path.slice(0, -1);
  const index = move.path[move.path.length - 1]!;
  const list = listAt(next, parent);
  if (!list || index >= list.length) return { items: next, focus: null, done: false };
  if (move.kind === "remove") {
    list.splice(index, 1);
    const focus = list.length === 0 ? (parent.length ? parent : null) : [...parent, Math.min(index, list.length - 1)];
    return { items: next, focus, done: true };
  }
  const target = move.kind === "up" ? index - 1 : index + 1;
  if (target < 0 || target >= list.length) return { items: next, focus: move.path.slice(), done: false };
  const [item] = list.splice(index, 1);
  list.splice(target, 0, item!);
  return { items: next, focus: [...parent, target], done: true };
}

/** What the shop holds, for telling whether a link leads somewhere. */
export interface MenuLinkFacts {
  /** A collection shoppers may browse, with the tag handles of its published products; null when there is none. */
  collection(handle: string): { tagHandles: ReadonlySet<string> } | null;
  /** Whether a published product has this handle. */
  product(handle: string): boolean;
  /** Whether a page (written content or a builder the shop runs) has this handle. */
  page(handle: string): boolean;
  /** Whether the shop has this blog. */
  blog(handle: string): boolean;
  /** Whether this blog has this article published. */
  article(blog: string, handle: string): boolean;
  /** Whether the shop has written this policy. */
  policy(handle: string): boolean;
}

/** The shop's own pages that always exist, beside the home page and the search. */
export const FIXED_MENU_PAGES: readonly MenuDestination[] = [
  { url: "/collections", label: "All collections" },
  { url: "/account", label: "Customer account" },
  { url: "/cart", label: "Cart" },
];

const LINK_HINT = "Link to a collection (/collections/face), a product (/products/…), a page (/pages/…), a policy (/policies/…), the journal (/blogs/…) or a search (/search?q=…).";

const decode = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/**
 * Why a menu link does not lead to a page of this shop, or null when it does.
 * A link is a path of this shop (no other site, no script), to a collection
 * shoppers can browse (filtered only by tags its products carry), a published
 * product, a page, a policy, a blog or its published article, the search
 * (`/search?q=…`), the home page (`/`) or one of FIXED_MENU_PAGES.
 */
export function menuLinkProblem(url: string, facts: MenuLinkFacts): string | null {
  if (url === "") return "Enter the link, such as /collections/face.";
  if (url.length > MENU_URL_MAX) return `Keep the link to ${MENU_URL_MAX} characters or fewer.`;
  if (!url.startsWith("/") || url.startsWith("//") || url.includes("\\") || /\s/.test(url) || hasControlCharacter(url)) {
    return `Enter a link within this shop, starting with /. ${LINK_HINT}`;
  }
  let parsed: URL;
  try {
    parsed = new URL(url, "https://shop.invalid");
  } catch {
    return `That is not a link. ${LINK_HINT}`;
  }
  // Dot segments and other tricks resolve to another path than written: only the plain form is taken.
  if (parsed.origin !== "https://shop.invalid" || `${parsed.pathname}${parsed.search}${parsed.hash}` !== url) return `Write the link plainly, without dot segments or odd characters. ${LINK_HINT}`;
  if (parsed.hash !== "") return `Leave out the # part of the link. ${LINK_HINT}`;
  const segments = parsed.pathname.split("/").slice(1).map(decode);
  if (segments.some((segment) => segment === null)) return `That is not a link. ${LINK_HINT}`;
  const [area, handle, filters, ...rest] = segments as string[];
  if (parsed.pathname === "/") return parsed.search === "" ? null : `The home page link takes no ? part. ${LINK_HINT}`;
  if (area === "search" && segments.length === 1) {
    const names = [...parsed.searchParams.keys()];
    if (names.some((name) => name !== "q")) return "A search link takes only a search term: /search?q=serum.";
    return null;
  }
  if (parsed.search !== "") return `Only a search link takes a ? part. ${LINK_HINT}`;
  if (FIXED_MENU_PAGES.some((page) => page.url === parsed.pathname)) return null;
  if (area === "collections" && handle && rest.length === 0) {
    const collection = facts.collection(handle);
    if (!collection) return `There is no collection ${handle} that shoppers can browse. ${LINK_HINT}`;
    if (filters === undefined) return null;
    const wanted = parseFilterSegment(parsed.pathname.split("/")[3]);
    const missing = wanted.filter((tag) => !collection.tagHandles.has(tag));
    if (wanted.length === 0 || missing.length > 0) return `No product in ${handle} has the tag ${missing[0] ?? filters}, so that filter would show nothing.`;
    return null;
  }
  if (area === "products" && handle && filters === undefined) return facts.product(handle) ? null : `There is no product ${handle} in the shop. ${LINK_HINT}`;
  if (area === "pages" && handle && filters === undefined) return facts.page(handle) ? null : `There is no page ${handle} in the shop. ${LINK_HINT}`;
  if (area === "policies" && handle && filters === undefined) return facts.policy(handle) ? null : `The shop has no policy ${handle} written. ${LINK_HINT}`;
  if (area === "blogs" && handle && rest.length === 0) {
    if (!facts.blog(handle)) return `There is no blog ${handle} in the shop. ${LINK_HINT}`;
    // The third segment is an article of that blog.
    if (filters === undefined || facts.article(handle, filters)) return null;
    return `The blog ${handle} has no published article ${filters}. ${LINK_HINT}`;
  }
  return `That is not a page the menu can link to. ${LINK_HINT}`;
}

/** Tag handles of a collection's products, as its filtered links name them. */
export const tagHandlesOf = (tags: Iterable<string>): Set<string> => new Set([...tags].map(tagHandle));

/**
 * Every item's problems, keyed by its field: a title (one line, at most
 * MENU_TITLE_MAX), a link to a page that exists, at most MENU_LIST_MAX items
 * a list and as many levels as the menu has. An empty menu is refused: the
 * shop would lose what it draws (`menu.needed` says what).
 */
export function checkMenu(items: readonly MenuItem[], facts: MenuLinkFacts, menu: ShopMenu = SHOP_MENUS[0]!): Record<string, string> {
  const errors: Record<string, string> = {};
  const depth = menu.levels.length;
  if (items.length === 0) errors.menu = menu.needed;
  const walk = (list: readonly MenuItem[], prefix: number[]) => {
    if (list.length > MENU_LIST_MAX) errors[prefix.length ? titleField(prefix) : "menu"] = `Keep each list to ${MENU_LIST_MAX} items or fewer.`;
    list.forEach((item, index) => {
      const path = [...prefix, index];
      if (item.title === "") errors[titleField(path)] = "Enter the title shoppers read.";
      else if (item.title.length > MENU_TITLE_MAX) errors[titleField(path)] = `Keep the title to ${MENU_TITLE_MAX} characters or fewer.`;
      else if (hasControlCharacter(item.title, { lineBreaks: false })) errors[titleField(path)] = "Remove the special characters from the title.";
      const problem = menuLinkProblem(item.url, facts);
      if (problem) errors[urlField(path)] = problem;
      if (path.length < depth) walk(item.items, path);
      else if (item.items.length > 0) errors[titleField(path)] = `This menu goes ${depth} ${depth === 1 ? "level" : "levels"} deep: move what is under this item up.`;
    });
  };
  walk(items, []);
  return errors;
}

/** Each field's name as the error summary says it: "Item 2 › 1: title". */
export function menuFieldLabels(items: readonly MenuItem[], prefix: number[] = []): Record<string, string> {
  const labels: Record<string, string> = prefix.length === 0 ? { menu: "Menu" } : {};
  items.forEach((item, index) => {
    const path = [...prefix, index];
    const name = menuItemName(path);
    labels[titleField(path)] = `${name}: title`;
    labels[urlField(path)] = `${name}: link`;
    Object.assign(labels, menuFieldLabels(item.items, path));
  });
  return labels;
}

/** An item's name by its place: top items "Item 2", below them "Item 2 › 1", then "Item 2 › 1 › 3". */
export const menuItemName = (path: MenuPath): string => `Item ${path.map((index) => index + 1).join(" › ")}`;

/** The builders' own pages (`/pages/<handle>`), each there while its builder is on (the quiz needs steps too). */
export function builderPageHandles(builders: Pick<BuilderSettings, "quiz" | "kit" | "routine">): string[] {
  return [
    ...(builders.quiz.enabled && builders.quiz.steps.length > 0 ? ["build-your-bundle"] : []),
    ...(builders.kit.enabled ? ["build-your-kit"] : []),
    ...(builders.routine.enabled ? ["routine-builder"] : []),
  ];
}
