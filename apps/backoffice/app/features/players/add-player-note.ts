import { useMutation, useQueryClient } from "@tanstack/react-query";
import { playerNote, type PlayerNote } from "@croupier/contract/backoffice/players";
import { staffApi } from "../../lib/staff-api";
import { playerQueryKey } from "./load-player";

/** POST /players/:id/notes {text}. */
export async function addPlayerNote(playerId: string, text: string): Promise<PlayerNote> {
  const url = `/players/${encodeURIComponent(playerId)}/notes`;
  return (await staffApi().post(url, { body: { text }, schema: playerNote })).payload;
}

export function useAddPlayerNote(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addPlayerNote(playerId, text),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerQueryKey(playerId) }),
  });
}
