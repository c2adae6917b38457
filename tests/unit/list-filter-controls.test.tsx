import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { Filters } from "../../app/components/table/FilterForm";
import { asOptions, checkboxes, day, param, select } from "../../app/lib/list-filters";

const filters = {
  startDate: day("From"),
  status: select("Status", { all: "All", options: asOptions(["Pending", "Delivered"]) }),
  category: checkboxes("Category"),
  buyerId: param(),
};

const at = (location: string) =>
  renderToStaticMarkup(
    <StaticRouter location={location}>
      <Filters of={filters} choices={{ category: asOptions(["Shoes", "Hats"]) }} />
    </StaticRouter>,
  );

describe("Filters", () => {
  it("renders each declared control, in order, showing what the URL says", () => {
    const html = at("/app/orders?startDate=2024-01-02&status=Delivered&category=Hats&buyerId=b1");
    expect(html.indexOf('name="startDate"')).toBeLessThan(html.indexOf('name="status"'));
    expect(html.indexOf('name="status"')).toBeLessThan(html.indexOf('name="category"'));
    expect(html).toContain('<label for="filter-startDate">From</label>');
    expect(html).toMatch(/name="startDate"[^>]* value="02\/01\/2024"/);
    expect(html).toContain('<option value="">All</option>');
    expect(html).toContain('<option value="Delivered" selected="">Delivered</option>');
    expect(html).toContain('<input type="checkbox" name="category" checked="" value="Hats"/>');
    expect(html).toContain('<input type="checkbox" name="category" value="Shoes"/>');
    // a bare param has no control
    expect(html).not.toContain("buyerId");
  });

  it('shows "All" and no date or choice when the URL names no filter', () => {
    const html = at("/app/orders");
    expect(html).toMatch(/name="startDate"[^>]* value=""/);
    expect(html).toContain('<option value="" selected="">All</option>');
    expect(html).not.toContain("checked");
  });
});
