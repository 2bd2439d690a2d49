/** A cookie's value (decoded) as the page's scripts see it, or null when the browser holds none of that name or it cannot be read. */
export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const part = document.cookie.split("; ").find((entry) => entry.startsWith(prefix));
  if (!part) return null;
  try {
    return decodeURIComponent(part.slice(prefix.length));
  } catch {
    return null;
  }
}
