import { useLocation, useSubmit } from "@remix-run/react";
import { Form, Link } from "~/components/remix";
import { useEffect, useRef } from "react";
import { PAGE_SIZES } from "#contract/list";
import { nounFor } from "~/lib/format";
import { listHref, readListState } from "~/lib/url-state";
import { HiddenParams } from "./HiddenParams";

/**
 * "Showing 1–10 of 42 users", "Showing 1 of 1 user"; an empty list says so ("No users") rather than "Showing 0 of 0",
 * and a page past the end says how many there are.
 */
function rangeText({ from, to, count, total, noun }: { from: number; to: number; count: number; total: string; noun: string }) {
  const counted = nounFor(count, noun);
  if (!from) return count ? `No ${noun} on this page, ${total} in all` : `No ${noun}`;
  return from === to && count === 1 ? `Showing 1 of 1 ${counted}` : `Showing ${from}–${to} of ${total} ${counted}`;
}

/**
 * Under a list: "Showing x–y of count", the page size (spec 1 §9: 5, 10, 25, 50, 100) and Previous/Next
 * links. spec 1 §4: Next is disabled when the server says there is no next page, Previous on page 1.
 */
export function Pagination({
  count,
  countEstimated = false,
  isNext,
  shown,
  noun = "results",
  defaultLimit,
}: {
  /** the page size when the URL names none (spec 2 §9: the customer's notes are 5 a page) */
  defaultLimit?: number;
  count: number;
  /** the API's count is PostgreSQL's estimate on large lists (ARCHITECTURE §3) */
  countEstimated?: boolean;
  isNext: boolean;
  shown: number;
  noun?: string;
}) {
  const total = countEstimated ? `about ${count.toLocaleString("en-AU")}` : String(count);
  const location = useLocation();
  const submit = useSubmit();
  const { page, limit } = readListState(location.search, { sort: "", limit: defaultLimit });
  const sizeSelect = useRef<HTMLSelectElement>(null);
  // the URL is the truth (back/forward); syncing in place keeps keyboard focus on the select
  useEffect(() => {
    if (sizeSelect.current) sizeSelect.current.value = String(limit);
  }, [limit]);
  const from = shown ? (page - 1) * limit + 1 : 0;
  const to = shown ? from + shown - 1 : 0;
  const sizes = (PAGE_SIZES as readonly number[]).includes(limit) ? PAGE_SIZES : [...PAGE_SIZES, limit].sort((a, b) => a - b);
  // plain elements with the classes Radix's Flex, Text and Button give (the same DOM and styles): under every list
  // page, where their prop handling was a measurable part of rendering it (`npm run bench:ssr`)
  const button = (size: "1" | "2") => `rt-reset rt-BaseButton rt-r-size-${size} rt-variant-soft rt-Button`;
  return (
    <div className="rt-Flex rt-r-ai-center rt-r-jc-space-between rt-r-fw-wrap rt-r-gap-3 rt-r-mt-3 pagination">
      <span data-accent-color="gray" data-testid="list-range" aria-live="polite" className="rt-Text rt-r-size-2">
        {rangeText({ from, to, count, total, noun })}
      </span>
      <div className="rt-Flex rt-r-ai-center rt-r-fw-wrap rt-r-gap-3">
        <Form
          method="get"
          action={location.pathname}
          className="page-size"
          onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
        >
          <HiddenParams params={new URLSearchParams(location.search)} omit={["limit", "page"]} />
          <div className="rt-Flex rt-r-ai-center rt-r-gap-2">
            <label htmlFor="page-size">Rows per page</label>
            <select id="page-size" name="limit" ref={sizeSelect} defaultValue={String(limit)} className="native-select">
              {sizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
            <button data-accent-color="" type="submit" className={`${button("1")} no-js-only`}>
              Show
            </button>
          </div>
        </Form>
        <nav aria-label="Pages">
          <div className="rt-Flex rt-r-gap-2">
            {page > 1 ? (
              <Link to={listHref(location, { page: page - 1 })} preventScrollReset rel="prev" data-accent-color="" className={button("2")}>
                Previous
              </Link>
            ) : (
              <button data-disabled="true" data-accent-color="" className={button("2")} disabled>
                Previous
              </button>
            )}
            {isNext ? (
              <Link to={listHref(location, { page: page + 1 })} preventScrollReset rel="next" data-accent-color="" className={button("2")}>
                Next
              </Link>
            ) : (
              <button data-disabled="true" data-accent-color="" className={button("2")} disabled>
                Next
              </button>
            )}
          </div>
        </nav>
      </div>
    </div>
  );
}
