/** The phone header's account button; the same classes before and after its menu code arrives. */
export const ACCOUNT_MENU_TRIGGER_CLASS = "btn-ghost px-2.5 tablet:hidden";
