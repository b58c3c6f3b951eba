import type { ReactNode } from "react";
import { EmptyState } from "./empty-state";
import type { IconName } from "./icons";
import { PageHeader } from "./page-header";

/** The frame of an account page: heading, description, and the section's empty state until its feature lands. */
export function AccountPage(props: { title: string; description: string; icon: IconName; emptyTitle: string; emptyText: ReactNode; action?: ReactNode }) {
  return (
    <>
      <PageHeader title={props.title} description={props.description} />
      <EmptyState icon={props.icon} title={props.emptyTitle} action={props.action}>
        {props.emptyText}
      </EmptyState>
    </>
  );
}
