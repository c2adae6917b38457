import { Box, Button, Callout, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useLocation, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/remix";
import { useId, type ReactNode } from "react";
import { MSG } from "#contract/core/messages";
import type { StreamProduct } from "#contract/streams/streams-api";
import type { PromotableProduct, PromotionDetail } from "#contract/streams/streams-promote-api";
import { formatMoney } from "~/lib/format";
import {
  PROMOTE,
  PROMOTE_FIELDS,
  PROMOTE_PAGE,
  PROMOTE_PARAMS,
  STAGED_PARAM,
  stagedOf,
  stagedParam,
  type PromoteScope,
} from "~/lib/stream-promote";
import { listHref } from "~/lib/url-state";
import type {
  PromoteActionError,
  PromoteDrawer,
  PromotedCard as CardData,
  StagedCard,
} from "~/services/stream-promote.server";
import { Drawer } from "~/components/layout/Drawer";
import { Overlay } from "~/components/layout/Overlay";
import { SearchBox } from "~/components/table/SearchBox";
import { HiddenParams } from "~/components/table/HiddenParams";
import { ShowMoreLink } from "~/components/table/ShowMoreLink";
import { DismissLink } from "~/components/layout/DismissLink";
import { RemoveForm } from "~/components/form/RemoveForm";

// spec 3 §2 Promoted Products card (ADR 0039): the stream's products with their original and promoted
// prices; Add opens a drawer of the shop's products (search, department, Apply, Clear filter), each card Promote or
// Promoted; the discount form is a dialog (?promote={productId}). Plain forms and links: it works without JavaScript.

function ProductCell({ name, image, note }: { name: string; image: string | null; note?: string }) {
  return (
    <span className="promote-product">
      {image ? (
        <img src={image} alt="" width={40} height={40} loading="lazy" />
      ) : (
        <span className="promote-product-blank" aria-hidden="true" />
      )}
      <span>
        <span>{name}</span>
        {note ? (
          <Text as="span" size="1" color="gray" className="promote-note">
            {note}
          </Text>
        ) : null}
      </span>
    </span>
  );
}

const priceOf = (p: StreamProduct) =>
  p.minAndMax && !p.variationId
    ? `${formatMoney(p.minAndMax[0])} – ${formatMoney(p.minAndMax[1])}`
    : formatMoney(p.productId.price);
const promotedOf = (p: StreamProduct) =>
  p.discountPrice === null ? "-" : `${p.allVariations && p.minAndMax ? "From " : ""}${formatMoney(p.discountPrice)}`;

function RemoveButton({ productId, name }: { productId: string; name: string }) {
  const location = useLocation();
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "remove" &&
    navigation.formData?.get("productId") === productId;
  return (
    <RemoveForm
      intent="remove"
      fields={{ productId }}
      name={`Remove ${name}`}
      action={`${location.pathname}${location.search}`}
      disabled={busy}
    />
  );
}

/** The card's table head (spec 3 §2: Product, Department, Original and Promoted price, the discount action). */
function ProductsHead({ actions }: { actions: boolean }) {
  return (
    <thead>
      <tr>
        <th scope="col">Product</th>
        <th scope="col">Department</th>
        <th scope="col">Original price</th>
        <th scope="col">Promoted price</th>
        {actions ? (
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}

function Table({ products, card }: { products: StreamProduct[]; card: CardData }) {
  const location = useLocation();
  const first = new Set<string>();
  return (
    <table className="promote-table">
      <ProductsHead actions={card.canPromote} />
      <tbody>
        {products.map((p) => {
          const lead = !first.has(p.productId._id);
          first.add(p.productId._id);
          const note = p.variationId
            ? (card.variants[p.variationId] ?? "Variation")
            : p.allVariations
              ? "All variations"
              : undefined;
          return (
            <tr key={p._id}>
              <td>
                <ProductCell name={p.productId.name} image={p.productId.defaultImage} note={note} />
              </td>
              <td>{p.productId.department.name}</td>
              <td className="nowrap">{priceOf(p)}</td>
              <td className="nowrap" data-testid="promoted-price">
                {promotedOf(p)}
              </td>
              {card.canPromote ? (
                <td>
                  {lead ? (
                    <Flex gap="2" justify="end">
                      <Button asChild size="1" variant="soft">
                        <Link
                          to={listHref(location, { [PROMOTE.dialog]: p.productId._id })}
                          preventScrollReset
                          aria-label={`Discount for ${p.productId.name}`}
                        >
                          Discount
                        </Link>
                      </Button>
                      <RemoveButton productId={p.productId._id} name={p.productId.name} />
                    </Flex>
                  ) : null}
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Where a drawer card's button goes, and whether it reads Promoted (already chosen) or Promote. */
type CardLink = (product: PromotableProduct) => { to: string; promoted: boolean };

function ProductCard({ product, link }: { product: PromotableProduct; link: ReturnType<CardLink> }) {
  const price = product.minAndMax
    ? `${formatMoney(product.minAndMax[0])} – ${formatMoney(product.minAndMax[1])}`
    : formatMoney(product.price);
  return (
    <li className="promote-card" aria-label={product.name}>
      {product.defaultImage ? (
        <img src={product.defaultImage} alt="" loading="lazy" />
      ) : (
        <span className="promote-card-blank" aria-hidden="true" />
      )}
      <Text as="p" size="2" weight="medium">
        {product.name}
      </Text>
      <Text as="p" size="1" color="gray">
        {product.department.name} · {price}
      </Text>
      <Button asChild size="1" variant={link.promoted ? "soft" : "solid"} color={link.promoted ? "green" : undefined}>
        <Link to={link.to} preventScrollReset aria-label={`${link.promoted ? "Promoted" : "Promote"} ${product.name}`}>
          {link.promoted ? "Promoted" : "Promote"}
        </Link>
      </Button>
    </li>
  );
}

function ProductDrawer({ drawer, linkOf }: { drawer: PromoteDrawer; linkOf: CardLink }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const shown = Number(params.get(PROMOTE.shown)) || PROMOTE_PAGE;
  const department = params.get(PROMOTE.department) ?? "";
  const close = listHref(location, Object.fromEntries(PROMOTE_PARAMS.map((p) => [p, null])));
  return (
    <Drawer open width={600} title="Add Promoted Products" closeHref={close}>
      <Flex direction="column" gap="3" mb="3">
        <SearchBox label="Search products" placeholder="Search products" param={PROMOTE.search} />
        <Form method="get" action={location.pathname} aria-label="Filter by department" className="promote-filter">
          <HiddenParams params={params} omit={[PROMOTE.department, PROMOTE.shown]} />
          <label htmlFor="promote-department">Department</label>
          <select
            id="promote-department"
            name={PROMOTE.department}
            defaultValue={department}
            key={department}
            className="native-select"
          >
            <option value="">All departments</option>
            {drawer.departments.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
          <Button type="submit" variant="soft">
            Apply
          </Button>
          <Button asChild variant="ghost" color="gray">
            <Link
              to={listHref(location, { [PROMOTE.search]: null, [PROMOTE.department]: null, [PROMOTE.shown]: null })}
              preventScrollReset
              replace
            >
              Clear filter
            </Link>
          </Button>
        </Form>
      </Flex>
      {drawer.error ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{drawer.error}</Callout.Text>
        </Callout.Root>
      ) : drawer.rows.length ? (
        <ul className="promote-cards" aria-label="Shop products">
          {drawer.rows.map((p) => (
            <ProductCard key={p._id} product={p} link={linkOf(p)} />
          ))}
        </ul>
      ) : (
        <Text as="p" color="gray">
          {MSG.promotionNoProducts}
        </Text>
      )}
      {drawer.isNext ? <ShowMoreLink param={PROMOTE.shown} shown={shown} step={PROMOTE_PAGE} /> : null}
    </Drawer>
  );
}

/** The form's starting values: what the user sent when it failed, else the product's current promotions. */
function startValues(detail: PromotionDetail, sent: Record<string, string> | undefined): Record<string, string> {
  if (sent) return sent;
  const values: Record<string, string> = {};
  const own = detail.data.filter((r) => r.variationId);
  const whole = detail.data.find((r) => !r.variationId);
  values[PROMOTE_FIELDS.scope] = own.length ? "each" : "all";
  if (whole?.promotionType) {
    values[PROMOTE_FIELDS.type] = whole.promotionType;
    values[PROMOTE_FIELDS.amount] = String(whole.promotion ?? "");
  }
  for (const r of own) {
    if (!r.variationId || !r.promotionType) continue;
    values[PROMOTE_FIELDS.variationType(r.variationId)] = r.promotionType;
    values[PROMOTE_FIELDS.variationAmount(r.variationId)] = String(r.promotion ?? "");
  }
  return values;
}

function TypeAndAmount({
  typeName,
  amountName,
  values,
  label,
}: {
  typeName: string;
  amountName: string;
  values: Record<string, string>;
  label: string;
}) {
  const id = useId();
  return (
    <div className="promote-amount">
      <label htmlFor={`${id}-type`}>{`${label} discount type`}</label>
      <select id={`${id}-type`} name={typeName} defaultValue={values[typeName] ?? ""} className="native-select">
        <option value="">Select type</option>
        <option value="flat">Flat</option>
        <option value="percentage">Percentage</option>
      </select>
      <label htmlFor={`${id}-amount`}>{`${label} discount`}</label>
      <input
        id={`${id}-amount`}
        name={amountName}
        defaultValue={values[amountName] ?? ""}
        inputMode="decimal"
        autoComplete="off"
        className="native-select"
      />
    </div>
  );
}

function DiscountDialog({
  dialog,
  answer,
}: {
  dialog: NonNullable<CardData["dialog"]>;
  answer: PromoteActionError | undefined;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const titleId = useId();
  const close = listHref(location, { [PROMOTE.dialog]: null });
  const detail = dialog.detail;
  const failed = answer && answer.values.productId === detail?.product._id ? answer : undefined;
  const values = detail ? startValues(detail, failed?.values) : {};
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "promote";
  const scope: PromoteScope = values[PROMOTE_FIELDS.scope] === "each" ? "each" : "all";
  return (
    <Overlay layer="dialog" closeHref={close} labelledBy={titleId} className="promote-dialog" testId="promote-dialog">
      <Heading as="h2" size="4" id={titleId} mb="3">
        {detail ? `Promote ${detail.product.name}` : "Promote"}
      </Heading>
      {dialog.error || failed ? (
        <Callout.Root color="red" role="alert" mb="3">
          <Callout.Text>{failed?.promoteError ?? dialog.error}</Callout.Text>
        </Callout.Root>
      ) : null}
      {detail ? (
        <Form
          method="post"
          action={`${location.pathname}${location.search}`}
          preventScrollReset
          className="promote-form"
          key={JSON.stringify(failed?.values ?? detail.data)}
          noValidate
        >
          <input type="hidden" name="intent" value="promote" />
          <input type="hidden" name="productId" value={detail.product._id} />
          <Text as="p" size="2" color="gray" mb="3">
            {detail.product.department.name} ·{" "}
            {detail.product.minAndMax
              ? `${formatMoney(detail.product.minAndMax[0])} – ${formatMoney(detail.product.minAndMax[1])}`
              : formatMoney(detail.product.price)}
          </Text>
          {detail.product.isVariationAvailable ? (
            <>
              <fieldset className="promote-scope">
                <legend>Apply the discount to</legend>
                <label>
                  <input type="radio" name={PROMOTE_FIELDS.scope} value="all" defaultChecked={scope === "all"} /> All
                  variations
                </label>
                <label>
                  <input type="radio" name={PROMOTE_FIELDS.scope} value="each" defaultChecked={scope === "each"} /> Each
                  variation
                </label>
              </fieldset>
              <div className="promote-all">
                <TypeAndAmount
                  label="All variations"
                  typeName={PROMOTE_FIELDS.type}
                  amountName={PROMOTE_FIELDS.amount}
                  values={values}
                />
              </div>
              <div className="promote-each">
                {detail.variations.map((v) => (
                  <Box key={v._id} mb="2">
                    <Text as="p" size="2" weight="medium">
                      {v.variant} · {formatMoney(v.price)}
                    </Text>
                    <TypeAndAmount
                      label={v.variant}
                      typeName={PROMOTE_FIELDS.variationType(v._id)}
                      amountName={PROMOTE_FIELDS.variationAmount(v._id)}
                      values={values}
                    />
                  </Box>
                ))}
              </div>
            </>
          ) : (
            <TypeAndAmount
              label="Product"
              typeName={PROMOTE_FIELDS.type}
              amountName={PROMOTE_FIELDS.amount}
              values={values}
            />
          )}
          <Flex gap="3" justify="end" mt="4">
            <DismissLink to={close}>Cancel</DismissLink>
            <Button type="submit" disabled={busy}>
              Save
            </Button>
          </Flex>
        </Form>
      ) : null}
    </Overlay>
  );
}

/** The card's frame: its title and, for those who may promote, Add (the drawer of the shop's products). */
function CardShell({ canAdd, children }: { canAdd: boolean; children: ReactNode }) {
  const location = useLocation();
  return (
    <Card asChild size="3" mt="4" style={{ maxWidth: 960 }}>
      <section aria-labelledby="promoted-products-title">
        <Flex justify="between" align="center" mb="3">
          <Heading as="h2" size="4" id="promoted-products-title">
            Promoted Products
          </Heading>
          {canAdd ? (
            <Button asChild>
              <Link to={listHref(location, { [PROMOTE.drawerParam]: PROMOTE.drawer })} preventScrollReset>
                Add
              </Link>
            </Button>
          ) : null}
        </Flex>
        {children}
      </section>
    </Card>
  );
}

/**
 * An Add Stream page's card (ADR 0070): the products chosen so far, in the URL (?products=), sent with the form as the
 * new stream's products; the drawer's Promote adds one, Promoted and Remove take it out. Discounts come once it is saved.
 */
export function StagedProducts({ card }: { card: StagedCard }) {
  const location = useLocation();
  const chosen = stagedOf(new URLSearchParams(location.search));
  const without = (id: string) => listHref(location, { [STAGED_PARAM]: stagedParam(chosen.filter((c) => c !== id)) });
  const linkOf: CardLink = (p) =>
    chosen.includes(p._id)
      ? { to: without(p._id), promoted: true }
      : { to: listHref(location, { [STAGED_PARAM]: stagedParam([...chosen, p._id]) }), promoted: false };
  if (!card.canPromote) return null;
  return (
    <>
      <CardShell canAdd>
        {card.chosen.length ? (
          <>
            <table className="promote-table" aria-label="Chosen products">
              <ProductsHead actions />
              <tbody>
                {card.chosen.map((p) => (
                  <tr key={p._id}>
                    <td>
                      <ProductCell name={p.name} image={p.defaultImage} />
                    </td>
                    <td>{p.department.name}</td>
                    <td className="nowrap">
                      {p.minAndMax
                        ? `${formatMoney(p.minAndMax[0])} – ${formatMoney(p.minAndMax[1])}`
                        : formatMoney(p.price)}
                    </td>
                    <td className="nowrap" data-testid="promoted-price">
                      -
                    </td>
                    <td>
                      <Flex justify="end">
                        <Button asChild size="1" variant="soft" color="red">
                          <Link to={without(p._id)} preventScrollReset replace aria-label={`Remove ${p.name}`}>
                            Remove
                          </Link>
                        </Button>
                      </Flex>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Text as="p" size="2" color="gray" mt="2">
              {MSG.streamDiscountAfterSave}
            </Text>
          </>
        ) : (
          <Text as="p" color="gray">
            {MSG.promotionNone}
          </Text>
        )}
      </CardShell>
      {card.drawer ? <ProductDrawer drawer={card.drawer} linkOf={linkOf} /> : null}
    </>
  );
}

/** The card, below the stream's form: read-only for staff without 'promote stream' and for a finished stream. */
/** `answer`: the page's action data (`useActionData<typeof action>()`) when it is the discount dialog's refusal. */
export function PromotedProducts({
  products,
  card,
  answer,
}: {
  products: StreamProduct[];
  card: CardData;
  answer: PromoteActionError | undefined;
}) {
  const location = useLocation();
  return (
    <>
      <CardShell canAdd={card.canPromote}>
        {products.length ? (
          <Table products={products} card={card} />
        ) : (
          <Text as="p" color="gray">
            {MSG.promotionNone}
          </Text>
        )}
      </CardShell>
      {card.drawer ? (
        <ProductDrawer
          drawer={card.drawer}
          linkOf={(p) => ({ to: listHref(location, { [PROMOTE.dialog]: p._id }), promoted: p.promoted })}
        />
      ) : null}
      {card.dialog ? <DiscountDialog dialog={card.dialog} answer={answer} /> : null}
    </>
  );
}
