import { useMemo, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../components/button";
import { SelectField, TextField } from "../components/field";
import { PageHeader } from "../components/page-header";
import { EmptyState, ErrorState, LoadingBlock } from "../components/states";
import { CsvButton } from "../features/reports/csv-button";
import { DailyCharts } from "../features/reports/daily-charts";
import { DailyTable } from "../features/reports/daily-table";
import { decimalsOf } from "../features/reports/format-report";
import { GameReportGrid } from "../features/reports/game-report-grid";
import { useDailyReport } from "../features/reports/get-daily-report";
import { useProviderReport } from "../features/reports/get-provider-report";
import { KpiCards } from "../features/reports/kpi-cards";
import { useReportCurrencies } from "../features/reports/list-report-currencies";
import { ProviderTable } from "../features/reports/provider-table";
import { defaultRange, rangeErrors, timeZoneOptions, type ReportRange } from "../features/reports/report-range";

/** Reports: the business per day (UTC or a chosen zone), per game provider and per game, from the ledger; CSV downloads. */
export default function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const fallback = useMemo(() => defaultRange(), []);
  const zones = useMemo(() => timeZoneOptions(), []);
  const range: ReportRange = useMemo(
    () => ({
      from: params.get("from") ?? fallback.from,
      to: params.get("to") ?? fallback.to,
      currency: params.get("currency") ?? fallback.currency,
      tz: params.get("tz") ?? fallback.tz,
    }),
    [params, fallback],
  );
  const valid = Object.keys(rangeErrors(range)).length === 0;
  const [draft, setDraft] = useState(range);
  const errors = rangeErrors(draft);
  const currencies = useReportCurrencies();
  const decimals = useMemo(() => decimalsOf(currencies.data), [currencies.data]);
  const daily = useDailyReport(range, valid);
  const providers = useProviderReport(range, valid);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(errors).length > 0) return;
    setParams({
      from: draft.from,
      to: draft.to,
      ...(draft.currency ? { currency: draft.currency } : {}),
      ...(draft.tz ? { tz: draft.tz } : {}),
    });
  };

  // Charts need one currency: the one asked for, or the only one with activity.
  const chartCurrency = range.currency || (daily.data?.totals.length === 1 ? daily.data.totals[0]!.currency : "");

  return (
    <>
      <PageHeader
        title="Reports"
        description="Computed from the ledger, so they reconcile with npm run reconcile. Days are calendar days of the zone you pick (UTC by default)."
        actions={
          <>
            <CsvButton report="daily" range={range} label="Daily CSV" disabled={!valid} />
            <CsvButton report="providers" range={range} label="Providers CSV" disabled={!valid} />
            <CsvButton report="games" range={range} label="Games CSV" disabled={!valid} />
          </>
        }
      />
      <form onSubmit={onSubmit} aria-label="Report window" className="mb-6 flex flex-wrap items-end gap-3">
        <TextField
          label="First day"
          type="date"
          required
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          error={errors.from}
        />
        <TextField
          label="Last day"
          type="date"
          required
          value={draft.to}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          error={errors.to}
        />
        <SelectField
          label="Currency"
          value={draft.currency}
          onChange={(event) => setDraft({ ...draft, currency: event.target.value })}
        >
          <option value="">Every currency</option>
          {(currencies.data ?? []).map((c) => (
            <option key={c.code} value={c.code}>
              {c.code}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Days in"
          value={draft.tz}
          onChange={(event) => setDraft({ ...draft, tz: event.target.value })}
        >
          <option value="">UTC</option>
          {[...new Set([...zones, ...(range.tz ? [range.tz] : [])])].map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={Object.keys(errors).length > 0}>
          Show
        </Button>
      </form>

      {!valid ? (
        <ErrorState
          error={new Error(Object.values(rangeErrors(range)).join(" "))}
          title="This window cannot be reported."
        />
      ) : (
        <div className="space-y-8">
          <section aria-labelledby="totals-heading" className="space-y-4">
            <h2 id="totals-heading" className="font-semibold text-slate-900">
              Totals, {range.from} to {range.to} ({range.tz || "UTC"})
            </h2>
            {daily.isPending ? (
              <LoadingBlock label="Loading the totals" />
            ) : daily.isError ? (
              <ErrorState
                error={daily.error}
                title="The report could not be loaded."
                onRetry={() => void daily.refetch()}
              />
            ) : daily.data.totals.length === 0 ? (
              <EmptyState title="No money moved in this window">Pick other days or another currency.</EmptyState>
            ) : (
              <>
                {daily.data.totals.map((totals) => (
                  <KpiCards key={totals.currency} totals={totals} decimals={decimals} />
                ))}
                {chartCurrency ? (
                  <DailyCharts days={daily.data.days} currency={chartCurrency} decimals={decimals(chartCurrency)} />
                ) : (
                  <p className="text-sm text-slate-500">Pick one currency to see the charts.</p>
                )}
              </>
            )}
          </section>

          <section aria-labelledby="daily-heading" className="space-y-2">
            <h2 id="daily-heading" className="font-semibold text-slate-900">
              Per day
            </h2>
            {daily.isPending ? (
              <LoadingBlock label="Loading the days" />
            ) : daily.isError ? null : daily.data.days.length === 0 ? (
              <EmptyState title="No days to show" />
            ) : (
              <DailyTable days={daily.data.days} decimals={decimals} />
            )}
          </section>

          <section aria-labelledby="providers-heading" className="space-y-2">
            <h2 id="providers-heading" className="font-semibold text-slate-900">
              Per game provider
            </h2>
            {providers.isPending ? (
              <LoadingBlock label="Loading the game providers" />
            ) : providers.isError ? (
              <ErrorState
                error={providers.error}
                title="The provider figures could not be loaded."
                onRetry={() => void providers.refetch()}
              />
            ) : providers.data.rows.length === 0 ? (
              <EmptyState title="No game was played in this window" />
            ) : (
              <ProviderTable rows={providers.data.rows} decimals={decimals} />
            )}
          </section>

          <section aria-labelledby="games-heading" className="space-y-2">
            <h2 id="games-heading" className="font-semibold text-slate-900">
              Per game
            </h2>
            <GameReportGrid range={range} decimals={decimals} />
          </section>
        </div>
      )}
    </>
  );
}
