import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { Button } from "../components/button";
import { Dialog } from "../components/dialog";
import { PageHeader } from "../components/page-header";
import { ErrorState, LoadingBlock } from "../components/states";
import { errorMessageOf, isHandled } from "../lib/staff-api";
import { useDeleteSegment } from "../features/segments/delete-segment";
import { useSegment } from "../features/segments/load-segment";
import { SegmentEditor } from "../features/segments/segment-editor";
import { SegmentMembers } from "../features/segments/segment-members";

/** One segment: its editor, its members, delete. */
export default function SegmentPage() {
  const { id = "" } = useParams();
  const segment = useSegment(id);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteSegment();
  const navigate = useNavigate();
  if (segment.isPending) return <LoadingBlock label="Loading the segment" />;
  if (segment.isError) return <ErrorState error={segment.error} onRetry={() => void segment.refetch()} />;
  return (
    <>
      <PageHeader
        title={segment.data.name}
        description={`${segment.data.group_name} · ${segment.data.rule_members} by rule, ${segment.data.manual_members} by hand`}
        actions={
          <Button variant="danger" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        }
      />
      <div className="space-y-6">
        <SegmentEditor key={segment.data.updated_at} segment={segment.data} onSaved={() => void segment.refetch()} />
        <SegmentMembers segmentGuid={segment.data.guid} />
      </div>
      <Dialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete the segment “${segment.data.name}”?`}
        description="Its members leave it (their payment methods and offers follow). Refused while a campaign targets it."
      >
        {remove.isError && !isHandled(remove.error) ? (
          <p role="alert" className="mb-3 text-sm text-red-700">
            {errorMessageOf(remove.error)}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setDeleting(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            busy={remove.isPending}
            onClick={() =>
              remove.mutate(segment.data.guid, {
                onSuccess: () => {
                  toast.success("Segment deleted.");
                  void navigate("/segments");
                },
              })
            }
          >
            Delete
          </Button>
        </div>
      </Dialog>
    </>
  );
}
