import type { SiteRule } from "@croupier/contract/backoffice/site-rules";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { EmptyState, ErrorState, LoadingBlock } from "../../components/states";
import { errorMessageOf } from "../../lib/staff-api";
import { describeRule } from "./rule-form";
import { RuleDialog } from "./rule-dialog";
import { useDeleteSiteRule, useSiteRules } from "./site-rules-api";

const KIND_LABELS: Record<SiteRule["kind"], string> = {
  maintenance: "Maintenance",
  redirect: "Moved",
  restrict: "Countries restricted",
};

/** Every rule with edit and remove; `adding` opens the dialog for a new one. */
export function SiteRulesTable({
  adding,
  onAddingChange,
}: {
  adding: boolean;
  onAddingChange: (open: boolean) => void;
}) {
  const rules = useSiteRules();
  const remove = useDeleteSiteRule();
  const [editing, setEditing] = useState<SiteRule | null>(null);

  const confirmRemove = (rule: SiteRule) => {
    if (!window.confirm(`Remove the ${KIND_LABELS[rule.kind].toLowerCase()} rule for ${rule.path_prefix}?`)) return;
    remove.mutate(rule.guid, {
      onSuccess: () => toast.success("Rule removed."),
      onError: (error) => toast.error(errorMessageOf(error)),
    });
  };

  return (
    <>
      {rules.isPending ? <LoadingBlock label="Loading site rules" /> : null}
      {rules.isError ? <ErrorState error={rules.error} onRetry={() => void rules.refetch()} /> : null}
      {rules.data?.length === 0 ? (
        <EmptyState title="No site rules">Every page is served as usual, to every allowed country.</EmptyState>
      ) : null}
      {rules.data && rules.data.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full text-sm">
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Path
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Rule
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Details
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  State
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Note
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rules.data.map((rule) => (
                <tr key={rule.guid}>
                  <td className="px-3 py-2 font-mono">{rule.path_prefix}</td>
                  <td className="px-3 py-2">{KIND_LABELS[rule.kind]}</td>
                  <td className="max-w-xs px-3 py-2 break-all">{describeRule(rule)}</td>
                  <td className="px-3 py-2">{rule.enabled ? "On" : "Off"}</td>
                  <td className="px-3 py-2 text-slate-600">{rule.note ?? "—"}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap">
                    <Button
                      variant="ghost"
                      onClick={() => setEditing(rule)}
                      aria-label={`Edit the rule for ${rule.path_prefix}`}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      onClick={() => confirmRemove(rule)}
                      aria-label={`Remove the rule for ${rule.path_prefix}`}
                    >
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {adding ? <RuleDialog rule={null} open onOpenChange={onAddingChange} /> : null}
      {editing ? (
        <RuleDialog key={editing.guid} rule={editing} open onOpenChange={(open) => !open && setEditing(null)} />
      ) : null}
    </>
  );
}
