import type { SegmentRule } from "@croupier/contract/backoffice/segments";
import { Button } from "../../components/button";
import { SelectField, TextField } from "../../components/field";
import { defaultRule, RULE_KINDS, type RuleKind } from "./segment-rules";

const whole = (value: string) => (/^\d+$/.test(value) ? Number(value) : 0);

/** The value inputs of one rule, by kind. */
function RuleValue({
  rule,
  index,
  onChange,
}: {
  rule: SegmentRule;
  index: number;
  onChange: (rule: SegmentRule) => void;
}) {
  const n = index + 1;
  switch (rule.kind) {
    case "country":
      return (
        <TextField
          label={`Rule ${n}: countries`}
          hint="Two-letter codes, comma-separated (gb, de)."
          value={rule.countries.join(", ")}
          onChange={(e) =>
            onChange({
              ...rule,
              countries: e.target.value
                .split(/[\s,]+/)
                .filter(Boolean)
                .map((c) => c.toLowerCase()),
            })
          }
        />
      );
    case "deposits_count":
    case "loyalty_level":
      return (
        <TextField
          label={`Rule ${n}: minimum`}
          inputMode="numeric"
          value={String(rule.min)}
          onChange={(e) => onChange({ ...rule, min: whole(e.target.value) })}
        />
      );
    case "deposits_sum_usd":
      return (
        <TextField
          label={`Rule ${n}: minimum (USD)`}
          inputMode="decimal"
          value={rule.min}
          onChange={(e) => onChange({ ...rule, min: e.target.value.trim() })}
        />
      );
    case "registered_days":
      return (
        <div className="grid grid-cols-2 gap-2">
          <SelectField
            label={`Rule ${n}: comparison`}
            value={rule.op}
            onChange={(e) => onChange({ ...rule, op: e.target.value === "gte" ? "gte" : "lte" })}
          >
            <option value="lte">At most</option>
            <option value="gte">At least</option>
          </SelectField>
          <TextField
            label={`Rule ${n}: days`}
            inputMode="numeric"
            value={String(rule.days)}
            onChange={(e) => onChange({ ...rule, days: whole(e.target.value) })}
          />
        </div>
      );
    case "verified":
      return (
        <SelectField
          label={`Rule ${n}: verified`}
          value={rule.value ? "yes" : "no"}
          onChange={(e) => onChange({ ...rule, value: e.target.value === "yes" })}
        >
          <option value="yes">Verified</option>
          <option value="no">Not verified</option>
        </SelectField>
      );
    case "tag":
      return (
        <TextField
          label={`Rule ${n}: tag`}
          value={rule.tag}
          onChange={(e) => onChange({ ...rule, tag: e.target.value.trim().toLowerCase() })}
        />
      );
  }
}

/** The segment's rules (all must hold); none = the segment is filled by hand only. */
export function RulesEditor({
  rules,
  onChange,
  error,
}: {
  rules: SegmentRule[];
  onChange: (rules: SegmentRule[]) => void;
  error?: string;
}) {
  const replace = (index: number, rule: SegmentRule) => onChange(rules.map((r, i) => (i === index ? rule : r)));
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">Rules (a player must match all of them)</legend>
      {rules.length === 0 ? <p className="text-sm text-slate-500">No rules: staff add members by hand.</p> : null}
      {rules.map((rule, index) => (
        <div key={index} className="grid gap-2 sm:grid-cols-[14rem_1fr_auto] sm:items-end">
          <SelectField
            label={`Rule ${index + 1}`}
            value={rule.kind}
            onChange={(e) => replace(index, defaultRule(e.target.value as RuleKind))}
          >
            {RULE_KINDS.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
          </SelectField>
          <RuleValue rule={rule} index={index} onChange={(next) => replace(index, next)} />
          <Button
            variant="ghost"
            aria-label={`Remove rule ${index + 1}`}
            onClick={() => onChange(rules.filter((_, i) => i !== index))}
          >
            Remove
          </Button>
        </div>
      ))}
      {error ? (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
      <Button
        variant="secondary"
        onClick={() => onChange([...rules, defaultRule("tag")])}
        disabled={rules.length >= 20}
      >
        Add a rule
      </Button>
    </fieldset>
  );
}
