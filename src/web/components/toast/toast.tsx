import { useLingui } from "@lingui/react/macro";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { TOAST_MS } from "../../../domain/timing.ts";
import "./toast.css";

export type ToastKind = "success" | "error";
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

const ToastContext = createContext<((kind: ToastKind, message: string) => void) | null>(null);

/** Where the toast sits: the spec's centre, or above or below the control in use when the centre would cover it. */
export type ToastPlacement = "center" | "top" | "bottom";

/**
 * What the person is using when a toast shows: the focused control, or the whole widget it belongs to (a calendar,
 * whose month arrows are the next click after a refused date; anything marked data-toast-avoid). Null: nothing.
 */
function controlInUse(): Element | null {
  const active = document.activeElement;
  if (!active || active === document.body) return null;
  return active.closest(".rdp-root, [data-toast-avoid]") ?? active;
}

/** A box on the screen, as getBoundingClientRect gives it. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The toast's place for a toast of `size` in a viewport of `width` × `height`: the centre unless it would cover
 * `avoid` (the control in use), then the side of the screen with more room beside that control. Issue 24: a
 * centred error toast covered the calendar's month arrows for 3 s, right where the admin clicked next.
 */
export function toastPlacement(
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  avoid: Box | null,
): ToastPlacement {
  if (!avoid) return "center";
  const left = (viewport.width - size.width) / 2;
  const top = (viewport.height - size.height) / 2;
  const centre = { left, top, right: left + size.width, bottom: top + size.height };
  if (!overlaps(centre, avoid)) return "center";
  return avoid.top > viewport.height - avoid.bottom ? "top" : "bottom";
}

/**
 * The admin's toast (spec §8): green for success, red for error, a close button, gone after 3 s; centred, unless the
 * centre would cover the control the person is using (toastPlacement).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const [toast, setToast] = useState<Toast | null>(null);
  const [placement, setPlacement] = useState<ToastPlacement>("center");
  const inUse = useRef<Element | null>(null);
  const toastRef = useRef<HTMLDivElement>(null);
  const show = useCallback((kind: ToastKind, message: string) => {
    inUse.current = controlInUse();
    setToast({ id: Date.now(), kind, message });
  }, []);

  // Before the toast is painted, so it never shows over the control even for a frame.
  useLayoutEffect(() => {
    const element = toastRef.current;
    if (!toast || !element) return;
    const avoid = inUse.current?.isConnected ? inUse.current.getBoundingClientRect() : null;
    setPlacement(
      toastPlacement(
        { width: element.offsetWidth, height: element.offsetHeight },
        { width: window.innerWidth, height: window.innerHeight },
        avoid,
      ),
    );
  }, [toast]);

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
      <div className={`toast-region toast-region--${placement}`} aria-live="polite">
        {toast && (
          <div
            ref={toastRef}
            className={`toast toast--${toast.kind}`}
            role={toast.kind === "error" ? "alert" : "status"}
          >
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
