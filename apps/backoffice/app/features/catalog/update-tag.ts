import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminTag, type AdminTag, type UpdateTagBody } from "@croupier/contract/backoffice/catalog-admin";
import { toast } from "sonner";
import { errorMessageOf, isHandled, staffApi } from "../../lib/staff-api";
import { TAGS_KEY } from "./list-catalog-tags";

/** PATCH /catalog/tags/:guid. */
export async function updateTag(guid: string, body: UpdateTagBody): Promise<AdminTag> {
  return (await staffApi().patch(`/catalog/tags/${encodeURIComponent(guid)}`, { body, schema: adminTag })).payload;
}

/** Optimistic: the tag moves at once and goes back if the server refuses. */
export function useUpdateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ guid, body }: { guid: string; body: UpdateTagBody; label: string }) => updateTag(guid, body),
    onMutate: async ({ guid, body }) => {
      await queryClient.cancelQueries({ queryKey: TAGS_KEY });
      const before = queryClient.getQueryData<AdminTag[]>(TAGS_KEY);
      queryClient.setQueryData<AdminTag[]>(TAGS_KEY, (list) =>
        list?.map((t) => (t.guid === guid ? { ...t, ...body } : t)),
      );
      return { before };
    },
    onError: (error, { label }, context) => {
      queryClient.setQueryData(TAGS_KEY, context?.before);
      if (!isHandled(error)) toast.error(`${label}: ${errorMessageOf(error)}`);
    },
    onSuccess: (_tag, { label }) => toast.success(label),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TAGS_KEY }),
  });
}
