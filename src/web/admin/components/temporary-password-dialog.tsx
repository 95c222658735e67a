import { Trans, useLingui } from "@lingui/react/macro";
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
  const { t } = useLingui();
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

  const clientName = issued?.clientName;

  const close = () => {
    setCopied(null);
    onClose();
  };

  return (
    <Dialog open={issued !== null} title={t`Temporary password`} onClose={close} className="password-dialog">
      {issued && (
        <>
          <p id={noteId}>
            <Trans>
              Give this password to {clientName}. They choose their own when they first sign in with it. It is
              not shown again once you close this.
            </Trans>
          </p>
          <label htmlFor={fieldId} className="password-dialog__label">
            <Trans>Temporary password for {clientName}</Trans>
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
              {copied === "yes" ? t`Copied` : t`Copy`}
            </button>
          </div>
          <p className="password-dialog__status" role="status">
            {copied === "yes"
              ? t`Copied to the clipboard.`
              : copied === "failed"
                ? t`Copying is not allowed here: select the password and copy it by hand.`
                : ""}
          </p>
          <div className="dialog__actions">
            <button type="button" className="admin-button admin-button--secondary" onClick={close}>
              <Trans>Done</Trans>
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
