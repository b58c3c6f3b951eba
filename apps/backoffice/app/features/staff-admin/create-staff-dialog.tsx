import { STAFF_NAME_MAX, STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN } from "@croupier/contract/backoffice/staff";
import { STAFF_ROLES, type StaffRole } from "@croupier/contract/staff-permissions";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { SelectField, TextField } from "../../components/field";
import { ROLE_LABELS } from "../../lib/permissions";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../../lib/staff-api";
import { useCreateStaff } from "./change-staff";

const EMPTY = { email: "", display_name: "", role: "support" as StaffRole, password: "" };

/** New staff account: they sign in with this password and set up two-factor at their first sign-in. */
export function CreateStaffDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateStaff();
  const [form, setForm] = useState(EMPTY);
  const fields = fieldErrorsOf(create.error);
  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) => setForm((value) => ({ ...value, [name]: event.target.value }));

  const close = (next: boolean) => {
    if (!next) {
      setForm(EMPTY);
      create.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(form, {
      onSuccess: (member) => {
        toast.success(`${member.display_name} can now sign in; they set up two-factor at their first sign-in.`);
        close(false);
      },
    });
  };

  const formError = create.error && Object.keys(fields).length === 0 && !isHandled(create.error) ? errorMessageOf(create.error) : null;

  return (
    <Dialog open={open} onOpenChange={close} title="New staff member" description="Give them the password through a channel you trust; they set up two-factor at their first sign-in.">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField label="Email" type="email" autoComplete="off" required maxLength={254} value={form.email} onChange={set("email")} error={fields.email} />
        <TextField label="Name" autoComplete="off" required maxLength={STAFF_NAME_MAX} value={form.display_name} onChange={set("display_name")} error={fields.display_name} />
        <SelectField label="Role" value={form.role} onChange={set("role")} error={fields.role}>
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="First password"
          type="password"
          autoComplete="new-password"
          required
          minLength={STAFF_PASSWORD_MIN}
          maxLength={STAFF_PASSWORD_MAX}
          value={form.password}
          onChange={set("password")}
          error={fields.password}
          hint={`At least ${STAFF_PASSWORD_MIN} characters.`}
        />
        {formError ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {formError}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={create.isPending}>
            Create
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
