import { useCallback, useEffect, useState } from "react";
import { SEARCH_MAX, SEARCH_PARAM } from "#contract/search/search";
import { Form } from "~/components/remix";

/**
 * The header's search box across the console's records (ADR 0069): a plain GET form to /app/search, so it works without
 * JavaScript; with it, Ctrl-K / Cmd-K opens the search palette (useSearchShortcut).
 */
export function ConsoleSearch({ label }: { label: string }) {
  return (
    <Form method="get" action="/app/search" role="search" aria-label={label} className="shell-search">
      <input
        type="search"
        name={SEARCH_PARAM}
        aria-label={label}
        placeholder={label}
        maxLength={SEARCH_MAX}
        autoComplete="off"
        className="shell-search-input"
      />
      <kbd className="shell-search-key" aria-hidden="true">
        Ctrl K
      </kbd>
    </Form>
  );
}

/** Whether the palette is open: Ctrl-K (Cmd-K on a Mac) opens it from anywhere in the console. */
export function useSearchShortcut() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setOpen(true);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { open, close };
}
