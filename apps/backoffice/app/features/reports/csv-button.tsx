import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { downloadReportCsv, type CsvReport } from "./download-report-csv";
import type { ReportRange } from "./report-range";

/** Downloads one report as CSV; the server records every export in the audit log. */
export function CsvButton({
  report,
  range,
  label,
  disabled,
}: {
  report: CsvReport;
  range: ReportRange;
  label: string;
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const name = await downloadReportCsv(report, range);
      toast.success(`Downloaded ${name}`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "The export failed.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" busy={busy} disabled={disabled} onClick={() => void onClick()}>
      {label}
    </Button>
  );
}
