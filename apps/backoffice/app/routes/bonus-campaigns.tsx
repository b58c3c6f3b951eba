import { useNavigate } from "react-router";
import { Button } from "../components/button";
import { PageHeader } from "../components/page-header";
import { CampaignsList } from "../features/bonuses/campaigns-list";

/** Bonus campaigns: the list, and the way to a new one. */
export default function BonusCampaignsPage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Bonus campaigns"
        description="Offers players receive on registration, deposits, promo codes or by hand. Editing a campaign writes a new version; bonuses players already hold keep the terms they were granted under."
        actions={<Button onClick={() => navigate("/bonuses/new")}>New campaign</Button>}
      />
      <CampaignsList />
    </>
  );
}
