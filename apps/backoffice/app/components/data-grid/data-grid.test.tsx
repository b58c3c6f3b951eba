import { QueryClient, QueryClientProvider, queryOptions } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DataGrid, type GridPage, type GridParams } from "./data-grid";

type Row = { id: string; name: string };
type Filters = { q: string };

const columns: ColumnDef<Row, string>[] = [
  { accessorKey: "id", header: "Id" },
  { accessorKey: "name", header: "Name", enableSorting: true },
];

function setup(fetchPage: (params: GridParams<Filters>) => Promise<GridPage<Row>>, filters: Filters = { q: "" }, onRowClick?: (row: Row) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const options = (params: GridParams<Filters>) => queryOptions({ queryKey: ["test-grid", params], queryFn: () => fetchPage(params) });
  const ui = (value: Filters) => (
    <QueryClientProvider client={client}>
      <DataGrid label="People" columns={columns} queryOptions={options} filters={value} getRowId={(row) => row.id} onRowClick={onRowClick} pageSize={2} />
    </QueryClientProvider>
  );
  const view = render(ui(filters));
  return { rerender: (value: Filters) => view.rerender(ui(value)) };
}

const rowsOf = () => within(screen.getByRole("table", { name: "People" })).getAllByRole("row").slice(1);

afterEach(cleanup);

describe("DataGrid", () => {
  it("shows skeleton rows, then the page, and pages by cursor both ways", async () => {
    const pages: Record<string, GridPage<Row>> = {
      first: { items: [{ id: "1", name: "Ann" }, { id: "2", name: "Bob" }], next_cursor: "c2" },
      c2: { items: [{ id: "3", name: "Cy" }], next_cursor: null },
    };
    const calls: GridParams<Filters>[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    setup(async (params) => {
      calls.push(params);
      if (calls.length === 1) await gate;
      return pages[params.cursor ?? "first"]!;
    });

    expect(screen.getAllByTestId("grid-skeleton-row").length).toBeGreaterThan(0);
    release();
    await screen.findByText("Ann");
    expect(rowsOf()).toHaveLength(2);
    expect(calls[0]).toEqual({ filters: { q: "" }, limit: 2, cursor: null, sort: null });

    const previous = screen.getByRole("button", { name: "Previous" });
    expect((previous as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Cy");
    expect(calls.at(-1)?.cursor).toBe("c2");
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    await screen.findByText("Ann");
  });

  it("passes sorting to the fetcher and starts again at page one when filters change", async () => {
    const calls: GridParams<Filters>[] = [];
    const { rerender } = setup(async (params) => {
      calls.push(params);
      return { items: [{ id: params.cursor ?? "1", name: params.filters.q || "all" }], next_cursor: "next" };
    });
    await screen.findByText("all");
    fireEvent.click(screen.getByRole("button", { name: /Name/ }));
    await waitFor(() => expect(calls.at(-1)?.sort).toEqual({ id: "name", desc: false }));
    expect(screen.getByRole("columnheader", { name: /Name/ }).getAttribute("aria-sort")).toBe("ascending");
    expect(within(screen.getByRole("columnheader", { name: "Id" })).queryByRole("button")).toBeNull();

    const next = screen.getByRole("button", { name: "Next" }) as HTMLButtonElement;
    await waitFor(() => expect(next.disabled).toBe(false));
    fireEvent.click(next);
    await waitFor(() => expect(calls.at(-1)?.cursor).toBe("next"));

    rerender({ q: "bo" });
    await screen.findByText("bo");
    expect(calls.at(-1)).toEqual({ filters: { q: "bo" }, limit: 2, cursor: null, sort: { id: "name", desc: false } });
    expect(screen.getByText("Page 1")).toBeTruthy();
  });

  it("shows the empty state", async () => {
    setup(async () => ({ items: [], next_cursor: null }));
    expect(await screen.findByText("Nothing here yet")).toBeTruthy();
  });

  it("shows the error state and retries", async () => {
    let fail = true;
    setup(async () => {
      if (fail) throw new Error("offline");
      return { items: [{ id: "1", name: "Back" }], next_cursor: null };
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("People could not be loaded.");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await screen.findByText("Back");
  });

  it("opens a row by click and by keyboard", async () => {
    const onRowClick = vi.fn();
    setup(async () => ({ items: [{ id: "1", name: "Ann" }], next_cursor: null }), { q: "" }, onRowClick);
    await screen.findByText("Ann");
    const [row] = rowsOf();
    fireEvent.click(row!);
    fireEvent.keyDown(row!, { key: "Enter" });
    expect(onRowClick).toHaveBeenCalledTimes(2);
    expect(onRowClick).toHaveBeenCalledWith({ id: "1", name: "Ann" });
  });
});
