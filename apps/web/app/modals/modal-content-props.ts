/**
 * What every dialog's content receives from the dialog around it. Its own module so a modal needs
 * neither the registry (which lazy-loads the modals) nor the dialog component to type its props.
 */
export type ModalContentProps = { close: () => void };
