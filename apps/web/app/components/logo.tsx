/** The Croupier mark: a gold chip with a spade, and the word mark. */
export function LogoMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="croupier-chip" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffd978" />
          <stop offset="1" stopColor="#d99a1e" />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="30" fill="url(#croupier-chip)" />
      <circle cx="32" cy="32" r="22" fill="#141826" />
      <g fill="#ffd978">
        <rect x="29" y="2" width="6" height="9" rx="1.5" />
        <rect x="29" y="53" width="6" height="9" rx="1.5" />
        <rect x="2" y="29" width="9" height="6" rx="1.5" />
        <rect x="53" y="29" width="9" height="6" rx="1.5" />
      </g>
      <path
        d="M32 17c-4 5.5-11 9-11 15a6 6 0 0 0 10 4.4L29 45h6l-2-8.6A6 6 0 0 0 43 32c0-6-7-9.5-11-15z"
        fill="#ffd978"
      />
    </svg>
  );
}

/** `compact`: phones show the chip alone (the logged-in header needs the room). */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <LogoMark />
      <span className={`text-lg font-extrabold tracking-tight text-white${compact ? " max-sm:hidden" : ""}`}>
        Croup<span className="text-gold-400">ier</span>
      </span>
    </span>
  );
}
