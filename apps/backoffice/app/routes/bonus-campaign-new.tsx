import { Link, useNavigate } from "react-router";
import { PageHeader } from "../components/page-header";
import { CampaignEditor } from "../features/bonuses/campaign-editor";
import { EMPTY_CAMPAIGN } from "../features/bonuses/campaign-form";

/** A new campaign: saved as version 1, a draft, until a status action starts it. */
export default function NewBonusCampaignPage() {
  const navigate = useNavigate();
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/bonuses" className="text-indigo-700 hover:underline">
          ← Bonus campaigns
        </Link>
      </p>
      <PageHeader
        title="New campaign"
        description="It is saved as a draft: players see nothing until you schedule or activate it."
      />
      <CampaignEditor
        bonusGuid={null}
        initial={EMPTY_CAMPAIGN}
        onSaved={(detail) => navigate(`/bonuses/${detail.bonus_guid}`)}
        onCancel={() => navigate("/bonuses")}
      />
    </>
  );
}
