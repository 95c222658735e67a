import {
  idempotencyKeyHeader,
  type LessonRecordResponse,
  photoFieldName,
  recordFieldName,
} from "../../../../domain/today.ts";
import { answerOf, type QueuedSave, type SendAnswer } from "./save-queue.ts";

/** The address a lesson's save goes to (POST, multipart: the record as JSON and the photos). */
export const lessonRecordPath = (lessonId: number) => `/api/lessons/${lessonId}/record`;

/**
 * Sends one queued save as it was made, with its idempotency key; `locale` is the language the server answers a
 * refusal in. Used by the page and by the service worker's Background Sync alike.
 */
export async function sendSave(save: QueuedSave, locale?: string): Promise<SendAnswer> {
  const form = new FormData();
  form.set(recordFieldName, JSON.stringify(save.record));
  for (const photo of save.photos)
    form.set(photoFieldName(photo.swimmerId), new File([photo.bytes], photo.name, { type: photo.type }));
  let response: Response;
  try {
    response = await fetch(lessonRecordPath(save.lessonId), {
      method: "POST",
      body: form,
      credentials: "same-origin",
      headers: { [idempotencyKeyHeader]: save.key, ...(locale ? { "accept-language": locale } : {}) },
    });
  } catch {
    return { kind: "unreachable" };
  }
  let body: LessonRecordResponse | unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = undefined;
  }
  return answerOf(response.status, body);
}
