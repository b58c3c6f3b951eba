/** Inline icons (a few paths, no icon font): decorative, the buttons carry the labels. */
const paths = {
  close: "M6 6l12 12M18 6L6 18",
  lobby: "M3 10.5L12 3l9 7.5V21h-6v-6H9v6H3z",
  info: "M12 8h.01M11 12h1v5h1M12 21a9 9 0 100-18 9 9 0 000 18z",
  shield: "M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z M9 12l2 2 4-4",
  history: "M3 12a9 9 0 109-9 9 9 0 00-7 3.3M3 3v4h4M12 7v5l3 2",
  soundOn: "M4 9v6h4l5 4V5L8 9zM16 8.5a5 5 0 010 7M18.5 6a8.5 8.5 0 010 12",
  soundOff: "M4 9v6h4l5 4V5L8 9zM17 9l5 6M22 9l-5 6",
} as const;

export function Icon({ name }: { name: keyof typeof paths }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={paths[name]} />
    </svg>
  );
}
