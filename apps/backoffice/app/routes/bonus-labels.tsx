import { useState } from "react";
import { Button } from "../components/button";
import { PageHeader } from "../components/page-header";
import { LabelsTable } from "../features/bonuses/labels-table";

/** Bonus labels: the chips on offers in the player's bonus hub. */
export default function BonusLabelsPage() {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader
        title="Bonus labels"
        description="Chips shown on offers in the bonus hub; players can filter offers by label. A label on a current campaign version cannot be deleted."
        actions={<Button onClick={() => setAdding(true)}>Add a label</Button>}
      />
      <LabelsTable adding={adding} onAddingChange={setAdding} />
    </>
  );
}
