import { useQueryClient } from "@tanstack/react-query";
import type { Profile } from "@croupier/contract/entities/profile";
import { useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { ModalLink } from "../../components/modal-link";
import { toastSuccess } from "../../lib/toasts";
import { CheckboxField, SelectField, TextField } from "./form-controls";
import { errorMessage } from "./identity-api";
import { buildProfileSave, profileKey, saveProfile, type EditableField, type FieldValue } from "./profile";

type TextKey = "first_name" | "last_name" | "city" | "address" | "post_code" | "birthday" | "gender";

type Local = Record<TextKey, string> & { phone_code: string; phone_number: string; opt_in_promo: boolean };

function localFrom(profile: Profile): Local {
  return {
    first_name: profile.first_name ?? "",
    last_name: profile.last_name ?? "",
    city: profile.city ?? "",
    address: profile.address ?? "",
    post_code: profile.post_code ?? "",
    birthday: profile.birthday ? profile.birthday.slice(0, 10) : "",
    gender: profile.gender ?? "",
    phone_code: profile.phone?.code ?? "",
    phone_number: profile.phone?.number ?? "",
    opt_in_promo: profile.opt_in_promo,
  };
}

function FieldRow({ dirty, busy, onSave, children }: { dirty: boolean; busy: boolean; onSave: () => void; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dirty) onSave();
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2" noValidate>
      <div className="min-w-0 flex-1">{children}</div>
      <button type="submit" className="btn-ghost h-11 shrink-0" disabled={!dirty || busy}>
        {busy ? "Saving…" : "Save"}
      </button>
    </form>
  );
}

/**
 * Each field saves on its own (the spec's partial save: the profile's editable fields as they
 * are, plus the changed one). A failed save clears that field's local value and shows why.
 */
export function ProfileEditor({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const saved = localFrom(profile);
  const [local, setLocal] = useState<Local>(saved);
  const [errors, setErrors] = useState<Partial<Record<EditableField, string>>>({});
  const [busy, setBusy] = useState<EditableField | null>(null);

  const set = <K extends keyof Local>(key: K, value: Local[K]) => setLocal((current) => ({ ...current, [key]: value }));

  const save = async (field: EditableField, value: FieldValue, clear: Partial<Local>) => {
    setBusy(field);
    setErrors((current) => ({ ...current, [field]: undefined }));
    try {
      const next = await saveProfile(buildProfileSave(profile, field, value));
      queryClient.setQueryData(profileKey(profile.id), next);
      const fresh = localFrom(next);
      setLocal((current) => ({ ...current, ...pick(fresh, Object.keys(clear) as (keyof Local)[]) }));
      toastSuccess("Your profile has been saved.");
    } catch (failure) {
      setLocal((current) => ({ ...current, ...clear }));
      setErrors((current) => ({ ...current, [field]: errorMessage(failure) }));
    } finally {
      setBusy(null);
    }
  };

  const textRow = (field: Exclude<TextKey, "gender" | "birthday">, label: string, autoComplete: string, maxLength: number) => (
    <FieldRow dirty={local[field] !== saved[field]} busy={busy === field} onSave={() => void save(field, local[field], { [field]: "" })}>
      <TextField label={label} name={field} autoComplete={autoComplete} maxLength={maxLength} value={local[field]} onChange={(e) => set(field, e.target.value)} error={errors[field]} />
    </FieldRow>
  );

  return (
    <div className="grid gap-6 desktop:grid-cols-2">
      <section className="card flex flex-col gap-4 p-5" aria-labelledby="profile-personal">
        <h2 id="profile-personal" className="text-lg font-semibold text-white">
          Personal details
        </h2>
        {textRow("first_name", "First name", "given-name", 100)}
        {textRow("last_name", "Last name", "family-name", 100)}
        {saved.birthday ? (
          // Fixed once set: it decides which rules apply to the player (the server refuses a change).
          <TextField label="Date of birth" type="date" name="birthday" value={saved.birthday} readOnly aria-readonly hint={<SupportHint what="date of birth" />} />
        ) : (
          <FieldRow dirty={local.birthday !== saved.birthday} busy={busy === "birthday"} onSave={() => void save("birthday", local.birthday, { birthday: "" })}>
            <TextField label="Date of birth" type="date" name="birthday" autoComplete="bday" value={local.birthday} onChange={(e) => set("birthday", e.target.value)} error={errors.birthday} />
          </FieldRow>
        )}
        <FieldRow dirty={local.gender !== saved.gender} busy={busy === "gender"} onSave={() => void save("gender", local.gender || null, { gender: "" })}>
          <SelectField label="Gender" name="gender" value={local.gender} onChange={(e) => set("gender", e.target.value)} error={errors.gender}>
            <option value="">Prefer not to say</option>
            <option value="female">Female</option>
            <option value="male">Male</option>
            <option value="other">Other</option>
          </SelectField>
        </FieldRow>
      </section>

      <section className="card flex flex-col gap-4 p-5" aria-labelledby="profile-contact">
        <h2 id="profile-contact" className="text-lg font-semibold text-white">
          Contact and address
        </h2>
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-mist-100">Email</span>
          <p className="flex flex-wrap items-center gap-2 text-[15px] text-white">
            {profile.email}
            {profile.email_approved ? (
              <span className="rounded-full bg-felt-600/20 px-2 py-0.5 text-xs font-semibold text-felt-400">Confirmed</span>
            ) : (
              <ModalLink modal="approveEmail" className="rounded-full bg-gold-500/15 px-2 py-0.5 text-xs font-semibold text-gold-300 hover:bg-gold-500/25">
                Not confirmed — confirm now
              </ModalLink>
            )}
          </p>
        </div>
        <FieldRow
          dirty={local.phone_code !== saved.phone_code || local.phone_number !== saved.phone_number}
          busy={busy === "phone"}
          onSave={() =>
            void save(
              "phone",
              { code: local.phone_code.trim().replace(/^\+/, ""), number: local.phone_number.replace(/[\s-]/g, "") },
              { phone_code: "", phone_number: "" },
            )
          }
        >
          <div className="grid grid-cols-[5.5rem_1fr] gap-2">
            <TextField label="Code" name="phone_code" inputMode="numeric" autoComplete="tel-country-code" value={local.phone_code} onChange={(e) => set("phone_code", e.target.value)} />
            <TextField label="Phone" name="phone_number" type="tel" autoComplete="tel-national" value={local.phone_number} onChange={(e) => set("phone_number", e.target.value)} error={errors.phone} />
          </div>
        </FieldRow>
        {profile.country ? (
          <TextField label="Country" name="country" value={countryName(profile.country)} readOnly aria-readonly hint={<SupportHint what="country" />} />
        ) : null}
        {textRow("city", "City", "address-level2", 100)}
        {textRow("address", "Address", "street-address", 200)}
        {textRow("post_code", "Post code", "postal-code", 20)}
        <CheckboxField
          label="Send me promotions and bonus offers by email"
          name="opt_in_promo"
          checked={local.opt_in_promo}
          disabled={busy === "opt_in_promo"}
          onChange={(e) => {
            set("opt_in_promo", e.target.checked);
            void save("opt_in_promo", e.target.checked, { opt_in_promo: false });
          }}
          error={errors.opt_in_promo}
        />
      </section>
    </div>
  );
}

/** Country and date of birth are set once; afterwards only support changes them. */
function SupportHint({ what }: { what: string }) {
  return (
    <p className="text-sm text-mist-400">
      Your {what} can only be changed by support.{" "}
      <Link to="/support" className="text-gold-300 underline-offset-2 hover:underline">
        Contact support
      </Link>
    </p>
  );
}

/** "GB" → "United Kingdom" (the code itself where the runtime has no name for it). */
function countryName(iso2: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(iso2) ?? iso2;
  } catch {
    return iso2;
  }
}

function pick(source: Local, keys: (keyof Local)[]): Partial<Local> {
  const out: Partial<Local> = {};
  for (const key of keys) (out as Record<string, unknown>)[key] = source[key];
  return out;
}
