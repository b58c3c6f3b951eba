import { toast } from "sonner";
import { Button } from "../../components/button";

/** Recovery codes, shown once: copy, download as .txt, and confirm they are saved before going on. */
export function RecoveryCodesPanel({ codes, email, onDone, doneLabel = "I have saved them" }: { codes: string[]; email: string; onDone: () => void; doneLabel?: string }) {
  const text = `Croupier back office recovery codes for ${email}\nEach code works once. Keep them somewhere safe.\n\n${codes.join("\n")}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      toast.success("Recovery codes copied.");
    } catch {
      toast.error("The browser refused to copy. Select the codes and copy them yourself.");
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "croupier-back-office-recovery-codes.txt";
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        If you lose your authenticator, each of these codes signs you in once. They are shown only now.
      </p>
      <ol data-testid="recovery-codes" className="grid grid-cols-2 gap-2 rounded-md bg-slate-100 p-3 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="secondary" onClick={download}>
          Download .txt
        </Button>
      </div>
      <Button className="w-full" onClick={onDone}>
        {doneLabel}
      </Button>
    </div>
  );
}
