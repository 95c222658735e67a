import { useLingui } from "@lingui/react/macro";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { TOAST_MS } from "../../../domain/timing.ts";
import "./toast.css";

export type ToastKind = "success" | "error";
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

const ToastContext = createContext<((kind: ToastKind, message: string) => void) | null>(null);

/** The admin's centred toast (spec §8): green for success, red for error, a close button, gone after 3 s. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const [toast, setToast] = useState<Toast | null>(null);
  const show = useCallback((kind: ToastKind, message: string) => {
    setToast({ id: Date.now(), kind, message });
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(
      () => setToast((current) => (current?.id === toast.id ? null : current)),
      TOAST_MS,
    );
    return () => window.clearTimeout(timer);
  }, [toast]);

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toast-region" aria-live="polite">
        {toast && (
          <div className={`toast toast--${toast.kind}`} role={toast.kind === "error" ? "alert" : "status"}>
            <p className="toast__message">{toast.message}</p>
            <button
              type="button"
              className="toast__close"
              onClick={() => setToast(null)}
              aria-label={t`Close message`}
            >
              ×
            </button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast needs a ToastProvider");
  return show;
}
