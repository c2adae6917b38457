import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Box, Button, DataList, Heading, TextField } from "@radix-ui/themes";
import { Badge, Flex, Text } from "~/components/plain";
import { useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { ATTRIBUTE_TYPE_LABELS, isColourAttribute, typeNeedsList } from "#contract/catalogue/attributes";
import type { AttributeEntity } from "#contract/catalogue/attributes-api";
import { addOptionFormSchema } from "#contract/catalogue/attributes-api";
import { UI_MSG } from "#contract/core/messages-ui";
import { apiFor } from "~/services/api.server";
import { listLoader } from "~/services/list.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatDate } from "~/lib/format";
import { closeOverlayHref, listHref } from "~/lib/url-state";
import type { Column } from "~/components/table/DataTable";
import { ListPage } from "~/components/table/ListPage";
import { RowLink, actionsColumn } from "~/components/table/RowActions";
import { ATTRIBUTE_LIST_FILTERS } from "~/lib/attributes";
import { ErrorList } from "~/components/form/Field";
import { Detail } from "~/components/layout/Detail";
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

/** spec 2 §2: a row shows its first options, then +N (as the product list's departments do). */
const OPTIONS_SHOWN = 3;

export const loader = listLoader({
  access: handle,
  filters: ATTRIBUTE_LIST_FILTERS,
  list: (api, query) => api.get("attr", query),
  target: { on: ["drawer=view"], load: (api, id) => api.get(`attr/${id}`) },
  // spec 2 §8: a failed attribute load clears the data and shows nothing; it is only logged
  quiet: "attributes",
});

type ActionData = { optionError: string; option: string };

// the detail panel's Add option form posts here; on success the same list and panel come back with the API's message
export async function action({ request }: ActionFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  const url = new URL(request.url);
  const form = addOptionFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success)
    return redirectWithToast(closeOverlayHref(url), { type: "error", message: UI_MSG.somethingWrong }, api.headers);
  const { id, option = "", colour } = form.data;
  const data = colour ? { field: "map", value: { name: option, value: colour } } : { field: "list", value: option };
  const result = await api.put(`attr/push/${encodeURIComponent(id)}`, { id, data });
  if (!result.success)
    return json<ActionData>(
      { optionError: result.message, option },
      { status: result.httpStatus, headers: api.headers },
    );
  return redirectWithToast(
    listHref(url, { drawer: "view", id }),
    { type: "success", message: result.message },
    api.headers,
  );
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

const columns: Column<AttributeEntity>[] = [
  { key: "name", header: "Name", sort: "name", cell: (attr) => <Text weight="medium">{attr.name}</Text> },
  { key: "label", header: "Label", sort: "label", cell: (attr) => attr.label },
  { key: "type", header: "Type", sort: "type", cell: (attr) => ATTRIBUTE_TYPE_LABELS[attr.type] },
  { key: "variation", header: "Variation", cell: (attr) => <VariationBadge yes={attr.isForVariation} /> },
  { key: "options", header: "Options", cell: (attr) => <OptionChips attribute={attr} limit={OPTIONS_SHOWN} /> },
  {
    key: "createdAt",
    header: "Created",
    sort: "createdAt",
    cell: (attr) => <span className="nowrap">{formatDate(attr.createdAt)}</span>,
  },
  actionsColumn((attr) => <RowLink label="View" name={`View ${attr.name}`} open={{ drawer: "view", id: attr._id }} />),
];

export default function Attributes() {
  const data = useLoaderData<typeof loader>();
  const { target } = data;

  return (
    <ListPage
      csv="/app/attributes/export"
      title="Attributes"
      add={{ label: "Add Attribute", to: "/app/add-attribute" }}
      search={{ label: "Search attributes", placeholder: "Search name or label" }}
      filters={{ of: ATTRIBUTE_LIST_FILTERS, label: "Filter attributes", text: "your search or filter" }}
      noun="attributes"
      columns={columns}
      data={data}
      drawer={{ title: "Attribute details", body: target ? <AttributeDetails attribute={target} /> : null }}
    />
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
      {typeNeedsList(attribute.type) ? (
        <>
          <Box>
            <Heading as="h3" size="3" mb="2">
              Options ({attribute.list.length})
            </Heading>
            <OptionChips attribute={attribute} />
          </Box>
          <AddOptionForm attribute={attribute} />
        </>
      ) : (
        // spec 2 §5: only list types have options; text and number are typed in on the product form
        <Text as="p" size="2" color="gray" data-testid="no-options">
          {ATTRIBUTE_TYPE_LABELS[attribute.type]} attributes have no options: the value is typed in on the product form.
        </Text>
      )}
    </Flex>
  );
}

/** PUT attr/push: a plain POST form, so it works without JavaScript; colour attributes also ask for the colour. */
function AddOptionForm({ attribute }: { attribute: AttributeEntity }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const withColour = isColourAttribute(attribute);
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "add-option";
  return (
    // a new key after each added option (or colour) empties the box
    <Form
      key={`${attribute.list.length}:${Object.values(attribute.map).join()}`}
      method="post"
      action={`${location.pathname}${location.search}`}
      aria-label="Add option"
      preventScrollReset
    >
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

export function ErrorBoundary() {
  return <GeneralError />;
}
