import { useLingui } from "@lingui/react/macro";
import { useId, useRef, useState } from "react";
import { UploadProgress } from "../../components/media/media-parts.tsx";
import { chosenImageProblem, uploadFailureDetail } from "../../components/media/upload-checks.ts";

/** An admin upload form's chosen picture, its progress and why the last try failed. */
export function useMediaUpload() {
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // The last try succeeded and nothing changed since: the form is emptied for the next picture, and its "what is
  // missing" hint waits until the admin starts on it (it read as if the upload had not happened).
  const [uploaded, setUploaded] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  function resetOutcome() {
    setFailure(null);
    setProgress(null);
    setUploaded(false);
  }

  return {
    file,
    fileProblem,
    failure,
    progress,
    uploaded,
    /** For the upload hook to report progress. */
    setProgress,
    fileInput,
    /** Something in the form changed: the last try's outcome no longer applies. */
    resetOutcome,
    chooseFile(chosen: File | null) {
      setFile(chosen);
      setFileProblem(chosen ? chosenImageProblem(chosen) : null);
      resetOutcome();
    },
    /** A try begins: a progress bar from `fraction` (null: none, as for a link). */
    started(fraction: number | null) {
      setFailure(null);
      setProgress(fraction);
      setUploaded(false);
    },
    /** After a success: the form is ready for the next picture. */
    clearFile() {
      setUploaded(true);
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
    },
    failed(error: unknown) {
      setFailure(uploadFailureDetail(error));
      setProgress(null);
    },
  };
}

type MediaUpload = ReturnType<typeof useMediaUpload>;

/** The PNG or JPEG picker, with what is wrong with the chosen file. */
export function ImageFileField({ upload, label }: { upload: MediaUpload; label: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={upload.fileInput}
        id={id}
        type="file"
        accept="image/png,image/jpeg"
        aria-invalid={upload.fileProblem ? true : undefined}
        onChange={(event) => upload.chooseFile(event.target.files?.[0] ?? null)}
      />
      {upload.fileProblem && <p className="field__error">{upload.fileProblem}</p>}
    </div>
  );
}

/** An upload form's end: the submit button, then the progress bar and why the last try failed. */
export function UploadActions({
  upload,
  label,
  pending,
  disabled,
  describedBy,
}: {
  upload: MediaUpload;
  label: string;
  pending: boolean;
  disabled: boolean;
  describedBy: string | undefined;
}) {
  const { t } = useLingui();
  return (
    <>
      <div className="admin-form__actions">
        <button type="submit" className="admin-button" disabled={disabled} aria-describedby={describedBy}>
          {pending ? t`Uploading…` : label}
        </button>
      </div>
      {upload.progress !== null && <UploadProgress fraction={upload.progress} />}
      {upload.failure && (
        <p className="admin-form__error" role="alert">
          {upload.failure}
        </p>
      )}
    </>
  );
}
