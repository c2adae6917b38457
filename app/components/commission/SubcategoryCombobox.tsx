import { Text, TextField } from "@radix-ui/themes";
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type UIEvent } from "react";
import type { SubcategoryOption } from "#contract/catalogue/categories-api";
import { SUBCATEGORY_PAGE } from "#contract/shops/commission";
import { UI_MSG } from "#contract/core/messages-ui";
import { SEARCH_DEBOUNCE_MS } from "~/components/table/SearchBox";
import { callApiList } from "~/lib/api.client";
import { FieldLabel } from "~/components/form/FieldLabel";

type Page = { data: SubcategoryOption[]; isNext: boolean };

async function subcategories(search: string, skip: number, signal: AbortSignal): Promise<Page> {
  return callApiList("GET", "category/subcategory-list", {
    query: { skip, limit: SUBCATEGORY_PAGE, sort: "name", sortType: "asc", search },
    signal,
  });
}

/** "Clothing · Women's Fashion": where a sub-category sits. */
export const placeOf = (option: SubcategoryOption) => `${option.parent.name} · ${option.parent.parent.name}`;

/**
 * The add form's sub-category select with JavaScript (spec 1 §9): type to search (GET category/subcategory-list), pages
 * of 10 that load as the list scrolls, arrow keys and Enter to choose. Posts the chosen id as `name`. Without
 * JavaScript the page renders a search-and-choose form instead.
 */
export function SubcategoryCombobox({
  id,
  name,
  label,
  errors,
  errorId,
}: {
  id: string;
  name: string;
  label: string;
  errors?: string[] | null;
  errorId?: string;
}) {
  const listId = useId();
  const [text, setText] = useState("");
  const [search, setSearch] = useState("");
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<SubcategoryOption[]>([]);
  const [isNext, setIsNext] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const [chosen, setChosen] = useState<SubcategoryOption | null>(null);
  const request = useRef<AbortController | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** the search whose first page is shown (null: none yet, or it failed) */
  const loadedFor = useRef<string | null>(null);

  /** Page `skip` of the current search; the first page replaces the list, the next ones extend it. */
  const load = useCallback((term: string, skip: number) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    setFailure(null);
    subcategories(term, skip, controller.signal)
      .then((page) => {
        setOptions((current) => (skip === 0 ? page.data : [...current, ...page.data]));
        setIsNext(page.isNext);
        if (skip === 0) setActive(page.data.length ? 0 : -1);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // spec 1 §8: list failures empty the list and say so
        if (skip === 0) {
          setOptions([]);
          loadedFor.current = null;
        }
        setIsNext(false);
        setFailure(error instanceof Error && error.message ? error.message : UI_MSG.somethingWrong);
      })
      .finally(() => {
        if (request.current === controller) {
          setLoading(false);
          request.current = null;
        }
      });
  }, []);

  // the search follows the typing after a pause, from the first page; opening loads the first page once
  useEffect(() => {
    if (!open || loadedFor.current === search) return;
    const timer = setTimeout(
      () => {
        loadedFor.current = search;
        load(search, 0);
      },
      loadedFor.current === null ? 0 : SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [search, open, load]);

  useEffect(() => () => request.current?.abort(), []);

  function choose(option: SubcategoryOption) {
    setChosen(option);
    setText(option.name);
    setOpen(false);
  }

  function onScroll(event: UIEvent<HTMLUListElement>) {
    const list = event.currentTarget;
    if (isNext && !loading && list.scrollTop + list.clientHeight >= list.scrollHeight - 24)
      load(search, options.length);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      const next = Math.min(Math.max(active + step, 0), options.length - 1);
      setActive(next);
      listRef.current?.querySelector(`[data-index="${next}"]`)?.scrollIntoView({ block: "nearest" });
      if (step > 0 && next >= options.length - 1 && isNext && !loading) load(search, options.length);
    } else if (event.key === "Enter" && open) {
      // Enter picks the highlighted option instead of sending the form
      event.preventDefault();
      if (options[active]) choose(options[active]);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  const activeId = open && options[active] ? `${listId}-${active}` : undefined;
  return (
    <div className="subcategory-combobox">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <input type="hidden" name={name} value={chosen?._id ?? ""} />
      <TextField.Root
        id={id}
        size="3"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        placeholder="Search sub-category"
        autoComplete="off"
        maxLength={100}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setSearch(event.currentTarget.value.trim());
          setChosen(null);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {chosen ? (
        <Text size="1" color="gray" data-testid="chosen-subcategory">
          {placeOf(chosen)}
        </Text>
      ) : null}
      {open ? (
        <ul className="combobox-list" id={listId} role="listbox" aria-label={label} ref={listRef} onScroll={onScroll}>
          {options.map((option, index) => (
            <li
              key={option._id}
              id={`${listId}-${index}`}
              data-index={index}
              role="option"
              aria-selected={index === active}
              // mousedown, not click: the input keeps focus and does not close the list first
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
              onMouseEnter={() => setActive(index)}
            >
              <span className="combobox-option-name">{option.name}</span>
              <span className="combobox-option-place">{placeOf(option)}</span>
            </li>
          ))}
          {loading ? <li className="combobox-note">Loading…</li> : null}
          {!loading && failure ? <li className="combobox-note combobox-failure">{failure}</li> : null}
          {!loading && !failure && !options.length ? <li className="combobox-note">No sub-categories found</li> : null}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * spec 1 §5 Commission: decimal points and non-digits are blocked as they are typed or pasted (the server refuses them
 * anyway). A text input, not type=number: a number input would let the browser refuse 150 before the server's message.
 */
export function blockNonDigits(event: KeyboardEvent<HTMLInputElement>) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
  if (!/\d/.test(event.key)) event.preventDefault();
}
export function keepDigits(event: { currentTarget: HTMLInputElement }) {
  const input = event.currentTarget;
  const digits = input.value.replace(/\D/g, "");
  if (digits !== input.value) input.value = digits;
}
