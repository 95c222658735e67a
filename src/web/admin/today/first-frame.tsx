import { useLingui } from "@lingui/react";
import content from "../../../content/site.json";
import { firstFrameId } from "../../first-frame.ts";
import { installHint } from "./install-hint.ts";

/**
 * /today's first frame (../../first-frame.ts), rendered at build time in each language: the admin bar with the
 * school's name, and the page's first words as the page shows them. Styled by the app shell's own stylesheet
 * (global.css), the one a phone has before any script; hidden from screen readers, which get the page itself.
 */
export function TodayFirstFrame() {
  const { i18n } = useLingui();
  return (
    <div id={firstFrameId} className="first-frame" aria-hidden="true">
      <div className="first-frame__bar">{content.school.name}</div>
      <div className="first-frame__page">
        <p className="first-frame__install">{i18n._(installHint)}</p>
      </div>
    </div>
  );
}
