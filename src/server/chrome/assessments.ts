/**
 * Skill assessments (user menu "My Assessment"): short multiple-choice tests kept as content in
 * src/content/assessments/assessments.json (wording per language, the answer key beside it),
 * scored here on the server; the latest score per seeker and assessment is kept and shown on the
 * profile. The answer key never reaches the page.
 */
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import data from '../../content/assessments/assessments.json' with { type: 'json' };
import type { Lang } from '~/lib/sites/schema';
import { getDb, type Queryable } from '~/server/db/client';
import { assessmentResults } from '~/server/db/schema-chrome';

const Texts = v.object({ en: v.string(), hi: v.string(), ar: v.string() });
const Id = v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/));
const AssessmentSchema = v.object({
  id: Id,
  name: Texts,
  questions: v.pipe(
    v.array(
      v.pipe(
        v.object({
          id: Id,
          text: Texts,
          options: v.pipe(v.array(v.object({ id: Id, label: Texts })), v.minLength(2)),
          answer: Id,
        }),
        v.check(
          (q) => q.options.some((o) => o.id === q.answer),
          'answer must be one of the options',
        ),
      ),
    ),
    v.minLength(1),
  ),
});
const assessments = v.parse(v.array(AssessmentSchema), data);

export interface AssessmentView {
  id: string;
  name: string;
  questions: { id: string; text: string; options: { id: string; label: string }[] }[];
}

/** Every assessment in a language, without the answers. */
export function listAssessments(lang: Lang): AssessmentView[] {
  return assessments.map((a) => ({
    id: a.id,
    name: a.name[lang],
    questions: a.questions.map((q) => ({
      id: q.id,
      text: q.text[lang],
      options: q.options.map((o) => ({ id: o.id, label: o.label[lang] })),
    })),
  }));
}

export function getAssessment(id: string, lang: Lang): AssessmentView | null {
  return listAssessments(lang).find((a) => a.id === id) ?? null;
}

export class AssessmentError extends Error {
  override name = 'AssessmentError';
}

/**
 * Scores the answers ({ questionId: optionId }) and keeps the result as the seeker's latest.
 * Throws AssessmentError when the assessment is unknown or a question is unanswered.
 */
export async function submitAssessment(
  userId: string,
  assessmentId: string,
  answers: Record<string, string>,
  db?: Queryable,
): Promise<{ score: number; total: number }> {
  const assessment = assessments.find((a) => a.id === assessmentId);
  if (!assessment) throw new AssessmentError('unknown assessment');
  if (assessment.questions.some((q) => !answers[q.id])) throw new AssessmentError('answerAll');
  const total = assessment.questions.length;
  const score = assessment.questions.filter((q) => answers[q.id] === q.answer).length;
  const handle = db ?? (await getDb());
  await handle
    .insert(assessmentResults)
    .values({ userId, assessmentId, score, total })
    .onConflictDoUpdate({
      target: [assessmentResults.userId, assessmentResults.assessmentId],
      set: { score, total, takenAt: sql`now()` },
    });
  return { score, total };
}

export interface AssessmentResult {
  assessmentId: string;
  name: string;
  score: number;
  total: number;
  takenAt: Date;
}

/** The seeker's latest results, named in the language (assessments since removed are left out). */
export async function listResults(
  userId: string,
  lang: Lang,
  db?: Queryable,
): Promise<AssessmentResult[]> {
  const handle = db ?? (await getDb());
  const rows = await handle
    .select()
    .from(assessmentResults)
    .where(and(eq(assessmentResults.userId, userId)));
  const names = new Map(assessments.map((a) => [a.id, a.name[lang]]));
  return rows
    .filter((r) => names.has(r.assessmentId))
    .map((r) => ({
      assessmentId: r.assessmentId,
      name: names.get(r.assessmentId)!,
      score: r.score,
      total: r.total,
      takenAt: r.takenAt,
    }));
}
