import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../components/button";
import { PageHeader } from "../components/page-header";
import { CreatePromoCodeDialog, GeneratePromoCodesDialog } from "../features/promo-codes/promo-code-dialogs";
import { PromoCodesList } from "../features/promo-codes/promo-codes-list";

/** Promo codes: the list (?campaign= preselects one), a chosen code, a generated batch. */
export default function PromoCodesPage() {
  const [search] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [generating, setGenerating] = useState(false);
  return (
    <>
      <PageHeader
        title="Promo codes"
        description="Codes players redeem in the bonus hub, the deposit dialog or at sign-up. Each grants its promo-code campaign once per player."
        actions={
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setGenerating(true)}>
              Generate batch
            </Button>
            <Button onClick={() => setCreating(true)}>New code</Button>
          </div>
        }
      />
      <PromoCodesList initialCampaign={search.get("campaign") ?? ""} />
      <CreatePromoCodeDialog open={creating} onOpenChange={setCreating} />
      <GeneratePromoCodesDialog open={generating} onOpenChange={setGenerating} />
    </>
  );
}
