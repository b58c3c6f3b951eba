import { useEffect, useState } from "react";
import { Skeleton } from "../../components/states";

/** A QR path ("M x y h1v1h-1z…") for the dark modules of a boolean matrix. */
function qrPath(modules: readonly (readonly boolean[])[]): string {
  let path = "";
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return path;
}

/** The otpauth:// URI as an SVG QR code for an authenticator app (uqr, loaded only on the enrolment step). */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
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
  if (!matrix || matrix.value !== value) return <Skeleton className="size-48 rounded-lg" />;
  const count = matrix.modules.length;
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${count} ${count}`} width={size} height={size} shapeRendering="crispEdges" className="rounded-lg bg-white">
      <path d={qrPath(matrix.modules)} fill="#0f172a" />
    </svg>
  );
}
