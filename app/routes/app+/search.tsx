import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CONSOLE_ROLES } from "#contract/access/roles";
import { UI_MSG } from "#contract/core/messages-ui";
import { SEARCH_KIND_LABELS, SEARCH_MAX, SEARCH_PARAM } from "#contract/search/search";
import { apiFor } from "~/services/api.server";
import { searchHitHref, searchMoreHref } from "~/lib/search";
import { Form, Link } from "~/components/remix";
import { Text, TextField, buttonProps, linkProps } from "~/components/plain";
import { PageHeader } from "~/components/layout/PageHeader";
import { GeneralError } from "~/components/layout/GeneralError";
import searchCss from "~/styles/search.css?url";

// The console's one search box (ADR 0069): /app/search?q= lists what GET search finds, grouped by kind, each
// record a link to its page and each kind a link to its list searched for the same term. The shell's search box is a
// plain GET form to this page (no JavaScript needed); the Ctrl-K palette reads this loader too.
export const handle = { roles: CONSOLE_ROLES, title: "Search" };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.q ? `Search: ${data.q}` : "Search" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: searchCss }];

export interface SearchView {
  q: string;
  message: string | null;
  groups: {
    kind: string;
    label: string;
    hits: { id: string; title: string; detail: string | null; href: string }[];
    moreHref: string | null;
  }[];
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, user } = await apiFor(request, { roles: handle.roles });
  const q = (new URL(request.url).searchParams.get(SEARCH_PARAM) ?? "").trim();
  const view = (fields: Partial<SearchView>, status = 200) =>
    json<SearchView>({ q, message: null, groups: [], ...fields }, { status, headers: api.headers });
  if (!q) return view({});
  const result = await api.get("search", { q });
  if (!result.success) return view({ message: result.message || UI_MSG.somethingWrong }, result.httpStatus);
  const role = user.role.role;
  return view({
    groups: result.data.groups
      .filter((group) => group.hits.length)
      .map((group) => ({
        kind: group.kind,
        label: SEARCH_KIND_LABELS[group.kind],
        hits: group.hits.map((hit) => ({
          id: hit._id,
          title: hit.title,
          detail: hit.detail,
          href: searchHitHref(group.kind, hit, role),
        })),
        moreHref: group.more ? searchMoreHref(group.kind, q, role) : null,
      })),
  });
}

export default function Search() {
  const { q, message, groups } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Search" />
      <Form
        method="get"
        action="/app/search"
        role="search"
        aria-label="Search the console"
        className="search-page-form"
      >
        <TextField
          type="search"
          name={SEARCH_PARAM}
          defaultValue={q}
          aria-label="Search orders, products, customers and more"
          placeholder="Order number, name, e-mail, phone…"
          maxLength={SEARCH_MAX}
          autoComplete="off"
        />
        <button type="submit" {...buttonProps()}>
          Search
        </button>
      </Form>
      {message ? (
        <Text as="p" color="red" role="alert">
          {message}
        </Text>
      ) : q && !groups.length ? (
        <Text as="p" color="gray" role="status">
          Nothing found for “{q}”.
        </Text>
      ) : null}
      {groups.map((group) => (
        <section key={group.kind} aria-labelledby={`search-${group.kind}`} className="search-group">
          <h2 id={`search-${group.kind}`} className="search-group-title">
            {group.label}
          </h2>
          <ul className="search-hits">
            {group.hits.map((hit) => (
              <li key={hit.id}>
                <Link to={hit.href} {...linkProps()}>
                  {hit.title}
                </Link>
                {hit.detail ? (
                  <Text size="2" color="gray">
                    {" "}
                    · {hit.detail}
                  </Text>
                ) : null}
              </li>
            ))}
          </ul>
          {group.moreHref ? (
            <Link to={group.moreHref} {...linkProps({ size: "2" })}>
              More {group.label.toLowerCase()} for “{q}”
            </Link>
          ) : null}
        </section>
      ))}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
