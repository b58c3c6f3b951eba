// A client generated from the published document, as an operator would write one: openapi-typescript's
// `paths` (npm run check:openapi writes .tmp/openapi/api.ts first) and openapi-fetch. Only type-checked, never
// run: it stops compiling when the document stops describing what these calls rely on. The repository's own
// typecheck leaves it out (scripts/tsconfig.json), since the generated file exists only after the check.
import createClient from "openapi-fetch";
import type { paths } from "../../.tmp/openapi/api.ts";

/** Public: the first page of slots, by name. Failures come back typed as the error envelope. */
export async function slotNames(baseUrl: string): Promise<string[]> {
  const api = createClient<paths>({ baseUrl });
  const { data, error } = await api.GET("/api/v1/catalog/games", { params: { query: { page: "1", per_page: "24" } } });
  if (error) throw new Error(`${error.payload.code}: ${error.payload.message}`);
  return data.payload.map((game) => game.game_name);
}

/** A player's call with the bearer token from login. */
export async function walletBalance(baseUrl: string, email: string, password: string, currencyGuid: string): Promise<string> {
  const api = createClient<paths>({ baseUrl });
  const login = await api.POST("/api/v1/authorization/login", { body: { email, password } });
  if (login.error) throw new Error(login.error.payload.message);
  const headers = { authorization: `Bearer ${login.data.payload.access_token}` };
  const wallet = await api.GET("/api/v1/billing/wallet", { params: { query: { currency_guid: currencyGuid } }, headers });
  if (wallet.error) throw new Error(wallet.error.payload.message);
  return wallet.data.payload.balance;
}

/** The house provider's public verify call. */
export async function verifyOutcome(baseUrl: string, gameCode: string, serverSeed: string, clientSeed: string, nonce: number) {
  const api = createClient<paths>({ baseUrl });
  const { data } = await api.POST("/house/api/verify", {
    body: { game_code: gameCode, server_seed: serverSeed, client_seed: clientSeed, nonce },
  });
  return data?.payload.server_seed_hash;
}
