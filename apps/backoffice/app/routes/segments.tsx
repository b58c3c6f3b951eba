import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../components/button";
import { Dialog } from "../components/dialog";
import { PageHeader } from "../components/page-header";
import { SegmentEditor } from "../features/segments/segment-editor";
import { SegmentsTable } from "../features/segments/segments-table";

/** Segments: the list, and a new one in a dialog (then its own page). */
export default function SegmentsPage() {
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Segments"
        description="Groups of players filled by rules (country, deposits, loyalty level, age of the account, verification, tags) or by hand. Campaigns target them; a segment may bring its own payment methods."
        actions={<Button onClick={() => setCreating(true)}>New segment</Button>}
      />
      <SegmentsTable />
      <Dialog open={creating} onOpenChange={setCreating} title="New segment">
        <SegmentEditor segment={null} onSaved={(saved) => void navigate(`/segments/${saved.guid}`)} />
      </Dialog>
    </>
  );
}
