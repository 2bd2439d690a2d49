import { useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { MenuItem } from "../../core/contract/shopify-types.ts";
import { MenuLink } from "./MenuLink.tsx";
import { useOverlay } from "../marketing/overlays/stage.ts";
import { useText } from "../storefront/use-shop.ts";

/** The mega menu closes 100 ms after the pointer leaves it. */
export const MEGA_MENU_CLOSE_DELAY_MS = 100;
/** Desktop navigation from here up; the menu drawer below (≤ 834 px). */
export const DESKTOP_QUERY = "(min-width: 835px)";

const keyOf = (item: MenuItem) => `${item.title}-${item.url}`;

/**
 * The main menu. Desktop: disclosure navigation (WAI-ARIA practice) — a top
 * item with children is a button with `aria-expanded` controlling a panel of
 * columns; it opens on hover (with an overlay) and closes 100 ms after the
 * pointer leaves, opens and closes by click, Enter and Space; Escape closes
 * and returns focus to the button. Phones: a "Menu" button opening a modal
 * dialog (native `<dialog>`: focus kept inside, Escape closes) with the tree.
 * Without JavaScript (no `js` class on the root element) the top items are
 * links, the panels open on hover and keyboard focus through CSS, and phones
 * get the scrolling strip of top links instead of the drawer button.
 *
 * The drawer's tree is drawn the first time the drawer opens, not before:
 * only a script can open it, and a shut dialog shows nothing, so every page
 * is spared a second copy of the menu in its HTML and in its render.
 */
export function MainNav({ items }: { items: MenuItem[] }) {
  const id = useId();
  const [open, setOpen] = useState<string | null>(null);
  const text = useText();
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const drawer = useRef<HTMLDialogElement>(null);
  const [drawerDrawn, setDrawerDrawn] = useState(false);
  // The open menu drawer is the shopper's dialog on the overlay stage: no popup opens over it.
  const [drawerOpen, setDrawerOpen] = useState(false);
  useOverlay(drawerOpen ? { id: "menu-drawer", kind: "dialog", modal: true } : null);

  const cancelClose = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const closeLater = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(null), MEGA_MENU_CLOSE_DELAY_MS);
  };
  useEffect(() => cancelClose, []);
  const desktop = () => window.matchMedia(DESKTOP_QUERY).matches;
  // A pointer already resting on a top item when the menu's code arrives opens its panel, as entering it would have.
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!desktop()) return;
    const resting = list.current?.querySelector<HTMLElement>(":scope > li.main-nav__item:hover");
    const key = resting?.dataset.key;
    if (key) setOpen((current) => current ?? key);
  }, []);

  if (!items.length) return null;
  return (
    <>
      <nav
        className="main-nav"
        aria-label={text("main_nav_label")}
        onKeyDown={(event) => {
          if (event.key !== "Escape" || open === null) return;
          const button = buttons.current.get(open);
          setOpen(null);
          button?.focus();
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(null);
        }}
      >
        <ul className="main-nav__list" ref={list}>
          {items.map((item) => {
            const key = keyOf(item);
            if (!item.items.length) {
              return (
                <li key={key}>
                  <MenuLink item={item} className="main-nav__link" current />
                </li>
              );
            }
            const panelId = `${id}-${items.indexOf(item)}`;
            const expanded = open === key;
            return (
              <li
                key={key}
                data-key={key}
                className="main-nav__item"
                onPointerEnter={(event) => {
                  if (event.pointerType !== "mouse" || !desktop()) return;
                  cancelClose();
                  setOpen(key);
                }}
                onPointerLeave={(event) => {
                  if (event.pointerType === "mouse" && expanded) closeLater();
                }}
              >
                {/* Without JavaScript the top item is a link to its collection and the panel opens on hover and focus (CSS). */}
                <MenuLink item={item} className="main-nav__link main-nav__nojs-link" />
                <button
                  ref={(element) => {
                    if (element) buttons.current.set(key, element);
                    else buttons.current.delete(key);
                  }}
                  type="button"
                  className="main-nav__link main-nav__button"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => {
                    cancelClose();
                    setOpen(expanded ? null : key);
                  }}
                >
                  {item.title}
                </button>
                <div id={panelId} className="mega-menu" hidden={!expanded}>
                  <div className="mega-menu__columns">
                    <ul className="mega-menu__column">
                      <li>
                        <MenuLink item={{ ...item, title: text("shop_all", { title: item.title }) }} className="mega-menu__heading" />
                      </li>
                    </ul>
                    {item.items.map((column) => (
                      <ul key={keyOf(column)} className="mega-menu__column">
                        <li>
                          <MenuLink item={column} className="mega-menu__heading" />
                        </li>
                        {column.items.map((link) => (
                          <li key={keyOf(link)}>
                            <MenuLink item={link} className="mega-menu__link" />
                          </li>
                        ))}
                      </ul>
                    ))}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
        {open !== null ? <div className="mega-menu__overlay" aria-hidden="true" onClick={() => setOpen(null)} /> : null}
      </nav>

      <button
        type="button"
        className="menu-drawer__toggle"
        aria-haspopup="dialog"
        onClick={() => {
          flushSync(() => setDrawerDrawn(true));
          drawer.current?.showModal();
          setDrawerOpen(true);
        }}
      >
        {text("menu")}
      </button>
      <dialog ref={drawer} className="menu-drawer" aria-label={text("menu")} onClose={() => setDrawerOpen(false)}>
        <div className="menu-drawer__header">
          <button type="button" className="menu-drawer__close" onClick={() => drawer.current?.close()}>
            {text("menu_close")}
          </button>
        </div>
        <nav aria-label={text("menu")} onClick={(event) => (event.target as HTMLElement).closest("a") && drawer.current?.close()}>
          {drawerDrawn ? <MenuTree items={items} /> : null}
        </nav>
      </dialog>
    </>
  );
}

function MenuTree({ items }: { items: MenuItem[] }) {
  const text = useText();
  return (
    <ul className="menu-drawer__list">
      {items.map((item) => (
        <li key={keyOf(item)}>
          {item.items.length ? (
            <details className="menu-drawer__details">
              <summary className="menu-drawer__summary">{item.title}</summary>
              <MenuLink item={{ ...item, title: text("shop_all", { title: item.title }) }} className="menu-drawer__link" />
              <MenuTree items={item.items} />
            </details>
          ) : (
            <MenuLink item={item} className="menu-drawer__link" />
          )}
        </li>
      ))}
    </ul>
  );
}
