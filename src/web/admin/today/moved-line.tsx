import { type LessonMove, lessonMoveWords } from "../../../domain/reschedules.ts";

/** A lesson's latest move on the instructor's day (docs/decisions/033): from when, by whom, and when it was moved. */
export function MovedLine({ moved }: { moved: LessonMove }) {
  return <p className="today-lesson__moved">{lessonMoveWords(moved)}</p>;
}
