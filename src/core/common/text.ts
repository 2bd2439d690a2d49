/**
 * Whether text holds a control character (a NUL, an escape, a backspace…).
 * Tab, line feed and carriage return are ordinary text in a note; `lineBreaks:
 * false` refuses them too, for one-line fields such as an address.
 */
export function hasControlCharacter(text: string, { lineBreaks = true } = {}): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x7f) return true;
    if (code >= 0x20) continue;
    if (lineBreaks && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    return true;
  }
  return false;
}
