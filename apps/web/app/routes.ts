import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export const INFO_PAGES = [
  "support",
  "about-us",
  "payments",
  "affiliates",
  "collections",
  "kyc-procedure",
  "privacy-policy",
  "responsible-gaming",
] as const;

export default [
  layout("layouts/default-layout.tsx", [
    route(":filter?", "routes/lobby.tsx", { id: "lobby-home" }),
    route("live/:filter?", "routes/lobby.tsx", { id: "lobby-live" }),
    route("slots/:filter?", "routes/lobby.tsx", { id: "lobby-slots" }),
    route("promo", "routes/promo.tsx"),
    ...INFO_PAGES.map((slug) => route(slug, "routes/info-page.tsx", { id: `info-${slug}` })),
    route("faq", "routes/faq-index.tsx"),
    route("faq/:faq_name", "routes/faq-entry.tsx"),
    route("terms-conditions", "routes/terms-index.tsx"),
    route("terms-conditions/:terms_name", "routes/terms-entry.tsx"),
    route("bonus-hub", "layouts/bonus-hub-layout.tsx", [
      index("routes/bonus-hub/overview.tsx"),
      route("promo", "routes/bonus-hub/promo.tsx"),
      route("rakeback", "routes/bonus-hub/rakeback.tsx"),
      route("my-bonuses", "routes/bonus-hub/my-bonuses.tsx"),
      route("coin", "routes/bonus-hub/coin.tsx"),
    ]),
    route("*", "routes/not-found.tsx"),
  ]),
  route("account", "layouts/account-layout.tsx", [
    index("routes/account/index.tsx"),
    route("dashboard", "routes/account/dashboard.tsx"),
    route("limit", "routes/account/limit.tsx"),
    route("history", "routes/account/history.tsx"),
    route("notification", "routes/account/notification.tsx"),
    route("safety", "routes/account/safety.tsx"),
    route("bonuses/*", "routes/account/bonuses.tsx"),
    route("game_history", "routes/account/game-history.tsx"),
    ...prefix("user-info", [
      index("routes/account/user-info-index.tsx"),
      route("general", "routes/account/user-info-general.tsx"),
      route("security", "routes/account/user-info-security.tsx"),
      route("verification", "routes/account/user-info-verification.tsx"),
    ]),
    ...prefix("wallets", [
      route("balance", "routes/account/wallets-balance.tsx"),
      route("deposit", "routes/account/wallets-deposit.tsx"),
      route("withdraw", "routes/account/wallets-withdraw.tsx"),
      route("history", "routes/account/wallets-history.tsx"),
    ]),
    route("*", "routes/account/not-found.tsx"),
  ]),
  layout("layouts/empty-layout.tsx", [
    route("game/:provider_name/:game_name", "routes/game.tsx"),
    // Where the server's site rules send visitors (ADR 028): no lobby around them.
    route("restricted-region", "routes/restricted-region.tsx"),
    route("maintenance", "routes/maintenance.tsx"),
  ]),
] satisfies RouteConfig;
