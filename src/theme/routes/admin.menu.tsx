import { useEffect } from "react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin.menu";
import { ADMIN_PATH } from "../../core/admin/admin.ts";
import {
  MENUS_PATH,
  MENU_LIST_MAX,
  MENU_TITLE_MAX,
  MENU_URL_MAX,
  type MenuMove,
  applyMenuMove,
  menuFieldLabels,
  menuFormValues,
  menuItemName,
  pathKey,
  readMenuForm,
  readMenuMove,
  type ShopMenu,
  shopMenu,
  titleField,
  urlField,
} from "../../core/admin/admin-menu.ts";
import type { MenuItem } from "../../core/contract/shopify-types.ts";
import { type AdminProblem, adminHeaders, adminResponse, formValues } from "../admin/answer.ts";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { fieldId } from "../accounts/AccountField.tsx";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import "../accounts/account.css";
import "../admin/catalog.css";
import "../admin/menu.css";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [{ title: pageTitle(loaderData?.shopMenu.title ?? "Menu", shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("catalog")];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const url = new URL(request.url);
  if (!(await admin.staff())) throw redirect(`${ADMIN_PATH}/login?return_to=${encodeURIComponent(url.pathname)}`);
  const found = shopMenu(params.handle);
  const menu = found ? await admin.menu.menu(found.handle) : null;
  if (!found || !menu) throw data(null, { status: 404 });
  return { menu, shopMenu: found, saved: url.searchParams.get("saved") === "1" };
}

/** The menu after a move, not yet saved: the form's values again, where the keyboard goes, and what happened in words. */
interface MenuDraft {
  draft: Record<string, string>;
  focus: string | null;
  /** The top item whose columns and links the move was among, shown open. */
  opened: number | null;
  said: string;
}

/** The name of an item `depth` levels below the top ("top item", "column", "link"). */
const levelIn = (menu: ShopMenu, depth: number): string => menu.levels[depth] ?? "link";

/** What a move did, in words, for the page's status line. */
function moveSaid(menu: ShopMenu, items: readonly MenuItem[], move: MenuMove, done: boolean): string {
  if (move.kind === "add") return done ? `Added a ${levelIn(menu, move.parent.length)}. Fill in its title and link, then save the menu.` : `A list holds at most ${MENU_LIST_MAX} items.`;
  let item: MenuItem | undefined;
  let list: readonly MenuItem[] = items;
  for (const index of move.path) {
    item = list[index];
    list = item?.items ?? [];
  }
  const name = item?.title || menuItemName(move.path);
  if (!done) return move.kind === "up" ? `${name} is already first.` : `${name} is already last.`;
  return move.kind === "remove" ? `Removed ${name}. Save the menu to keep the change.` : `Moved ${name} ${move.kind}. Save the menu to keep the change.`;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  const menu = shopMenu(params.handle);
  if (!menu) throw data(null, { status: 404 });
  const depth = menu.levels.length;
  const values = formValues(await request.formData());
  const move = readMenuMove(values.move, depth);
  if (move) {
    // Moving, adding and removing only redraw the form; nothing is stored until the menu is saved.
    const before = readMenuForm(values, depth);
    const after = applyMenuMove(before, move);
    const draft: MenuDraft = {
      draft: { ...menuFormValues(after.items), version: values.version ?? "" },
      focus: focusAfter(after.items, move, after.focus),
      opened: move.kind === "add" ? (move.parent[0] ?? null) : move.path.length > 1 ? move.path[0]! : null,
      said: moveSaid(menu, before, move, after.done),
    };
    return draft;
  }
  const answer = await admin.menu.save(menu.handle, values);
  if (!answer.ok && answer.reason === "conflict") {
    // The editor's changes stay on the page, now against the menu as saved: saving again is a choice made knowingly.
    const current = await admin.menu.menu(menu.handle);
    return adminResponse(answer, { ...values, version: current?.version ?? "" });
  }
  return adminResponse(answer, values);
}

/** The element the keyboard goes back to after a move: the moved item's same button (its other one once it reaches an end), the new or next item's title. */
function focusAfter(items: readonly MenuItem[], move: MenuMove, path: number[] | null): string {
  if (!path) return "menu-add-top";
  if (move.kind === "add" || move.kind === "remove") return fieldId(titleField(path));
  let siblings: readonly MenuItem[] = items;
  for (const index of path.slice(0, -1)) siblings = siblings[index]?.items ?? [];
  const index = path[path.length - 1]!;
  const atEnd = move.kind === "up" ? index === 0 : index === siblings.length - 1;
  const button = atEnd ? (move.kind === "up" ? "down" : "up") : move.kind;
  return siblings.length === 1 ? fieldId(titleField(path)) : `menu-${pathKey(path)}-${button}`;
}

const isDraft = (value: unknown): value is MenuDraft => typeof value === "object" && value !== null && "draft" in value;

/** A short fingerprint of the form's values, so the form is drawn afresh (its inputs keep no old text) whenever they change. */
function fingerprint(values: Record<string, string>): string {
  let hash = 5381;
  for (const char of JSON.stringify(values)) hash = (hash * 33 + char.charCodeAt(0)) | 0;
  return String(hash >>> 0);
}

/** One of the shop's menus: its items (the main menu's top items, their columns and links), moved with buttons and saved as one. */
export default function AdminMenu({ loaderData, actionData }: Route.ComponentProps) {
  const { menu, shopMenu: shown, saved } = loaderData;
  const depth = shown.levels.length;
  const draft = isDraft(actionData) ? actionData : null;
  const problem: AdminProblem | null = actionData && !isDraft(actionData) ? (actionData as AdminProblem) : null;
  const busy = useNavigation().state === "submitting";
  const posted = draft?.draft ?? (problem && Object.keys(problem.values).length > 0 ? problem.values : null);
  const items = posted ? readMenuForm(posted, depth) : menu.items;
  const version = posted?.version ?? menu.version;
  const formKey = fingerprint({ ...(posted ?? menuFormValues(menu.items)), version });
  const focus = draft?.focus ?? null;
  // A top item's columns and links show folded, except where the last move was or a field below it is wrong.
  const opened = new Set<number>();
  if (draft?.opened != null) opened.add(draft.opened);
  for (const field of Object.keys(problem?.errors ?? {})) {
    const below = /^item_(\d+)_\d/.exec(field);
    if (below) opened.add(Number(below[1]));
  }

  useEffect(() => {
    if (!draft?.focus) return;
    document.getElementById(draft.focus)?.focus();
  }, [draft]);

  const notice = problem ? "" : draft ? draft.said : saved ? shown.saved : "";
  return (
    <div className="admin-catalog admin-menu">
      <p className="admin-catalog__back">
        <Link to={MENUS_PATH}>Menus</Link>
      </p>
      <h1 className="admin-page__title">{shown.title}</h1>
      <p className="admin-catalog__about">
        {shown.about} A link is a path of this shop: a collection (/collections/face, or filtered by a tag: /collections/face/skin-type-dry), a product (/products/…), a page
        (/pages/…), a policy (/policies/…), the journal (/blogs/…) or a search (/search?q=spf). Nothing changes in the shop until you save the menu.
      </p>
      <p className={notice ? "admin-notice" : "admin-stock__quiet"} role="status">
        {notice}
      </p>
      <ErrorSummary problem={problem} labels={menuFieldLabels(items)} fieldIdOf={(field) => (field === "menu" ? "menu-add-top" : fieldId(field))} />
      <Form method="post" className="admin-menu__form" key={formKey}>
        <input type="hidden" name="version" value={version} />
        {/* Enter in a field saves: this is the form's first button. */}
        <div className="admin-menu__toolbar">
          <button className="admin-button" type="submit" name="intent" value="save" aria-disabled={busy || undefined} onClick={(event) => busy && event.preventDefault()}>
            {busy ? "Saving…" : "Save menu"}
          </button>
          {draft || (problem && posted) ? <span className="admin-menu__unsaved">Changes not saved yet</span> : null}
        </div>
        <datalist id="menu-destinations">
          {menu.destinations.map((destination) => (
            <option key={destination.url} value={destination.url} label={destination.label} />
          ))}
        </datalist>
        <MenuList items={items} parent={[]} menu={shown} problem={problem} focus={focus} opened={opened} />
        <button id="menu-add-top" className="admin-button admin-button--quiet admin-menu__add" type="submit" name="move" value="add:" disabled={items.length >= MENU_LIST_MAX}>
          Add a {levelIn(shown, 0)}
        </button>
        <div className="admin-menu__toolbar">
          <button className="admin-button" type="submit" name="intent" value="save" aria-disabled={busy || undefined} onClick={(event) => busy && event.preventDefault()}>
            {busy ? "Saving…" : "Save menu"}
          </button>
        </div>
      </Form>
    </div>
  );
}

interface MenuListProps {
  menu: ShopMenu;
  problem: AdminProblem | null;
  focus: string | null;
  /** Top items shown unfolded. */
  opened: ReadonlySet<number>;
}

function MenuList({ items, parent, ...shared }: MenuListProps & { items: readonly MenuItem[]; parent: number[] }) {
  if (items.length === 0) return null;
  return (
    <ol className={`admin-menu__list admin-menu__list--${levelIn(shared.menu, parent.length).replace(" ", "-")}`}>
      {items.map((item, index) => (
        <MenuEntry key={pathKey([...parent, index])} item={item} path={[...parent, index]} count={items.length} {...shared} />
      ))}
    </ol>
  );
}

function MenuEntry({ item, path, count, ...shared }: MenuListProps & { item: MenuItem; path: number[]; count: number }) {
  const { menu, problem, focus, opened } = shared;
  const depth = menu.levels.length;
  const key = pathKey(path);
  const index = path[path.length - 1]!;
  const name = item.title || menuItemName(path);
  const level = levelIn(menu, path.length - 1);
  const legendId = `menu-${key}-legend`;
  return (
    <li className="admin-menu__entry">
      <fieldset className="admin-menu__item" aria-labelledby={legendId}>
        <legend id={legendId} className="admin-menu__legend">
          {menuItemName(path)} <span className="admin-menu__level">({level})</span>
        </legend>
        <div className="admin-menu__fields">
          <MenuField name={titleField(path)} label="Title" value={item.title} maxLength={MENU_TITLE_MAX} problem={problem} autoFocus={focus === fieldId(titleField(path))} />
          <MenuField name={urlField(path)} label="Link" value={item.url} maxLength={MENU_URL_MAX} problem={problem} list="menu-destinations" />
        </div>
        <div className="admin-menu__moves">
          <button id={`menu-${key}-up`} className="admin-button admin-button--quiet" type="submit" name="move" value={`up:${key}`} disabled={index === 0} autoFocus={focus === `menu-${key}-up`} aria-label={`Move up: ${name}`}>
            Move up
          </button>
          <button id={`menu-${key}-down`} className="admin-button admin-button--quiet" type="submit" name="move" value={`down:${key}`} disabled={index === count - 1} autoFocus={focus === `menu-${key}-down`} aria-label={`Move down: ${name}`}>
            Move down
          </button>
          <button className="admin-button admin-button--quiet" type="submit" name="move" value={`remove:${key}`} aria-label={`Remove: ${name}${item.items.length ? " and everything under it" : ""}`}>
            Remove
          </button>
        </div>
      </fieldset>
      {/* A deep menu's top items fold their columns and links away; a shallower menu shows each column's links. */}
      {path.length === 1 && depth > 2 ? (
        <details className="admin-menu__details" open={opened.has(index)}>
          <summary className="admin-menu__summary">
            Columns and links of {name} <span className="admin-menu__level">({countText(item.items)})</span>
          </summary>
          <MenuChildren item={item} path={path} name={name} shared={shared} />
        </details>
      ) : path.length < depth ? (
        <MenuChildren item={item} path={path} name={name} shared={shared} />
      ) : null}
    </li>
  );
}

/** "3 columns, 19 links": what a top item holds. */
function countText(columns: readonly MenuItem[]): string {
  const links = columns.reduce((sum, column) => sum + column.items.length, 0);
  return `${columns.length} ${columns.length === 1 ? "column" : "columns"}, ${links} ${links === 1 ? "link" : "links"}`;
}

/** An item's children and the button adding one. */
function MenuChildren({ item, path, name, shared }: { item: MenuItem; path: number[]; name: string; shared: MenuListProps }) {
  return (
    <div className="admin-menu__children">
      <MenuList items={item.items} parent={path} {...shared} />
      <button className="admin-button admin-button--quiet admin-menu__add" type="submit" name="move" value={`add:${pathKey(path)}`} disabled={item.items.length >= MENU_LIST_MAX}
        aria-label={`Add a ${levelIn(shared.menu, path.length)} to ${name}`}
      >
        Add a {levelIn(shared.menu, path.length)}
      </button>
    </div>
  );
}

function MenuField({
  name,
  label,
  value,
  maxLength,
  problem,
  list,
  autoFocus,
}: {
  name: string;
  label: string;
  value: string;
  maxLength: number;
  problem: AdminProblem | null;
  list?: string;
  autoFocus?: boolean;
}) {
  const id = fieldId(name);
  const messages = problem?.errors[name] ?? [];
  const errorId = messages.length ? `${id}-error` : null;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        className="field__input"
        id={id}
        name={name}
        type="text"
        autoComplete="off"
        defaultValue={value}
        maxLength={maxLength}
        list={list}
        autoFocus={autoFocus}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={errorId ?? undefined}
      />
      {messages.length ? (
        <p className="field__error" id={errorId!}>
          {messages.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
