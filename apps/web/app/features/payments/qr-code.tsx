import { useEffect, useState } from "react";
import { Skeleton } from "./payment-ui";

/** A QR path ("M x y h1v1h-1z…") for the dark modules of a boolean matrix. */
export function qrPath(modules: readonly (readonly boolean[])[]): string {
  let path = "";
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return path;
}

/**
 * A QR code drawn as SVG. The encoder (uqr) is fetched only when a crypto address is shown, so
 * it never weighs on other pages.
 */
export function QrCode({ value, label, size = 176 }: { value: string; label: string; size?: number }) {
  const [matrix, setMatrix] = useState<{ value: string; modules: boolean[][] } | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import("uqr")
      .then(({ encode }) => {
        if (!cancelled) setMatrix({ value, modules: encode(value, { ecc: "M", border: 2 }).data });
      })
      .catch((error: unknown) => console.warn("QR code failed", error));
    return () => {
      cancelled = true;
    };
  }, [value]);
  if (!matrix || matrix.value !== value) return <Skeleton className="rounded-xl" />;
  const count = matrix.modules.length;
  return (
    <svg role="img" aria-label={label} data-testid="deposit-qr" viewBox={`0 0 ${count} ${count}`} width={size} height={size} shapeRendering="crispEdges" className="rounded-xl bg-white">
      <path d={qrPath(matrix.modules)} fill="#07090f" />
    </svg>
  );
}
