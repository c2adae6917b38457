import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useHydrated } from "~/lib/hooks";

export interface SearchOption {
  value: string;
  label: string;
}

/** How many matches the open list shows at once (a state may have over a thousand cities): typing narrows them. */
const SHOWN = 60;

/**
 * A select the user can search (spec 1 §2: Country, State and City are searchable, Country clearable). The server
 * renders a native `<select>` (it works before scripts load and without them); once hydrated it becomes a combobox:
 * typing filters the options by their label, arrows and Enter choose, Escape closes, and a clear button empties a
 * clearable field. The chosen value posts under `name` either way.
 */
export function SearchSelect({
  id,
  name,
  options,
  value,
  onChange,
  placeholder,
  disabled,
  clearable,
  clearLabel,
  invalid,
  describedBy,
}: {
  id: string;
  name: string;
  options: readonly SearchOption[];
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  disabled?: boolean;
  clearable?: boolean;
  /** the clear button's accessible name, e.g. "Clear country" */
  clearLabel?: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  const hydrated = useHydrated();
  const listId = useId();
  const chosen = options.find((o) => o.value === value);
  const [text, setText] = useState(chosen?.label ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  // the shown text follows the chosen value (a new answer from the server, a parent clearing it)
  useEffect(() => setText(chosen?.label ?? ""), [chosen?.label]);

  const matches = useMemo(() => {
    const term = text.trim().toLowerCase();
    const all =
      !term || term === chosen?.label.toLowerCase()
        ? options
        : options.filter((o) => o.label.toLowerCase().includes(term));
    return all.slice(0, SHOWN);
  }, [options, text, chosen?.label]);

  if (!hydrated) {
    return (
      <select
        id={id}
        name={name}
        className="native-select"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }

  const choose = (option: SearchOption | null) => {
    setText(option?.label ?? "");
    setOpen(false);
    if ((option?.value ?? "") !== value) onChange(option?.value ?? "");
  };

  return (
    <div className="search-select" data-disabled={disabled || undefined}>
      <input type="hidden" name={name} value={value} />
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        className="native-select search-select-input"
        autoComplete="off"
        placeholder={placeholder}
        value={text}
        disabled={disabled}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onFocus={() => setOpen(true)}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            setOpen(true);
            setActive((i) => Math.max(0, Math.min(matches.length - 1, i + (e.key === "ArrowDown" ? 1 : -1))));
          } else if (e.key === "Enter" && open) {
            e.preventDefault();
            if (matches[active]) choose(matches[active]);
          } else if (e.key === "Escape") {
            setOpen(false);
            setText(chosen?.label ?? "");
          }
        }}
        onBlur={() => {
          // what was typed but not chosen does not count: the field shows the chosen option again
          setOpen(false);
          const exact = options.find((o) => o.label.toLowerCase() === text.trim().toLowerCase());
          if (exact) choose(exact);
          else if (!text.trim() && clearable) choose(null);
          else setText(chosen?.label ?? "");
        }}
      />
      {clearable && value && !disabled ? (
        <button
          type="button"
          className="search-select-clear"
          aria-label={clearLabel ?? "Clear"}
          onClick={() => {
            choose(null);
            inputRef.current?.focus();
          }}
        >
          ✕
        </button>
      ) : null}
      {open && !disabled ? (
        <ul id={listId} role="listbox" className="search-select-list">
          {matches.length ? (
            matches.map((o, i) => (
              <li
                key={o.value}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={o.value === value}
                data-active={i === active || undefined}
                // chosen before the input's blur closes the list
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(o);
                }}
              >
                {o.label}
              </li>
            ))
          ) : (
            <li className="search-select-empty" role="presentation">
              No match
            </li>
          )}
        </ul>
      ) : null}
    </div>
  );
}
