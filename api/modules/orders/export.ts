import PDFDocument from "pdfkit";
import { MSG } from "#contract/core/messages";
import type { OrderExportQuery } from "#contract/orders/order-views-api";
import { formatDay } from "#contract/core/days";
import type { OrderListRow } from "#contract/orders/order-views";
import type { Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { drawText, layoutText } from "#api/platform/providers/pdf-text";
import { orderBatches } from "./list";
import { reachesEveryShop } from "#api/platform/auth/tenancy";
import { csvResponse } from "#api/platform/http/csv-export";

// GET order/export (ADR 0031): the filtered order list as a PDF (spec 2 §9 columns) or a CSV (the same rows plus their
// figures). Both are streamed batch by batch from a keyset walk, so memory stays bounded whatever the list's length;
// the PDF stops at PDF_MAX_ROWS with a closing line that points to the CSV, which has no cap.

export const PDF_MAX_ROWS = 5000;
const EXPORT_BATCH = 500;

/** DD/MM/YYYY in the marketplace's zone (spec 2 §1, §9). */
export const orderDate = formatDay;
const customerName = (row: OrderListRow) => `${row.buyerId.fName} ${row.buyerId.lName}`.trim();
const deliveryAddress = (row: OrderListRow) => [row.address.address, row.address.city].filter(Boolean).join(", ");
const orderType = (row: OrderListRow) => (row.orderType === "offline" ? "Offline" : "Online");
const money = (n: number) => n.toFixed(2);

/** spec 2 §9: Order ID, Customer Name, Date of Order, Shop(s) (admins only), Order Type, Delivery Address. */
export function pdfColumns(isAdmin: boolean) {
  const columns: { header: string; width: number; cell: (row: OrderListRow) => string }[] = [
    { header: "Order ID", width: 60, cell: (r) => `#${r.orderId}` },
    { header: "Customer Name", width: 110, cell: customerName },
    { header: "Date of Order", width: 70, cell: (r) => orderDate(r.createdAt) },
    { header: "Shop(s)", width: 110, cell: (r) => r.shoplist.join(", ") },
    { header: "Order Type", width: 60, cell: orderType },
    { header: "Delivery Address", width: 0, cell: deliveryAddress },
  ];
  return isAdmin ? columns : columns.filter((c) => c.header !== "Shop(s)");
}

/** The CSV's columns: the PDF's, then the customer's contacts, the status and the figures (AUD). */
function csvColumns(isAdmin: boolean) {
  return [
    ...pdfColumns(isAdmin).map(({ header, cell }) => ({ header, cell })),
    { header: "Customer E-mail", cell: (r: OrderListRow) => r.buyerId.email ?? "" },
    {
      header: "Customer Phone",
      cell: (r: OrderListRow) => (r.buyerId.mobile ? `${r.buyerId.countryCode ?? ""} ${r.buyerId.mobile}`.trim() : ""),
    },
    { header: "Order Status", cell: (r: OrderListRow) => r.status },
    { header: "Lines", cell: (r: OrderListRow) => String(r.lineCount) },
    { header: "Subtotal (AUD)", cell: (r: OrderListRow) => money(r.subtotal) },
    { header: "Tax (AUD)", cell: (r: OrderListRow) => money(r.tax) },
    { header: "Coupon Discount (AUD)", cell: (r: OrderListRow) => money(r.couponDiscount) },
    { header: "Total (AUD)", cell: (r: OrderListRow) => money(r.total) },
    { header: "Refunded (AUD)", cell: (r: OrderListRow) => money(r.refunded) },
  ];
}

const stamp = () => new Date().toISOString().slice(0, 10);
const download = (type: string, name: string) => ({
  "Content-Type": type,
  "Content-Disposition": `attachment; filename="${name}"`,
  "Cache-Control": "no-store",
});

/** The CSV, pulled batch by batch as the client reads (the CSV export kit's writer, ADR 0068). */
export function orderCsv(deps: Deps, actor: Actor, q: OrderExportQuery): Response {
  return csvResponse("orders", csvColumns(reachesEveryShop(actor)), orderBatches(deps, actor, q, EXPORT_BATCH));
}

/**
 * The PDF: a table of spec 2 §9's columns, written page by page as the batches arrive (pdfkit flushes each finished
 * page), at most PDF_MAX_ROWS rows; past that a closing line says the CSV has them all.
 */
export function orderPdf(deps: Deps, actor: Actor, q: OrderExportQuery): Response {
  const columns = pdfColumns(reachesEveryShop(actor));
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 36,
    bufferPages: false,
    info: { Title: "Orders" },
  });
  const left = doc.page.margins.left;
  const usable = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const fixed = columns.reduce((n, c) => n + c.width, 0);
  const widths = columns.map((c) => c.width || usable - fixed);
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const line = (text: string, size: number, bold: boolean) => {
    const block = layoutText(doc, text, { width: usable, size, bold });
    drawText(doc, block, left, doc.y);
    doc.y += block.height;
  };

  const rowOf = (cells: string[], bold: boolean) => {
    // names, shops and addresses may be in any script (ADR 0051)
    const blocks = cells.map((text, i) => layoutText(doc, text, { width: widths[i] - 6, size: 9, bold }));
    const height = Math.max(...blocks.map((b) => b.height)) + 6;
    if (doc.y + height > bottom()) {
      doc.addPage();
      if (!bold)
        rowOf(
          columns.map((c) => c.header),
          true,
        );
    }
    const top = doc.y;
    let x = left;
    blocks.forEach((block, i) => {
      drawText(doc, block, x + 3, top + 3);
      x += widths[i];
    });
    doc
      .moveTo(left, top + height)
      .lineTo(left + usable, top + height)
      .lineWidth(0.5)
      .strokeColor("#cccccc")
      .stroke();
    doc.x = left;
    doc.y = top + height;
  };

  const write = async () => {
    line("Orders", 14, true);
    doc.y += 7;
    rowOf(
      columns.map((c) => c.header),
      true,
    );
    let written = 0;
    let more = false;
    for await (const rows of orderBatches(deps, actor, q, EXPORT_BATCH, PDF_MAX_ROWS + 1)) {
      for (const row of rows) {
        if (written === PDF_MAX_ROWS) {
          more = true;
          break;
        }
        rowOf(
          columns.map((c) => c.cell(row)),
          false,
        );
        written++;
      }
      // let the stream drain before the next batch
      await new Promise((resolve) => setImmediate(resolve));
    }
    doc.y += 6;
    if (!written) line("No orders match these filters.", 10, false);
    if (more) line(MSG.orderExportCapped(PDF_MAX_ROWS), 10, true);
    doc.end();
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      doc.on("data", (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
      doc.on("end", () => controller.close());
      doc.on("error", (error) => controller.error(error));
      write().catch((error: unknown) => {
        controller.error(error);
      });
    },
  });
  return new Response(body, { headers: download("application/pdf", `orders-${stamp()}.pdf`) });
}
