import { lazy, Suspense, useState, useSyncExternalStore } from "react";

/** The login and reset forms, fetched the first time one opens: most visitors of the public pages never do. */
const LoginDialogs = lazy(() => import("./login-dialogs.tsx").then((m) => ({ default: m.LoginDialogs })));

export type Open = "none" | "login" | "reset";
let open: Open = "none";
const listeners = new Set<() => void>();
export function setOpen(next: Open) {
  open = next;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The header's Login button (desktop and mobile menu) calls this. */
export const openLoginModal = () => setOpen("login");
/** The reset page's "ask for a new link" calls this. */
export const openResetModal = () => setOpen("reset");

/** The login and reset modals (spec §2), rendered once by the site layout; their code loads when one first opens. */
export function AuthModals() {
  const current = useSyncExternalStore(
    subscribe,
    () => open,
    () => "none" as Open,
  );
  // Once loaded they stay mounted, so a closing dialog still hands focus back and takes its history entry off.
  const [wanted, setWanted] = useState(false);
  if (current !== "none" && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialogs current={current} />
    </Suspense>
  );
}
