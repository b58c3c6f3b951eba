import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../components/button";
import { TextField } from "../components/field";
import { PageHeader } from "../components/page-header";
import { RecoveryCodesPanel } from "../features/staff-auth/recovery-codes-panel";
import { useRegenerateRecoveryCodes } from "../features/staff-auth/regenerate-recovery-codes";
import { useMe } from "../lib/me";
import { ROLE_LABELS } from "../lib/permissions";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../lib/staff-api";

export default function AccountPage() {
  const { data: me } = useMe();
  if (!me) return null;
  return (
    <>
      <PageHeader title="My account" />
      <div className="grid max-w-4xl gap-6 lg:grid-cols-2">
        <section aria-labelledby="profile-title" className="rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="profile-title" className="mb-3 font-semibold">
            Profile
          </h2>
          <dl className="grid grid-cols-[7rem_1fr] gap-y-1 text-sm">
            <dt className="text-slate-500">Name</dt>
            <dd>{me.display_name}</dd>
            <dt className="text-slate-500">Email</dt>
            <dd className="break-all">{me.email}</dd>
            <dt className="text-slate-500">Role</dt>
            <dd>{ROLE_LABELS[me.role]}</dd>
          </dl>
          <p className="mt-3 text-xs text-slate-500">Your role is set by an administrator on the Staff page.</p>
        </section>
        <RecoveryCodesSection email={me.email} />
      </div>
    </>
  );
}

function RecoveryCodesSection({ email }: { email: string }) {
  const regenerate = useRegenerateRecoveryCodes();
  const [code, setCode] = useState("");
  const [codes, setCodes] = useState<string[] | null>(null);
  const fields = fieldErrorsOf(regenerate.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    regenerate.mutate(code, {
      onSuccess: (fresh) => {
        setCodes(fresh);
        setCode("");
      },
    });
  };

  return (
    <section aria-labelledby="recovery-title" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="recovery-title" className="mb-1 font-semibold">
        Recovery codes
      </h2>
      {codes ? (
        <RecoveryCodesPanel
          codes={codes}
          email={email}
          doneLabel="I have saved them"
          onDone={() => {
            setCodes(null);
            toast.success("Your new recovery codes are in use; the old ones no longer work.");
          }}
        />
      ) : (
        <form onSubmit={submit} className="space-y-3" noValidate>
          <p className="text-sm text-slate-600">Lost them, or used most? Get a new set of ten. The old set stops working at once.</p>
          <TextField
            label="Current code from your authenticator app"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, 6))}
            error={fields.code}
          />
          {regenerate.error && !fields.code && !isHandled(regenerate.error) ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
              {errorMessageOf(regenerate.error)}
            </p>
          ) : null}
          <Button type="submit" busy={regenerate.isPending} disabled={code.length !== 6}>
            New recovery codes
          </Button>
        </form>
      )}
    </section>
  );
}
