import { PLAYER_LOCK_REASON_MAX, type PlayerDetail } from "@croupier/contract/backoffice/players";
import { useState, type FormEvent, type ReactNode } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { TextField } from "../../components/field";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../../lib/staff-api";
import { useChangePlayerStatus } from "./change-player-status";
import { useEndPlayerSessions } from "./end-player-sessions";
import { useSendPasswordReset } from "./send-password-reset";

const toastFailure = (error: unknown) => {
  if (!isHandled(error)) toast.error(errorMessageOf(error));
};

/** A yes/no question before an action that reaches the player; the action runs from the dialog. */
function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirm: string;
  busy: boolean;
  danger?: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} title={props.title} description={props.description}>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => props.onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant={props.danger ? "danger" : "primary"} busy={props.busy} onClick={props.onConfirm}>
          {props.confirm}
        </Button>
      </div>
    </Dialog>
  );
}

/** Lock (with the reason the player will read at login) or unlock. */
export function LockAction({ player }: { player: PlayerDetail }) {
  const playerId = player.profile.id;
  const locked = player.profile.status === "locked";
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const change = useChangePlayerStatus(playerId);
  const reasonError = change.isError ? fieldErrorsOf(change.error).reason : undefined;

  const close = (next: boolean) => {
    setOpen(next);
    if (!next) change.reset();
  };

  const onLock = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { action: "lock", reason },
      {
        onSuccess: (result) => {
          toast.success(
            result.changed
              ? `Player locked; ${result.sessions_ended} session${result.sessions_ended === 1 ? "" : "s"} ended.`
              : "The player was already locked.",
          );
          setReason("");
          setOpen(false);
        },
        onError: (error) => {
          if (!fieldErrorsOf(error).reason) toastFailure(error);
        },
      },
    );
  };

  const onUnlock = () =>
    change.mutate(
      { action: "unlock" },
      {
        onSuccess: (result) => {
          toast.success(result.changed ? "Player unlocked." : "The player was not locked.");
          setOpen(false);
        },
        onError: toastFailure,
      },
    );

  if (locked)
    return (
      <>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Unlock
        </Button>
        <ConfirmDialog
          open={open}
          onOpenChange={close}
          title="Unlock this player?"
          description={`${player.profile.email} will be able to log in again.`}
          confirm="Unlock"
          busy={change.isPending}
          onConfirm={onUnlock}
        />
      </>
    );

  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Lock
      </Button>
      <Dialog
        open={open}
        onOpenChange={close}
        title="Lock this player"
        description="Every session and game ends at once and the player's open tabs log out. The reason is shown to the player when they try to log in."
      >
        <form onSubmit={onLock} className="space-y-4">
          <TextField
            label="Reason (shown to the player)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={PLAYER_LOCK_REASON_MAX}
            minLength={3}
            required
            autoFocus
            error={reasonError}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" busy={change.isPending} disabled={reason.trim().length < 3}>
              Lock player
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

/** Ends every login session (the player's tabs log out; they can log in again). */
export function EndSessionsAction({ player }: { player: PlayerDetail }) {
  const [open, setOpen] = useState(false);
  const end = useEndPlayerSessions(player.profile.id);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        End sessions
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="End every session?"
        description={`${player.profile.email} is logged out everywhere (${player.counts.live_sessions} live now) and can log in again.`}
        confirm="End sessions"
        busy={end.isPending}
        danger
        onConfirm={() =>
          end.mutate(undefined, {
            onSuccess: (result) => {
              toast.success(
                result.sessions_ended === 0
                  ? "No session was live."
                  : `${result.sessions_ended} session${result.sessions_ended === 1 ? "" : "s"} ended.`,
              );
              setOpen(false);
            },
            onError: toastFailure,
          })
        }
      />
    </>
  );
}

/** Mails the player the password reset link identity sends when they ask themselves. */
export function PasswordResetAction({ player }: { player: PlayerDetail }) {
  const [open, setOpen] = useState(false);
  const send = useSendPasswordReset(player.profile.id);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Send password reset
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Send a password reset?"
        description={`A one-hour link to choose a new password goes to ${player.profile.email}.`}
        confirm="Send"
        busy={send.isPending}
        onConfirm={() =>
          send.mutate(undefined, {
            onSuccess: (result) => {
              toast.success(`Password reset sent to ${result.sent_to}.`);
              setOpen(false);
            },
            onError: (error) => {
              toastFailure(error);
              setOpen(false);
            },
          })
        }
      />
    </>
  );
}
