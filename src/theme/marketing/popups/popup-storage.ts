/**
 * The popups' memory in the browser: one localStorage record per popup
 * (`popup:newsletter`, `popup:countdown`, `popup:announcement`, `popup:geo`)
 * in the shapes the scheduling rules read, the visitor's first-visit record,
 * and the session cookie that says whether this session is a returning
 * visitor's and which once-per-session popups have shown.
 */
import { readCookie } from "../../ui/cookies.ts";
import { POPUP_SESSION_COOKIE, type PopupName, type PopupSession, VISITOR_KEY, beginPopupSession, formatPopupSession, parsePopupSession } from "../../../core/marketing/popup-visit.ts";

export const memoryKey = (name: PopupName) => `popup:${name}`;

/** A record read through its reader; one that cannot be parsed is logged and read as absent. */
export function readMemory<T>(name: PopupName, read: (raw: unknown) => T): T {
  try {
    return read(JSON.parse(localStorage.getItem(memoryKey(name)) ?? "null"));
  } catch (error) {
    console.error(error);
    return read(null);
  }
}

export function writeMemory(name: PopupName, record: object): void {
  try {
    localStorage.setItem(memoryKey(name), JSON.stringify(record));
  } catch (error) {
    // Storage full or refused (private mode): the popup only forgets sooner.
    console.error(error);
  }
}

/**
 * The visitor has answered the geo popup's question (stayed, closed it, or
 * chose a country in the footer themselves): it is not asked again for the
 * remember period.
 */
export function rememberGeoAnswered(now = Date.now()): void {
  writeMemory("geo", { time: now });
}

function writeSession(session: PopupSession): void {
  // No expiry: the record ends with the browser session.
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${POPUP_SESSION_COOKIE}=${formatPopupSession(session)}; Path=/; SameSite=Lax${secure}`;
}

/** This session's record, begun on the session's first page (returning when the browser had visited before). */
export function currentSession(): PopupSession {
  const stored = parsePopupSession(readCookie(POPUP_SESSION_COOKIE));
  if (stored) return stored;
  let known = false;
  try {
    known = localStorage.getItem(VISITOR_KEY) !== null;
    if (!known) localStorage.setItem(VISITOR_KEY, JSON.stringify({ first: Date.now() }));
  } catch (error) {
    console.error(error);
  }
  const session = beginPopupSession(known);
  writeSession(session);
  return session;
}

/** Records that a once-per-session popup has shown. */
export function markShownThisSession(name: PopupName): void {
  const session = currentSession();
  writeSession({ ...session, shown: [...session.shown, name] });
}
