import type { CampaignDetail } from "@croupier/contract/backoffice/bonuses";
import { useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { SelectField, TextField } from "../../components/field";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../../lib/staff-api";
import { useBonusLabels } from "./bonus-labels-api";
import {
  BONUS_PRODUCTS,
  BONUS_TRIGGERS,
  BONUS_TYPES,
  bodyFromForm,
  CASHBACK_PERIOD_LABELS,
  CASHBACK_PERIODS,
  CURRENCIES_MAX,
  EMPTY_CURRENCY_TERMS,
  GB_WAGER_MAX,
  PRODUCT_LABELS,
  RAKEBACK_PAYOUT_LABELS,
  RAKEBACK_PAYOUTS,
  TRIGGER_LABELS,
  TYPE_LABELS,
  TYPE_TRIGGER,
  validateCampaignForm,
  withBonusType,
  type CampaignFormErrors,
  type CampaignFormValues,
  type CurrencyTermsValues,
} from "./campaign-form";
import { CampaignPreview } from "./campaign-preview";
import { CheckboxField, DurationField, Section, TextAreaField } from "./form-controls";
import { GamePicker } from "./game-picker";
import { LabelChip } from "./label-chip";
import { useSaveCampaign } from "./save-campaign";

// Field names the editor shows an error next to; any other error key the server names goes to the summary.
const SHOWN_FIELDS = new Set([
  "bonus_name",
  "bonus_trigger",
  "bonus_type",
  "deposit_number",
  "bonus_percent",
  "bonus_wager",
  "wagering_expiration_time",
  "activation_expiration_time",
  "winnings_distribution_percent",
  "auto_activation_time",
  "product",
  "game_guids",
  "icon",
  "background_image",
  "description",
  "terms",
  "segment_guids",
  "project_tag_guid",
  "label_guids",
  "start_date",
  "end_date",
  "currencies",
  "is_cumulative",
]);
// Fields shown only for their own type: an error on one the type hides goes to the summary.
const TYPE_FIELDS: Record<string, CampaignFormValues["bonus_type"]> = {
  cashback_period: "cashback",
  rakeback_slots_percent: "rakeback",
  rakeback_live_percent: "rakeback",
  rakeback_payout: "rakeback",
  coin_price: "coin",
};
const isShown = (key: string, type: CampaignFormValues["bonus_type"]) =>
  SHOWN_FIELDS.has(key) || TYPE_FIELDS[key] === type || /^currencies\.\d+\.[a-z_]+$/.test(key);

/** Server keys of list items ("game_guids.3") shown on their list. */
function normalise(errors: CampaignFormErrors): CampaignFormErrors {
  const out: CampaignFormErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const listItem = /^(game_guids|segment_guids|label_guids)\.\d+$/.exec(key);
    out[listItem ? listItem[1]! : key] ??= message;
  }
  return out;
}

/**
 * Create a campaign (version 1, a draft) or edit one (the next version: running customer bonuses keep
 * theirs). Checks mirror the server's; the server's field errors show on the fields, its other refusals
 * (the UK profile's, for one) above the buttons. The preview beside it is what a player will see.
 */
export function CampaignEditor({
  bonusGuid,
  initial,
  onSaved,
  onCancel,
}: {
  bonusGuid: string | null;
  initial: CampaignFormValues;
  onSaved: (detail: CampaignDetail) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<CampaignFormValues>(initial);
  const [localErrors, setLocalErrors] = useState<CampaignFormErrors>({});
  const save = useSaveCampaign();
  const labels = useBonusLabels();
  const formRef = useRef<HTMLFormElement>(null);
  const serverErrors = save.isError ? normalise(fieldErrorsOf(save.error)) : {};
  const errors: CampaignFormErrors = { ...serverErrors, ...localErrors };
  const unplaced = Object.entries(serverErrors).filter(([key]) => !isShown(key, values.bonus_type));

  const update = (change: (v: CampaignFormValues) => CampaignFormValues) => {
    setValues(change);
    // Errors belong to what was checked or sent; an edit clears them until the next try.
    if (Object.keys(localErrors).length > 0) setLocalErrors({});
    if (save.isError) save.reset();
  };
  const set = <K extends keyof CampaignFormValues>(key: K, value: CampaignFormValues[K]) =>
    update((v) => ({ ...v, [key]: value }));
  const setRow = (index: number, field: keyof CurrencyTermsValues, value: string) =>
    set(
      "currencies",
      values.currencies.map((row, i) => (i === index ? { ...row, [field]: value } : row)),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateCampaignForm(values);
    setLocalErrors(problems);
    if (Object.keys(problems).length > 0) {
      // Move to the first marked field so a keyboard or screen-reader user lands on it.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
      return;
    }
    save.mutate(
      { bonusGuid, body: bodyFromForm(values) },
      {
        onSuccess: (detail) => {
          toast.success(bonusGuid ? `Saved as version ${detail.current.version}.` : "Campaign created as a draft.");
          onSaved(detail);
        },
        onError: (error) => {
          if (isHandled(error)) return;
          requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
        },
      },
    );
  };

  const localCount = Object.keys(localErrors).length;
  const isFreeSpins = values.bonus_type === "free_spins";
  const type = values.bonus_type;
  const bonusColumn =
    type === "fixed_amount" || type === "coin" ? "Amount granted" : type === "cashback" ? "Max cashback" : "Max bonus";
  const boundTrigger = TYPE_TRIGGER[type];

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-5" aria-label="Campaign terms">
        <Section title="Offer">
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Type"
              value={values.bonus_type}
              onChange={(e) =>
                update((v) => withBonusType(v, e.target.value as CampaignFormValues["bonus_type"]))
              }
              error={errors.bonus_type}
            >
              {BONUS_TYPES.map((type) => (
                <option key={type} value={type}>
                  {TYPE_LABELS[type]}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Product"
              value={values.product}
              onChange={(e) => set("product", e.target.value as CampaignFormValues["product"])}
              error={errors.product}
              hint="Where the bonus may be wagered. The UK profile allows one product: slots or live casino."
            >
              {BONUS_PRODUCTS.map((product) => (
                <option key={product} value={product}>
                  {PRODUCT_LABELS[product]}
                </option>
              ))}
            </SelectField>
            {values.bonus_type === "deposit_match" ? (
              <TextField
                label="Match percentage"
                inputMode="decimal"
                value={values.bonus_percent}
                maxLength={10}
                onChange={(e) => set("bonus_percent", e.target.value)}
                error={errors.bonus_percent}
                hint="100 doubles the deposit, capped by each currency's max bonus."
              />
            ) : null}
            {type === "cashback" ? (
              <SelectField
                label="Cashback period"
                value={values.cashback_period}
                onChange={(e) => set("cashback_period", e.target.value as CampaignFormValues["cashback_period"])}
                error={errors.cashback_period}
                hint="One payment per player and period, of the percentage below of the period's net loss."
              >
                {CASHBACK_PERIODS.map((period) => (
                  <option key={period} value={period}>
                    {CASHBACK_PERIOD_LABELS[period]}
                  </option>
                ))}
              </SelectField>
            ) : null}
            {type === "rakeback" ? (
              <>
                <TextField
                  label="Slots rakeback (%)"
                  inputMode="decimal"
                  value={values.rakeback_slots_percent}
                  maxLength={10}
                  onChange={(e) => set("rakeback_slots_percent", e.target.value)}
                  error={errors.rakeback_slots_percent}
                  hint="Share of every slots stake that accrues, e.g. 1."
                />
                <TextField
                  label="Live rakeback (%)"
                  inputMode="decimal"
                  value={values.rakeback_live_percent}
                  maxLength={10}
                  onChange={(e) => set("rakeback_live_percent", e.target.value)}
                  error={errors.rakeback_live_percent}
                  hint="Share of every live-casino stake that accrues, e.g. 0.5."
                />
                <SelectField
                  label="Rakeback payout"
                  value={values.rakeback_payout}
                  onChange={(e) => set("rakeback_payout", e.target.value as CampaignFormValues["rakeback_payout"])}
                  error={errors.rakeback_payout}
                  hint="What a claim pays. Only one rakeback campaign can run at a time."
                >
                  {RAKEBACK_PAYOUTS.map((payout) => (
                    <option key={payout} value={payout}>
                      {RAKEBACK_PAYOUT_LABELS[payout]}
                    </option>
                  ))}
                </SelectField>
              </>
            ) : null}
            {type === "coin" ? (
              <TextField
                label="Price in coins"
                inputMode="decimal"
                value={values.coin_price}
                maxLength={21}
                onChange={(e) => set("coin_price", e.target.value)}
                error={errors.coin_price}
                hint="What the bonus costs in the coin shop; the amount granted is per currency, below."
              />
            ) : null}
          </div>
          <CheckboxField
            label="Cumulative"
            checked={values.is_cumulative}
            onChange={(checked) => set("is_cumulative", checked)}
            error={errors.is_cumulative}
            hint={
              type === "cashback" || type === "rakeback"
                ? "Required: this type pays the same player again and again."
                : "A player may collect it again alongside other bonuses of the same trigger."
            }
          />
        </Section>

        <Section title="Trigger">
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Trigger"
              value={values.bonus_trigger}
              onChange={(e) => set("bonus_trigger", e.target.value as CampaignFormValues["bonus_trigger"])}
              error={errors.bonus_trigger}
              hint={boundTrigger ? `A ${TYPE_LABELS[type].toLowerCase()} takes the ${TRIGGER_LABELS[boundTrigger]} trigger.` : undefined}
            >
              {BONUS_TRIGGERS.map((trigger) => (
                <option key={trigger} value={trigger}>
                  {TRIGGER_LABELS[trigger]}
                </option>
              ))}
            </SelectField>
            {values.bonus_trigger === "deposit" ? (
              <TextField
                label="Deposit number"
                inputMode="numeric"
                value={values.deposit_number}
                maxLength={3}
                onChange={(e) => set("deposit_number", e.target.value)}
                error={errors.deposit_number}
                hint="1 = the first successful deposit; empty = any deposit."
              />
            ) : null}
          </div>
          <CheckboxField
            label="Defer to the next deposit"
            checked={values.deposit_defer}
            onChange={(checked) => set("deposit_defer", checked)}
            hint="The bonus money is held until the player's next qualifying deposit settles."
          />
          <TextAreaField
            label="Segments (optional)"
            rows={2}
            value={values.segment_guids}
            onChange={(e) => set("segment_guids", e.target.value)}
            error={errors.segment_guids}
            hint="Segment ids, comma separated. Empty: every player."
          />
          <TextField
            label="Project tag (optional)"
            value={values.project_tag_guid}
            maxLength={36}
            onChange={(e) => set("project_tag_guid", e.target.value)}
            error={errors.project_tag_guid}
            hint="A tag id, for operators running several brands; empty: none."
          />
        </Section>

        <Section title="Wagering and expiry">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Wagering (× the bonus)"
              inputMode="decimal"
              value={values.bonus_wager}
              maxLength={10}
              onChange={(e) => set("bonus_wager", e.target.value)}
              error={errors.bonus_wager}
              hint={
                type === "rakeback"
                  ? `Only for a rakeback paid as a bonus; 0 when paid as cash. The UK profile allows at most ${GB_WAGER_MAX}×.`
                  : `0 = no wagering. The UK profile allows at most ${GB_WAGER_MAX}×.`
              }
            />
            <TextField
              label="Winnings kept as bonus (%)"
              inputMode="decimal"
              value={values.winnings_distribution_percent}
              maxLength={10}
              onChange={(e) => set("winnings_distribution_percent", e.target.value)}
              error={errors.winnings_distribution_percent}
              hint="Share of bonus-funded winnings that stays bonus money; players see 0 as 100 %."
            />
            <DurationField
              label="Time to wager"
              value={values.wagering_expiration}
              onChange={(v) => set("wagering_expiration", v)}
              error={errors.wagering_expiration_time}
              hint="From activation. Players see whole days."
            />
            <DurationField
              label="Time to activate"
              value={values.activation_expiration}
              onChange={(v) => set("activation_expiration", v)}
              error={errors.activation_expiration_time}
              hint="From the grant, for offered bonuses."
            />
          </div>
          <CheckboxField
            label="Activate automatically"
            checked={values.auto_activation}
            onChange={(checked) => set("auto_activation", checked)}
            hint="When the wallet has no active bonus; otherwise the player activates it."
          />
          {values.auto_activation ? (
            <DurationField
              label="Activation delay"
              value={values.auto_activation_delay}
              onChange={(v) => set("auto_activation_delay", v)}
              error={errors.auto_activation_time}
              hint="0 = at once, in the grant."
              units={["minutes", "hours", "days"]}
            />
          ) : null}
        </Section>

        {isFreeSpins ? (
          <Section title="Free spins" description="The spin count and the stake of one spin are per currency, below.">
            <GamePicker value={values.game_guids} onChange={(g) => set("game_guids", g)} error={errors.game_guids} />
          </Section>
        ) : null}

        <Section
          title="Per-currency terms"
          description="One row per currency the offer is made in. Max cashout 0 = no cap; an empty threshold = the currency's own (the bonus is lost under it with no cash left)."
        >
          <div className="overflow-x-auto">
            <table className="min-w-full text-sm" aria-label="Per-currency terms">
              <thead className="text-left text-xs font-medium text-slate-500">
                <tr>
                  <th className="px-1 py-1">Currency</th>
                  <th className="px-1 py-1">Min deposit</th>
                  <th className="px-1 py-1">{bonusColumn}</th>
                  <th className="px-1 py-1">Max cashout</th>
                  <th className="px-1 py-1">Threshold</th>
                  {isFreeSpins ? (
                    <>
                      <th className="px-1 py-1">Spins</th>
                      <th className="px-1 py-1">Spin bet</th>
                    </>
                  ) : null}
                  {values.bonus_type === "cashback" ? <th className="px-1 py-1">Cashback %</th> : null}
                  <th className="px-1 py-1">
                    <span className="sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {values.currencies.map((row, index) => (
                  <CurrencyRow
                    key={index}
                    row={row}
                    index={index}
                    errors={errors}
                    bonusColumn={bonusColumn}
                    type={values.bonus_type}
                    onChange={(field, value) => setRow(index, field, value)}
                    onRemove={() =>
                      set(
                        "currencies",
                        values.currencies.filter((_, i) => i !== index),
                      )
                    }
                  />
                ))}
              </tbody>
            </table>
          </div>
          {errors.currencies ? (
            <p role="alert" className="text-xs text-red-600">
              {errors.currencies}
            </p>
          ) : null}
          <Button
            variant="secondary"
            disabled={values.currencies.length >= CURRENCIES_MAX}
            onClick={() => set("currencies", [...values.currencies, { ...EMPTY_CURRENCY_TERMS }])}
          >
            Add a currency
          </Button>
        </Section>

        <Section title="Presentation">
          <TextField
            label="Name"
            value={values.bonus_name}
            maxLength={120}
            onChange={(e) => set("bonus_name", e.target.value)}
            error={errors.bonus_name}
            required
          />
          <TextAreaField
            label="Description"
            value={values.description}
            maxLength={5000}
            onChange={(e) => set("description", e.target.value)}
            error={errors.description}
          />
          <TextAreaField
            label="Full terms"
            rows={6}
            value={values.terms}
            maxLength={20000}
            onChange={(e) => set("terms", e.target.value)}
            error={errors.terms}
            hint="Shown in full before the player activates. Required by the UK profile."
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Icon address"
              value={values.icon}
              maxLength={500}
              onChange={(e) => set("icon", e.target.value)}
              error={errors.icon}
              hint="https://… or /path"
            />
            <TextField
              label="Background image address"
              value={values.background_image}
              maxLength={500}
              onChange={(e) => set("background_image", e.target.value)}
              error={errors.background_image}
              hint="https://… or /path"
            />
          </div>
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-slate-700">Labels</legend>
            {labels.isPending ? (
              <p className="text-xs text-slate-500">Loading labels…</p>
            ) : labels.isError ? (
              <p role="alert" className="text-xs text-red-600">
                {errorMessageOf(labels.error)}
              </p>
            ) : labels.data.length === 0 ? (
              <p className="text-xs text-slate-500">No labels yet: create them on the Bonus labels page.</p>
            ) : (
              <div className="flex flex-wrap gap-3">
                {labels.data.map((label) => (
                  <label key={label.guid} className="flex items-center gap-1.5 text-sm">
                    <input
                      type="checkbox"
                      checked={values.label_guids.includes(label.guid)}
                      onChange={(e) =>
                        set(
                          "label_guids",
                          e.target.checked
                            ? [...values.label_guids, label.guid]
                            : values.label_guids.filter((g) => g !== label.guid),
                        )
                      }
                    />
                    <LabelChip name={label.name} background={label.background_color} />
                  </label>
                ))}
              </div>
            )}
            {errors.label_guids ? (
              <p role="alert" className="text-xs text-red-600">
                {errors.label_guids}
              </p>
            ) : null}
          </fieldset>
        </Section>

        <Section
          title="Schedule"
          description="Your time zone. Empty: no start or end; the status actions start and stop the campaign."
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Start"
              type="datetime-local"
              value={values.start_date}
              onChange={(e) => set("start_date", e.target.value)}
              error={errors.start_date}
            />
            <TextField
              label="End"
              type="datetime-local"
              value={values.end_date}
              onChange={(e) => set("end_date", e.target.value)}
              error={errors.end_date}
            />
          </div>
        </Section>

        {localCount > 0 ? (
          <p role="alert" className="text-sm text-red-700">
            {localCount === 1 ? "One field needs attention." : `${localCount} fields need attention.`} They are marked
            above.
          </p>
        ) : null}
        {save.isError && !isHandled(save.error) ? (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p>{errorMessageOf(save.error)}</p>
            {unplaced.length > 0 ? (
              <ul className="mt-1 list-disc pl-5">
                {unplaced.map(([key, message]) => (
                  <li key={key}>
                    {key}: {message}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending}>
            {bonusGuid ? "Save as a new version" : "Create campaign"}
          </Button>
        </div>
      </form>
      <aside className="lg:sticky lg:top-4 lg:self-start">
        <CampaignPreview values={values} labels={labels.data ?? []} />
      </aside>
    </div>
  );
}

const CELL =
  "block w-full min-w-20 rounded border border-slate-300 px-1.5 py-1 text-sm aria-[invalid=true]:border-red-500";

function CurrencyRow({
  row,
  index,
  errors,
  bonusColumn,
  type,
  onChange,
  onRemove,
}: {
  row: CurrencyTermsValues;
  index: number;
  errors: CampaignFormErrors;
  bonusColumn: string;
  type: CampaignFormValues["bonus_type"];
  onChange: (field: keyof CurrencyTermsValues, value: string) => void;
  onRemove: () => void;
}) {
  const name = row.currency.trim().toUpperCase() || `Row ${index + 1}`;
  const cell = (field: keyof CurrencyTermsValues, label: string, width = "") => {
    const error = errors[`currencies.${index}.${field}`];
    const errorId = `currency-${index}-${field}-error`;
    return (
      <td className={`px-1 py-1 align-top ${width}`}>
        <input
          aria-label={`${name} ${label}`}
          value={row[field]}
          maxLength={field === "currency" ? 16 : 40}
          inputMode={field === "currency" ? "text" : "decimal"}
          onChange={(e) => onChange(field, field === "currency" ? e.target.value.toUpperCase() : e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={CELL}
        />
        {error ? (
          <p id={errorId} role="alert" className="mt-0.5 text-xs text-red-600">
            {error}
          </p>
        ) : null}
      </td>
    );
  };
  return (
    <tr>
      {cell("currency", "currency")}
      {cell("min_deposit_sum", "min deposit")}
      {cell("max_bonus_sum", bonusColumn.toLowerCase())}
      {cell("max_cashout", "max cashout")}
      {cell("bonus_threshold", "threshold")}
      {type === "free_spins" ? cell("free_spins_count", "spins") : null}
      {type === "free_spins" ? cell("free_spin_bet", "spin bet") : null}
      {type === "cashback" ? cell("cashback_percent", "cashback %") : null}
      <td className="px-1 py-1 align-top">
        <Button variant="ghost" aria-label={`Remove ${name}`} onClick={onRemove}>
          ✕
        </Button>
      </td>
    </tr>
  );
}
