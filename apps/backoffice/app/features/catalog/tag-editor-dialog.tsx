import { GAME_TAGS_MAX, type AdminGame, type AdminTag } from "@croupier/contract/backoffice/catalog-admin";
import { useState } from "react";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";

/** Choose a game's category tags; saving replaces them all. */
export function TagEditorDialog({
  game,
  tags,
  onClose,
  onSave,
}: {
  game: AdminGame;
  tags: AdminTag[];
  onClose: () => void;
  onSave: (tagGuids: string[]) => void;
}) {
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(game.tag_guids));
  const categories = tags.filter((t) => t.type === "category");
  const toggle = (guid: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(guid)) next.delete(guid);
      else next.add(guid);
      return next;
    });
  const tooMany = chosen.size > GAME_TAGS_MAX;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Tags of ${game.game_name}`}
      description="Category tags put the game in lobby rows and filters."
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (tooMany) return;
          // Keep the lobby's tag order.
          onSave(categories.filter((t) => chosen.has(t.guid)).map((t) => t.guid));
        }}
      >
        <fieldset className="max-h-80 space-y-1 overflow-y-auto">
          <legend className="sr-only">Category tags</legend>
          {categories.map((tag) => (
            <label key={tag.guid} className="flex items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-slate-50">
              <input
                type="checkbox"
                checked={chosen.has(tag.guid)}
                onChange={() => toggle(tag.guid)}
                className="size-4 accent-indigo-600"
              />
              {tag.name}
            </label>
          ))}
        </fieldset>
        {tooMany ? (
          <p role="alert" className="mt-2 text-xs text-red-600">
            At most {GAME_TAGS_MAX} tags.
          </p>
        ) : null}
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={tooMany}>
            Save tags
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
