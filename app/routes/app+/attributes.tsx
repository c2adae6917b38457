import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Badge, Box, Button, DataList, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { ATTRIBUTE_TYPE_LABELS, isColourAttribute, type AttributeEntity } from "#contract/attributes";
import { addOptionFormSchema } from "#contract/attributes-api";
import { UI_MSG } from "#contract/messages-ui";
import { apiFor, listQuery } from "~/services/api.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatDate } from "~/lib/format";
import { closeOverlayHref, listHref } from "~/lib/url-state";
import { DataTable, type Column } from "~/components/table/DataTable";
import { FilterForm, SelectFilter } from "~/components/table/FilterForm";
import { Pagination } from "~/components/table/Pagination";
import { ListEmpty } from "~/components/table/ListStates";
import { SearchBox } from "~/components/table/SearchBox";
import { ErrorList } from "~/components/form/Field";
import { Drawer } from "~/components/layout/Drawer";
import { GeneralError } from "~/components/layout/GeneralError";
import tableCss from "~/styles/table.css?url";
import attributesCss from "~/styles/attributes.css?url";

// spec 2 §6: attributes are in the admin menu only
export const handle = { roles: ["admin"] as const, title: "Attributes" };
export const meta: MetaFunction = () => [{ title: "Attributes" }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: attributesCss },
];

// spec 2 §9: 10 per page, newest first
const DEFAULT_SORT = { sort: "createdAt", sortType: "desc" } as const;
const FILTERS = ["isForVariation"] as const;
const VARIATION_OPTIONS = [
  { value: "true", label: "Yes" },
  { value: "false", label: "No" },
];
/** spec 2 §2: a row shows its first options, then +N (as the product list's departments do). */
const OPTIONS_SHOWN = 3;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  const params = new URL(request.url).searchParams;
  const variation = params.get("isForVariation");
  const query = { ...listQuery(request, DEFAULT_SORT), isForVariation: variation === "true" || variation === "false" ? variation : undefined };
  const viewId = params.get("drawer") === "view" ? params.get("id") : null;
  const [list, target] = await Promise.all([
    api.get("attr", query),
    viewId ? api.get(`attr/${encodeURIComponent(viewId)}`) : null,
  ]);
  // spec 2 §8: a failed attribute load clears the data and shows nothing; it is only logged
  if (!list.success) console.error(`attributes list failed (${list.httpStatus}): ${list.message}`);
  if (target && !target.success) console.error(`attribute ${viewId} failed (${target.httpStatus}): ${target.message}`);
  return json(
    {
      list: list.success
        ? { attributes: list.data, count: list.count ?? 0, countEstimated: !!list.countEstimated, isNext: !!list.isNext }
        : { attributes: [], count: 0, countEstimated: false, isNext: false },
      target: target?.success ? target.data : null,
    },
    { headers: api.headers },
  );
}

type ActionData = { optionError: string; option: string };

// the detail panel's Add option form posts here; on success the same list and panel come back with the API's message
export async function action({ request }: ActionFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  const url = new URL(request.url);
  const form = addOptionFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) return redirectWithToast(closeOverlayHref(url), { type: "error", message: UI_MSG.somethingWrong }, api.headers);
  const { id, option = "", colour } = form.data;
  const data = colour ? { field: "map", value: { name: option, value: colour } } : { field: "list", value: option };
  const result = await api.put(`attr/push/${encodeURIComponent(id)}`, { id, data });
  if (!result.success) return json<ActionData>({ optionError: result.message, option }, { status: result.httpStatus, headers: api.headers });
  return redirectWithToast(listHref(url, { drawer: "view", id }), { type: "success", message: result.message }, api.headers);
}

function Swatch({ colour }: { colour: string }) {
  return <span className="colour-swatch" style={{ background: colour }} aria-hidden="true" />;
}

/** Options as chips, with the colour of those that have one; `limit` shows the first few, then +N. */
function OptionChips({ attribute, limit }: { attribute: AttributeEntity; limit?: number }) {
  const shown = limit ? attribute.list.slice(0, limit) : attribute.list;
  const more = attribute.list.length - shown.length;
  if (!attribute.list.length) return <Text color="gray">None</Text>;
  return (
    <ul className="option-chips" aria-label={`Options of ${attribute.name}`}>
      {shown.map((option) => (
        <li key={option} className="option-chip">
          {attribute.map[option] ? <Swatch colour={attribute.map[option]} /> : null}
          {option}
        </li>
      ))}
      {more > 0 ? (
        <li className="option-more" aria-label={`and ${more} more`}>
          +{more}
        </li>
      ) : null}
    </ul>
  );
}

function VariationBadge({ yes }: { yes: boolean }) {
  return yes ? <Badge color="green">Yes</Badge> : <Badge color="gray">No</Badge>;
}

export default function Attributes() {
  const { list, target } = useLoaderData<typeof loader>();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const filtered = !!(params.get("search") || params.get("isForVariation"));

  const columns: Column<AttributeEntity>[] = [
    { key: "name", header: "Name", sort: "name", cell: (attr) => <Text weight="medium">{attr.name}</Text> },
    { key: "label", header: "Label", sort: "label", cell: (attr) => attr.label },
    { key: "type", header: "Type", sort: "type", cell: (attr) => ATTRIBUTE_TYPE_LABELS[attr.type] },
    { key: "variation", header: "Variation", cell: (attr) => <VariationBadge yes={attr.isForVariation} /> },
    { key: "options", header: "Options", cell: (attr) => <OptionChips attribute={attr} limit={OPTIONS_SHOWN} /> },
    { key: "createdAt", header: "Created", sort: "createdAt", cell: (attr) => <span className="nowrap">{formatDate(attr.createdAt)}</span> },
    {
      key: "actions",
      header: <span className="visually-hidden">Actions</span>,
      align: "right",
      cell: (attr) => (
        <Button asChild size="1" variant="soft">
          <Link to={listHref(location, { drawer: "view", id: attr._id })} preventScrollReset aria-label={`View ${attr.name}`}>
            View
          </Link>
        </Button>
      ),
    },
  ];

  return (
    <Box>
      <Flex align="center" justify="between" gap="3" wrap="wrap" mb="4">
        <Heading as="h1" size="6">
          Attributes
        </Heading>
        <Button asChild>
          <Link to="/app/add-attribute">Add Attribute</Link>
        </Button>
      </Flex>

      <Flex className="list-toolbar" gap="4" align="end" justify="between" wrap="wrap" mb="3">
        <SearchBox label="Search attributes" placeholder="Search name or label" />
        <FilterForm names={FILTERS} label="Filter attributes">
          <SelectFilter label="For variation" name="isForVariation" options={VARIATION_OPTIONS} value={params.get("isForVariation") ?? ""} allLabel="All" />
        </FilterForm>
      </Flex>

      <DataTable
        label="Attributes"
        columns={columns}
        rows={list.attributes}
        rowKey={(attr) => attr._id}
        defaultSort={DEFAULT_SORT}
        empty={<ListEmpty noun="attributes" filtered={filtered} count={list.count} clear={["search", "isForVariation"]} filteredText="your search or filter" />}
      />
      <Pagination count={list.count} countEstimated={list.countEstimated} isNext={list.isNext} shown={list.attributes.length} noun="attributes" />

      <Drawer open={params.get("drawer") === "view" && !!target} title="Attribute details" closeHref={closeOverlayHref(location)} width={500}>
        {target ? <AttributeDetails attribute={target} /> : null}
      </Drawer>
    </Box>
  );
}

function AttributeDetails({ attribute }: { attribute: AttributeEntity }) {
  return (
    <Flex direction="column" gap="5">
      <DataList.Root orientation={{ initial: "vertical", sm: "horizontal" }}>
        <Detail label="Name" value={attribute.name} />
        <Detail label="Label" value={attribute.label} />
        <Detail label="Type" value={ATTRIBUTE_TYPE_LABELS[attribute.type]} />
        <DataList.Item>
          <DataList.Label>Use for variation</DataList.Label>
          <DataList.Value>
            <VariationBadge yes={attribute.isForVariation} />
          </DataList.Value>
        </DataList.Item>
        <Detail label="Unit" value={attribute.unit} />
        <Detail label="Hint" value={attribute.hint} />
        <Detail label="Created" value={formatDate(attribute.createdAt)} />
      </DataList.Root>
      <Box>
        <Heading as="h3" size="3" mb="2">
          Options ({attribute.list.length})
        </Heading>
        <OptionChips attribute={attribute} />
      </Box>
      <AddOptionForm attribute={attribute} />
    </Flex>
  );
}

/** PUT attr/push: a plain POST form, so it works without JavaScript; colour attributes also ask for the colour. */
function AddOptionForm({ attribute }: { attribute: AttributeEntity }) {
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const location = useLocation();
  const withColour = isColourAttribute(attribute);
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "add-option";
  return (
    // a new key after each added option (or colour) empties the box
    <Form key={`${attribute.list.length}:${Object.values(attribute.map).join()}`} method="post" action={`${location.pathname}${location.search}`} aria-label="Add option" preventScrollReset>
      <Heading as="h3" size="3" mb="2">
        Add option
      </Heading>
      <input type="hidden" name="intent" value="add-option" />
      <input type="hidden" name="id" value={attribute._id} />
      <div className="add-option-form">
        <div>
          <label htmlFor="new-option" className="field-label">
            Option
          </label>
          <TextField.Root
            id="new-option"
            name="option"
            defaultValue={actionData?.option ?? ""}
            maxLength={50}
            autoComplete="off"
            aria-invalid={actionData?.optionError ? true : undefined}
            aria-describedby={actionData?.optionError ? "new-option-error" : undefined}
          />
        </div>
        {withColour ? (
          <div>
            <label htmlFor="new-option-colour" className="field-label">
              Colour
            </label>
            <input id="new-option-colour" type="color" name="colour" defaultValue="#000000" className="colour-input" />
          </div>
        ) : null}
        <Button type="submit" variant="soft" loading={busy}>
          Add option
        </Button>
      </div>
      <ErrorList id="new-option-error" errors={actionData?.optionError ? [actionData.optionError] : null} />
    </Form>
  );
}

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <DataList.Item>
      <DataList.Label>{label}</DataList.Label>
      <DataList.Value>{value || <Text color="gray">Not given</Text>}</DataList.Value>
    </DataList.Item>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
