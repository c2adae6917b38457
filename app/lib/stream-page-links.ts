import type { LinksFunction } from "@remix-run/node";
import streamFormCss from "~/styles/stream-form.css?url";
import streamPromoteCss from "~/styles/stream-promote.css?url";
import tableCss from "~/styles/table.css?url";

/** The Add and Edit Stream pages' stylesheets (shop and campaign): the form; the layers of the drawer and dialogs and the
 * search box (table.css); the Promoted Products card (ADR 0039, ADR 0070). */
export const streamPageLinks: LinksFunction = () => [
  { rel: "stylesheet", href: streamFormCss },
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: streamPromoteCss },
];
