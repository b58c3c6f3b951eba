import type {
  DailyReportRow,
  GameReportRow,
  ProviderReportRow,
  ReportTotalsRow,
} from "@croupier/contract/backoffice/reports";
import type { CsvColumn } from "./format-csv.ts";

// The columns of each CSV export: text cells (names, codes) are guarded against formula injection,
// figures are written exactly as the server computed them.
type Figures = ReportTotalsRow | ProviderReportRow;
const text = <Row>(header: string, value: (row: Row) => string | null): CsvColumn<Row> => ({
  header,
  kind: "text",
  value,
});
const figure = <Row>(header: string, value: (row: Row) => string | number): CsvColumn<Row> => ({
  header,
  kind: "number",
  value,
});

export const DAILY_CSV: CsvColumn<DailyReportRow>[] = [
  text("date", (r) => r.date),
  text("currency", (r) => r.currency),
  figure("deposits", (r) => r.deposits),
  figure("withdrawals", (r) => r.withdrawals),
  figure("stakes", (r) => r.stakes),
  figure("wins", (r) => r.wins),
  figure("ggr", (r) => r.ggr),
  figure("bonus_cost", (r) => r.bonus_cost),
  figure("ngr", (r) => r.ngr),
  figure("adjustments", (r) => r.adjustments),
  figure("active_players", (r) => r.active_players),
  figure("first_time_depositors", (r) => r.first_time_depositors),
];

const play = <Row extends Figures & { rounds: number; players: number }>(): CsvColumn<Row>[] => [
  figure("stakes", (r) => r.stakes),
  figure("wins", (r) => r.wins),
  figure("ggr", (r) => r.ggr),
  figure("rounds", (r) => r.rounds),
  figure("players", (r) => r.players),
];

export const PROVIDERS_CSV: CsvColumn<ProviderReportRow>[] = [
  text("provider", (r) => r.provider),
  text("currency", (r) => r.currency),
  ...play<ProviderReportRow>(),
];

export const GAMES_CSV: CsvColumn<GameReportRow>[] = [
  text("provider", (r) => r.provider),
  text("studio", (r) => r.studio),
  text("game_code", (r) => r.game_code),
  text("game_name", (r) => r.game_name),
  text("currency", (r) => r.currency),
  ...play<GameReportRow>(),
];
