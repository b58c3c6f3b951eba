import { Link } from "react-router";
import { CookieSettingsButton } from "../features/consent/cookie-settings-button";
import { LogoMark } from "./logo";

const LINKS = [
  { to: "/about-us", label: "About us" },
  { to: "/support", label: "Support" },
  { to: "/faq", label: "FAQ" },
  { to: "/payments", label: "Payments" },
  { to: "/affiliates", label: "Affiliates" },
  { to: "/collections", label: "Collections" },
  { to: "/kyc-procedure", label: "KYC procedure" },
  { to: "/privacy-policy", label: "Privacy policy" },
  { to: "/responsible-gaming", label: "Responsible gaming" },
  { to: "/terms-conditions", label: "Terms & conditions" },
];

export function Footer() {
  return (
    <footer className="mt-12 border-t border-ink-700 bg-ink-900 px-4 py-10 text-sm text-mist-400 tablet:px-6 desktop:px-8">
      <nav aria-label="Information">
        <ul className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3 lg:grid-cols-5">
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="hover:text-white">
                {link.label}
              </Link>
            </li>
          ))}
          <li>
            <CookieSettingsButton className="text-left hover:text-white" />
          </li>
        </ul>
      </nav>
      <div className="mt-8 flex flex-col gap-6 border-t border-ink-700 pt-8 md:flex-row md:items-start">
        <div className="flex items-center gap-3">
          <span
            className="grid size-11 shrink-0 place-items-center rounded-full border-2 border-ruby-400 text-sm font-bold text-ruby-400"
            aria-label="Adults only: 18 and over"
            role="img"
          >
            18+
          </span>
          <LogoMark className="size-9 shrink-0" />
        </div>
        <div className="space-y-3 leading-6">
          <p>
            <strong className="text-mist-100">Play responsibly.</strong> Gambling is for adults aged 18 or over (or the
            higher legal age where you live) and can be addictive. Set deposit, loss and wager limits, take a time-out or
            self-exclude from your account at any time — see{" "}
            <Link to="/responsible-gaming" className="text-gold-400 underline underline-offset-2">
              Responsible gaming
            </Link>{" "}
            for tools and free, confidential help.
          </p>
          <p>
            This casino runs on Croupier, open-source casino software published under the MIT licence. The operator of
            this site, not the Croupier project, is responsible for holding the gambling licence required in every
            jurisdiction it serves, and for the games, payments and player funds offered here.
          </p>
        </div>
      </div>
    </footer>
  );
}
