import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useId } from "react";
import { Modal } from "../modal.tsx";
import "./dialog.css";

/**
 * A titled modal for forms and questions: the shared Modal with a heading that names it and a visible Close
 * button beside it (Escape and a click outside close it too). Give the field to start in `data-autofocus`.
 */
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
      <div className="dialog__head">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <button type="button" className="dialog__close" onClick={onClose}>
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
            <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">
            <Trans>Close</Trans>
          </span>
        </button>
      </div>
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
  const { t } = useLingui();
  return (
    <Dialog open={open} title={t`Please confirm`} onClose={onCancel}>
      <p>{question}</p>
      <div className="dialog__actions">
        <button type="button" className="admin-button admin-button--secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
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
