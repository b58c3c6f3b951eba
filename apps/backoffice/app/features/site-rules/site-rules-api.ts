import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { siteRule, type SiteRule, type SiteRuleBody } from "@croupier/contract/backoffice/site-rules";
import { staffApi } from "../../lib/staff-api";

export const SITE_RULES_KEY = ["backoffice", "site-rules"] as const;

/** GET /site-rules. */
export async function listSiteRules(signal?: AbortSignal): Promise<SiteRule[]> {
  return (await staffApi().get("/site-rules", { signal, schema: z.array(siteRule) })).payload;
}

export const siteRulesQueryOptions = () =>
  queryOptions({ queryKey: SITE_RULES_KEY, queryFn: ({ signal }) => listSiteRules(signal) });
export const useSiteRules = () => useQuery(siteRulesQueryOptions());

/** POST /site-rules (id null) or PUT /site-rules/:id. */
export async function saveSiteRule(id: string | null, body: SiteRuleBody): Promise<SiteRule> {
  const api = staffApi();
  if (id) return (await api.put(`/site-rules/${encodeURIComponent(id)}`, { body, schema: siteRule })).payload;
  return (await api.post("/site-rules", { body, schema: siteRule })).payload;
}

/** DELETE /site-rules/:id. */
export async function deleteSiteRule(id: string): Promise<void> {
  await staffApi().delete(`/site-rules/${encodeURIComponent(id)}`);
}

export function useSaveSiteRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: SiteRuleBody }) => saveSiteRule(input.id, input.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SITE_RULES_KEY }),
  });
}

export function useDeleteSiteRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSiteRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SITE_RULES_KEY }),
  });
}
