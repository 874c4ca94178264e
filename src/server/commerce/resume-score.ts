/**
 * The score card of a seeker's latest resume (getResumeScoreCard and /seeker/resume-score share
 * it): the resume, its text read from the stored file, and scoreResumeText's checks.
 */
import { extractResumeText } from '~/server/resumes/extract';
import type { Queryable } from '~/server/db/client';
import { latestResume, readOwnedResume } from '~/server/resumes/service';
import { scoreResumeText, type ScoreCard } from './score-card';

export interface ResumeScore {
  resumeId: string;
  fileName: string;
  card: ScoreCard;
}

/** The latest resume's score card; null when the seeker has no readable resume file. */
export async function latestResumeScore(
  userId: string,
  db?: Queryable,
): Promise<ResumeScore | null> {
  const options = db ? { db } : {};
  const resume = await latestResume(userId, options);
  const file = resume ? await readOwnedResume(resume.id, { userId }, options) : null;
  if (!resume || !file) return null;
  let text = '';
  try {
    text = await extractResumeText(file.bytes, resume.format);
  } catch {
    // An unreadable file scores as an empty one: every check says what is missing.
    text = '';
  }
  return { resumeId: resume.id, fileName: resume.fileName, card: scoreResumeText(text) };
}
