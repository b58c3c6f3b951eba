import type { StaffMember } from "@croupier/contract/backoffice/staff";
import { STAFF_ROLES, type StaffRole } from "@croupier/contract/staff-permissions";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { SelectField } from "../../components/field";
import { ROLE_LABELS } from "../../lib/permissions";
import { errorMessageOf, isHandled } from "../../lib/staff-api";
import { useResetStaffTwoFactor, useUpdateStaff } from "./change-staff";

type Action = "role" | "status" | "two-factor" | null;

/** Change role, disable or enable, reset two-factor: each behind a dialog that says what will happen. */
export function StaffRowActions({ member, isSelf }: { member: StaffMember; isSelf: boolean }) {
  const [action, setAction] = useState<Action>(null);
  const close = () => setAction(null);
  if (isSelf) return <span className="text-xs text-slate-500">That is you</span>;
  return (
    <div className="flex flex-wrap gap-1.5">
      <Button variant="secondary" className="px-2 py-1 text-xs whitespace-nowrap" onClick={() => setAction("role")}>
        Change role
      </Button>
      <Button variant="secondary" className="px-2 py-1 text-xs whitespace-nowrap" onClick={() => setAction("status")}>
        {member.status === "active" ? "Disable" : "Enable"}
      </Button>
      <Button variant="secondary" className="px-2 py-1 text-xs whitespace-nowrap" onClick={() => setAction("two-factor")} disabled={!member.two_factor_enrolled}>
        Reset two-factor
      </Button>
      {action === "role" ? <ChangeRoleDialog member={member} onClose={close} /> : null}
      {action === "status" ? <ChangeStatusDialog member={member} onClose={close} /> : null}
      {action === "two-factor" ? <ResetTwoFactorDialog member={member} onClose={close} /> : null}
    </div>
  );
}

function FailedCall({ error }: { error: unknown }) {
  if (!error || isHandled(error)) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
      {errorMessageOf(error)}
    </p>
  );
}

function ChangeRoleDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const update = useUpdateStaff();
  const [role, setRole] = useState<StaffRole>(member.role);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: member.id, role },
      {
        onSuccess: (changed) => {
          toast.success(`${changed.display_name} is now ${ROLE_LABELS[changed.role]}.`);
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Change the role of ${member.display_name}`} description="The new role applies to their next request.">
      <form onSubmit={submit} className="space-y-4">
        <SelectField label="Role" value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
          {STAFF_ROLES.map((value) => (
            <option key={value} value={value}>
              {ROLE_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <FailedCall error={update.error} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={update.isPending} disabled={role === member.role}>
            Change role
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ChangeStatusDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const update = useUpdateStaff();
  const disabling = member.status === "active";
  const confirm = () =>
    update.mutate(
      { id: member.id, status: disabling ? "disabled" : "active" },
      {
        onSuccess: (changed) => {
          toast.success(changed.status === "disabled" ? `${changed.display_name} is disabled and signed out.` : `${changed.display_name} can sign in again.`);
          onClose();
        },
      },
    );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={disabling ? `Disable ${member.display_name}?` : `Enable ${member.display_name}?`}
      description={disabling ? "Their sessions end now and they cannot sign in until enabled again." : "They can sign in again with their password and two-factor."}
    >
      <div className="space-y-4">
        <FailedCall error={update.error} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={disabling ? "danger" : "primary"} busy={update.isPending} onClick={confirm}>
            {disabling ? "Disable" : "Enable"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function ResetTwoFactorDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const reset = useResetStaffTwoFactor();
  const confirm = () =>
    reset.mutate(member.id, {
      onSuccess: (changed) => {
        toast.success(`${changed.display_name} sets up two-factor again at their next sign-in.`);
        onClose();
      },
    });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Reset two-factor for ${member.display_name}?`}
      description="Their sessions end, their authenticator and recovery codes stop working, and they set up two-factor again at their next sign-in. Do this only after checking who is asking."
    >
      <div className="space-y-4">
        <FailedCall error={reset.error} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" busy={reset.isPending} onClick={confirm}>
            Reset two-factor
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
