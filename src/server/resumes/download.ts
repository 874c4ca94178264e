/**
 * GET and DELETE of /api/resumes/{id}: one uploaded resume, for its owner only (the logged-in
 * user it belongs to, or the browser whose guest cookie uploaded it). Anyone else, and any wrong
 * or malformed id, gets the same 404, so the answer does not tell whether the id exists.
 */
import type { AstroCookies } from 'astro';
import type { StorageAdapter } from '~/server/adapters/storage';
import { endpoint, HttpError, NOT_FOUND, ok } from '~/server/api/envelope';
import type { Queryable } from '~/server/db/client';
import { readGuestToken } from './guest';
import { deleteOwnedResume, readOwnedResume, type ResumeViewer } from './service';

/** The parts of Astro's APIContext the handlers read. */
export interface ResumeFileContext {
  params: { id?: string | undefined };
  cookies: Pick<AstroCookies, 'get'>;
  locals: { user: { id: string } | null };
}

export interface ResumeFileDeps {
  db?: Queryable;
  storage?: StorageAdapter;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const viewerOf = (context: ResumeFileContext): ResumeViewer => ({
  userId: context.locals.user?.id ?? null,
  guestToken: readGuestToken(context.cookies),
});

export function createResumeFileRoutes(deps: ResumeFileDeps = {}) {
  /** The file, as an attachment (never rendered inline: a resume is not a web page). */
  const GET = endpoint(async (context) => {
    const found = await readOwnedResume(context.params.id ?? '', viewerOf(context), deps);
    if (!found) throw new HttpError(404, NOT_FOUND);
    const { resume, bytes } = found;
    return new Response(bytes, {
      status: 200,
      headers: {
        'content-type': resume.mime,
        'content-length': String(bytes.byteLength),
        'content-disposition': attachmentDisposition(resume.fileName),
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        // If a browser ever rendered it anyway, it could run nothing.
        'content-security-policy': "default-src 'none'; sandbox",
      },
    });
  });
  /** Removes the resume (row and file): { deleted: true }. */
  const DELETE = endpoint(async (context) => {
    if (!(await deleteOwnedResume(context.params.id ?? '', viewerOf(context), deps))) {
      throw new HttpError(404, NOT_FOUND);
    }
    return ok({ deleted: true });
  });
  return { GET, DELETE };
}
