import { RouteLoading } from "../auth/route-guard.tsx";
import { firstFrameId } from "../first-frame.ts";
import { SessionPendingHeader } from "./session-pending-header.tsx";

/**
 * A client page's first frame (../first-frame.ts, docs/decisions/048), rendered at build time in each language:
 * what the site layout shows while the session is asked for (the blue bar with the logo, the route guard's
 * Loading...), so a phone paints it from the HTML while the scripts load, and the app's first screen, when it is
 * still that, draws over it unmoved. Styled by the app shell's own stylesheet; hidden from screen readers, which
 * get the page itself.
 */
export function SignedInFirstFrame() {
  return (
    <div id={firstFrameId} aria-hidden="true">
      <SessionPendingHeader />
      <main>
        <RouteLoading />
      </main>
    </div>
  );
}
