/**
 * The bundle popup shows once per visit (browser session) and not at all
 * after the bundle was added. Storage failures are logged and ignored.
 */
const key = (handle: string) => `bundle-popup:${handle}`;

export function bundlePopupSeen(handle: string): boolean {
  try {
    return window.sessionStorage.getItem(key(handle)) !== null;
  } catch (error) {
    console.error(error);
    return false;
  }
}

export function rememberBundlePopup(handle: string): void {
  try {
    window.sessionStorage.setItem(key(handle), String(Date.now()));
  } catch (error) {
    console.error(error);
  }
}
