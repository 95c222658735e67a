import { certificateNumberOf, currentLevelOf, passesLevel, reportCardOf } from "../../domain/curriculum.ts";
import type { Db } from "../db/database.ts";
import { insertLevelResult, lockCertificateNumbers } from "./repository.ts";
import { lastCertificateSequence, progressOf } from "./service.ts";

/**
 * Passing (issue 28, docs/decisions/026): called in the transaction that appended assessments, after them. Each
 * swimmer who now passes their current level (the one rule, `passesLevel`) and has no result for it gets a draft
 * level result: the report card as it stands at `now`, a certificate number, not approved nor published (publishing
 * is the certificates' step). A level passed stays passed: a later lower rating changes nothing here, and a second
 * call writes nothing twice. Answers the new results' ids.
 */
export async function recordPasses(
  trx: Db,
  { swimmerIds, now }: { swimmerIds: readonly string[]; now: string },
): Promise<number[]> {
  const progress = await progressOf(trx, swimmerIds);
  const passing = [...new Set(swimmerIds)].flatMap((swimmerId) => {
    const placement = progress.placementOf(swimmerId);
    const level = currentLevelOf(progress.curriculum, placement);
    if (!level || placement.passedLevelIds.includes(level.id)) return [];
    const assessments = progress.latestOf(swimmerId);
    return passesLevel(progress.curriculum, level.id, swimmerId, assessments, progress.scales)
      ? [{ swimmerId, levelId: level.id, assessments }]
      : [];
  });
  if (passing.length === 0) return [];

  await lockCertificateNumbers(trx);
  let sequence = await lastCertificateSequence(trx);
  const ids: number[] = [];
  for (const { swimmerId, levelId, assessments } of passing) {
    const reportCard = reportCardOf(
      progress.curriculum,
      levelId,
      swimmerId,
      assessments,
      progress.scales,
      now,
    );
    const id = await insertLevelResult(trx, {
      swimmerId,
      levelId,
      passedAt: now,
      reportCard: JSON.stringify(reportCard),
      certificateNumber: certificateNumberOf(now, sequence + 1),
    });
    if (id === null) continue; // passed meanwhile, by a save of another lesson: that result stands
    sequence += 1;
    ids.push(id);
  }
  return ids;
}
