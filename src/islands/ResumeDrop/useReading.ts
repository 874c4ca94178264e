/**
 * A scanned resume is read by OCR in the background queue (decision 0049): while the upload's
 * answer says `reading`, ask `resumeParsed` every few seconds (for up to four minutes) and hand
 * the fields over once they are in. Stops when the seeker picks another file.
 */
import { useEffect } from 'react';
import type { ApiClient } from '~/lib/api-client/client';
import { resumeParsedPath } from '~/lib/api-client/registry';
import type { UploadedResume } from '~/lib/resume-drop/types';

const READING_POLL_MS = 4_000;
const READING_POLLS = 60;

type ParsedAnswer = Pick<UploadedResume, 'parseStatus' | 'reading' | 'parsed'>;

export function useReading(
  api: ApiClient,
  resume: UploadedResume | null,
  onRead: (resume: UploadedResume) => void,
): void {
  useEffect(() => {
    if (!resume?.reading) return;
    let stopped = false;
    let polls = 0;
    let timer: ReturnType<typeof setTimeout>;
    const ask = async () => {
      if (stopped || polls++ >= READING_POLLS) return;
      const result = await api
        .call<ParsedAnswer>('resumeParsed', { url: resumeParsedPath(resume.resumeId) })
        .catch(() => null);
      if (stopped) return;
      if (result?.ok && result.data && !result.data.reading) {
        onRead({ ...resume, ...result.data, reading: false });
        return;
      }
      timer = setTimeout(() => void ask(), READING_POLL_MS);
    };
    timer = setTimeout(() => void ask(), READING_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, resume, onRead]);
}
