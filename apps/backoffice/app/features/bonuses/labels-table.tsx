import type { BonusLabel } from "@croupier/contract/backoffice/bonuses";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { EmptyState, ErrorState, LoadingBlock } from "../../components/states";
import { formatDateTime } from "../../lib/format-date-time";
import { errorMessageOf, isHandled } from "../../lib/staff-api";
import { useBonusLabels, useDeleteBonusLabel } from "./bonus-labels-api";
import { LabelChip } from "./label-chip";
import { LabelDialog } from "./label-dialog";

/** Every bonus label with edit and delete; `adding` opens the add dialog (the page's button). */
export function LabelsTable({
  adding,
  onAddingChange,
}: {
  adding: boolean;
  onAddingChange: (adding: boolean) => void;
}) {
  const labels = useBonusLabels();
  const [editing, setEditing] = useState<BonusLabel | null>(null);
  const [deleting, setDeleting] = useState<BonusLabel | null>(null);
  return (
    <>
      {labels.isPending ? (
        <LoadingBlock label="Loading labels" />
      ) : labels.isError ? (
        <ErrorState error={labels.error} onRetry={() => void labels.refetch()} />
      ) : labels.data.length === 0 ? (
        <EmptyState title="No labels">Add one, then tick it on a campaign.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full text-sm" aria-label="Bonus labels">
            <thead className="bg-slate-50 text-left text-xs font-medium text-slate-500 uppercase">
              <tr>
                <th className="px-3 py-2">Label</th>
                <th className="px-3 py-2">Colour</th>
                <th className="px-3 py-2">Campaigns</th>
                <th className="px-3 py-2">Changed</th>
                <th className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {labels.data.map((label) => (
                <tr key={label.guid}>
                  <td className="px-3 py-2">
                    <LabelChip name={label.name} background={label.background_color} />
                  </td>
                  <td className="px-3 py-2 font-mono text-xs">{label.background_color ?? "default"}</td>
                  <td className="px-3 py-2">{label.campaigns}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(label.updated_at)}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap">
                    <Button variant="ghost" onClick={() => setEditing(label)} aria-label={`Edit ${label.name}`}>
                      Edit
                    </Button>
                    <Button variant="ghost" onClick={() => setDeleting(label)} aria-label={`Delete ${label.name}`}>
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {adding ? <LabelDialog label={null} onClose={() => onAddingChange(false)} /> : null}
      {editing ? <LabelDialog key={editing.guid} label={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteLabelDialog label={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}

function DeleteLabelDialog({ label, onClose }: { label: BonusLabel; onClose: () => void }) {
  const remove = useDeleteBonusLabel();
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={`Delete the label “${label.name}”?`}
      description={
        label.campaigns > 0
          ? `${label.campaigns} current campaign version(s) carry it: take it off them first.`
          : "Older campaign versions that carried it simply lose the chip."
      }
    >
      {remove.isError && !isHandled(remove.error) ? (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {errorMessageOf(remove.error)}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          busy={remove.isPending}
          onClick={() =>
            remove.mutate(label.guid, {
              onSuccess: () => {
                toast.success("Label deleted.");
                onClose();
              },
            })
          }
        >
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
