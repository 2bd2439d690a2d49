/** Only a page of the back office itself is a place to come back to after signing in. */
export function returnTo(value: string | null): string {
  return value && /^\/admin(?:[/?]|$)/.test(value) && !value.includes("//") && !value.includes("\\") ? value : "/admin";
}
