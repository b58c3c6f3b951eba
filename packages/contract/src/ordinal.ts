// No imports on purpose: the web app's entry chunk uses this (the deposit modal titles), and importing it
// from entities/bonus.ts put zod (~60 KB gzip) into every page's first load.

/** 1 → "1st", 2 → "2nd", 3 → "3rd", 11 → "11th" (the seed's ordinal deposit display). */
export function ordinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}
