import { Trans } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../api/http.ts";
import { useIsOwner } from "./lesson-schedule-fields.tsx";
import "./availability-override.css";

/**
 * The owner's "Book anyway" (docs/decisions/024): a save refused as outside the instructor's availability shows the
 * server's reason with a confirmation; confirming sends the same save again with `overrideAvailability`. Only the
 * owner is offered it (the server takes the flag from the owner only); an overlap is never offered.
 */
export function useAvailabilityOverride() {
  const owner = useIsOwner();
  const [refusal, setRefusal] = useState<string | null>(null);
  return {
    refusal,
    /** True when `error` is a refusal the owner may override: it is then shown, with the confirmation. */
    offer(error: unknown): boolean {
      if (!owner || !(error instanceof ApiError) || error.code !== "outside-availability") return false;
      setRefusal(error.message);
      return true;
    },
    clear: () => setRefusal(null),
  };
}

export function AvailabilityOverride({
  message,
  pending,
  onConfirm,
  onCancel,
}: {
  message: string | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (message) confirmRef.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <div className="availability-override" role="alert">
      <p className="availability-override__reason">{message}</p>
      <p>
        <Trans>You are the owner: you may book it anyway.</Trans>
      </p>
      <div className="availability-override__actions">
        <button
          ref={confirmRef}
          type="button"
          className="admin-button"
          disabled={pending}
          onClick={onConfirm}
        >
          <Trans>Book anyway</Trans>
        </button>
        <button
          type="button"
          className="admin-button admin-button--secondary"
          disabled={pending}
          onClick={onCancel}
        >
          <Trans>Don't book</Trans>
        </button>
      </div>
    </div>
  );
}
