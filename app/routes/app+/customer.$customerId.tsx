import { HistoryLink } from "~/components/audit/HistoryLink";
import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Box, Button, Callout, Card, Flex, Heading, Text, TextArea } from "@radix-ui/themes";
import { useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/remix";
import type { CustomerNote, Purchase, WishlistEntry } from "#contract/customers/customer-record-api";
import { CUSTOMER_UI_MSG } from "#contract/customers/messages-customer-ui";
import { customerPageAction, customerPageLoader } from "~/services/customer-page.server";
import { CUSTOMER_ACCESS, CUSTOMER_TABS, PAGE_SIZE, PICKER } from "~/lib/customer-page";
import { ChannelPane, beforeHref } from "~/components/chat/ChannelPane";
import { ChatIsland } from "~/components/chat/ChatIsland";
import { formatDate, formatDateTime, formatMoney } from "~/lib/format";
import { listHref } from "~/lib/url-state";
import type { Column } from "~/components/table/DataTable";
import { ListView } from "~/components/table/ListView";
import { Pagination } from "~/components/table/Pagination";
import { PersonAvatar } from "~/components/table/PersonCell";
import { SearchBox } from "~/components/table/SearchBox";
import { Drawer } from "~/components/layout/Drawer";
import { GeneralError } from "~/components/layout/GeneralError";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import tableCss from "~/styles/table.css?url";
import customerCss from "~/styles/customer.css?url";
import chatCss from "~/styles/chat.css?url";
import { ShowMoreLink } from "~/components/table/ShowMoreLink";
import { RemoveForm } from "~/components/form/RemoveForm";

// spec 2 §2 Customer detail: Back to the customers, the header (image or a placeholder, first name, gender, e-mail,
// country code and mobile; a dash for anything missing) and the tabs Purchases (default), Wishlist, Chat and Notes in
// the URL (?tab=); the Wishlist tab's 'Select Products' bottom drawer is ?drawer=products. The Chat tab (staff need
// direct chat) is the chat kit's ChannelPane, server-rendered, with the ChatIsland's live chat over it.
export const handle = { ...CUSTOMER_ACCESS, title: "Customer" };
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.customer ? `Customer ${fullName(data.customer)}` : "Customer" },
];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: customerCss },
  { rel: "stylesheet", href: chatCss },
];

export const loader = customerPageLoader;
export const action = customerPageAction;

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
const fullName = (person: { fName: string; lName: string }) => `${person.fName} ${person.lName}`.trim();
const dash = (value: string | null | undefined) => (value && value.trim() ? value : "-");
const NO_SORT = { sort: "createdAt", sortType: "desc" } as const;

function Header({ customer }: { customer: NonNullable<Data["customer"]> }) {
  const phone = customer.mobile ? `${customer.countryCode ?? ""} ${customer.mobile}`.trim() : null;
  const fields: [string, string][] = [
    ["First name", dash(customer.fName)],
    ["Gender", dash(customer.gender)],
    ["Email", dash(customer.email)],
    ["Mobile", dash(phone)],
  ];
  return (
    <Card className="customer-header" mb="4">
      <Flex align="center" gap="4" wrap="wrap">
        <PersonAvatar person={customer} size={72} />
        <dl className="customer-fields">
          {fields.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Flex>
    </Card>
  );
}

function Tabs({ tab, canChat }: { tab: Data["tab"]; canChat: boolean }) {
  return (
    <nav aria-label="Customer tabs" className="customer-tabs">
      {CUSTOMER_TABS.filter((t) => canChat || t.value !== "chat").map((t) => (
        <Button
          key={t.value}
          asChild
          variant={t.value === tab ? "solid" : "soft"}
          color={t.value === tab ? undefined : "gray"}
        >
          <Link to={`?tab=${t.value}`} aria-current={t.value === tab ? "page" : undefined} preventScrollReset>
            {t.label}
          </Link>
        </Button>
      ))}
    </nav>
  );
}

/** A product's picture and name, as the purchases, the wishlist and the picker show it. */
function ProductCell({ name, image }: { name: string; image: string | null }) {
  return (
    <span className="customer-product">
      {image ? (
        <img src={image} alt="" width={36} height={36} loading="lazy" />
      ) : (
        <span className="customer-product-blank" aria-hidden="true" />
      )}
      <span>{name}</span>
    </span>
  );
}

/** A tab's list of the customer's records, a page at a time in the record's own order, with nothing to filter. */
function TabList<Row extends { _id: string }>({
  label,
  noun,
  columns,
  list,
}: {
  label: string;
  noun: string;
  columns: Column<Row>[];
  list: { rows: Row[]; count: number; isNext: boolean } | null | undefined;
}) {
  return (
    <ListView
      label={label}
      noun={noun}
      columns={columns}
      rows={list?.rows ?? []}
      rowKey={(r) => r._id}
      defaultSort={NO_SORT}
      page={list ?? { count: 0, isNext: false }}
      error={null}
      empty={{ filtered: false, clear: [] }}
    />
  );
}

function Purchases({ list, canOpenOrders }: { list: Data["purchases"]; canOpenOrders: boolean }) {
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  const orderHref = (row: Purchase) => `/app/order/${row._id}?${new URLSearchParams({ back })}`;
  const columns: Column<Purchase>[] = [
    {
      key: "order",
      header: "Order",
      cell: (row) =>
        canOpenOrders ? (
          <Link to={orderHref(row)} className="nowrap">
            #{row.orderId}
          </Link>
        ) : (
          <span className="nowrap">#{row.orderId}</span>
        ),
    },
    { key: "createdAt", header: "Date", sort: "createdAt", cell: (row) => formatDate(row.createdAt) },
    {
      key: "products",
      header: "Products",
      cell: (row) => (
        <span className="customer-products">
          {row.products.map((line) => {
            const data = row.productsData[line.id];
            const product = (
              <ProductCell
                name={`${data?.name ?? ""}${line.quantity > 1 ? ` × ${line.quantity}` : ""}`}
                image={data?.defaultImage ?? null}
              />
            );
            return canOpenOrders ? (
              <Link
                key={line._id}
                to={orderHref(row)}
                aria-label={`${data?.name ?? "Product"} in order #${row.orderId}`}
              >
                {product}
              </Link>
            ) : (
              <span key={line._id}>{product}</span>
            );
          })}
        </span>
      ),
    },
    {
      key: "total",
      header: "Total",
      sort: "totalPrice",
      align: "right",
      cell: (row) => <span className="nowrap">{formatMoney(row.totalPrice)}</span>,
    },
  ];
  return <TabList label="Purchases" noun="purchases" columns={columns} list={list} />;
}

/** Add or remove one product in the wishlist: a plain form (no JavaScript needed) back to this address. */
function WishlistButton({ productId, name, inList }: { productId: string; name: string; inList: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("prodId") === productId;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="wishlist" />
      <input type="hidden" name="prodId" value={productId} />
      <input type="hidden" name="action" value={inList ? "remove" : "add"} />
      <Button
        type="submit"
        size="1"
        variant="soft"
        color={inList ? "red" : undefined}
        disabled={busy}
        aria-label={`${inList ? "Remove" : "Add"} ${name} ${inList ? "from" : "to"} the wishlist`}
      >
        {inList ? "Remove" : "Add"}
      </Button>
    </Form>
  );
}

function Wishlist({ list, canWrite }: { list: Data["wishlist"]; canWrite: boolean }) {
  const location = useLocation();
  const columns: Column<WishlistEntry>[] = [
    {
      key: "product",
      header: "Product",
      cell: (row) => (
        <ProductCell name={row.product.name} image={row.product.defaultImage ?? row.product.images[0] ?? null} />
      ),
    },
    { key: "price", header: "Price", align: "right", cell: (row) => formatMoney(row.product.price) },
    { key: "createdAt", header: "Added", sort: "createdAt", cell: (row) => formatDate(row.createdAt) },
    ...(canWrite
      ? [
          {
            key: "actions",
            header: <span className="visually-hidden">Actions</span>,
            cell: (row: WishlistEntry) => <WishlistButton productId={row.product._id} name={row.product.name} inList />,
          },
        ]
      : []),
  ];
  return (
    <>
      {canWrite ? (
        <Flex justify="end" mb="3">
          <Button asChild>
            <Link to={listHref(location, { drawer: PICKER.drawer })} preventScrollReset>
              Add To Wishlist
            </Link>
          </Button>
        </Flex>
      ) : null}
      <TabList label="Wishlist" noun="wishlist products" columns={columns} list={list} />
    </>
  );
}

/** 'Select Products' (spec 2 §2): the shop's products, searched, each added or removed in place; it slides up in 0.4 s. */
function ProductPicker({ picker }: { picker: NonNullable<Data["picker"]> }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const shown = Number(params.get(PICKER.shown)) || PAGE_SIZE.picker;
  return (
    <Drawer
      open
      side="bottom"
      title="Select Products"
      closeHref={listHref(location, { drawer: null, [PICKER.search]: null, [PICKER.shown]: null })}
    >
      <Box mb="3">
        <SearchBox label="Search products" placeholder="Search products by name or SKU" param={PICKER.search} />
      </Box>
      {picker.error ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{picker.error}</Callout.Text>
        </Callout.Root>
      ) : picker.rows.length ? (
        <ul className="picker-list" aria-label="Products">
          {picker.rows.map((product) => (
            <li key={product._id}>
              <ProductCell name={product.name} image={product.defaultImage} />
              <Text size="2" color="gray" className="nowrap">
                {formatMoney(product.price)}
              </Text>
              <WishlistButton productId={product._id} name={product.name} inList={product.isInWishList} />
            </li>
          ))}
        </ul>
      ) : (
        <Text as="p" color="gray">
          {CUSTOMER_UI_MSG.noProducts}
        </Text>
      )}
      {picker.isNext ? <ShowMoreLink param={PICKER.shown} shown={shown} step={PAGE_SIZE.picker} /> : null}
    </Drawer>
  );
}

function NoteForm() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const adding = navigation.state !== "idle" && navigation.formData?.get("intent") === "note-add";
  // the answer's error shows until the note changes (ARCHITECTURE §7)
  const lastResult = answer && "note" in answer ? answer.note : undefined;
  const { form, fields, key } = useFormKit({ id: "customer-note-form", lastResult, afresh: "record" });
  const error = fields.note.errors?.[0];
  return (
    <Form key={key} method="post" preventScrollReset className="note-form" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="note-add" />
      <label htmlFor="customer-note" className="rt-Text rt-r-size-2 rt-r-weight-medium">
        Note
      </label>
      <TextArea
        id="customer-note"
        name={fields.note.name}
        defaultValue={typeof fields.note.initialValue === "string" ? fields.note.initialValue : undefined}
        rows={3}
        maxLength={1000}
        placeholder="Write a note about this customer"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "customer-note-error" : undefined}
      />
      {error ? (
        <Text id="customer-note-error" size="2" color="red" role="alert">
          {error}
        </Text>
      ) : null}
      {form.errors?.length ? (
        <Text size="2" color="red" role="alert">
          {form.errors[0]}
        </Text>
      ) : null}
      <Flex justify="end">
        <Button type="submit" disabled={adding}>
          Add Note
        </Button>
      </Flex>
    </Form>
  );
}

function Notes({ list, canWrite }: { list: Data["notes"]; canWrite: boolean }) {
  const rows: CustomerNote[] = list?.rows ?? [];
  return (
    <>
      {/* keyed by the newest note: a saved note empties the form */}
      {canWrite ? <NoteForm key={rows[0]?._id ?? "none"} /> : null}
      {rows.length ? (
        <ul className="customer-notes" aria-label="Notes">
          {rows.map((note) => {
            const author = `${note.addedBy.fName} ${note.addedBy.lName}`.trim() || "-";
            return (
              <li key={note._id} data-testid="customer-note">
                <Flex align="center" justify="between" gap="3">
                  <Flex align="center" gap="2">
                    <PersonAvatar
                      person={{
                        fName: note.addedBy.fName || "?",
                        lName: note.addedBy.lName,
                        image: note.addedBy.image,
                      }}
                      size={28}
                    />
                    <Text size="2" weight="medium">
                      {author}
                    </Text>
                    <Text size="1" color="gray">
                      {formatDateTime(note.time)}
                    </Text>
                  </Flex>
                  {canWrite ? (
                    <RemoveForm
                      intent="note-remove"
                      fields={{ noteId: note._id }}
                      name={`Remove the note of ${formatDateTime(note.time)}`}
                    />
                  ) : null}
                </Flex>
                <Text as="p" size="2" mt="1" className="customer-note-text">
                  {note.note}
                </Text>
              </li>
            );
          })}
        </ul>
      ) : (
        <Text as="p" color="gray" my="4">
          {CUSTOMER_UI_MSG.noNotes}
        </Text>
      )}
      {list && list.count ? (
        <Pagination
          count={list.count}
          isNext={list.isNext}
          shown={rows.length}
          noun="notes"
          defaultLimit={PAGE_SIZE.notes}
        />
      ) : null}
    </>
  );
}

/**
 * spec 2 §2 Chat tab: the customer's one-to-one channel with the signed-in user (server-rendered, sends by a plain
 * POST; live once the island connects), or the spec's message when the customer has never signed in to the app.
 */
function CustomerChat({ chat }: { chat: NonNullable<Data["chat"]> }) {
  const answer = useActionData<typeof action>();
  const location = useLocation();
  const url = `${location.pathname}${location.search}`;
  if (!chat.channel)
    return (
      <Callout.Root color="orange" role="alert">
        <Callout.Text>{chat.error}</Callout.Text>
      </Callout.Root>
    );
  return (
    <ChatIsland cid={chat.channel.cid}>
      <ChannelPane
        channel={chat.channel}
        olderHref={(id) => beforeHref(url, id)}
        newestHref={chat.before ? beforeHref(url, null) : null}
        error={answer && "error" in answer ? answer.error : null}
      />
    </ChatIsland>
  );
}

export default function CustomerPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <Box className="customer-page">
      <Flex align="center" gap="3" mb="4">
        <Button asChild variant="ghost" color="gray">
          <Link to="/app/customers">← Back</Link>
        </Button>
        <Heading as="h1" size="6">
          {data.customer ? fullName(data.customer) : "Customer"}
        </Heading>
        {data.customer ? <HistoryLink recordType="user" recordId={data.customer._id} /> : null}
      </Flex>
      {data.customer ? (
        <Header customer={data.customer} />
      ) : (
        <Text as="p" color="red" role="alert" mb="3">
          {data.customerError}
        </Text>
      )}
      <Tabs tab={data.tab} canChat={data.canChat} />
      <Box mt="4">
        {data.tab === "purchases" ? <Purchases list={data.purchases} canOpenOrders={data.canOpenOrders} /> : null}
        {data.tab === "wishlist" ? <Wishlist list={data.wishlist} canWrite={data.canWrite} /> : null}
        {data.chat ? <CustomerChat chat={data.chat} /> : null}
        {data.tab === "notes" ? <Notes list={data.notes} canWrite={data.canWrite} /> : null}
      </Box>
      {data.picker ? <ProductPicker picker={data.picker} /> : null}
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
