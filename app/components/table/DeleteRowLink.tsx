import { Link, useLocation } from "@remix-run/react";
import { listHref, type ParamChanges } from "~/lib/url-state";

/** The classes of Radix's `<Button size="1" variant="soft">`, for links rendered once per row (the same DOM and styles). */
export const ROW_BUTTON_CLASS = "rt-reset rt-BaseButton rt-r-size-1 rt-variant-soft rt-Button";

/**
 * A list row's Delete: a link that opens the list's confirmation dialog through the URL (`?confirm=delete&id=`), so it
 * works without JavaScript. `close` names other overlay params to drop (an open drawer, an inline edit).
 */
export function DeleteRowLink({ id, name, close = {}, resetPage }: { id: string; name: string; close?: ParamChanges; resetPage?: boolean }) {
  const location = useLocation();
  return (
    <Link
      to={listHref(location, { ...close, confirm: "delete", id }, resetPage === undefined ? {} : { resetPage })}
      preventScrollReset
      aria-label={`Delete ${name}`}
      data-accent-color="red"
      className={ROW_BUTTON_CLASS}
    >
      Delete
    </Link>
  );
}
