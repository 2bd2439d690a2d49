import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/admin.settings";
import { type AdminSettingsVersion, SETTINGS_NOTE_MAX_LENGTH } from "../../core/admin/admin-settings.ts";
import { type AdminProblem, adminHeaders, adminResponse, formValues } from "../admin/answer.ts";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { adminDates } from "../admin/orders-view.tsx";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { SettingsSection, settingId, settingLabels } from "../admin/SettingsFields.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useShop } from "../storefront/use-shop.ts";
import "../accounts/account.css";
import "../admin/settings.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Settings", shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("settings")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [page, { timeZone }] = await Promise.all([context.get(adminContext).settings.page(), context.get(storefrontContext).homePage()]);
  if (!page) throw new Response("Only the shop's owner can change the settings.", { status: 403 });
  const published = Number(new URL(request.url).searchParams.get("published"));
  // The theme editor links to the section that edits what it shows: that section opens.
  const opened = new URL(request.url).searchParams.get("section");
  return { page, timeZone, published: published === page.version.number ? published : null, opened };
}

/** Publishing the form, or restoring an earlier version; either makes a new live version. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const settings = context.get(adminContext).settings;
  const answer = values.intent === "restore" ? await settings.restore(Number(values.version), values) : await settings.publish(values);
  return adminResponse(answer, values);
}

const fieldIdOf = (name: string) => (name === "note" ? "settings-note" : settingId(name));


const versionLine = (version: AdminSettingsVersion, dates: Intl.DateTimeFormat) =>
  `${dates.format(new Date(version.publishedAt))}, ${version.staffName ?? (version.number === 1 ? "from the settings file" : "former staff")}`;

/**
 * The theme's settings as a form generated from the schema that checks them:
 * a section per group, the live version's values, a note, and publish; the
 * versions published, each restorable.
 */
export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { page, timeZone, published, opened } = loaderData;
  const problem: AdminProblem | null = actionData ?? null;
  const { language = "en", currency } = useShop();
  const dates = adminDates(language, timeZone);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const labels = settingLabels(page.form);
  // A problem with the publish form is shown at it; a restore's beside the history.
  const restoreProblem = problem?.values.intent === "restore" ? problem : null;
  const publishProblem = restoreProblem ? null : problem;
  return (
    <div className="admin-settings">
      <h1 className="admin-page__title">Settings</h1>
      <p className={published && !problem ? "admin-notice" : "admin-settings__quiet"} role="status">
        {published && !problem ? `Published: version ${published} is live. Every page of the shop uses it within a few seconds.` : ""}
      </p>
      <p className="admin-settings__live">
        Live now: version {page.version.number}, {versionLine(page.version, dates)}
        {page.version.note ? ` (“${page.version.note}”)` : ""}.
      </p>
      <ErrorSummary problem={publishProblem} labels={labels} fieldIdOf={fieldIdOf} />

      <Form method="post" className="admin-settings__form" aria-labelledby="settings-form-title">
        <h2 className="admin-settings__subtitle" id="settings-form-title">
          Change the settings
        </h2>
        <p className="admin-settings__help">
          Open a section, change what you need and publish it with a note. Amounts are in whole {currency} (40 means {currency} 40.00). Lists are written as JSON
          and checked against the same rules when you publish; nothing changes in the shop until the whole form is right.
        </p>
        <input type="hidden" name="intent" value="publish" />
        <input type="hidden" name="base" value={page.version.number} />
        {page.form.map((section) => (
          <SettingsSection key={section.name} section={section} problem={publishProblem} currency={currency} opened={section.name === opened} />
        ))}
        <div className="field admin-settings__note">
          <label className="field__label" htmlFor="settings-note">
            Note<span className="field__optional"> (optional)</span>
          </label>
          <p className="field__hint" id="settings-note-hint">
            What changed and why, for the version history.
          </p>
          <input
            className="field__input"
            id="settings-note"
            name="note"
            type="text"
            maxLength={SETTINGS_NOTE_MAX_LENGTH}
            autoComplete="off"
            defaultValue={publishProblem?.values.note ?? ""}
            aria-invalid={publishProblem?.errors.note ? true : undefined}
            aria-describedby={["settings-note-hint", publishProblem?.errors.note ? "settings-note-error" : null].filter(Boolean).join(" ")}
          />
          {publishProblem?.errors.note ? (
            <p className="field__error" id="settings-note-error">
              {publishProblem.errors.note.join(" ")}
            </p>
          ) : null}
        </div>
        <button className="admin-button" type="submit" aria-disabled={busy || undefined} onClick={(event) => busy && event.preventDefault()}>
          {busy && navigation.formData?.get("intent") === "publish" ? "Publishing…" : "Publish"}
        </button>
      </Form>

      <section className="admin-settings__history" aria-labelledby="settings-history-title">
        <h2 className="admin-settings__subtitle" id="settings-history-title">
          Versions
        </h2>
        {restoreProblem ? (
          <p className="admin-settings__problem" role="alert">
            {restoreProblem.description}
          </p>
        ) : null}
        <div className="admin-settings__scroll">
          <table className="admin-table">
            <caption>The latest {page.history.length === 1 ? "version" : `${page.history.length} versions`}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Published</th>
                <th scope="col">Note</th>
                <th scope="col">Restore</th>
              </tr>
            </thead>
            <tbody>
              {page.history.map((version) => (
                <tr key={version.number}>
                  <th scope="row">{version.number}</th>
                  <td>
                    <time dateTime={version.publishedAt}>{dates.format(new Date(version.publishedAt))}</time>, {version.staffName ?? (version.number === 1 ? "from the settings file" : "former staff")}
                  </td>
                  <td>
                    {version.note}
                    {version.restoredFrom !== null && !version.note.includes(`version ${version.restoredFrom}`) ? ` (restored version ${version.restoredFrom})` : ""}
                  </td>
                  <td>
                    {version.number === page.version.number ? (
                      <span className="admin-settings__muted">Live</span>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="restore" />
                        <input type="hidden" name="version" value={version.number} />
                        <input type="hidden" name="base" value={page.version.number} />
                        <button className="admin-button admin-button--quiet" type="submit">
                          Restore<span className="visually-hidden"> version {version.number}</span>
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
