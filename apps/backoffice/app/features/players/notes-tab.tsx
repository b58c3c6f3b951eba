import { PLAYER_NOTE_MAX, type PlayerNote } from "@croupier/contract/backoffice/players";
import type { ColumnDef } from "@tanstack/react-table";
import { useId, useMemo, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { DataGrid } from "../../components/data-grid/data-grid";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../../lib/staff-api";
import { useAddPlayerNote } from "./add-player-note";
import { formatDateTime } from "./format";
import { playerNotesQueryOptions } from "./list-player-notes";

const columns: ColumnDef<PlayerNote, string>[] = [
  {
    accessorKey: "created_at",
    header: "Written",
    cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
  },
  { accessorKey: "author_email", header: "By" },
  {
    accessorKey: "text",
    header: "Note",
    cell: (c) => <p className="max-w-prose whitespace-pre-wrap">{c.getValue()}</p>,
  },
];

/** Staff notes (append-only: a correction is a new note), with the form to add one when the role may. */
export function NotesTab({ playerId, canWrite }: { playerId: string; canWrite: boolean }) {
  const filters = useMemo(() => ({ playerId }), [playerId]);
  return (
    <div className="space-y-6">
      {canWrite ? <AddNoteForm playerId={playerId} /> : null}
      <DataGrid
        label="Notes"
        columns={columns}
        queryOptions={playerNotesQueryOptions}
        filters={filters}
        getRowId={(row) => row.id}
        emptyTitle="No notes yet"
      />
    </div>
  );
}

function AddNoteForm({ playerId }: { playerId: string }) {
  const id = useId();
  const [text, setText] = useState("");
  const add = useAddPlayerNote(playerId);
  const error = add.isError
    ? (fieldErrorsOf(add.error).text ?? (isHandled(add.error) ? undefined : errorMessageOf(add.error)))
    : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || add.isPending) return;
    add.mutate(text, {
      onSuccess: () => {
        setText("");
        toast.success("Note added.");
      },
    });
  };

  return (
    <form onSubmit={onSubmit} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Add a note
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={PLAYER_NOTE_MAX}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className="block w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/40 aria-[invalid=true]:border-red-500"
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          Notes cannot be edited or deleted. {text.length}/{PLAYER_NOTE_MAX}
        </p>
      )}
      <Button type="submit" busy={add.isPending} disabled={!text.trim()}>
        Add note
      </Button>
    </form>
  );
}
