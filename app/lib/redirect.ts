/** Only our own console paths; anything else (other hosts, `//evil`) falls back. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string) {
  if (typeof to !== "string" || !to.startsWith("/app") || to.startsWith("//") || to.includes("\\")) return fallback;
  return to;
}
