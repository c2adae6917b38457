// The shop page's data (spec 1 §2 Shop detail): the layout and its tabs load the shop through GET shop/getdetails/{id}.
import { json } from "@remix-run/node";
import type { ShopDetails } from "#contract/shops/shops-api";
import type { LoggedUser } from "#contract/access/auth";
import { sanitizeStory } from "#server-shared/story";
import { reachesShop } from "#contract/access/rights";
import { defaultStatsRange } from "#contract/shops/shop-stats";
import { SALES_PARAMS, type SalesData } from "~/components/shop/SalesCard";
import { apiFor, pageNotFound, type ApiClient } from "./api.server";

export const SHOP_PAGE_ROLES = ["admin", "shopOwner", "staff"] as const;

/** The shop of the URL for the signed-in user; another shop's id (for an owner or staff member) is 'Page not found'. */
export async function loadShop(
  request: Request,
  id: string | undefined,
): Promise<{ api: ApiClient; user: LoggedUser; shop: ShopDetails }> {
  const { api, user } = await apiFor(request, { roles: SHOP_PAGE_ROLES });
  // tenancy: an owner or staff member only ever sees the shop of their session (the API refuses the rest with 404 too)
  if (!id || !reachesShop(user, id)) throw pageNotFound();
  const result = await api.get(`shop/getdetails/${encodeURIComponent(id ?? "")}`);
  if (result.httpStatus === 404) throw pageNotFound();
  if (!result.success) throw json({ message: result.message }, { status: result.httpStatus });
  return { api, user, shop: result.data };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * Inline marks of the no-JS textarea (ADR 0017): **bold**, *italic*, [text](https://link). The text is escaped first,
 * so anything typed as HTML stays text.
 */
function inlineMarks(line: string) {
  return escapeHtml(line)
    .replace(/\[([^\]\n]+)\]\(((?:https?:\/\/|mailto:)[^\s)]+)\)/g, '<a href="$2">$1</a>')
    .replace(/\*\*(\S(?:[^*]*?\S)?)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[^*])\*(\S(?:[^*]*?\S)?)\*(?!\*)/g, "$1<em>$2</em>");
}

const BULLET = /^\s*[-•]\s+/;
const NUMBERED = /^\s*\d+[.)]\s+/;

/**
 * The no-JS textarea's text as story HTML: paragraphs at blank lines (line breaks inside them), a block whose lines
 * all start with "- " a bulleted list, with "1. " a numbered one; inline marks as above.
 */
export function textToStoryHtml(text: string) {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split("\n")
        .map((l) => l.trimEnd())
        .filter((l) => l.trim()),
    )
    .filter((lines) => lines.length)
    .map((lines) => {
      if (lines.every((l) => BULLET.test(l)))
        return `<ul>${lines.map((l) => `<li>${inlineMarks(l.replace(BULLET, ""))}</li>`).join("")}</ul>`;
      if (lines.every((l) => NUMBERED.test(l)))
        return `<ol>${lines.map((l) => `<li>${inlineMarks(l.replace(NUMBERED, ""))}</li>`).join("")}</ol>`;
      return `<p>${lines.map((l) => inlineMarks(l.trim())).join("<br>")}</p>`;
    })
    .join("");
}

/** Story HTML as the no-JS textarea's text, in the marks `textToStoryHtml` reads back, so saving it keeps the formatting. */
export function storyHtmlToText(html: string) {
  return html
    .replace(/<ol[^>]*>([\s\S]*?)<\/ol>/gi, (_, items: string) => {
      let n = 0;
      return `${items.replace(/<li[^>]*>/gi, () => `${++n}. `).replace(/<\/li>/gi, "\n")}\n\n`;
    })
    .replace(/<li[^>]*>/gi, "- ")
    .replace(/<\/li>/gi, "\n")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/?(strong|b)>/gi, "**")
    .replace(/<\/?(em|i)>/gi, "*")
    .replace(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, "[$2]($1)")
    .replace(/<\/(p|blockquote|ul|ol)>/gi, "\n\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The stored story for the page: sanitised again (older or seeded stories are plain text), and as plain text. */
export function storyForPage(story: string) {
  const html = story.trim() ? (sanitizeStory(/<[a-z][^>]*>/i.test(story) ? story : textToStoryHtml(story)) ?? "") : "";
  return { html, text: storyHtmlToText(html) };
}

/**
 * spec 1 §2 Lifetime Sales (the owner's own shop page): the totals and the days of the range in the URL (`salesStart`,
 * `salesEnd`; the API's default, the last 30 days, when absent). A refused range keeps what was typed, with the API's
 * message, and shows no figures.
 */
export async function loadSales(api: ApiClient, url: URL, now: Date): Promise<SalesData> {
  const asked = {
    start: url.searchParams.get(SALES_PARAMS.start) ?? "",
    end: url.searchParams.get(SALES_PARAMS.end) ?? "",
  };
  const fallback = defaultStatsRange(now);
  const chosen = !!(asked.start || asked.end);
  const body = { start: asked.start || undefined, end: asked.end || undefined };
  const [stats, graph] = await Promise.all([
    api.post("shop/stats", body, { type: "stats" }),
    api.post("shop/stats", body, { type: "graph" }),
  ]);
  if (!stats.success || !graph.success) {
    const error = (stats.success ? graph : stats).message;
    return {
      start: asked.start || fallback.start,
      end: asked.end || fallback.end,
      chosen,
      totals: null,
      days: [],
      error,
    };
  }
  const days = graph.data;
  return {
    start: days[0]?._id ?? fallback.start,
    end: days.at(-1)?._id ?? fallback.end,
    chosen,
    totals: stats.data[0] ?? null,
    days,
  };
}
