import { useMutation } from "@tanstack/react-query";
import type { GameOpenBody, GameOpenResult } from "@croupier/contract/entities/game-launch";
import { playerApi } from "../../lib/player-api";

/** POST /game/open. */
export async function openGameRequest(body: GameOpenBody): Promise<GameOpenResult> {
  return (await playerApi().post<GameOpenResult>("/api/v1/game/open", { body })).payload;
}

/** Opening a game is an action (it issues a session), never a cached query. */
export function useOpenGame() {
  return useMutation({ mutationFn: openGameRequest });
}
