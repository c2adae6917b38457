import { TextField, buttonProps } from "~/components/plain";
import { useLocation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { HiddenParams } from "~/components/table/HiddenParams";
import type { ShellStrings } from "~/lib/i18n";
import { LineIcon } from "./LineIcon";

/** The URL param the navigation's search box writes (spec 1 §2 Menus). */
export const MENU_PARAM = "menu";

/**
 * The navigation's search box. Without JavaScript it is a GET form (`?menu=term`) and the server renders the
 * filtered menu; with JavaScript the menu follows the typing. The page's other params are kept.
 */
export function MenuSearch({
  term,
  onTerm,
  strings,
}: {
  term: string;
  onTerm: (term: string) => void;
  strings: ShellStrings;
}) {
  const location = useLocation();
  return (
    <Form
      method="get"
      action={location.pathname}
      role="search"
      aria-label={strings.searchMenu}
      className="menu-search"
      preventScrollReset
    >
      <HiddenParams params={new URLSearchParams(location.search)} omit={[MENU_PARAM]} />
      <TextField
        type="search"
        name={MENU_PARAM}
        value={term}
        onChange={(event) => onTerm(event.currentTarget.value)}
        aria-label={strings.searchMenu}
        placeholder={strings.searchMenu}
        maxLength={60}
        autoComplete="off"
        icon={<LineIcon size={15} path="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5" />}
      />
      <button type="submit" {...buttonProps({ variant: "soft", className: "no-js-only" })}>
        {strings.search}
      </button>
    </Form>
  );
}
