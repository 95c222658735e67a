import { type ReactNode, useId } from "react";
import { Modal } from "../modal.tsx";
import "./dialog.css";

/** A titled modal for forms and questions: the shared Modal with a heading that names it. */
export function Dialog({
  open,
  title,
  onClose,
  children,
  className,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <Modal
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      className={["dialog", className].filter(Boolean).join(" ")}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {children}
    </Modal>
  );
}

/** A yes/no question (spec §5 confirmations) in a dialog. */
export function ConfirmDialog({
  open,
  question,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
}: {
  open: boolean;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  return (
    <Dialog open={open} title="Please confirm" onClose={onCancel}>
      <p>{question}</p>
      <div className="dialog__actions">
        <button type="button" className="admin-button admin-button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="admin-button admin-button--danger"
          onClick={onConfirm}
          disabled={busy}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
