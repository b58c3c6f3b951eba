import type { StaffPermission } from "@croupier/contract/staff-permissions";
import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { ConsoleLayout, type PageHandle } from "./components/console-layout";
import { RouteError } from "./components/route-error";

// The console's route table: ONE line per page. Each page is its own chunk, loaded when first visited; the
// permission (if any) is checked by the layout before the page renders (the server checks every call too).
// Paths are relative to the basename /backoffice.

type PageModule = { default: ComponentType };

function page(path: string, load: () => Promise<PageModule>, permission?: StaffPermission): RouteObject {
  const handle: PageHandle = { permission };
  const lazy = async () => ({ Component: (await load()).default });
  return path === "" ? { index: true, handle, lazy } : { path, handle, lazy };
}

export const CONSOLE_PAGES: RouteObject[] = [
  page("", () => import("./routes/home")),
  page("players", () => import("./routes/players"), "players.read"),
  page("players/:id", () => import("./routes/player"), "players.read"),
  page("reports", () => import("./routes/reports"), "reports.read"),
  page("catalog", () => import("./routes/catalog"), "catalog.manage"),
  page("chat", () => import("./routes/chat"), "chat.read"),
  page("withdrawals", () => import("./routes/withdrawals"), "withdrawals.read"),
  page("adjustments", () => import("./routes/adjustments"), "adjustments.request"),
  page("account", () => import("./routes/account")),
  page("staff", () => import("./routes/staff"), "staff.manage"),
  page("audit-log", () => import("./routes/audit-log"), "audit.read"),
  page("documents", () => import("./routes/documents"), "documents.review"),
  page("site-rules", () => import("./routes/site-rules"), "site.manage"),
  page("bonuses", () => import("./routes/bonus-campaigns"), "bonuses.manage"),
  page("bonuses/new", () => import("./routes/bonus-campaign-new"), "bonuses.manage"),
  page("bonuses/:id", () => import("./routes/bonus-campaign"), "bonuses.manage"),
  page("bonuses/:id/edit", () => import("./routes/bonus-campaign-edit"), "bonuses.manage"),
  page("bonus-labels", () => import("./routes/bonus-labels"), "bonuses.manage"),
  page("promo-codes", () => import("./routes/promo-codes"), "bonuses.manage"),
  page("segments", () => import("./routes/segments"), "bonuses.manage"),
  page("segments/:id", () => import("./routes/segment"), "bonuses.manage"),
  page("rakeback", () => import("./routes/rakeback"), "bonuses.manage"),
  page("cashback", () => import("./routes/cashback"), "bonuses.manage"),
  page("cashback/:id", () => import("./routes/cashback-campaign"), "bonuses.manage"),
  page("cashback/runs/:runId", () => import("./routes/cashback-run"), "bonuses.manage"),
  page("loyalty", () => import("./routes/loyalty"), "bonuses.manage"),
  page("*", () => import("./routes/not-found")),
];

export const ROUTES: RouteObject[] = [
  { path: "sign-in", errorElement: <RouteError />, lazy: async () => ({ Component: (await import("./routes/sign-in")).default }) },
  { path: "/", element: <ConsoleLayout />, errorElement: <RouteError />, children: [{ errorElement: <RouteError />, children: CONSOLE_PAGES }] },
];
