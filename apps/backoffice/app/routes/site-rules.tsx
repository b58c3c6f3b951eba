import { useState } from "react";
import { Button } from "../components/button";
import { PageHeader } from "../components/page-header";
import { SiteRulesTable } from "../features/site-rules/site-rules-table";

/** Site rules: maintenance, moved paths and country restrictions the player site applies to page loads. */
export default function SiteRulesPage() {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader
        title="Site rules"
        description="Per-path rules for the player site: maintenance with a countdown, moved paths, and countries sent to the restricted-region page (on top of the allowed countries). Changes apply at once on this server and within 30 seconds on the others; every change is in the audit log."
        actions={<Button onClick={() => setAdding(true)}>Add a rule</Button>}
      />
      <SiteRulesTable adding={adding} onAddingChange={setAdding} />
    </>
  );
}
