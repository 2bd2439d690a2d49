import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/admin.editor";
import { timedPopupsEnabled } from "../../core/popups.ts";
import {
  DESIGN_MODE_PARAMETER,
  EDITOR_PAGES,
  EDITOR_POPUPS,
  type DesignEventType,
  type EditorSection,
  PREVIEW_WIDTHS,
  type PreviewWidth,
  designEventName,
  editorPageKind,
  editorSections,
  popupOf,
  previewWidth,
} from "../../core/theme-editor.ts";
import { adminHeaders } from "../admin/answer.ts";
import { areaGuard } from "../admin/guard.ts";
import { storefrontContext } from "../storefront/context.ts";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import "../admin/editor.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Theme editor", shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("settings")];

/** The page to preview (`?page=`), at which width (`?width=`), and that page's sections. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const storefront = context.get(storefrontContext);
  const [shop, first, builders] = await Promise.all([storefront.shop(), storefront.collection("all", { perPage: 1 }), storefront.builders()]);
  const productPath = first?.products[0] ? `/products/${first.products[0].product.handle}` : null;
  // A shop without products has no product page to preview.
  const pages = EDITOR_PAGES.flatMap((entry) => {
    const path = entry.path ?? productPath;
    return path ? [{ kind: entry.kind, label: entry.label, path }] : [];
  });
  const kind = editorPageKind(url.searchParams.get("page"));
  const page = pages.find((entry) => entry.kind === kind) ?? pages[0]!;
  const enabled = shop.popups ? timedPopupsEnabled(shop.popups, Boolean(shop.newsletter)) : null;
  const sections = editorSections(page.kind, {
    announcementBar: Boolean(shop.announcementBar?.enabled),
    popups: enabled ? EDITOR_POPUPS.filter((popup) => enabled[popup]) : [],
    routineBooking: Boolean(builders.routine?.booking.enabled),
  });
  return { pages, page, width: previewWidth(url.searchParams.get("width")), sections };
}

/** How long the editor waits for the framed page to hear its events before saying it did not load. */
const READY_WAIT_MS = 30_000;
const READY_POLL_MS = 100;
/** How long a selected section is looked for in the preview, to scroll to it. */
const SECTION_WAIT_MS = 10_000;

/**
 * The theme editor: the previewed page's sections beside the storefront in
 * a frame in design mode, at a phone's or a desktop's width. Selecting a
 * section scrolls the preview to it and sends Shopify's editor events into
 * the frame, where the theme shows it (a builder's stage, a popup at once).
 */
export default function ThemeEditor({ loaderData }: Route.ComponentProps) {
  const { pages, page, width, sections } = loaderData;
  return (
    <div className="theme-editor">
      <h1 className="admin-page__title">Theme editor</h1>
      <div className="theme-editor__bar">
        <Form method="get" className="theme-editor__chooser">
          <label className="theme-editor__label" htmlFor="editor-page">
            Page
          </label>
          <select id="editor-page" name="page" defaultValue={page.kind} className="theme-editor__select">
            {pages.map((entry) => (
              <option key={entry.kind} value={entry.kind}>
                {entry.label}
              </option>
            ))}
          </select>
          <input type="hidden" name="width" value={width} />
          <button type="submit" className="admin-button">
            Show page
          </button>
        </Form>
        <nav className="theme-editor__widths" aria-label="Preview width">
          {(Object.keys(PREVIEW_WIDTHS) as PreviewWidth[]).map((name) => (
            <Link
              key={name}
              className="theme-editor__width"
              to={`?page=${page.kind}&width=${name}`}
              aria-current={name === width ? "true" : undefined}
              preventScrollReset
            >
              {name === "phone" ? "Phone" : "Desktop"} <span className="theme-editor__px">({PREVIEW_WIDTHS[name]} px)</span>
            </Link>
          ))}
        </nav>
      </div>
      <Editor key={page.path} page={page} width={width} sections={sections} />
    </div>
  );
}

function Editor({ page, width, sections }: { page: { kind: string; label: string; path: string }; width: PreviewWidth; sections: EditorSection[] }) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const selectedRef = useRef<string | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [status, setStatus] = useState("");
  const [scale, setScale] = useState(1);
  const frameWidth = PREVIEW_WIDTHS[width];
  const labelOf = (id: string) => sections.find((section) => section.id === id)?.label ?? id;

  /** Sends one of Shopify's editor events into the framed page, on its document. */
  const send = (type: DesignEventType, sectionId: string) => {
    const view = frameRef.current?.contentWindow as (Window & typeof globalThis) | null | undefined;
    if (!view) return;
    view.document.dispatchEvent(new view.CustomEvent(designEventName(type), { detail: { sectionId } }));
  };

  /** Scrolls the preview to the section once it is drawn (a stage or popup appears on the next frames). */
  const scrollTo = (sectionId: string) => {
    const view = frameRef.current?.contentWindow as (Window & typeof globalThis) | null | undefined;
    if (!view) return;
    // A modal popup takes the focus inside the preview: the merchant stays where they were in the panel.
    const from = document.activeElement instanceof HTMLElement && !(document.activeElement instanceof HTMLIFrameElement) ? document.activeElement : null;
    const since = Date.now();
    const look = () => {
      const element = view.document.querySelector(`[data-section-id="${view.CSS.escape(sectionId)}"]`);
      // A modal popup is drawn first and opened (taking the focus) just after.
      if (element && !(element instanceof view.HTMLDialogElement && !element.open)) {
        // A popup is drawn over the page where it is; anything else is brought to the top of the preview (only the preview scrolls).
        if (!popupOf(sectionId)) view.scrollTo({ top: Math.max(0, element.getBoundingClientRect().top + view.scrollY), behavior: "instant" });
        if (from && document.activeElement !== from) from.focus({ preventScroll: true });
        return;
      }
      // The popups' code loads once the preview is idle: a popup may take a moment to be drawn.
      if (Date.now() - since < SECTION_WAIT_MS) view.requestAnimationFrame(look);
    };
    view.requestAnimationFrame(look);
  };

  // The framed page hears the events once its scripts run; each new document (a reload, a link followed) is waited for again.
  const watch = () => {
    setReady(false);
    setFailed(false);
    const started = Date.now();
    const poll = () => {
      const document = frameRef.current?.contentDocument;
      if (document?.documentElement.dataset.designMode === "true") {
        setReady(true);
        const current = selectedRef.current;
        if (current) {
          send("select", current);
          scrollTo(current);
        }
        return;
      }
      if (Date.now() - started > READY_WAIT_MS) {
        setFailed(true);
        return;
      }
      timer.current = setTimeout(poll, READY_POLL_MS);
    };
    clearTimeout(timer.current);
    poll();
  };
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    // The frame may have loaded before this page's scripts took over.
    timer.current = setTimeout(watch, 0);
    return () => clearTimeout(timer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The desktop preview is drawn at its full width and scaled down to fit beside the panel.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const fit = () => setScale(Math.min(1, stage.clientWidth / frameWidth));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(stage);
    return () => observer.disconnect();
  }, [frameWidth]);

  const choose = (sectionId: string) => {
    const previous = selectedRef.current;
    if (previous === sectionId) {
      send("deselect", sectionId);
      selectedRef.current = null;
      setSelected(null);
      setStatus(`${labelOf(sectionId)} is no longer selected.`);
      return;
    }
    if (previous) send("deselect", previous);
    selectedRef.current = sectionId;
    setSelected(sectionId);
    if (!ready) {
      setStatus(`${labelOf(sectionId)} shows once the preview has loaded.`);
      return;
    }
    send("select", sectionId);
    scrollTo(sectionId);
    setStatus(`${labelOf(sectionId)} is selected and shown in the preview.`);
  };

  const previewUrl = `${page.path}${page.path.includes("?") ? "&" : "?"}${DESIGN_MODE_PARAMETER}=1`;
  return (
    <div className="theme-editor__layout">
      <section className="theme-editor__panel" aria-labelledby="editor-sections-title">
        <h2 className="theme-editor__subtitle" id="editor-sections-title">
          Sections of the {page.label.toLowerCase()}
        </h2>
        <p className="theme-editor__hint">Select a section to see it in the preview; select it again to let the page go back to how a shopper sees it.</p>
        <ul className="theme-editor__sections">
          {sections.map((section) => (
            <li key={section.id} className={`theme-editor__section ${selected === section.id ? "is-selected" : ""}`}>
              <button type="button" className="theme-editor__select-section" aria-pressed={selected === section.id} onClick={() => choose(section.id)}>
                {section.label}
              </button>
              <a className="theme-editor__edit" href={`/admin/settings?section=${encodeURIComponent(section.settings)}#settings-section-${section.settings}`}>
                Edit<span className="visually-hidden"> the settings of {section.label}</span>
              </a>
            </li>
          ))}
        </ul>
        <p className="theme-editor__status" role="status">
          {failed ? "The preview is not listening to the editor: it did not load, or a link took it to a page outside the editor. Choose a page and select Show page to start again." : status}
        </p>
        <noscript>
          <p className="theme-editor__hint">Selecting sections needs JavaScript; the settings links work without it.</p>
        </noscript>
      </section>
      <div className="theme-editor__stage" ref={stageRef} data-width={width}>
        <iframe
          ref={frameRef}
          className="theme-editor__frame"
          title={`Preview of the ${page.label.toLowerCase()}`}
          src={previewUrl}
          onLoad={watch}
          style={{ width: frameWidth, transform: scale < 1 ? `scale(${scale})` : undefined, height: scale < 1 ? `${Math.round(100 / scale)}%` : "100%" }}
          data-ready={ready ? "true" : "false"}
        />
      </div>
    </div>
  );
}
