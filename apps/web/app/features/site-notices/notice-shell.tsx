import type { ReactNode } from "react";

/** A full-screen notice (no lobby behind it): the site sends visitors here by its rules (ADR 028). */
export function NoticeShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main
      id="main"
      className="flex min-h-dvh items-center justify-center bg-ink-950 px-4 py-12 text-center text-mist-100"
    >
      <div className="w-full max-w-lg space-y-5">
        <img src="/images/logo.svg" alt="Croupier" className="mx-auto h-10 w-auto" />
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        {children}
      </div>
    </main>
  );
}
