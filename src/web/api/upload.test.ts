import { describe, expect, it } from "vitest";
import { authErrorMessages, mediaMessages } from "../../domain/messages.ts";
import { ApiError } from "./http.ts";
import { readUploadAnswer } from "./upload.ts";

describe("an upload's answer", () => {
  it("is the success body on 201", () => {
    expect(readUploadAnswer({ status: 201, text: '{"message":"ok"}', retryAfter: null })).toEqual({
      message: "ok",
    });
  });

  it("is the server's ApiError on 413, as apiFetch gives it", () => {
    const body = JSON.stringify({ error: { code: "payload-too-large", message: mediaMessages.tooLarge } });
    const error = (() => {
      try {
        readUploadAnswer({ status: 413, text: body, retryAfter: null });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: "payload-too-large", message: mediaMessages.tooLarge });
  });

  it("is the generic message when something in front of the API answers with HTML", () => {
    expect(() =>
      readUploadAnswer({ status: 502, text: "<html>Bad gateway</html>", retryAfter: null }),
    ).toThrow(authErrorMessages.other);
  });

  it("carries Retry-After on a 429", () => {
    const body = JSON.stringify({ error: { code: "too-many-requests", message: "Slow down." } });
    expect(() => readUploadAnswer({ status: 429, text: body, retryAfter: "30" })).toThrow(
      expect.objectContaining({ retryAfterSeconds: 30 }),
    );
  });
});
