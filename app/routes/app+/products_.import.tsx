import { getFormProps } from "~/components/form/form-props";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Box, Button, Callout, Card, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { useActionData, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/remix";
import { buttonProps } from "~/components/plain";
import { MSG } from "#contract/core/messages";
import { formatPrice, variantLabel } from "#contract/products/products";
import {
  ATTRIBUTE_COLUMN_PREFIX,
  IMPORT_BYTES_MAX,
  IMPORT_COLUMNS,
  IMPORT_ROWS_MAX,
} from "#contract/products/product-import";
import type { ImportCheck, ImportProblem, ImportSummary } from "#contract/products/product-import-api";
import { apiFor } from "~/services/api.server";
import { formRefused } from "~/services/forms.server";
import { readFormWithFiles } from "~/services/upload.server";
import { dropImport, importUploadSchema, keepImport, keptImport } from "~/services/product-import.server";
import { useFormKit } from "~/components/form/use-form-kit";
import { ErrorList, FormError } from "~/components/form/Field";
import { GeneralError } from "~/components/layout/GeneralError";
import { PageHeader } from "~/components/layout/PageHeader";
import tableCss from "~/styles/table.css?url";

// The product import (ADR 0073): upload a CSV (with the images it names) → every problem by row and column, or a
// preview with Confirm → the products are created all at once → a summary. Plain posts throughout: without
// JavaScript the file goes up with the form and the confirmation names the kept file by its token.
export const handle = { roles: ["shopOwner", "staff"] as const, title: "Import products" };
export const meta: MetaFunction = () => [{ title: "Import products" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: tableCss }];

const ACCESS = { roles: handle.roles, staff: ["product:add"] } as const;
const LIST = "/app/products";
const TEMPLATE = "/app/products/import/template";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await apiFor(request, ACCESS);
  return json(null, { headers: api.headers });
}

/** Each uploaded file's location by the name it had on the person's computer. */
function byFileName(locations: FormDataEntryValue[], fileNames: Record<string, string>) {
  return Object.fromEntries(
    locations.flatMap((l) => (typeof l === "string" && fileNames[l] ? [[fileNames[l], l] as const] : [])),
  );
}

/** Problems of a refused import (`rows.{row}.{column}` field errors), as the check lists them. */
function problemsOf(errors: Record<string, string[]> | undefined): ImportProblem[] {
  return Object.entries(errors ?? {}).flatMap(([key, messages]) => {
    const match = /^rows\.(\d+)\.(.*)$/.exec(key);
    return match ? messages.map((message) => ({ row: Number(match[1]), column: match[2], message })) : [];
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { api, user } = await apiFor(request, ACCESS);
  const multipart = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
  if (!multipart) {
    // Confirm: the kept file, imported in one go
    const form = await request.formData();
    const token = String(form.get("token") ?? "");
    const kept = await keptImport(user._id, token);
    if (!kept) return json({ gone: MSG.importFileRequired }, { status: 400, headers: api.headers });
    const { fileName, ...body } = kept;
    const result = await api.post("product/import", body);
    if (!result.success)
      return json(
        { refused: { message: result.message, fileName, problems: problemsOf(result.errors) } },
        { status: result.httpStatus, headers: api.headers },
      );
    await dropImport(user._id, token);
    return json({ imported: { ...(result.data as ImportSummary), message: result.message } }, { headers: api.headers });
  }
  // the file to check, with the images and size charts it names (uploaded and checked like any upload)
  const { formData, fileErrors, fileNames } = await readFormWithFiles(
    request,
    api,
    { images: "productMedia", sizeCharts: "catalogueImage" },
    {
      multiple: ["images", "sizeCharts"],
      texts: { file: { bytes: IMPORT_BYTES_MAX, tooLarge: MSG.importTooLarge } },
    },
  );
  const submission = parseWithZod(formData, { schema: importUploadSchema });
  const refusals = Object.fromEntries(
    Object.entries(fileErrors).map(([field, message]) => [
      field === "images" || field === "sizeCharts" ? field : "file",
      [message],
    ]),
  );
  if (submission.status !== "success" || Object.keys(refusals).length > 0)
    return formRefused(submission.reply({ fieldErrors: refusals }), 400, api.headers);
  const kept = {
    csv: submission.value.file,
    fileName: submission.value.fileName ?? "file.csv",
    images: byFileName(formData.getAll("images"), fileNames),
    sizeCharts: byFileName(formData.getAll("sizeCharts"), fileNames),
  };
  const { fileName, ...body } = kept;
  const result = await api.post("product/import/check", body);
  if (!result.success)
    return formRefused(submission.reply({ fieldErrors: { file: [result.message] } }), result.httpStatus, api.headers);
  const check = result.data as ImportCheck;
  // a file without problems is kept for its confirmation; one with problems is fixed and uploaded again
  const token = check.problemCount === 0 ? await keepImport(user._id, kept) : null;
  return json({ checked: { check, fileName, token, message: result.message } }, { headers: api.headers });
}

function ProblemTable({ problems, count }: { problems: ImportProblem[]; count: number }) {
  return (
    <Box>
      <Table.Root variant="surface">
        <caption className="visually-hidden">Problems</caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Row</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Column</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Problem</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {problems.map((p, i) => (
            <Table.Row key={`${p.row}-${p.column}-${i}`}>
              <Table.Cell>{p.row}</Table.Cell>
              <Table.Cell>{p.column}</Table.Cell>
              <Table.Cell>{p.message}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {count > problems.length ? (
        <Text as="p" size="2" color="gray" mt="2">
          The first {problems.length} of {count} problems are listed.
        </Text>
      ) : null}
    </Box>
  );
}

function Preview({ check }: { check: ImportCheck }) {
  return (
    <Table.Root variant="surface">
      <caption className="visually-hidden">Rows to import</caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Row</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Handle</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Variation</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>SKU</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Price</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Stock</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {check.preview.map((r) => (
          <Table.Row key={r.row}>
            <Table.Cell>{r.row}</Table.Cell>
            <Table.Cell>{r.handle}</Table.Cell>
            <Table.Cell>{r.name}</Table.Cell>
            <Table.Cell>{r.variant ? variantLabel(r.variant) : "—"}</Table.Cell>
            <Table.Cell>{r.sku ?? "made from the name"}</Table.Cell>
            <Table.Cell>{r.price === null ? "" : formatPrice(r.price)}</Table.Cell>
            <Table.Cell>{r.stock ?? ""}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

export default function ImportProducts() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const result = answer && "result" in answer ? answer.result : null;
  const { form, fields, key } = useFormKit({ id: "product-import", lastResult: result });
  const checked = answer && "checked" in answer ? answer.checked : null;
  const refused = answer && "refused" in answer ? answer.refused : null;
  const imported = answer && "imported" in answer ? answer.imported : null;
  const gone = answer && "gone" in answer ? answer.gone : null;

  return (
    <Box>
      <PageHeader title="Import products">
        <Link to={LIST} {...buttonProps({ variant: "soft", color: "gray" })}>
          Back to products
        </Link>
      </PageHeader>

      {imported ? (
        <Callout.Root color="green" mb="4" role="status">
          <Callout.Text>
            {imported.message}. <Link to={LIST}>Go to the products</Link>
          </Callout.Text>
        </Callout.Root>
      ) : null}

      {checked && checked.check.problemCount > 0 ? (
        <Box mb="5">
          <Heading as="h2" size="4" mb="2">
            {MSG.importHasProblems(checked.check.problemCount)}
          </Heading>
          <Text as="p" size="2" mb="3">
            Fix these rows of {checked.fileName} and upload it again.
          </Text>
          <ProblemTable problems={checked.check.problems} count={checked.check.problemCount} />
        </Box>
      ) : null}

      {refused ? (
        <Box mb="5">
          <Heading as="h2" size="4" mb="2">
            {refused.message}
          </Heading>
          {refused.problems.length ? (
            <ProblemTable problems={refused.problems} count={refused.problems.length} />
          ) : null}
        </Box>
      ) : null}

      {gone ? (
        <Callout.Root color="red" mb="4" role="alert">
          <Callout.Text>{gone}</Callout.Text>
        </Callout.Root>
      ) : null}

      {checked && checked.token ? (
        <Card size="3" mb="5">
          <Heading as="h2" size="4" mb="2">
            {checked.message}
          </Heading>
          <Text as="p" size="2" mb="3">
            {checked.fileName}: {checked.check.rows} rows, {checked.check.products} products, {checked.check.variations}{" "}
            variations. Nothing is saved until you confirm; then every product is created, or none.
          </Text>
          <Preview check={checked.check} />
          <Form method="post" replace>
            <input type="hidden" name="token" value={checked.token} />
            <Flex gap="3" mt="4">
              <Button type="submit" loading={busy}>
                Confirm import
              </Button>
            </Flex>
          </Form>
        </Card>
      ) : null}

      <Card size="3">
        <Heading as="h2" size="4" mb="2">
          {checked || imported ? "Import another file" : "Upload a CSV file"}
        </Heading>
        <Text as="p" size="2" mb="2">
          One row per product, or one row per variation: rows sharing a {IMPORT_COLUMNS.handle} are one product, and its{" "}
          {IMPORT_COLUMNS.option1Name} (and {IMPORT_COLUMNS.option2Name}) name its variations. Department, category,
          sub-category and brand are given by name; attributes in columns headed &lsquo;{ATTRIBUTE_COLUMN_PREFIX}
          Material&rsquo;. Images are those you upload here, named by file name, or earlier uploads by their URL. Up to{" "}
          {IMPORT_ROWS_MAX.toLocaleString("en-AU")} rows.
        </Text>
        <Text as="p" size="2" mb="4">
          <a href={TEMPLATE} download>
            Download template
          </a>
        </Text>
        <Form key={key} method="post" encType="multipart/form-data" {...getFormProps(form)}>
          <Flex direction="column" gap="3">
            <Flex direction="column" gap="1">
              <Text as="label" size="2" weight="medium" htmlFor="import-file">
                CSV file
              </Text>
              <input
                id="import-file"
                type="file"
                name="file"
                accept=".csv,text/csv"
                aria-invalid={fields.file.errors ? true : undefined}
                aria-describedby={fields.file.errors ? fields.file.errorId : undefined}
              />
              <ErrorList id={fields.file.errorId} errors={fields.file.errors} />
            </Flex>
            <Flex direction="column" gap="1">
              <Text as="label" size="2" weight="medium" htmlFor="import-images">
                Product images (optional)
              </Text>
              <input
                id="import-images"
                type="file"
                name="imagesFile"
                accept="image/jpeg,image/png,image/webp"
                multiple
              />
              <ErrorList id={fields.images.errorId} errors={fields.images.errors} />
            </Flex>
            <Flex direction="column" gap="1">
              <Text as="label" size="2" weight="medium" htmlFor="import-size-charts">
                Size charts (optional)
              </Text>
              <input id="import-size-charts" type="file" name="sizeChartsFile" accept="image/jpeg,image/png" multiple />
              <ErrorList id={fields.sizeCharts.errorId} errors={fields.sizeCharts.errors} />
            </Flex>
            <FormError id={form.errorId} errors={form.errors} />
            <Flex gap="3">
              <Button type="submit" loading={busy}>
                Check file
              </Button>
            </Flex>
          </Flex>
        </Form>
      </Card>
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
