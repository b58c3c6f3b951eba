import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  adminGameProvider,
  type AdminGameProvider,
  type UpdateGameProviderBody,
} from "@croupier/contract/backoffice/catalog-admin";
import { toast } from "sonner";
import { errorMessageOf, isHandled, staffApi } from "../../lib/staff-api";
import { GAME_PROVIDERS_KEY } from "./list-game-providers";
import { CATALOG_GAMES_KEY } from "./list-catalog-games";

/** PATCH /catalog/game-providers/:code. */
export async function updateGameProvider(code: string, body: UpdateGameProviderBody): Promise<AdminGameProvider> {
  return (
    await staffApi().patch(`/catalog/game-providers/${encodeURIComponent(code)}`, { body, schema: adminGameProvider })
  ).payload;
}

/** Optimistic: the switch moves at once and goes back if the server refuses; the games reload either way. */
export function useUpdateGameProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: UpdateGameProviderBody; label: string }) =>
      updateGameProvider(code, body),
    onMutate: async ({ code, body }) => {
      await queryClient.cancelQueries({ queryKey: GAME_PROVIDERS_KEY });
      const before = queryClient.getQueryData<AdminGameProvider[]>(GAME_PROVIDERS_KEY);
      queryClient.setQueryData<AdminGameProvider[]>(GAME_PROVIDERS_KEY, (list) =>
        list?.map((p) => (p.code === code ? { ...p, ...body } : p)),
      );
      return { before };
    },
    onError: (error, { label }, context) => {
      queryClient.setQueryData(GAME_PROVIDERS_KEY, context?.before);
      if (!isHandled(error)) toast.error(`${label}: ${errorMessageOf(error)}`);
    },
    onSuccess: (_provider, { label }) => toast.success(label),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: GAME_PROVIDERS_KEY });
      await queryClient.invalidateQueries({ queryKey: CATALOG_GAMES_KEY });
    },
  });
}
