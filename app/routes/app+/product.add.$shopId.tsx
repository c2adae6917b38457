import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Box, Button, Flex, Text } from "@radix-ui/themes";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/remix";
import { MSG } from "#contract/core/messages";
import { PRODUCT_CHECK_INTENT } from "#contract/products/products";
import { can } from "#contract/access/rights";
import { pageNotFound } from "~/services/api.server";
import { loadShop } from "~/services/shop-page.server";
import {
  checkProductForm,
  drawSku,
  emptyProductValue,
  loadProductFormLookups,
  productFormStep,
  readProductForm,
  replyWithProductRefusal,
  withChosen,
} from "~/services/product-form.server";
import { savedThenReturn, savedThenReturnHeaders } from "~/services/toast.server";
import { formRefused } from "~/services/forms.server";
import { ProductFields } from "~/components/product/ProductFields";
import type { ProductFormValue } from "~/components/product/ProductFormHelpers";
import { answerOf } from "~/components/form/form-answer";
import { SavedThenReturn } from "~/components/form/SavedThenReturn";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { useSaveAfterCheck } from "~/components/product/use-save-after-check";
import { GeneralError } from "~/components/layout/GeneralError";
import productFormCss from "~/styles/product-form.css?url";
import { productCreatedHref, productReturnHref } from "~/lib/product-links";
import { PageHeader } from "~/components/layout/PageHeader";

// spec 2 §2 Add New Product (route param id = shop id)
export const handle = { roles: ["admin", "shopOwner", "staff"] as const, title: "Add New Product" };
export const meta: MetaFunction = () => [{ title: "Add New Product" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: productFormCss }];
export const headers = savedThenReturnHeaders;

/** The shop of the URL: an admin any live shop, an owner or staff member their own; staff need product:add (else 'Page not found'). */
async function productShop(request: Request, shopId: string | undefined) {
  const page = await loadShop(request, shopId);
  if (!can(page.user, "product:add")) throw pageNotFound();
  return page;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, user, shop } = await productShop(request, params.shopId);
  const value = emptyProductValue(drawSku(""));
  const lookups = await loadProductFormLookups(api, user, shop, value);
  // spec 2 §2: Discard goes back to the list as it was left (page, size, sort, search)
  const back = productReturnHref(user, shop._id, new URL(request.url).searchParams.get("back"));
  return json({ value, lookups, back, shopId: shop._id, shopName: shop.name }, { headers: api.headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api, user, shop } = await productShop(request, params.shopId);
  const form = await readProductForm(request, api);
  const lookups = await loadProductFormLookups(api, user, shop, form.value);
  // the choices that no longer hold are dropped before anything reads the value
  form.value = withChosen(form.value, lookups);
  // the form's reply and the look-ups that go with its value (a no-JS step may have chosen a new category level);
  // `passed`: the check found nothing to refuse, and the page saves after the spec's delay (useSaveAfterCheck)
  const reply = (result: SubmissionResult<string[]>, status: number, shown = lookups, passed = false) =>
    formRefused(result, status, api.headers, { key: crypto.randomUUID(), lookups: shown, passed: passed || undefined });
  // the no-JS helper steps: next category level, the variation table, the inline brand (a new brand joins the list)
  const step = await productFormStep(api, form, "add");
  if (step)
    return reply(
      step,
      200,
      form.formData.get("intent") === "addBrand" ? await loadProductFormLookups(api, user, shop, form.value) : lookups,
    );
  const checked = checkProductForm(form, { mode: "add", attributes: lookups.attributes });
  if (!checked.ok) return reply(checked.result, 400);
  if (form.formData.get("intent") === PRODUCT_CHECK_INTENT)
    return reply(checked.submission.reply(), 200, lookups, true);
  const result = await api.post("product", { ...checked.payload, shopId: shop._id });
  if (!result.success) return reply(replyWithProductRefusal(checked.submission, result), result.httpStatus);
  // spec 2 §4, §8: 'Created {name} to product list', then back to the list after about 1 s
  return savedThenReturn(
    productCreatedHref(user, shop._id),
    result.message || MSG.productCreated(result.data.name),
    api.headers,
  );
}

export default function AddProduct() {
  const loaderData = useLoaderData<typeof loader>();
  const { saved, reply } = answerOf(useActionData<typeof action>());
  const navigation = useNavigation();
  // the form is the shop's: another shop's Add page starts afresh
  const { form } = useFormKit({ id: `product-add-${loaderData.shopId}`, lastResult: reply?.result });
  const save = useSaveAfterCheck({ passed: reply?.passed ? reply.key : null, saveIntent: "save" });
  const posting =
    navigation.state === "submitting" &&
    [PRODUCT_CHECK_INTENT, "save"].includes(String(navigation.formData?.get("intent")));
  // spec 2 §4: from Save until the save's answer, the delay included
  const busy = posting || (!!reply?.passed && !saved);
  const value = (reply?.result.initialValue ?? loaderData.value) as ProductFormValue;

  return (
    <Box className="product-form-page">
      {saved ? <SavedThenReturn saved={saved} /> : null}
      <PageHeader title="Add New Product" />
      <Form
        key={loaderData.shopId}
        method="post"
        encType="multipart/form-data"
        className="product-form"
        {...getFormProps(form)}
        onSubmit={(event) => {
          save.capture(event);
          form.onSubmit(event);
        }}
      >
        <ProductFields
          key={reply?.key ?? "first"}
          mode="add"
          lookups={reply?.lookups ?? loaderData.lookups}
          value={value}
          errors={form.allErrors}
          formErrors={form.errors ?? undefined}
          revalidate={(name) => form.validate({ name })}
        />
        <Flex gap="3" mt="4" className="product-form-actions">
          <Button type="submit" name="intent" value={save.intent} size="3" loading={busy} disabled={!!saved}>
            Save
          </Button>
          {busy ? (
            <Text size="2" color="gray" role="status">
              Saving…
            </Text>
          ) : null}
          <Button asChild size="3" variant="soft" color="gray">
            <Link to={loaderData.back}>Discard</Link>
          </Button>
        </Flex>
      </Form>
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
