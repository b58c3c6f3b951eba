import { z } from "zod";
import { PER_PAGE_MAX, type Pager } from "@croupier/contract/envelope";

// Query strings arrive as text: digits only, so "1.5", "-1" or "x" is a 400 naming the field.
const positiveInt = (max: number) =>
  z
    .string()
    .max(6)
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= max, `must be a whole number from 1 to ${max}`);

/** page (default 1) and per_page (default and ceiling PER_PAGE_MAX). */
export const pageQuery = {
  page: positiveInt(100_000).optional().describe("1-based page number; default 1"),
  per_page: positiveInt(PER_PAGE_MAX).optional().describe(`Page size; default and maximum ${PER_PAGE_MAX}`),
};

export type PageRequest = { page: number; per_page: number; offset: number };

export function pageRequest(query: { page?: string; per_page?: string }): PageRequest {
  const page = query.page ? Number(query.page) : 1;
  const per_page = query.per_page ? Number(query.per_page) : PER_PAGE_MAX;
  return { page, per_page, offset: (page - 1) * per_page };
}

/** Pager for a list returned whole: reference lists bounded by a standard (ISO 3166). */
export function wholeListPager(total: number): Pager {
  return { page: 1, per_page: Math.max(total, 1), total };
}

export const booleanText = z.enum(["true", "false"]);
