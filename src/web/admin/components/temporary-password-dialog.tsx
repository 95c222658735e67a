import { useId, useState } from "react";
import { Dialog } from "../../components/dialog/dialog.tsx";

export interface IssuedPassword {
  clientName: string;
  password: string;
}

/**
 * The temporary password, kept on screen until the admin closes it (the toast goes after 3 s): selectable, with
 * a Copy button. It is not shown again once closed.
 */
export function TemporaryPasswordDialog({
  issued,
  onClose,
}: {
  issued: IssuedPassword | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const fieldId = useId();
  const noteId = useId();

  async function copy() {
    if (!issued) return;
    try {
      await navigator.clipboard.writeText(issued.password);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  }

  const close = () => {
    setCopied(null);
    onClose();
  };

  return (
    <Dialog open={issued !== null} title="Temporary password" onClose={close} className="password-dialog">
      {issued && (
        <>
          <p id={noteId}>
            Give this password to {issued.clientName}. They choose their own when they first sign in with it.
            It is not shown again once you close this.
          </p>
          <label htmlFor={fieldId} className="password-dialog__label">
            Temporary password for {issued.clientName}
          </label>
          <div className="password-dialog__row">
            <input
              id={fieldId}
              className="password-dialog__value"
              value={issued.password}
              readOnly
              aria-describedby={noteId}
              spellCheck={false}
              autoComplete="off"
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="admin-button" onClick={copy} data-autofocus>
              {copied === "yes" ? "Copied" : "Copy"}
            </button>
          </div>
          <p className="password-dialog__status" role="status">
            {copied === "yes"
              ? "Copied to the clipboard."
              : copied === "failed"
                ? "Copying is not allowed here: select the password and copy it by hand."
                : ""}
          </p>
          <div className="dialog__actions">
            <button type="button" className="admin-button admin-button--secondary" onClick={close}>
              Done
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
