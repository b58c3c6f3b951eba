/**
 * The built-in game provider ("house games"). It behaves like any external
 * provider: it is launched through the game URL the platform issues at
 * POST /game/open and moves money only through the provider wallet protocol
 * (PROVIDER_WALLET_PROTOCOL.md) under this provider code. It never imports
 * platform internals or reads platform tables.
 */
export const HOUSE_PROVIDER_CODE = "house";
