import type { ComponentType } from "react";
import { type AppPath, paths } from "../../domain/paths.ts";
import { firstFrameId } from "../first-frame.ts";
import { chromeFor } from "../layout/site-chrome.ts";
import { SiteHeader } from "../layout/site-header.tsx";
import { ClientPanelIntro } from "./client-panel-intro.tsx";
import { FeedbackIntro } from "./feedback/feedback-intro.tsx";
import { PaymentsIntro } from "./payments/payments-intro.tsx";
import { ProgressIntro } from "./progress/progress-intro.tsx";

/**
 * The client pages that have a first frame (../first-frame.ts, docs/decisions/052), each with the part of the page
 * that holds its largest words the same for every family: its introduction or heading, drawn empty by the component
 * the page draws it with. The others' largest words are a family's own (a guardian's introduction, the gallery's
 * first line or photos), so a frame would only show the header earlier (docs/decisions/048).
 */
export const clientFirstFrames: Partial<Record<AppPath, ComponentType>> = {
  [paths.clientPanel]: ClientPanelIntro,
  [paths.progress]: ProgressIntro,
  [paths.feedback]: FeedbackIntro,
  [paths.payments]: PaymentsIntro,
  [paths.managePayments]: PaymentsIntro,
};

const nothing = () => undefined;

/**
 * A client page's first frame, rendered at build time in each language under a router at the page's address: the
 * header as a signed-in parent sees it (the site header itself, with a client's chrome) and the page's
 * introduction, in the site layout's flow, styled by the stylesheets the page's HTML links. Hidden from screen
 * readers and inert (its links and buttons do nothing until the page replaces it, in the same paint).
 */
export function ClientFirstFrame({ intro: Intro }: { intro: ComponentType }) {
  return (
    <div id={firstFrameId} aria-hidden="true" inert>
      <SiteHeader chrome={chromeFor("client")} onLogin={nothing} onLogout={nothing} />
      <div>
        <Intro />
      </div>
    </div>
  );
}
