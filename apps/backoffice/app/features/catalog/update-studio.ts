import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminStudio, type AdminStudio, type UpdateStudioBody } from "@croupier/contract/backoffice/catalog-admin";
import { toast } from "sonner";
import { errorMessageOf, isHandled, staffApi } from "../../lib/staff-api";
import { CATALOG_GAMES_KEY } from "./list-catalog-games";
import { STUDIOS_KEY } from "./list-studios";

/** PATCH /catalog/studios/:guid. */
export async function updateStudio(guid: string, body: UpdateStudioBody): Promise<AdminStudio> {
  return (await staffApi().patch(`/catalog/studios/${encodeURIComponent(guid)}`, { body, schema: adminStudio }))
    .payload;
}

/** Optimistic like the games: the list changes at once and goes back if the server refuses. */
export function useUpdateStudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ guid, body }: { guid: string; body: UpdateStudioBody; label: string }) => updateStudio(guid, body),
    onMutate: async ({ guid, body }) => {
      await queryClient.cancelQueries({ queryKey: STUDIOS_KEY });
      const before = queryClient.getQueryData<AdminStudio[]>(STUDIOS_KEY);
      queryClient.setQueryData<AdminStudio[]>(STUDIOS_KEY, (list) =>
        list?.map((s) => (s.guid === guid ? { ...s, ...body } : s)),
      );
      return { before };
    },
    onError: (error, { label }, context) => {
      queryClient.setQueryData(STUDIOS_KEY, context?.before);
      if (!isHandled(error)) toast.error(`${label}: ${errorMessageOf(error)}`);
    },
    onSuccess: (_studio, { label }) => toast.success(label),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: STUDIOS_KEY });
      // A studio's switch changes whether its games are visible.
      await queryClient.invalidateQueries({ queryKey: CATALOG_GAMES_KEY });
    },
  });
}
