import { Badge, Button, Card, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { PayoutRow, PayoutTerms, Transaction } from "#contract/campaigns/payouts-api";
import type { StreamEntity } from "#contract/streams/streams-api";
import { STREAM_STATUS_LABELS } from "#contract/streams/streams";
import { Form, Link } from "~/components/remix";
import { Drawer } from "~/components/layout/Drawer";
import { ConfirmDialog, DialogForm } from "~/components/layout/ConfirmDialog";
import { ToastRegion } from "~/components/layout/Toast";
import { TabLinks } from "~/components/campaign/TabLinks";
import { formatDate, formatDateTime, formatMoney } from "~/lib/format";
import { listHref } from "~/lib/url-state";
import { STREAM_STATUS_COLOR } from "~/lib/streams";
import {
  FEE_AUTOSAVE_MS,
  type AcceptedAnswer,
  type AcceptedTab,
  type CommissionDraftRow,
} from "~/lib/accepted-influencer";
import { SectionCard } from "~/components/layout/SectionCard";
import { TableHead } from "~/components/layout/TableHead";
import { RemoveForm } from "~/components/form/RemoveForm";

// The accepted-influencer page's cards (spec 3 §2 Accepted-influencer page). Every form is a plain POST to the page;
// JavaScript adds the fee's autosave and edits the commission rows in place.

const TABS: { id: AcceptedTab; label: string }[] = [
  { id: "portfolio", label: "Portfolio" },
  { id: "streams", label: "Streams" },
];

export interface InfluencerCardData {
  _id: string;
  name: string;
  email: string | null;
  image: string | null;
  bio: string | null;
  age: number | null;
  portfolio: string[];
}

/** spec 3 §2: image, name, email, bio, age ('--' if unknown) and followers (a fixed placeholder), then the tabs. */
export function InfluencerCard({
  influencer,
  tab,
  streams,
  streamsError,
}: {
  influencer: InfluencerCardData;
  tab: AcceptedTab;
  streams: StreamEntity[];
  streamsError: string | null;
}) {
  const location = useLocation();
  return (
    <Card size="3" mb="4" data-testid="influencer-card">
      <Flex gap="4" wrap="wrap" align="start">
        {influencer.image ? (
          <img src={influencer.image} alt="" width={96} height={96} className="accepted-avatar" />
        ) : null}
        <dl className="accepted-facts">
          <dt>Name</dt>
          <dd data-testid="influencer-name">{influencer.name}</dd>
          <dt>Email</dt>
          <dd>{influencer.email ?? "--"}</dd>
          <dt>Bio</dt>
          <dd>{influencer.bio || "--"}</dd>
          <dt>Age</dt>
          <dd>{influencer.age === null ? "--" : `${influencer.age} years`}</dd>
          {/* spec 3 §2: followers is a fixed placeholder (no follower counts are kept) */}
          <dt>Followers</dt>
          <dd title="Follower counts are not available">--</dd>
        </dl>
      </Flex>
      <TabLinks
        label="Influencer tabs"
        tabs={TABS}
        current={tab}
        hrefOf={(id) => listHref(location, { tab: id, dialog: null, id: null })}
        spacing="around"
      />
      {tab === "portfolio" ? (
        influencer.portfolio.length ? (
          <div className="accepted-portfolio">
            {influencer.portfolio.map((src, i) => (
              <img key={src} src={src} alt={`Portfolio image ${i + 1}`} loading="lazy" />
            ))}
          </div>
        ) : (
          <Text as="p" color="gray">
            No portfolio images.
          </Text>
        )
      ) : null}
      {tab === "streams" ? (
        <>
          {streamsError ? <Text color="red">{streamsError}</Text> : null}
          {streams.length ? (
            <ul className="accepted-streams">
              {streams.map((s) => (
                // clicking a stream card opens the viewer (?dialog=view&id=…), a plain link without JavaScript
                <li key={s._id}>
                  <Link
                    to={listHref(location, { dialog: "view", id: s._id })}
                    preventScrollReset
                    aria-label={`View ${s.name}`}
                  >
                    <Card>
                      {s.image ? <img src={s.image} alt="" loading="lazy" /> : null}
                      <Text as="p" weight="medium">
                        {s.name}
                      </Text>
                      <Flex gap="2" align="center" wrap="wrap">
                        <Badge color={STREAM_STATUS_COLOR[s.status]}>{STREAM_STATUS_LABELS[s.status]}</Badge>
                        <Text size="1" color="gray">
                          {formatDateTime(s.startDateAndTime)}
                        </Text>
                      </Flex>
                    </Card>
                  </Link>
                </li>
              ))}
            </ul>
          ) : streamsError ? null : (
            <Text as="p" color="gray">
              No streams in this campaign yet.
            </Text>
          )}
        </>
      ) : null}
    </Card>
  );
}

/** What is owed, paid and still pending (spec 3 §3 Payout row; ADR 0060). */
function PayoutSummary({ payout }: { payout: PayoutRow | null }) {
  if (!payout) return null;
  return (
    <Flex gap="4" wrap="wrap" mb="3" data-testid="payout-summary">
      <Text>
        Total owed: <strong>{formatMoney(payout.Total)}</strong>
      </Text>
      <Text>
        Paid: <strong>{formatMoney(payout.Paid)}</strong>
      </Text>
      <Text>
        Pending: <strong>{formatMoney(payout.Pending)}</strong>
      </Text>
      <Badge color={payout.status === "pending" ? "green" : "blue"}>{payout.status.toUpperCase()}</Badge>
    </Flex>
  );
}

/** spec 3 §2, §4 Timing: the fee ('Fixed per content') saves 4 s after typing stops, or with Save. */
function FeeForm({ fee, canEdit, answer }: { fee: number; canEdit: boolean; answer: AcceptedAnswer | null }) {
  const fetcher = useFetcher<AcceptedAnswer>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const shown = fetcher.state === "idle" && fetcher.data ? fetcher.data : answer?.intent === "fee" ? answer : null;
  const error = shown && !shown.ok ? shown.message : null;
  if (!canEdit)
    return (
      <Text as="p" mb="3">
        Fixed per content: <strong>{formatMoney(fee)}</strong>
      </Text>
    );
  return (
    <Form method="post" preventScrollReset className="accepted-fee">
      <input type="hidden" name="intent" value="fee" />
      <label htmlFor="fee">
        <Text weight="medium">Fixed per content</Text>
      </label>
      <Flex gap="2" align="start" mt="1">
        <TextField.Root
          id="fee"
          name="fee"
          inputMode="decimal"
          defaultValue={answer?.intent === "fee" ? answer.fee : String(fee)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "fee-error" : undefined}
          onChange={(e) => {
            const value = e.currentTarget.value;
            clearTimeout(timer.current);
            timer.current = setTimeout(
              () => fetcher.submit({ intent: "fee", fee: value, autosave: "1" }, { method: "post" }),
              FEE_AUTOSAVE_MS,
            );
          }}
        >
          <TextField.Slot>$</TextField.Slot>
        </TextField.Root>
        {/* the Save button stays with JavaScript too: saving now rather than after the 4 s pause */}
        <Button type="submit" variant="soft">
          Save
        </Button>
      </Flex>
      {error ? (
        <Text as="p" id="fee-error" color="red" size="2" role="alert">
          {error}
        </Text>
      ) : null}
      {fetcher.state !== "idle" ? (
        <Text size="1" color="gray">
          Saving…
        </Text>
      ) : null}
      {fetcher.data?.ok ? <ToastRegion toast={{ type: "success", message: fetcher.data.message ?? "" }} /> : null}
    </Form>
  );
}

/** spec 3 §2: the free products, each with Remove (remove-product); Add opens the product drawer. */
function FreeProducts({ terms, canEdit, addHref }: { terms: PayoutTerms; canEdit: boolean; addHref: string }) {
  return (
    <section aria-labelledby="free-products-heading" className="accepted-section">
      <Flex justify="between" align="center" mb="2">
        <Heading as="h3" size="3" id="free-products-heading">
          Free Products
        </Heading>
        {canEdit ? (
          <Button asChild size="1">
            <Link to={addHref} preventScrollReset>
              Add
            </Link>
          </Button>
        ) : null}
      </Flex>
      {terms.freeProducts.length ? (
        <ul className="accepted-list" data-testid="free-products">
          {terms.freeProducts.map((fp) => {
            const label = fp.variantName ? `${fp.productId.name} (${fp.variantName})` : fp.productId.name;
            return (
              <li key={fp._id}>
                <Flex gap="2" align="center" justify="between">
                  <Flex gap="2" align="center">
                    {fp.productId.defaultImage ? (
                      <img src={fp.productId.defaultImage} alt="" width={32} height={32} loading="lazy" />
                    ) : null}
                    <Text>
                      {label} × {fp.quantity}
                    </Text>
                  </Flex>
                  {canEdit ? (
                    <RemoveForm
                      intent="remove-product"
                      fields={{ productId: fp.productId._id, variationId: fp.variationId || undefined }}
                      name={`Remove ${label}`}
                    />
                  ) : null}
                </Flex>
              </li>
            );
          })}
        </ul>
      ) : (
        <Text as="p" color="gray">
          No free products.
        </Text>
      )}
    </section>
  );
}

/** spec 3 §2, §5: Sales Commission rows (sub-category and percent), added and removed, saved as the whole list. */
function SalesCommission({
  terms,
  canEdit,
  subcategories,
  answer,
}: {
  terms: PayoutTerms;
  canEdit: boolean;
  subcategories: { value: string; label: string }[];
  answer: AcceptedAnswer | null;
}) {
  const saved: CommissionDraftRow[] = terms.salesCommission.map((r) => ({
    subCategory: r.subCategory._id,
    commission: String(r.commission),
  }));
  const fromAnswer = answer?.rows && answer.intent.startsWith("commission") ? answer.rows : null;
  const [rows, setRows] = useState(fromAnswer ?? saved);
  // a new answer or new saved terms replace the draft
  const source = JSON.stringify(fromAnswer ?? saved);
  useEffect(() => setRows(JSON.parse(source) as CommissionDraftRow[]), [source]);
  const errors = answer?.intent === "commission" ? (answer.rowErrors ?? {}) : {};
  const formError =
    answer?.intent === "commission" && !answer.ok && !Object.keys(errors).length ? answer.message : null;
  if (!canEdit)
    return (
      <section aria-labelledby="commission-heading" className="accepted-section">
        <Heading as="h3" size="3" id="commission-heading" mb="2">
          Sales Commission
        </Heading>
        {terms.salesCommission.length ? (
          <ul className="accepted-list">
            {terms.salesCommission.map((r) => (
              <li key={r._id}>
                {r.subCategory.name}: {r.commission}%
              </li>
            ))}
          </ul>
        ) : (
          <Text as="p" color="gray">
            No sales commission.
          </Text>
        )}
      </section>
    );
  const set = (i: number, change: Partial<CommissionDraftRow>) =>
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...change } : r)));
  return (
    <section aria-labelledby="commission-heading" className="accepted-section">
      <Heading as="h3" size="3" id="commission-heading" mb="2">
        Sales Commission
      </Heading>
      <Form method="post" preventScrollReset data-testid="commission-form">
        {rows.map((row, i) => {
          const categoryError = errors[`${i}.subCategory`];
          const commissionError = errors[`${i}.commission`];
          // with JavaScript a sub-category chosen in another row cannot be chosen again (the API refuses it too)
          // (never the row's own choice, so a refused list comes back as it was sent)
          const taken = new Set(
            rows.filter((r, j) => j !== i && r.subCategory !== row.subCategory).map((r) => r.subCategory),
          );
          return (
            <Flex key={i} gap="2" align="start" mb="2" wrap="wrap" data-testid="commission-row">
              <div>
                <select
                  name="subCategory"
                  aria-label={`Category of row ${i + 1}`}
                  value={row.subCategory}
                  onChange={(e) => set(i, { subCategory: e.currentTarget.value })}
                  aria-invalid={categoryError ? true : undefined}
                  className="rt-reset accepted-select"
                >
                  <option value="">Select category</option>
                  {subcategories.map((s) => (
                    <option key={s.value} value={s.value} disabled={taken.has(s.value)}>
                      {s.label}
                    </option>
                  ))}
                </select>
                {categoryError ? (
                  <Text as="p" color="red" size="1" role="alert">
                    {categoryError}
                  </Text>
                ) : null}
              </div>
              <div>
                <TextField.Root
                  name="commission"
                  aria-label={`Commission % of row ${i + 1}`}
                  inputMode="numeric"
                  value={row.commission}
                  onChange={(e) => set(i, { commission: e.currentTarget.value })}
                  aria-invalid={commissionError ? true : undefined}
                >
                  <TextField.Slot side="right">%</TextField.Slot>
                </TextField.Root>
                {commissionError ? (
                  <Text as="p" color="red" size="1" role="alert">
                    {commissionError}
                  </Text>
                ) : null}
              </div>
              <Button
                type="submit"
                name="intent"
                value={`commission-remove-row-${i}`}
                formNoValidate
                variant="soft"
                color="red"
                aria-label={`Remove row ${i + 1}`}
                onClick={(e) => {
                  e.preventDefault();
                  setRows((all) => all.filter((_, j) => j !== i));
                }}
              >
                Remove
              </Button>
            </Flex>
          );
        })}
        {formError ? (
          <Text as="p" color="red" size="2" role="alert">
            {formError}
          </Text>
        ) : null}
        <Flex gap="2">
          <Button
            type="submit"
            name="intent"
            value="commission-add-row"
            variant="soft"
            onClick={(e) => {
              e.preventDefault();
              setRows((all) => [...all, { subCategory: "", commission: "" }]);
            }}
          >
            Add Row
          </Button>
          <Button type="submit" name="intent" value="commission">
            Save Commission
          </Button>
        </Flex>
      </Form>
    </section>
  );
}

/** spec 3 §2 Payments card: what is owed, the fee, the free products and the sales commission. */
export function PaymentsCard({
  terms,
  termsError,
  payout,
  canEdit,
  subcategories,
  answer,
  addProductHref,
}: {
  terms: PayoutTerms | null;
  termsError: string | null;
  payout: PayoutRow | null;
  canEdit: boolean;
  subcategories: { value: string; label: string }[];
  answer: AcceptedAnswer | null;
  addProductHref: string;
}) {
  return (
    <SectionCard title="Payments" mb="4" data-testid="payments-card">
      <PayoutSummary payout={payout} />
      {termsError ? <Text color="red">{termsError}</Text> : null}
      {terms ? (
        <>
          <FeeForm fee={terms.fee} canEdit={canEdit} answer={answer} />
          <FreeProducts terms={terms} canEdit={canEdit} addHref={addProductHref} />
          <SalesCommission terms={terms} canEdit={canEdit} subcategories={subcategories} answer={answer} />
        </>
      ) : null}
    </SectionCard>
  );
}

export interface ProductDrawerData {
  search: string;
  products: {
    _id: string;
    name: string;
    defaultImage: string | null;
    stock: number;
    price: number;
    hasVariations: boolean;
  }[];
  error: string | null;
  chosen: {
    _id: string;
    name: string;
    stock: number;
    variations: { _id: string; variantName: string; stock: number }[];
  } | null;
}

/** spec 3 §2: the product drawer (?drawer=products): the shop's products with search; a quantity, or one per variation. */
export function ProductDrawer({
  data,
  closeHref,
  answer,
}: {
  data: ProductDrawerData;
  closeHref: string;
  answer: AcceptedAnswer | null;
}) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const error = answer?.intent === "add-product" && !answer.ok ? answer.message : null;
  return (
    <Drawer open title="Add Free Product" closeHref={closeHref} width={500}>
      <Form method="get" preventScrollReset role="search">
        {params.get("tab") ? <input type="hidden" name="tab" value={params.get("tab") ?? ""} /> : null}
        <input type="hidden" name="drawer" value="products" />
        <Flex gap="2" mb="3">
          <TextField.Root
            name="search"
            defaultValue={data.search}
            placeholder="Search products"
            aria-label="Search products"
          />
          <Button type="submit" variant="soft">
            Search
          </Button>
        </Flex>
      </Form>
      {data.error ? <Text color="red">{data.error}</Text> : null}
      {data.chosen ? (
        <Form method="post" preventScrollReset data-testid="free-product-form" className="accepted-section">
          <Heading as="h3" size="3" mb="2">
            {data.chosen.name}
          </Heading>
          <input type="hidden" name="intent" value="add-product" />
          <input type="hidden" name="productId" value={data.chosen._id} />
          {data.chosen.variations.length ? (
            data.chosen.variations.map((v) => (
              <Flex key={v._id} gap="2" align="center" mb="2">
                <input type="hidden" name="variationId" value={v._id} />
                <label htmlFor={`q-${v._id}`} style={{ flex: 1 }}>
                  {v.variantName} <Text color="gray">({v.stock} in stock)</Text>
                </label>
                <TextField.Root id={`q-${v._id}`} name="quantity" inputMode="numeric" defaultValue="0" />
              </Flex>
            ))
          ) : (
            <Flex gap="2" align="center" mb="2">
              <label htmlFor="free-quantity" style={{ flex: 1 }}>
                Quantity <Text color="gray">({data.chosen.stock} in stock)</Text>
              </label>
              <TextField.Root id="free-quantity" name="quantity" inputMode="numeric" defaultValue="1" />
            </Flex>
          )}
          {error ? (
            <Text as="p" color="red" size="2" role="alert">
              {error}
            </Text>
          ) : null}
          <Button type="submit">Add Product</Button>
        </Form>
      ) : null}
      <ul className="accepted-list" data-testid="drawer-products">
        {data.products.map((p) => (
          <li key={p._id}>
            <Flex gap="2" align="center" justify="between">
              <Flex gap="2" align="center">
                {p.defaultImage ? <img src={p.defaultImage} alt="" width={32} height={32} loading="lazy" /> : null}
                <Text>
                  {p.name}{" "}
                  <Text color="gray">
                    · {formatMoney(p.price)} · {p.stock} in stock
                  </Text>
                </Text>
              </Flex>
              <Button asChild size="1" variant="soft">
                <Link to={listHref(location, { product: p._id })} preventScrollReset aria-label={`Choose ${p.name}`}>
                  Choose
                </Link>
              </Button>
            </Flex>
          </li>
        ))}
      </ul>
      {!data.products.length && !data.error ? <Text color="gray">No products found.</Text> : null}
    </Drawer>
  );
}

/** spec 3 §4 Transactions: the list, Add, Edit (?edit=…) and Delete after confirming (?delete=…). */
export function TransactionsCard({
  transactions,
  error,
  canEdit,
  answer,
}: {
  transactions: Transaction[];
  error: string | null;
  canEdit: boolean;
  answer: AcceptedAnswer | null;
}) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const closeHref = listHref(location, { edit: null, delete: null });
  const editing = canEdit ? transactions.find((t) => t._id === params.get("edit")) : undefined;
  const deleting = canEdit ? transactions.find((t) => t._id === params.get("delete")) : undefined;
  const addAnswer = answer?.intent === "add-payment" ? answer : null;
  const editAnswer = answer?.intent === "edit-payment" ? answer : null;
  return (
    <SectionCard title="Transactions" mb="4" data-testid="transactions-card">
      {error ? <Text color="red">{error}</Text> : null}
      {transactions.length ? (
        <table className="campaign-influencers" aria-label="Transactions">
          <TableHead columns={["Date", "Amount", "Note", canEdit && "Actions"]} />
          <tbody>
            {transactions.map((t) => (
              <tr key={t._id}>
                <td>{formatDate(t.createdAt)}</td>
                <td>{formatMoney(t.amount)}</td>
                <td>{t.note || "--"}</td>
                {canEdit ? (
                  <td>
                    <Flex gap="2">
                      <Link to={listHref(location, { edit: t._id, delete: null })} preventScrollReset>
                        Edit
                      </Link>
                      <Link to={listHref(location, { delete: t._id, edit: null })} preventScrollReset>
                        Delete
                      </Link>
                    </Flex>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <Text as="p" color="gray">
          No transactions yet.
        </Text>
      )}
      {canEdit ? (
        // a new list (the payment went in) starts the form afresh
        <Form
          key={transactions.map((t) => t._id).join()}
          method="post"
          preventScrollReset
          className="accepted-section"
          data-testid="add-payment-form"
        >
          <Heading as="h3" size="3" mb="2">
            Add Payment
          </Heading>
          <input type="hidden" name="intent" value="add-payment" />
          <PaymentFields idPrefix="add" answer={addAnswer} />
          <Button type="submit" mt="2">
            Add Payment
          </Button>
        </Form>
      ) : null}
      {editing ? (
        <DialogForm
          open
          title="Edit Payment"
          cancelHref={closeHref}
          fields={{ intent: "edit-payment", transactionId: editing._id }}
          confirmLabel="Update"
          testId="edit-payment"
        >
          <PaymentFields
            idPrefix="edit"
            answer={
              editAnswer ?? { intent: "edit-payment", ok: true, amount: String(editing.amount), note: editing.note }
            }
          />
        </DialogForm>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          open
          title="Delete Transaction"
          description={`Delete the payment of ${formatMoney(deleting.amount)} made on ${formatDate(deleting.createdAt)}?`}
          cancelHref={closeHref}
          fields={{ intent: "delete-payment", transactionId: deleting._id }}
          confirmLabel="Delete"
        />
      ) : null}
    </SectionCard>
  );
}

/** spec 3 §5 Payment / transaction: amount (required, at least 1) and an optional note. */
function PaymentFields({ idPrefix, answer }: { idPrefix: string; answer: AcceptedAnswer | null }) {
  const error = answer && !answer.ok ? (answer.fieldErrors?.amount?.[0] ?? answer.message) : null;
  const noteError = answer?.fieldErrors?.note?.[0];
  return (
    <Flex direction="column" gap="2">
      <label htmlFor={`${idPrefix}-amount`}>
        <Text weight="medium">Amount</Text>
      </label>
      <TextField.Root
        id={`${idPrefix}-amount`}
        name="amount"
        inputMode="decimal"
        defaultValue={answer?.amount ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${idPrefix}-amount-error` : undefined}
      >
        <TextField.Slot>$</TextField.Slot>
      </TextField.Root>
      {error ? (
        <Text as="p" id={`${idPrefix}-amount-error`} color="red" size="2" role="alert">
          {error}
        </Text>
      ) : null}
      <label htmlFor={`${idPrefix}-note`}>
        <Text weight="medium">Note</Text>
      </label>
      <TextField.Root id={`${idPrefix}-note`} name="note" defaultValue={answer?.note ?? ""} />
      {noteError ? (
        <Text as="p" color="red" size="2" role="alert">
          {noteError}
        </Text>
      ) : null}
    </Flex>
  );
}
