import { type ReactNode, useEffect, useRef } from "react";
import { trapTabKey } from "./focus-trap.ts";
import { useCloseOnBack } from "./use-close-on-back.ts";
import "./modal.css";

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** Id of the element naming the dialog (usually its heading). */
  labelledBy: string;
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog on the native <dialog>: the page behind is inert, Tab cycles inside it, Escape closes it, a click
 * on the backdrop closes it, Back closes it (instead of leaving the page), and focus goes back to what had it
 * before opening.
 */
export function Modal({ open, onClose, labelledBy, className, children }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useCloseOnBack(open, onClose);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    // The browser focuses the first control; a form may name a better start (its first field).
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    // A close event queued by an earlier close() may arrive after showModal() again (StrictMode's second run).
    const handleClose = () => {
      if (!dialog.open) onCloseRef.current();
    };
    dialog.addEventListener("close", handleClose);
    return () => {
      dialog.removeEventListener("close", handleClose);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    // The backdrop is the dialog element itself (its content fills the box inside it), so a click whose target is
    // the dialog landed outside the content. Keyboard users close it with Escape or the Close button.
    <dialog
      ref={dialogRef}
      className={["modal", className].filter(Boolean).join(" ")}
      aria-labelledby={labelledBy}
      onKeyDown={trapTabKey}
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="modal__content">{children}</div>
    </dialog>
  );
}
