import { Flex, TextField, buttonProps } from "~/components/plain";
import { useLocation, useNavigate } from "@remix-run/react";
import { Form } from "~/components/remix";
import { useEffect, useRef, useState } from "react";
import { listHref } from "~/lib/url-state";
import { HiddenParams } from "./HiddenParams";

/** spec 1 §9: searches wait 400 ms after the last key (the commission search 600 ms). */
export const SEARCH_DEBOUNCE_MS = 400;

/**
 * A list's search box. Without JavaScript it is a GET form with a Search button; with JavaScript the URL
 * follows the typing after a pause (replacing the history entry). Either way the page goes back to 1.
 */
export function SearchBox({
  label,
  placeholder,
  param = "search",
  debounceMs = SEARCH_DEBOUNCE_MS,
}: {
  label: string;
  placeholder?: string;
  param?: string;
  debounceMs?: number;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const inUrl = params.get(param) ?? "";
  const [value, setValue] = useState(inUrl);
  const shown = useRef(inUrl);

  // the URL is the truth: a clear link or back/forward replaces what the box shows
  useEffect(() => {
    if (inUrl !== shown.current) setValue(inUrl);
    shown.current = inUrl;
  }, [inUrl]);

  useEffect(() => {
    if (value.trim() === shown.current.trim()) return;
    const timer = setTimeout(() => {
      shown.current = value.trim();
      navigate(listHref(location, { [param]: value.trim() || null }), { replace: true, preventScrollReset: true });
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [value, param, debounceMs, navigate, location]);

  return (
    // named apart from the navigation's search ('Search menu'), the page's other search landmark, and from its own box
    <Form method="get" action={location.pathname} role="search" aria-label="Search this list" className="list-search">
      <HiddenParams params={params} omit={[param, "page"]} />
      <Flex gap="2" align="center">
        <TextField
          type="search"
          name={param}
          aria-label={label}
          placeholder={placeholder ?? label}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          maxLength={100}
          autoComplete="off"
        />
        <button type="submit" {...buttonProps({ variant: "soft", className: "no-js-only" })}>
          Search
        </button>
      </Flex>
    </Form>
  );
}
