import { Button, Flex, Text } from "@radix-ui/themes";
import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PAGE_SIZES } from "#contract/list";
import { listHref, readListState } from "~/lib/url-state";
import { HiddenParams } from "./HiddenParams";

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
}: {
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
  const { page, limit } = readListState(location.search, { sort: "" });
  const sizeSelect = useRef<HTMLSelectElement>(null);
  // the URL is the truth (back/forward); syncing in place keeps keyboard focus on the select
  useEffect(() => {
    if (sizeSelect.current) sizeSelect.current.value = String(limit);
  }, [limit]);
  const from = shown ? (page - 1) * limit + 1 : 0;
  const to = shown ? from + shown - 1 : 0;
  const sizes = (PAGE_SIZES as readonly number[]).includes(limit) ? PAGE_SIZES : [...PAGE_SIZES, limit].sort((a, b) => a - b);
  return (
    <Flex className="pagination" align="center" justify="between" gap="3" wrap="wrap" mt="3">
      <Text size="2" color="gray" data-testid="list-range" aria-live="polite">
        {shown ? `Showing ${from}–${to} of ${total} ${noun}` : `Showing 0 of ${total} ${noun}`}
      </Text>
      <Flex align="center" gap="3" wrap="wrap">
        <Form
          method="get"
          action={location.pathname}
          className="page-size"
          onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
        >
          <HiddenParams params={new URLSearchParams(location.search)} omit={["limit", "page"]} />
          <Flex align="center" gap="2">
            <label htmlFor="page-size">Rows per page</label>
            <select id="page-size" name="limit" ref={sizeSelect} defaultValue={String(limit)} className="native-select">
              {sizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
            <Button type="submit" variant="soft" size="1" className="no-js-only">
              Show
            </Button>
          </Flex>
        </Form>
        <nav aria-label="Pages">
          <Flex gap="2">
            {page > 1 ? (
              <Button asChild variant="soft">
                <Link to={listHref(location, { page: page - 1 })} preventScrollReset rel="prev">
                  Previous
                </Link>
              </Button>
            ) : (
              <Button variant="soft" disabled>
                Previous
              </Button>
            )}
            {isNext ? (
              <Button asChild variant="soft">
                <Link to={listHref(location, { page: page + 1 })} preventScrollReset rel="next">
                  Next
                </Link>
              </Button>
            ) : (
              <Button variant="soft" disabled>
                Next
              </Button>
            )}
          </Flex>
        </nav>
      </Flex>
    </Flex>
  );
}
