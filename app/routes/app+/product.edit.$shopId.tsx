import type { SubmissionResult } from "@conform-to/react";
import { HistoryLink } from "~/components/audit/HistoryLink";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Box, Button, Callout, Flex, Heading, Text } from "@radix-ui/themes";
import { useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/remix";
import { useEffect, useState } from "react";
import { MSG } from "#contract/core/messages";
import { PRODUCT_UI_MSG } from "#contract/products/messages-products-ui";
import { PRODUCT_CHECK_INTENT, formatPrice } from "#contract/products/products";
import { editSectionsAction, loadDimensions, loadEditable, takenCombinations } from "~/services/product-edit.server";
import { productReturnHref } from "~/lib/product-links";
import {
  checkProductForm,
  loadProductFormLookups,
  productFormStep,
  productFormValue,
  readProductForm,
  replyWithProductRefusal,
} from "~/services/product-form.server";
import { savedThenReturn, savedThenReturnHeaders } from "~/services/toast.server";
import { formRefused } from "~/services/forms.server";
import { listHref } from "~/lib/url-state";
import { FormError } from "~/components/form/Field";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { answerOf } from "~/components/form/form-answer";
import { SavedThenReturn } from "~/components/form/SavedThenReturn";
import { ConfirmDialog } from "~/components/layout/ConfirmDialog";
import { Drawer } from "~/components/layout/Drawer";
import { GeneralError } from "~/components/layout/GeneralError";
import { ProductFields } from "~/components/product/ProductFields";
import { DiscountForm, DiscountPanel, discountLabel, effectiveDiscount } from "~/components/product/DiscountPanel";
import {
  CONFIRM_REMOVE,
  DISCOUNT_PARAM,
  INTENT,
  variationLabel,
  type SectionIntent,
} from "~/components/product/EditProductNames";
import type { ProductFormValue } from "~/components/product/ProductFormHelpers";
import { NewVariantForm } from "~/components/product/NewVariantForm";
import { useSaveAfterCheck } from "~/components/product/use-save-after-check";
import { VariationTable } from "~/components/product/VariationTable";
import tableCss from "~/styles/table.css?url";
import productFormCss from "~/styles/product-form.css?url";
import productEditCss from "~/styles/product-edit.css?url";
import { submitterOf } from "~/lib/submitter";

// spec 2 §2 Edit Product: /app/product/edit/{shopId}?product={id} (the spec passes the product in navigation state; the
// parameter keeps the page addressable). Staff need a product access type to open it (ADR 0018; see loadEditable).
export const handle = { roles: ["admin", "shopOwner", "staff"] as const, title: "Edit Product" };
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.product ? `Edit ${data.product.name}` : "Edit Product" },
];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: productFormCss },
  { rel: "stylesheet", href: productEditCss },
];
// a saved main form returns to the list after about 1 s, also without JavaScript (Refresh)
export const headers = savedThenReturnHeaders;

/** The main form posts with `?form=main` (its files are read by the product form); the page's sections without it. */
const MAIN_FORM = "main";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const shopId = params.shopId ?? "";
  const { api, user, product, access } = await loadEditable(request, shopId);
  const value = productFormValue(product);
  // department, categories and sub-category are read-only here: the shop's departments are the product's own
  const [lookups, dimensions] = await Promise.all([
    loadProductFormLookups(api, user, { _id: shopId, categories: [product.department] }, value, "edit"),
    loadDimensions(api, product),
  ]);
  return json(
    // Discard and Save return to the list the user came from (its page, size, sort and search)
    {
      product,
      value,
      lookups,
      dimensions,
      taken: takenCombinations(product),
      access,
      listHref: productReturnHref(user, shopId, new URL(request.url).searchParams.get("back")),
    },
    { headers: api.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const shopId = params.shopId ?? "";
  if (new URL(request.url).searchParams.get("form") !== MAIN_FORM) return editSectionsAction(request, shopId);

  // spec 2 §7 PUT product/{id} {prodId, data}: the main form (its fields and their checks are the product form's)
  const { api, user, product, access } = await loadEditable(request, shopId);
  if (!access.canEdit) return json({ message: MSG.forbidden }, { status: 403, headers: api.headers });
  const form = await readProductForm(request, api);
  // `passed`: the check found nothing to refuse, and the page saves after the spec's delay (useSaveAfterCheck)
  const reply = (result: SubmissionResult<string[]>, status: number, passed?: string) =>
    formRefused(result, status, api.headers, { intent: INTENT.save, passed });
  const step = await productFormStep(api, form, "edit");
  if (step) return reply(step, 200);
  const { attributes } = await loadProductFormLookups(
    api,
    user,
    { _id: shopId, categories: [product.department] },
    productFormValue(product),
    "edit",
  );
  const checked = checkProductForm(form, { mode: "edit", attributes, product });
  if (!checked.ok) return reply(checked.result, 400);
  if (form.formData.get("intent") === PRODUCT_CHECK_INTENT) {
    return reply(checked.submission.reply(), 200, crypto.randomUUID());
  }
  const result = await api.put(`product/${encodeURIComponent(product._id)}`, {
    prodId: product._id,
    data: checked.payload,
  });
  if (!result.success) return reply(replyWithProductRefusal(checked.submission, result), result.httpStatus);
  // spec 2 §4 Product form: saved, then back to the list after about 1 s
  return savedThenReturn(
    productReturnHref(user, shopId, new URL(request.url).searchParams.get("back")),
    result.message || MSG.productUpdated,
    api.headers,
  );
}

export default function EditProduct() {
  const { product, value, lookups, dimensions, taken, access, listHref: back } = useLoaderData<typeof loader>();
  const { saved, reply: answer } = answerOf(useActionData<typeof action>());
  const location = useLocation();
  const navigation = useNavigation();
  const params = new URLSearchParams(location.search);
  const reply = answer && "intent" in answer ? answer : null;
  // each form of the page gets the answer meant for it
  const replyFor = (intent: SectionIntent) => (reply?.intent === intent ? reply.result : null);
  const mainReply = replyFor(INTENT.save);
  // the forms are the product's: another product's page starts afresh, and so does a saved one
  const recordKey = `${product._id}-${product.updatedAt}`;
  const { form: mainForm } = useFormKit({ id: `product-main-${product._id}`, lastResult: mainReply });

  // spec 2 §5: with JavaScript, saving the main form while the variation table has unsaved edits is refused
  const [variationsDirty, setVariationsDirty] = useState(false);
  const [mustSaveVariations, setMustSaveVariations] = useState(false);
  useEffect(() => {
    setVariationsDirty(false);
    setMustSaveVariations(false);
  }, [product.updatedAt]);

  // the forms post to the page itself (keeping an open drawer); links drop the main form's marker and any overlay
  const clean = (changes: Record<string, string | null>) =>
    listHref(
      location,
      { form: null, [DISCOUNT_PARAM]: null, confirm: null, id: null, ...changes },
      { resetPage: false },
    );
  const sectionAction = listHref(location, { form: null, confirm: null, id: null }, { resetPage: false });
  const mainAction = clean({ form: MAIN_FORM });
  const closeHref = clean({});
  const removeHref = (target: string) => clean({ confirm: CONFIRM_REMOVE, id: target });
  const addDiscountHref = (variationId: string) => clean({ [DISCOUNT_PARAM]: variationId });

  const discountTarget = access.canDiscount && !product.isGlobalDiscount ? params.get(DISCOUNT_PARAM) : null;
  const discountVariation = discountTarget
    ? product.variations.find((v) => v._id === discountTarget && !v.isDiscount)
    : undefined;
  const removeTarget = access.canDiscount && params.get("confirm") === CONFIRM_REMOVE ? params.get("id") : null;
  const removeVariation = removeTarget ? product.variations.find((v) => v._id === removeTarget) : undefined;
  const removing = removeTarget
    ? removeVariation
      ? effectiveDiscount({ ...product, isGlobalDiscount: false }, removeVariation)
      : effectiveDiscount(product)
    : null;
  const save = useSaveAfterCheck({ passed: reply?.passed ?? null, saveIntent: INTENT.save, action: mainAction });
  const posting =
    navigation.state === "submitting" &&
    [PRODUCT_CHECK_INTENT, INTENT.save].includes(String(navigation.formData?.get("intent")));
  // spec 2 §4: from Save until the save's answer, the delay included
  const saving = posting || (!!reply?.passed && !saved);

  return (
    <Box className="product-edit">
      {saved ? <SavedThenReturn saved={saved} /> : null}
      <Flex align="center" justify="between" gap="3" wrap="wrap" mb="4" className="product-edit-header">
        <Box>
          <Heading as="h1" size="6">
            Edit Product
          </Heading>
          <Text size="2" color="gray">
            {product.name}
            {product.sku ? ` · SKU ${product.sku}` : null}
          </Text>
        </Box>
        <Flex gap="3" align="center">
          <HistoryLink recordType="product" recordId={product._id} />
          <Button asChild variant="soft" color="gray" size="3">
            <Link to={back}>Discard</Link>
          </Button>
          {access.canEdit ? (
            <Button
              type="submit"
              form={mainForm.id}
              name="intent"
              value={save.intent}
              size="3"
              loading={saving}
              disabled={!!saved}
            >
              Save
            </Button>
          ) : null}
        </Flex>
      </Flex>

      {!access.canEdit ? (
        <Callout.Root color="gray" size="1" mb="4">
          <Callout.Text>
            You can view this product{access.canDiscount ? " and change its discounts" : ""}; editing it needs the
            product edit access.
          </Callout.Text>
        </Callout.Root>
      ) : null}

      <Flex direction="column" gap="4">
        <Form
          key={recordKey}
          method="post"
          action={mainAction}
          encType="multipart/form-data"
          {...getFormProps(mainForm)}
          onSubmit={(event) => {
            const submitter = submitterOf(event.nativeEvent);
            if (variationsDirty && (!submitter || submitter.value === save.intent)) {
              event.preventDefault();
              setMustSaveVariations(true);
              return;
            }
            save.capture(event);
            mainForm.onSubmit(event);
          }}
        >
          <fieldset disabled={!access.canEdit} className="product-edit-fieldset">
            <ProductFields
              mode="edit"
              product={product}
              lookups={lookups}
              value={(mainReply?.initialValue ?? value) as ProductFormValue}
              errors={mainForm.allErrors}
              formErrors={mainForm.errors ?? undefined}
              revalidate={(name) => mainForm.validate({ name })}
            />
          </fieldset>
          {mustSaveVariations ? (
            <Box mt="3">
              <FormError errors={[PRODUCT_UI_MSG.saveVariationsFirst]} />
            </Box>
          ) : null}
          {access.canEdit ? (
            <Flex gap="3" mt="4">
              <Button type="submit" name="intent" value={save.intent} size="3" loading={saving} disabled={!!saved}>
                Save
              </Button>
              {saving ? (
                <Text size="2" color="gray" role="status">
                  Saving…
                </Text>
              ) : null}
              <Button asChild variant="soft" color="gray" size="3">
                <Link to={back}>Discard</Link>
              </Button>
            </Flex>
          ) : null}
        </Form>

        {product.isVariationAvailable ? (
          <VariationTable
            key={`variations-${recordKey}`}
            product={product}
            canEdit={access.canEdit}
            canDiscount={access.canDiscount}
            action={sectionAction}
            reply={replyFor(INTENT.variations)}
            onChange={() => {
              setVariationsDirty(true);
              setMustSaveVariations(false);
            }}
            addDiscountHref={addDiscountHref}
            removeDiscountHref={removeHref}
          />
        ) : null}

        {product.isVariationAvailable && access.canEdit && dimensions.length > 0 ? (
          <NewVariantForm
            key={`new-variant-${recordKey}`}
            formId={`new-variant-${product._id}`}
            dimensions={dimensions}
            taken={taken}
            action={sectionAction}
            reply={replyFor(INTENT.newVariant)}
          />
        ) : null}

        <DiscountPanel
          key={`discount-${recordKey}`}
          product={product}
          canDiscount={access.canDiscount}
          action={sectionAction}
          reply={replyFor(INTENT.discount)}
          removeHref={removeHref}
        />
      </Flex>

      <Drawer
        open={!!discountVariation}
        title={`Add discount · ${discountVariation ? variationLabel(product, discountVariation) : ""}`}
        closeHref={closeHref}
        width={400}
      >
        {discountVariation ? (
          <>
            <Text as="p" size="2" color="gray" mb="3">
              Price {formatPrice(discountVariation.price)}: a flat discount cannot exceed it; a percentage is 0 to 100.
            </Text>
            <DiscountForm
              target={discountVariation._id}
              action={sectionAction}
              key={`${discountVariation._id}-${recordKey}`}
              reply={replyFor(INTENT.discount)}
              idPrefix={`discount-${discountVariation._id}`}
            />
          </>
        ) : null}
      </Drawer>

      <ConfirmDialog
        open={!!removeTarget && !!removing}
        title="Remove discount"
        description={
          <>
            {PRODUCT_UI_MSG.removeDiscountConfirm}
            {removing
              ? ` (${discountLabel(removing)}${removeVariation ? ` on ${variationLabel(product, removeVariation)}` : ""})`
              : null}
          </>
        }
        cancelHref={closeHref}
        fields={{ intent: INTENT.removeDiscount, target: removeTarget ?? "" }}
        confirmLabel="Remove"
      />
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
