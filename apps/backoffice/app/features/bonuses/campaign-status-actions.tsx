import type { CampaignDetail, CampaignStatusInput } from "@croupier/contract/backoffice/bonuses";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button, type ButtonVariant } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { TextField } from "../../components/field";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../../lib/staff-api";
import { fromLocalInput, toLocalInput } from "./campaign-form";
import { useChangeCampaignStatus } from "./change-campaign-status";

type Action = CampaignStatusInput["action"];
type Status = CampaignDetail["status"];

/** Which actions each status allows (the contract's transitions). */
export const ACTIONS_BY_STATUS: Record<Status, Action[]> = {
  draft: ["schedule", "activate", "end"],
  scheduled: ["activate", "end"],
  active: ["pause", "end"],
  paused: ["resume", "schedule", "end"],
  ended: [],
};

const ACTION_COPY: Record<
  Action,
  { button: string; title: string; text: string; confirm: string; done: string; variant: ButtonVariant }
> = {
  schedule: {
    button: "Schedule…",
    title: "Schedule the campaign",
    text: "It starts by itself at the time you give, and players can receive it from then.",
    confirm: "Schedule",
    done: "Campaign scheduled.",
    variant: "secondary",
  },
  activate: {
    button: "Activate now…",
    title: "Activate the campaign now",
    text: "Eligible players can receive it from now on.",
    confirm: "Activate",
    done: "Campaign active.",
    variant: "primary",
  },
  pause: {
    button: "Pause…",
    title: "Pause the campaign",
    text: "No new grants while paused. Bonuses players already hold go on as before.",
    confirm: "Pause",
    done: "Campaign paused.",
    variant: "secondary",
  },
  resume: {
    button: "Resume…",
    title: "Resume the campaign",
    text: "Eligible players can receive it again from now on.",
    confirm: "Resume",
    done: "Campaign active again.",
    variant: "primary",
  },
  end: {
    button: "End…",
    title: "End the campaign",
    text: "This is final: it can never be granted again. Bonuses players already hold go on to their own end.",
    confirm: "End the campaign",
    done: "Campaign ended.",
    variant: "danger",
  },
};

/** The status buttons of a campaign, each asking for confirmation first. */
export function CampaignStatusActions({ campaign }: { campaign: CampaignDetail }) {
  const [action, setAction] = useState<Action | null>(null);
  const actions = ACTIONS_BY_STATUS[campaign.status];
  if (actions.length === 0) return null;
  return (
    <>
      {actions.map((a) => (
        <Button key={a} variant={ACTION_COPY[a].variant} onClick={() => setAction(a)}>
          {ACTION_COPY[a].button}
        </Button>
      ))}
      {action ? <StatusDialog campaign={campaign} action={action} onClose={() => setAction(null)} /> : null}
    </>
  );
}

function StatusDialog({
  campaign,
  action,
  onClose,
}: {
  campaign: CampaignDetail;
  action: Action;
  onClose: () => void;
}) {
  const copy = ACTION_COPY[action];
  const change = useChangeCampaignStatus(campaign.bonus_guid);
  const planned = campaign.current.start_date;
  const [start, setStart] = useState(() =>
    planned && new Date(planned).getTime() > Date.now() ? toLocalInput(planned) : "",
  );
  const [startError, setStartError] = useState<string | undefined>();
  const serverErrors = change.isError ? fieldErrorsOf(change.error) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let body: CampaignStatusInput = { action };
    if (action === "schedule") {
      const iso = fromLocalInput(start);
      if (!iso || Number.isNaN(new Date(iso).getTime())) return setStartError("Give the start date and time.");
      if (new Date(iso).getTime() <= Date.now()) return setStartError("The start must be in the future.");
      body = { action, start_date: iso };
    }
    change.mutate(body, {
      onSuccess: () => {
        toast.success(copy.done);
        onClose();
      },
    });
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())} title={copy.title} description={copy.text}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-slate-700">
          “{campaign.current.bonus_name}”, version {campaign.current.version}.
        </p>
        {action === "schedule" ? (
          <TextField
            label="Starts at"
            type="datetime-local"
            value={start}
            onChange={(e) => {
              setStart(e.target.value);
              setStartError(undefined);
            }}
            error={startError ?? serverErrors.start_date}
            hint="Your time zone."
            required
          />
        ) : null}
        {change.isError && !isHandled(change.error) && !serverErrors.start_date ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessageOf(change.error)}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant={copy.variant === "danger" ? "danger" : "primary"} busy={change.isPending}>
            {copy.confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
