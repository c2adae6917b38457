import { Button } from "@radix-ui/themes";
import { Link, useLocation } from "@remix-run/react";
import { listHref, type ParamChanges } from "~/lib/url-state";

/**
 * A list row's Delete: a link that opens the list's confirmation dialog through the URL (`?confirm=delete&id=`), so it
 * works without JavaScript. `close` names other overlay params to drop (an open drawer, an inline edit).
 */
export function DeleteRowLink({ id, name, close = {}, resetPage }: { id: string; name: string; close?: ParamChanges; resetPage?: boolean }) {
  const location = useLocation();
  return (
    <Button asChild size="1" variant="soft" color="red">
      <Link to={listHref(location, { ...close, confirm: "delete", id }, resetPage === undefined ? {} : { resetPage })} preventScrollReset aria-label={`Delete ${name}`}>
        Delete
      </Link>
    </Button>
  );
}
