import { useLocation, useSubmit } from "@remix-run/react";
import { Form, Link } from "~/components/remix";
import { useEffect, useRef } from "react";
import { PAGE_SIZES, provenTotal, type ListTotal } from "#contract/core/list";
import { nounFor } from "~/lib/format";
import { LIST_PARAMS, listHref, readListState, type ListParamNames } from "~/lib/url-state";
import { Flex, Text, buttonProps } from "~/components/plain";
import { HiddenParams } from "./HiddenParams";
import { isOneOf } from "~/lib/one-of";

/** "42", "about 99,070", "more than 5,200" (ADR 0012: never below what the page proves). */
const totalText = ({ count, kind }: ListTotal) =>
  `${kind === "exact" ? "" : `${kind} `}${count.toLocaleString("en-AU")}`;

/**
 * "Showing 1–10 of 42 users", "Showing 1 of 1 user"; a page past the end says how many there are. An empty list says
 * nothing here rather than "Showing 0 of 0": the table's empty state ("No users yet") says it once.
 */
function rangeText({
  from,
  to,
  count,
  total,
  noun,
}: {
  from: number;
  to: number;
  count: number;
  total: string;
  noun: string;
}) {
  const counted = nounFor(count, noun);
  if (!from) return count ? `No ${noun} on this page, ${total} in all` : "";
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
  params = LIST_PARAMS,
}: {
  /** the names the list's page and page size live under in the URL (a second list on a page has its own) */
  params?: ListParamNames;
  /** the page size when the URL names none (spec 2 §9: the customer's notes are 5 a page) */
  defaultLimit?: number;
  count: number;
  /** the API's count is PostgreSQL's estimate on large lists (ARCHITECTURE §3) */
  countEstimated?: boolean;
  isNext: boolean;
  shown: number;
  noun?: string;
}) {
  const location = useLocation();
  const submit = useSubmit();
  const { page, limit } = readListState(location.search, { sort: "", limit: defaultLimit }, params);
  const sizeId = params === LIST_PARAMS ? "page-size" : `${params.limit}-size`;
  const at = (n: number) => listHref(location, { [params.page]: n }, { page: params.page });
  const sizeSelect = useRef<HTMLSelectElement>(null);
  // the URL is the truth (back/forward); syncing in place keeps keyboard focus on the select
  useEffect(() => {
    if (sizeSelect.current) sizeSelect.current.value = String(limit);
  }, [limit]);
  const from = shown ? (page - 1) * limit + 1 : 0;
  const to = shown ? from + shown - 1 : 0;
  const told = provenTotal({ count, estimated: countEstimated, skip: (page - 1) * limit, shown, isNext });
  const total = totalText(told);
  const sizes = isOneOf(PAGE_SIZES, limit) ? PAGE_SIZES : [...PAGE_SIZES, limit].sort((a, b) => a - b);
  // Radix's markup without its prop handling (plain.tsx): under every list page (`npm run bench:ssr`)
  const pageButton = buttonProps({ variant: "soft" });
  return (
    <Flex align="center" justify="between" wrap="wrap" gap="3" mt="3" className="pagination">
      <Text size="2" color="gray" data-testid="list-range" aria-live="polite">
        {rangeText({ from, to, count: told.count, total, noun })}
      </Text>
      <Flex align="center" wrap="wrap" gap="3">
        <Form
          method="get"
          action={location.pathname}
          className="page-size"
          onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
        >
          <HiddenParams params={new URLSearchParams(location.search)} omit={[params.limit, params.page]} />
          <Flex align="center" gap="2">
            <label htmlFor={sizeId}>Rows per page</label>
            <select
              id={sizeId}
              name={params.limit}
              ref={sizeSelect}
              defaultValue={String(limit)}
              className="native-select"
            >
              {sizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
            <button type="submit" {...buttonProps({ size: "1", variant: "soft", className: "no-js-only" })}>
              Show
            </button>
          </Flex>
        </Form>
        <nav aria-label="Pages">
          <Flex gap="2">
            {page > 1 ? (
              <Link to={at(page - 1)} preventScrollReset rel="prev" {...pageButton}>
                Previous
              </Link>
            ) : (
              <button data-disabled="true" {...pageButton} disabled>
                Previous
              </button>
            )}
            {isNext ? (
              <Link to={at(page + 1)} preventScrollReset rel="next" {...pageButton}>
                Next
              </Link>
            ) : (
              <button data-disabled="true" {...pageButton} disabled>
                Next
              </button>
            )}
          </Flex>
        </nav>
      </Flex>
    </Flex>
  );
}
