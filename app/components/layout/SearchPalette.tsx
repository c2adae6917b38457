import { Dialog, VisuallyHidden } from "@radix-ui/themes";
import { useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { SEARCH_MAX } from "#contract/search/search";
import { searchPageHref } from "~/lib/search";
import type { loader } from "~/routes/app+/search";

/** How long typing pauses before the palette asks for results. */
const DEBOUNCE_MS = 200;

/**
 * The Ctrl-K / Cmd-K search palette (ADR 0069): a lazy island the shell loads on the first shortcut. It reads the search
 * page's loader as the user types; ↑ and ↓ move through the records of every kind, Enter opens the chosen one (or, with
 * none chosen, the search page), Escape closes.
 */
export default function SearchPalette({ onClose }: { onClose: () => void }) {
  const fetcher = useFetcher<typeof loader>();
  const navigate = useNavigate();
  const [term, setTerm] = useState("");
  const [active, setActive] = useState(-1);
  const listId = useId();
  const trimmed = term.trim();

  const { load } = fetcher;
  useEffect(() => {
    if (!trimmed) return;
    const timer = setTimeout(() => load(searchPageHref(trimmed)), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [trimmed, load]);

  const data = trimmed ? fetcher.data : undefined;
  const groups = data?.groups ?? [];
  const hits = groups.flatMap((group) => group.hits);
  useEffect(() => setActive(-1), [data]);

  const open = (href: string) => {
    onClose();
    navigate(href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!hits.length) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((now) => (now + step + hits.length) % hits.length);
    } else if (event.key === "Enter" && trimmed) {
      event.preventDefault();
      open(hits[active]?.href ?? searchPageHref(trimmed));
    }
  };
  const optionId = (index: number) => `${listId}-${index}`;

  let index = -1;
  return (
    <Dialog.Root open onOpenChange={(isOpen) => (isOpen ? null : onClose())}>
      {/* inside the page's theme element, so the dialog takes its appearance (light or dark) */}
      <Dialog.Content
        maxWidth="560px"
        className="search-palette"
        aria-describedby={undefined}
        container={document.querySelector<HTMLElement>(".radix-themes[data-is-root-theme='true']") ?? undefined}
      >
        <VisuallyHidden>
          <Dialog.Title>Search</Dialog.Title>
        </VisuallyHidden>
        <input
          type="search"
          className="search-palette-input"
          role="combobox"
          aria-label="Search orders, products, customers and more"
          aria-expanded={hits.length > 0}
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          placeholder="Order number, name, e-mail, phone…"
          maxLength={SEARCH_MAX}
          autoComplete="off"
          value={term}
          onChange={(event) => setTerm(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <div id={listId} role="listbox" aria-label="Results" className="search-palette-results">
          {groups.map((group) => (
            <div key={group.kind} role="group" aria-label={group.label}>
              <div className="search-palette-kind" aria-hidden="true">
                {group.label}
              </div>
              {group.hits.map((hit) => {
                index++;
                const mine = index;
                return (
                  <div
                    key={hit.id}
                    id={optionId(mine)}
                    role="option"
                    aria-selected={mine === active}
                    className="search-palette-hit"
                    onMouseEnter={() => setActive(mine)}
                    onClick={() => open(hit.href)}
                  >
                    <span>{hit.title}</span>
                    {hit.detail ? <span className="search-palette-detail">{hit.detail}</span> : null}
                  </div>
                );
              })}
            </div>
          ))}
          {data?.message ? (
            <p role="alert" className="search-palette-note">
              {data.message}
            </p>
          ) : data && trimmed && !groups.length && fetcher.state === "idle" ? (
            <p role="status" className="search-palette-note">
              Nothing found for “{data.q}”.
            </p>
          ) : null}
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}
