const DEFAULT_BACKGROUND = "#4f46e5";
const DARK_TEXT = "#0f172a";
const LIGHT_TEXT = "#ffffff";

/** sRGB channel → linear (WCAG 2.1 relative luminance). */
const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/**
 * The text colour that reads on a label's background: dark on light colours, white on dark ones, by
 * WCAG contrast. Labels come with any colour marketing picks (a yellow "Hot"), so white text cannot be
 * assumed. Named colours and unreadable values keep white (the default background is dark).
 */
export function labelTextColor(background: string | null | undefined): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})([0-9a-f]{2})?$/i.exec((background ?? "").trim());
  if (!hex) return LIGHT_TEXT;
  const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join("") : hex[1]!;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
  const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  // Contrast with white is 1.05 / (L + 0.05), with #0f172a (L≈0.0089) (L + 0.05) / 0.0589: pick the larger.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0589 ? LIGHT_TEXT : DARK_TEXT;
}

/** A bonus label as a chip, in its own colour with readable text. */
export function LabelChip({ name, background }: { name: string; background: string | null | undefined }) {
  const color = background?.trim() || DEFAULT_BACKGROUND;
  return (
    <span
      className="rounded-full px-2 py-0.5 text-xs font-semibold"
      style={{ backgroundColor: color, color: labelTextColor(color) }}
    >
      {name}
    </span>
  );
}
