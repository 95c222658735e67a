import { useSyncExternalStore } from "react";
import {
  type SessionResponse,
  type SignInResponse,
  type SignOutResponse,
  sessionPath,
} from "../../domain/api.ts";
import type { Role, SessionUser } from "../../domain/auth.ts";
import { authErrorMessages } from "../../domain/messages.ts";
import { ApiError, apiFetch, NETWORK_ERROR_CODE } from "../api/http.ts";
import { duringRender } from "../during-render.ts";

export type AuthState =
  | { status: "loading" }
  | { status: "signed-out" }
  | { status: Role; user: SessionUser };

/**
 * Who is signed in, for the header, the route guard and the idle timer. A tiny store (no query library) because
 * the public pages use it too and must stay light. The server decides; this only mirrors its answer.
 */
let state: AuthState = { status: "loading" };

/** Removes the mark the session hint's script set before the page painted (domain/session-hint.ts). */
function clearSessionHintMark(): void {
  if (typeof document !== "undefined") delete document.documentElement.dataset.session;
}
const listeners = new Set<() => void>();

function setState(next: AuthState) {
  state = next;
  for (const listener of listeners) listener();
  // React renders the right chrome in the same task, before the next paint: the page may show it now.
  if (next.status !== "loading") clearSessionHintMark();
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const signedOut: AuthState = { status: "signed-out" };

/**
 * The staff member last signed in on this browser, so that /today opens without signal (docs/decisions/023): when
 * the session cannot be asked for at all, the page shows what the phone kept instead of sending them to sign in.
 * It grants nothing (the server decides every call); it goes at sign-out and whenever the server says nobody, or
 * somebody else, is signed in, and with it the phone's queue key and cached days.
 */
const staffMemory = "swim-school-staff";

function recalledStaff(): SessionUser | null {
  try {
    const user = JSON.parse(localStorage.getItem(staffMemory) ?? "null") as SessionUser | null;
    return user?.role === "admin" || user?.role === "instructor" ? user : null;
  } catch {
    return null;
  }
}

/** Forgets the staff member and the phone's offline data of theirs; a no-op (no chunk fetched) for anyone else. */
async function forgetStaff(): Promise<void> {
  if (typeof localStorage === "undefined" || localStorage.getItem(staffMemory) === null) return;
  localStorage.removeItem(staffMemory);
  try {
    const { forgetOfflineData } = await import("../admin/today/offline/forget-offline-data.ts");
    await forgetOfflineData();
  } catch (error) {
    console.warn("offline data not forgotten", error);
  }
}

async function rememberSignedIn(user: SessionUser | null): Promise<void> {
  if (typeof localStorage === "undefined") return;
  const staff = user?.role === "admin" || user?.role === "instructor";
  if (!staff || recalledStaff()?.id !== user.id) await forgetStaff();
  if (staff) localStorage.setItem(staffMemory, JSON.stringify(user));
}

/** Whom the server renders a page for (entry-server.tsx), during that render only: useAuth's server snapshot. */
const renderingFor = duringRender<AuthState>();
export const renderingAs = renderingFor.run;

/** Prerendered HTML shows the signed-out chrome; the browser then asks the server. */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, () => renderingFor.current() ?? signedOut);
}

/**
 * Takes who is signed in from the page the server rendered for them (docs/decisions/058) instead of asking: that
 * answer came from the same session a moment ago, and the page drawn from it is already on the screen.
 */
export function adoptRenderedSession(user: SessionUser): void {
  setState({ status: user.role, user } as AuthState);
  void rememberSignedIn(user);
}

/**
 * Asks the server who is signed in. `beforeShowing` hears the answer before any page does: the app shell loads the
 * person's language there, so the page that replaces the route guard's Loading... is in it from its first paint.
 */
export async function refreshSession(beforeShowing?: (next: AuthState) => Promise<void>): Promise<AuthState> {
  let next: AuthState;
  try {
    // Asked as the app shell's head preloads it (scripts/prerender.ts): the browser then uses that answer.
    const { user } = await apiFetch<SessionResponse>(sessionPath, { asPreloaded: true });
    next = user ? { status: user.role, user } : signedOut;
    await rememberSignedIn(user);
  } catch (error) {
    // A failure to resolve the role gives no role (spec §8), except to a staff member without signal on this
    // browser: they keep their day (docs/decisions/023).
    // Offline, the call can fail before the page's words have loaded, and apiFetch then throws while wording its
    // network error: anything but the server's own answer counts as "not reached".
    const unreachable = !(error instanceof ApiError) || error.code === NETWORK_ERROR_CODE;
    const staff = unreachable && typeof localStorage !== "undefined" ? recalledStaff() : null;
    next = staff ? { status: staff.role, user: staff } : signedOut;
  }
  // Words that failed to load leave the page in the language it has: never stuck on Loading...
  await beforeShowing?.(next).catch((error: unknown) => console.warn("language not loaded", error));
  setState(next);
  return state;
}

/**
 * Signs in and says who: the caller loads the signed-in page next (login-dialogs.tsx), so the page signed in from
 * keeps its signed-out state meanwhile. Published, it would start that page's idle timer, whose first heartbeat
 * the page load then aborted (issue 24).
 */
export async function signIn(email: string, password: string): Promise<SessionUser> {
  await apiFetch<SignInResponse>("/api/session/sign-in", {
    body: { email, password },
  });
  const { user } = await apiFetch<SessionResponse>(sessionPath);
  if (user?.role !== "admin" && user?.role !== "instructor" && user?.role !== "client") {
    throw new Error(authErrorMessages.other);
  }
  return user;
}

export async function signOut(): Promise<void> {
  try {
    await apiFetch<SignOutResponse>("/api/session/sign-out", { method: "POST", body: {} });
  } catch (error) {
    console.warn("sign-out failed", error); // spec §8: logged only
  }
  await forgetStaff();
  setState(signedOut);
}

/** After the first-sign-in password change the server clears the flag; mirror it. */
export function markPasswordChanged(): void {
  if ("user" in state) {
    setState({ status: state.status, user: { ...state.user, mustChangePassword: false } } as AuthState);
  }
}
