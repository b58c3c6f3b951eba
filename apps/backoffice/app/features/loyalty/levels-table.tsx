import type { LoyaltyLevel } from "@croupier/contract/entities/loyalty";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { TextField } from "../../components/field";
import { EmptyState, ErrorState, LoadingBlock } from "../../components/states";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../../lib/staff-api";
import { useDeleteLoyaltyLevel, useLoyaltyLevels, useSaveLoyaltyLevel } from "./loyalty-levels-api";

type Editing = { mode: "create" | "update"; level: LoyaltyLevel | null };

/** The loyalty levels with add, edit and delete; thresholds must rise with the level number (the server checks). */
export function LevelsTable() {
  const levels = useLoyaltyLevels();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<LoyaltyLevel | null>(null);
  const nextNumber = Math.min(100, Math.max(0, ...(levels.data ?? []).map((l) => l.level)) + 1);
  return (
    <section aria-labelledby="loyalty-levels" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="loyalty-levels" className="text-lg font-semibold text-slate-900">
          Levels
        </h2>
        <Button onClick={() => setEditing({ mode: "create", level: null })}>Add a level</Button>
      </div>
      {levels.isPending ? (
        <LoadingBlock label="Loading levels" />
      ) : levels.isError ? (
        <ErrorState error={levels.error} onRetry={() => void levels.refetch()} />
      ) : levels.data.length === 0 ? (
        <EmptyState title="No levels">Players have no level until you add one.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full text-sm" aria-label="Loyalty levels">
            <thead className="bg-slate-50 text-left text-xs font-medium text-slate-500 uppercase">
              <tr>
                <th className="px-3 py-2">Level</th>
                <th className="px-3 py-2">Name</th>
                <th className="px-3 py-2">Wagered from (USD)</th>
                <th className="px-3 py-2">Coin multiplier</th>
                <th className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {levels.data.map((level) => (
                <tr key={level.level}>
                  <td className="px-3 py-2">{level.level}</td>
                  <td className="px-3 py-2">{level.name}</td>
                  <td className="px-3 py-2 font-mono">{level.threshold_usd}</td>
                  <td className="px-3 py-2 font-mono">×{level.coin_multiplier}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap">
                    <Button variant="ghost" onClick={() => setEditing({ mode: "update", level })} aria-label={`Edit ${level.name}`}>
                      Edit
                    </Button>
                    <Button variant="ghost" onClick={() => setDeleting(level)} aria-label={`Delete ${level.name}`}>
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing ? <LevelDialog editing={editing} nextNumber={nextNumber} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteLevelDialog level={deleting} onClose={() => setDeleting(null)} /> : null}
    </section>
  );
}

function LevelDialog({ editing, nextNumber, onClose }: { editing: Editing; nextNumber: number; onClose: () => void }) {
  const [values, setValues] = useState(() => ({
    level: String(editing.level?.level ?? nextNumber),
    name: editing.level?.name ?? "",
    threshold_usd: editing.level?.threshold_usd ?? "",
    coin_multiplier: editing.level?.coin_multiplier ?? "1",
  }));
  const save = useSaveLoyaltyLevel();
  const errors = save.isError ? fieldErrorsOf(save.error) : {};
  const set = (key: keyof typeof values, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        mode: editing.mode,
        body: { level: Number(values.level), name: values.name.trim(), threshold_usd: values.threshold_usd.trim(), coin_multiplier: values.coin_multiplier.trim() },
      },
      {
        onSuccess: () => {
          toast.success(editing.mode === "create" ? "Level added. Players are re-levelled within a minute." : "Level saved. Players are re-levelled within a minute.");
          onClose();
        },
      },
    );
  };
  const fieldErrorShown = ["level", "name", "threshold_usd", "coin_multiplier"].some((k) => errors[k]);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={editing.mode === "create" ? "Add a level" : `Edit level ${editing.level?.level}`}
      description="A player's level is the highest one whose threshold their wagered volume (in USD) reached."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        {editing.mode === "create" ? (
          <TextField label="Level number" type="number" min={1} max={100} value={values.level} onChange={(e) => set("level", e.target.value)} error={errors.level} required />
        ) : null}
        <TextField label="Name" maxLength={60} value={values.name} onChange={(e) => set("name", e.target.value)} error={errors.name} required />
        <TextField
          label="Wagered from (USD)"
          inputMode="decimal"
          maxLength={20}
          value={values.threshold_usd}
          onChange={(e) => set("threshold_usd", e.target.value)}
          error={errors.threshold_usd}
          hint="Between the thresholds of the levels below and above."
          required
        />
        <TextField
          label="Coin multiplier"
          inputMode="decimal"
          maxLength={10}
          value={values.coin_multiplier}
          onChange={(e) => set("coin_multiplier", e.target.value)}
          error={errors.coin_multiplier}
          hint="Mining speed × this at this level (e.g. 1.2)."
          required
        />
        {save.isError && !isHandled(save.error) && !fieldErrorShown ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessageOf(save.error)}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteLevelDialog({ level, onClose }: { level: LoyaltyLevel; onClose: () => void }) {
  const remove = useDeleteLoyaltyLevel();
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())} title={`Delete ${level.name}?`} description="Players at this level move to the level their volume reaches without it.">
      {remove.isError && !isHandled(remove.error) ? (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {errorMessageOf(remove.error)}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Keep it
        </Button>
        <Button
          variant="danger"
          busy={remove.isPending}
          onClick={() =>
            remove.mutate(level.level, {
              onSuccess: () => {
                toast.success(`${level.name} deleted.`);
                onClose();
              },
            })
          }
        >
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
