import { Link, useNavigate, useParams } from "react-router";
import { PageHeader } from "../components/page-header";
import { ErrorState, LoadingBlock } from "../components/states";
import { CampaignEditor } from "../features/bonuses/campaign-editor";
import { formFromVersion } from "../features/bonuses/campaign-form";
import { useCampaign } from "../features/bonuses/load-campaign";

/** Edit a campaign: the current version's terms, saved as the next version. */
export default function EditBonusCampaignPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const campaign = useCampaign(id);
  if (campaign.isPending) return <LoadingBlock lines={10} label="Loading the campaign" />;
  if (campaign.isError)
    return (
      <ErrorState
        error={campaign.error}
        title="The campaign could not be loaded."
        onRetry={() => void campaign.refetch()}
      />
    );
  const { current } = campaign.data;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={`/bonuses/${id}`} className="text-indigo-700 hover:underline">
          ← {current.bonus_name}
        </Link>
      </p>
      <PageHeader
        title={`Edit “${current.bonus_name}”`}
        description={`Saving writes version ${current.version + 1}. Bonuses already granted keep the terms of their version.`}
      />
      <CampaignEditor
        key={current.guid}
        bonusGuid={id}
        initial={formFromVersion(current)}
        onSaved={() => navigate(`/bonuses/${id}`)}
        onCancel={() => navigate(`/bonuses/${id}`)}
      />
    </>
  );
}
