/**
 * The resume drop zone's states and the two decisions it takes (no DOM, no React, so they are
 * unit-tested): which of the files given is uploaded, and what the upload's answer shows.
 */
import type { ApiResult } from '~/lib/api-client/client';
import { checkResumeFile } from '~/lib/validation/resume';
import { failureMessage } from './messages';
import type { ResumeDropStrings, UploadedResume } from './types';

export type DropState =
  | { kind: 'idle'; error: string | null }
  | { kind: 'uploading'; fileName: string }
  | { kind: 'done'; resume: UploadedResume };

type Errors = Pick<ResumeDropStrings, 'errors'>;

/**
 * The file to upload, or the SPEC §5 message (translated) that refuses what was given: one
 * resume at a time, checked with the server's rules (src/lib/validation/resume.ts).
 */
export function chooseFile(
  files: readonly File[],
  strings: Errors,
): { file: File } | { error: string } | null {
  if (files.length === 0) return null;
  if (files.length > 1) return { error: strings.errors.invalidFile };
  const file = files[0]!;
  const issue = checkResumeFile(file);
  return issue ? { error: strings.errors[issue] } : { file };
}

/**
 * What the box shows once the upload API has answered: the one place that reads the answer
 * (a new kind of answer, such as a resume still being read, is added here and in DropState).
 */
export function stateAfterUpload(result: ApiResult<UploadedResume>, strings: Errors): DropState {
  if (result.ok && result.data) return { kind: 'done', resume: result.data };
  return {
    kind: 'idle',
    error: result.ok ? strings.errors.generic : failureMessage(result, strings),
  };
}
