import { Dialog } from "radix-ui";
import { useNavigate } from "react-router";
import { Icon } from "../components/icons";

export const DEPOSIT_SUCCESS_ID = "FlowDeposit";
export const DEPOSIT_SUCCESS_WIDTH = 729;

/**
 * The deposit-success dialog (FlowDeposit, 729 px): shown once, after the player's first deposit.
 * Its button closes it and leads to the bonuses. At a viewport height of 500 px or less (phones
 * held sideways) it switches to a compact row layout with smaller artwork.
 */
export default function DepositSuccessModal({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const toBonuses = () => {
    onClose();
    void navigate("/account/bonuses");
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-overlay bg-ink-950/75 backdrop-blur-sm" />
        <Dialog.Content
          id={DEPOSIT_SUCCESS_ID}
          data-modal={DEPOSIT_SUCCESS_ID}
          style={{ maxWidth: DEPOSIT_SUCCESS_WIDTH }}
          className="fixed top-1/2 left-1/2 z-modal flex max-h-[calc(100dvh-1rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col items-center overflow-y-auto rounded-2xl border border-gold-500/30 bg-ink-850 bg-[radial-gradient(ellipse_at_top,rgba(245,180,37,0.18),transparent_65%)] px-6 py-10 text-center shadow-2xl focus:outline-none tablet:px-12 [@media(max-height:500px)]:flex-row [@media(max-height:500px)]:gap-6 [@media(max-height:500px)]:py-5 [@media(max-height:500px)]:text-left"
        >
          <DepositArtwork className="h-auto w-56 max-w-full shrink-0 tablet:w-72 [@media(max-height:500px)]:w-36" />
          <div className="mt-6 flex flex-col items-center [@media(max-height:500px)]:mt-0 [@media(max-height:500px)]:items-start">
            <Dialog.Title className="text-3xl font-bold text-white tablet:text-4xl [@media(max-height:500px)]:text-2xl">Deposit successful!</Dialog.Title>
            <Dialog.Description className="mt-3 max-w-md text-base text-mist-300 [@media(max-height:500px)]:mt-1 [@media(max-height:500px)]:text-sm">
              Your first deposit has been successfully credited to your wallet. Have a look at the bonuses waiting for you.
            </Dialog.Description>
            <button type="button" className="btn-primary mt-8 h-12 px-8 text-base [@media(max-height:500px)]:mt-4 [@media(max-height:500px)]:h-10" onClick={toBonuses}>
              Go to my bonuses
            </button>
          </div>
          <Dialog.Close
            className="absolute top-4 right-4 grid size-9 place-items-center rounded-lg text-mist-400 hover:bg-ink-700 hover:text-white"
            aria-label="Close"
          >
            <Icon name="close" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Croupier's own artwork: a stack of gold chips, a coin and a green check. */
function DepositArtwork({ className }: { className?: string }) {
  const chip = (y: number, key: number) => (
    <g key={key} transform={`translate(0 ${y})`}>
      <ellipse cx="120" cy="118" rx="62" ry="18" fill="#b57d12" />
      <rect x="58" y="104" width="124" height="14" fill="#b57d12" />
      <ellipse cx="120" cy="104" rx="62" ry="18" fill="url(#fd-gold)" />
      <ellipse cx="120" cy="104" rx="44" ry="12" fill="none" stroke="#fff3c4" strokeWidth="3" strokeDasharray="10 8" />
    </g>
  );
  return (
    <svg viewBox="0 0 260 190" role="img" aria-label="A stack of casino chips with a green check mark" className={className}>
      <defs>
        <linearGradient id="fd-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe19a" />
          <stop offset="0.55" stopColor="#f5b425" />
          <stop offset="1" stopColor="#d99a1e" />
        </linearGradient>
        <radialGradient id="fd-glow" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#f5b425" stopOpacity="0.45" />
          <stop offset="1" stopColor="#f5b425" stopOpacity="0" />
        </radialGradient>
      </defs>
      <ellipse cx="125" cy="100" rx="120" ry="85" fill="url(#fd-glow)" />
      <ellipse cx="120" cy="176" rx="80" ry="9" fill="#07090f" opacity="0.6" />
      {[52, 34, 16, -2].map((y, i) => chip(y, i))}
      <g transform="translate(188 128) rotate(-14)">
        <ellipse cx="0" cy="6" rx="30" ry="30" fill="#b57d12" />
        <circle cx="0" cy="0" r="30" fill="url(#fd-gold)" />
        <circle cx="0" cy="0" r="21" fill="none" stroke="#fff3c4" strokeWidth="2.5" />
        <path d="M0 -13C-4 -7-12-3-12 3c0 5 6 7 10 3l-3 7h10l-3-7c4 4 10 2 10-3 0-6-8-10-12-16z" fill="#7a5208" />
      </g>
      <circle cx="196" cy="44" r="30" fill="#059669" />
      <circle cx="196" cy="44" r="30" fill="none" stroke="#34d399" strokeWidth="3" />
      <path d="M182 45l10 10 19-21" fill="none" stroke="#fff" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
      <g fill="#ffe19a">
        <path d="M40 40l3 8 8 3-8 3-3 8-3-8-8-3 8-3z" />
        <path d="M228 108l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" />
        <path d="M70 10l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" />
      </g>
    </svg>
  );
}
