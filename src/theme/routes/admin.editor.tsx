import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin.editor";
import { isKitStepShown } from "../../core/builders/builder-bundles.ts";
import { timedPopupsEnabled } from "../../core/marketing/popups.ts";
import { SETTINGS_NOTE_MAX_LENGTH } from "../../core/admin/admin-settings.ts";
import { formFields, formSection } from "../../core/settings/settings-form.ts";
import {
  DESIGN_MODE_PARAMETER,
  type DesignEventType,
  SECTION_ATTRIBUTE,
  SIDE_CART_SECTION,
  designEventName,
} from "../../core/content/theme-editor.ts";
import {
  EDITOR_PAGES,
  EDITOR_POPUPS,
  type EditorSection,
  PREVIEW_WIDTHS,
  type PreviewWidth,
  editorPageKind,
  editorSections,
  popupOf,
  previewWidth,
} from "../../core/content/editor-sections.ts";
import { type AdminProblem, adminHeaders, adminResponse, formValues } from "../admin/answer.ts";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { SettingsFields, sectionLabel, settingId, settingLabels } from "../admin/SettingsFields.tsx";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { useShop } from "../storefront/use-shop.ts";
import "../accounts/account.css";
import "../admin/settings.css";
import { storefrontContext } from "../storefront/context.ts";
import { YIELDED_ATTRIBUTE } from "../content/editor/design-contract.ts";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import "../admin/editor.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Theme editor", shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("settings")];

/**
 * The page to preview (`?page=`), at which width (`?width=`), that page's
 * sections and the one selected (`?section=`), and the staff member's
 * settings as their preview shows them (their draft, else the live ones).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const storefront = context.get(storefrontContext);
  const [shop, first, builders, settings] = await Promise.all([
    storefront.shop(),
    storefront.collection("all", { perPage: 1 }),
    storefront.builders(),
    context.get(adminContext).settings.editor(),
  ]);
  if (!settings) throw new Response("Only the shop's owner can change the settings.", { status: 403 });
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
    kitSteps: builders.kit?.enabled ? builders.kit.steps.flatMap((step, id) => (isKitStepShown(step) ? [{ id, title: step.title }] : [])) : [],
  });
  const selected = sections.find((section) => section.id === url.searchParams.get("section"))?.id ?? null;
  const outcome = { published: Number(url.searchParams.get("published")) || null, discarded: url.searchParams.has("discarded") };
  return { pages, page, width: previewWidth(url.searchParams.get("width")), sections, selected, settings, outcome };
}

/** The editor's address for the page, width and selected section a form was sent from, with `extra` (what happened). */
function editorAddress(values: Record<string, string>, extra: URLSearchParams): string {
  const query = new URLSearchParams();
  for (const name of ["page", "width"]) if (values[name]) query.set(name, values[name]);
  if (values.selected) query.set("section", values.selected);
  for (const [name, value] of extra) query.set(name, value);
  return `/admin/editor?${query}`;
}

/** Keeping a section's settings as the draft, publishing the draft, or discarding it. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const settings = context.get(adminContext).settings;
  const answer = values.intent === "publish" ? await settings.publishDraft(values) : values.intent === "discard" ? await settings.discardDraft() : await settings.saveDraft(values);
  if (!answer.ok) return adminResponse(answer, values);
  return redirect(editorAddress(values, new URL(answer.next, "http://shop.invalid").searchParams));
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
export default function ThemeEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { pages, page, width, sections, selected, settings, outcome } = loaderData;
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
              to={`?page=${page.kind}&width=${name}${selected ? `&section=${encodeURIComponent(selected)}` : ""}`}
              aria-current={name === width ? "true" : undefined}
              preventScrollReset
            >
              {name === "phone" ? "Phone" : "Desktop"} <span className="theme-editor__px">({PREVIEW_WIDTHS[name]} px)</span>
            </Link>
          ))}
        </nav>
      </div>
      <Editor key={page.path} page={page} width={width} sections={sections} initial={selected} settings={settings} outcome={outcome} problem={actionData ?? null} />
    </div>
  );
}

type EditorSettings = Route.ComponentProps["loaderData"]["settings"];

interface EditorProps {
  page: { kind: string; label: string; path: string };
  width: PreviewWidth;
  sections: EditorSection[];
  /** The section selected when the page opened (`?section=`). */
  initial: string | null;
  settings: EditorSettings;
  outcome: { published: number | null; discarded: boolean };
  problem: AdminProblem | null;
}

type PreviewWindow = Window & typeof globalThis;

/** A setting's input id, and the note's: the error summary links to them. */
const fieldIdOf = (name: string) => (name === "note" ? "editor-note" : settingId(name));

/** The problems of a draft kept before the settings changed shape, and the sections holding them; null when the preview can be drawn with the draft. */
function keptDraftProblem(settings: EditorSettings): { problem: AdminProblem; sections: string[] } | null {
  const problems = settings.draft?.problems ?? {};
  const count = Object.keys(problems).length;
  if (count === 0) return null;
  const sections = settings.form.filter((section) => formFields([section]).some((field) => problems[field.name] !== undefined)).map((section) => section.name);
  return {
    problem: {
      description: `Your preview shows the live shop: your draft has ${count === 1 ? "one setting" : `${count} settings`} the shop no longer accepts.`,
      errors: Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, [message]])),
      values: { intent: "draft" },
    },
    sections,
  };
}

/** Sends one of Shopify's editor events into the framed page, on its document. */
function sendDesignEvent(view: PreviewWindow | null | undefined, type: DesignEventType, sectionId: string): void {
  if (!view) return;
  view.document.dispatchEvent(new view.CustomEvent(designEventName(type), { detail: { sectionId } }));
}

/**
 * Re-renders one section in the preview with the settings it now has:
 * `unload`, its HTML from the Section Rendering API for the page the
 * preview shows (the staff member's draft applies to the preview's
 * requests), put in the element the theme left for it, then `load`.
 */
async function rerenderSection(view: PreviewWindow | null | undefined, sectionId: string): Promise<void> {
  if (!view) return;
  sendDesignEvent(view, "unload", sectionId);
  const address = new URL(view.location.href);
  address.searchParams.set("sections", sectionId);
  address.searchParams.set(DESIGN_MODE_PARAMETER, "1");
  let html: string | null = null;
  try {
    const response = await fetch(`${address.pathname}${address.search}`, { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (response.ok) html = ((await response.json()) as Record<string, string | null>)[sectionId] ?? null;
  } catch {
    // The theme draws the section from its own data once it is loaded again.
  }
  const element = view.document.querySelector(`[${SECTION_ATTRIBUTE}="${view.CSS.escape(sectionId)}"][${YIELDED_ATTRIBUTE}]`);
  if (html !== null && element) {
    const template = view.document.createElement("template");
    template.innerHTML = html;
    // The answer is the section wrapped in its `shopify-section-{id}` element; the theme's element takes what is inside it.
    element.replaceChildren(...Array.from(template.content.firstElementChild?.childNodes ?? []));
  }
  sendDesignEvent(view, "load", sectionId);
}

/** Scrolls the preview to the section once it is drawn (a stage or popup appears on the next frames). */
function scrollPreviewTo(view: PreviewWindow | null | undefined, sectionId: string): void {
  if (!view) return;
  // A modal popup takes the focus inside the preview: the merchant stays where they were in the panel.
  const from = document.activeElement instanceof HTMLElement && !(document.activeElement instanceof HTMLIFrameElement) ? document.activeElement : null;
  const since = Date.now();
  const look = () => {
    const element = view.document.querySelector(`[${SECTION_ATTRIBUTE}="${view.CSS.escape(sectionId)}"]`);
    // A modal popup is drawn first and opened (taking the focus) just after.
    if (element && !(element instanceof view.HTMLDialogElement && !element.open)) {
      // A popup or the side cart is drawn over the page where it is; anything else is brought to the top of the preview (only the preview scrolls).
      if (!popupOf(sectionId) && sectionId !== SIDE_CART_SECTION) view.scrollTo({ top: Math.max(0, element.getBoundingClientRect().top + view.scrollY), behavior: "instant" });
      if (from && document.activeElement !== from) from.focus({ preventScroll: true });
      return;
    }
    // The popups' code loads once the preview is idle: a popup may take a moment to be drawn.
    if (Date.now() - since < SECTION_WAIT_MS) view.requestAnimationFrame(look);
  };
  view.requestAnimationFrame(look);
}

/** What the panel says of the draft: published, discarded, shown in the preview only, or nothing changed yet (""). */
function editorNotice(outcome: EditorProps["outcome"], settings: EditorSettings): string {
  if (outcome.published) return `Published: version ${outcome.published} is live. Every page of the shop uses it within a few seconds.`;
  if (outcome.discarded) return "Your draft was discarded: the preview shows the live settings.";
  if (settings.draft) return `Your preview shows your draft. Shoppers still see version ${settings.version.number} until you publish it.`;
  return "";
}

function Editor({ page, width, sections, initial, settings, outcome, problem }: EditorProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState<string | null>(initial);
  const selectedRef = useRef<string | null>(initial);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [status, setStatus] = useState("");
  const [scale, setScale] = useState(1);
  const frameWidth = PREVIEW_WIDTHS[width];
  const labelOf = (id: string) => sections.find((section) => section.id === id)?.label ?? id;
  const { currency } = useShop();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;

  const previewWindow = () => frameRef.current?.contentWindow as PreviewWindow | null | undefined;

  /** Sends one of Shopify's editor events into the framed page, on its document. */
  const send = (type: DesignEventType, sectionId: string) => sendDesignEvent(previewWindow(), type, sectionId);

  const rerender = (sectionId: string) => rerenderSection(previewWindow(), sectionId);
  const rerenders = useRef<Promise<void>>(Promise.resolve());

  // Each new draft (and a discard) re-renders the selected section, one re-render after another.
  const revision = settings.draft?.revision ?? 0;
  const seen = useRef({ revision, discarded: outcome.discarded });
  useEffect(() => {
    const before = seen.current;
    seen.current = { revision, discarded: outcome.discarded };
    if (before.revision === revision && (before.discarded || !outcome.discarded)) return;
    const sectionId = selectedRef.current;
    if (!ready) return;
    if (outcome.discarded && revision === 0) {
      // Dropping a draft may change any section: the whole preview is shown again with the live settings.
      previewWindow()?.location.reload();
      return;
    }
    if (!sectionId) return;
    rerenders.current = rerenders.current.then(() => rerender(sectionId));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revision, outcome.discarded]);

  const scrollTo = (sectionId: string) => scrollPreviewTo(previewWindow(), sectionId);

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

  const current = sections.find((section) => section.id === selected) ?? null;
  const group = current ? formSection(settings.form, current.settings) : null;
  // A problem with a section's settings shows at its form; publishing's and discarding's beside their buttons.
  const draftProblem = problem && problem.values.intent === "draft" ? problem : null;
  // A draft kept before the settings changed shape cannot be previewed: its problems show at their fields until corrected.
  const kept = keptDraftProblem(settings);
  const draftProblemHere = draftProblem && draftProblem.values.section === group?.name ? draftProblem : group && kept && kept.sections.includes(group.name) ? kept.problem : null;
  const publishProblem = problem && problem.values.intent !== "draft" ? problem : null;
  const previewUrl = `${page.path}${page.path.includes("?") ? "&" : "?"}${DESIGN_MODE_PARAMETER}=1`;
  // Every post keeps the page, the width and the selected section.
  const hidden = <EditorPlace page={page.kind} width={width} selected={selected} />;
  const notice = kept ? "" : editorNotice(outcome, settings);
  return (
    <div className="theme-editor__layout">
      <section className="theme-editor__panel" aria-labelledby="editor-sections-title">
        <h2 className="theme-editor__subtitle" id="editor-sections-title">
          Sections of the {page.label.toLowerCase()}
        </h2>
        <p className="theme-editor__hint">Select a section to see it in the preview and change its settings; select it again to let the page go back to how a shopper sees it.</p>
        <SectionList page={page} width={width} sections={sections} selected={selected} onChoose={choose} />
        <p className="theme-editor__status" role="status">
          {failed ? "The preview is not listening to the editor: it did not load, or a link took it to a page outside the editor. Choose a page and select Show page to start again." : status}
        </p>
        <noscript>
          <p className="theme-editor__hint">Without JavaScript the preview shows your draft when the page reloads; selecting a section in the preview needs scripts.</p>
        </noscript>

        <section className="theme-editor__settings" aria-labelledby="editor-settings-title">
          <h2 className="theme-editor__subtitle" id="editor-settings-title">
            {current && group ? `Settings: ${sectionLabel(group)}` : "Settings"}
          </h2>
          {kept ? (
            <p className="admin-settings__problem" role="alert">
              {kept.problem.description} Correct them in: {kept.sections.map((name) => sectionLabel(formSection(settings.form, name)!)).join(", ")}.
            </p>
          ) : (
            <p className={notice ? "admin-notice theme-editor__notice" : "theme-editor__hint"}>{notice || "Nothing changed yet: the preview shows the live settings."}</p>
          )}
          {current && group ? (
            <SectionSettingsForm key={`${group.name}-${revision}`} label={current.label} group={group} form={settings.form} problem={draftProblemHere} hidden={hidden} currency={currency} sending={sending} />
          ) : (
            <p className="theme-editor__hint">Select a section to change its settings here.</p>
          )}
          {settings.draft ? <DraftActions problem={publishProblem} hidden={hidden} sending={sending} /> : null}
        </section>
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

/** The page's sections, each a button that selects it in the preview (without scripts, opens its settings) and a link to its settings page. */
function SectionList({ page, width, sections, selected, onChoose }: { page: EditorProps["page"]; width: PreviewWidth; sections: EditorSection[]; selected: string | null; onChoose(id: string): void }) {
  return (
    <Form method="get" className="theme-editor__section-list">
      <input type="hidden" name="page" value={page.kind} />
      <input type="hidden" name="width" value={width} />
      <ul className="theme-editor__sections">
        {sections.map((section) => (
          <li key={section.id} className={`theme-editor__section ${selected === section.id ? "is-selected" : ""}`}>
            {/* Without scripts the button opens the section's settings here; with them it also shows the section in the preview. */}
            <button
              type="submit"
              name="section"
              value={section.id}
              className="theme-editor__select-section"
              aria-pressed={selected === section.id}
              onClick={(event) => {
                event.preventDefault();
                onChoose(section.id);
              }}
            >
              {section.label}
            </button>
            <a className="theme-editor__edit" href={`/admin/settings?section=${encodeURIComponent(section.settings)}#settings-section-${section.settings}`}>
              Edit<span className="visually-hidden"> the settings of {section.label}</span>
            </a>
          </li>
        ))}
      </ul>
    </Form>
  );
}

/** Publishing the draft (with a note) or discarding it. */
function DraftActions({ problem, hidden, sending }: { problem: AdminProblem | null; hidden: ReactNode; sending: FormDataEntryValue | null | undefined }) {
  return (
    <div className="theme-editor__draft">
      {problem ? (
        <p className="admin-settings__problem" role="alert">
          {problem.description}
        </p>
      ) : null}
      <Form method="post" className="theme-editor__publish">
        <input type="hidden" name="intent" value="publish" />
        {hidden}
        <div className="field">
          <label className="field__label" htmlFor="editor-note">
            Note<span className="field__optional"> (optional)</span>
          </label>
          <input className="field__input" id="editor-note" name="note" type="text" maxLength={SETTINGS_NOTE_MAX_LENGTH} autoComplete="off" />
        </div>
        <button className="admin-button" type="submit">
          {sending === "publish" ? "Publishing…" : "Publish"}
        </button>
      </Form>
      <Form method="post" className="theme-editor__discard">
        <input type="hidden" name="intent" value="discard" />
        {hidden}
        <button className="admin-button admin-button--quiet" type="submit">
          {sending === "discard" ? "Discarding…" : "Discard draft"}
        </button>
      </Form>
    </div>
  );
}

interface SectionSettingsFormProps {
  /** The selected section's name, as the list shows it. */
  label: string;
  group: NonNullable<ReturnType<typeof formSection>>;
  form: EditorSettings["form"];
  problem: AdminProblem | null;
  hidden: ReactNode;
  currency: string;
  sending: FormDataEntryValue | null | undefined;
}

/** The selected section's settings, sent as a draft the preview then shows; keyed by the draft, so a new draft (or none) draws the fields afresh with its values. */
function SectionSettingsForm({ label, group, form, problem, hidden, currency, sending }: SectionSettingsFormProps) {
  return (
    <>
      <ErrorSummary problem={problem} labels={settingLabels(form)} fieldIdOf={fieldIdOf} />
            <Form method="post" className="theme-editor__form" aria-labelledby="editor-settings-title">
        <input type="hidden" name="intent" value="draft" />
        {hidden}
        <input type="hidden" name="section" value={group.name} />
        <p className="theme-editor__hint">
          {label} uses the {sectionLabel(group).toLowerCase()} settings. Amounts are in whole {currency}. A change shows only in your preview until you publish it.
        </p>
        <SettingsFields group={group} problem={problem} currency={currency} />
        <button className="admin-button" type="submit" aria-disabled={sending === "draft" || undefined} onClick={(event) => sending && event.preventDefault()}>
          {sending === "draft" ? "Updating the preview…" : "Preview the change"}
        </button>
      </Form>
    </>
  );
}

/** Where the editor stands, carried by each of its forms: the page shown, the preview's width, the selected section. */
function EditorPlace({ page, width, selected }: { page: string; width: PreviewWidth; selected: string | null }) {
  return (
    <>
      <input type="hidden" name="page" value={page} />
      <input type="hidden" name="width" value={width} />
      {selected ? <input type="hidden" name="selected" value={selected} /> : null}
    </>
  );
}
