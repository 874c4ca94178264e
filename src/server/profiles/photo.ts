/**
 * The profile photo (shared by all of a seeker's profiles): upload, replace, remove and serve.
 *
 * An upload is multipart/form-data with the file in the field `photo`. The body is read chunk by
 * chunk and never held past PHOTO_MAX_BYTES plus the multipart overhead; the type is decided by
 * the file's first bytes (JPEG, PNG or WebP), never by its name or the browser's claim, and the
 * picture must decode whole. Each refusal is a ProfileError with a PROFILE_MESSAGES text on the
 * field `photo`, and nothing changes: the old photo stays. A new photo is stored under a new random id (so its URL changes
 * and caches never show the old one), then the row points at it, then the old file is deleted.
 *
 * The photo is read back only for its owner: `readOwnPhoto` takes the session's user id and the
 * id from the URL, and answers null (the caller's 404) for anything else.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { PROFILE_MESSAGES } from '~/lib/validation/profile';
import { getStorage, ownerKey, type StorageAdapter } from '~/server/adapters/storage';
import { getDb, type Queryable } from '~/server/db/client';
import { seekerProfileExtras } from '~/server/db/schema-profiles';
import { ProfileError } from './service';
import { readBodyChunks } from '~/server/http/body';

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** Room for the multipart boundary and part headers around the file. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
/**
 * A too-big body is still read (and thrown away) up to this much, so the browser gets our answer
 * instead of a reset connection; past it the connection is dropped.
 */
const DRAIN_MAX_BYTES = 16 * 1024 * 1024;

export const PHOTO_FORMATS = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
} as const;
export type PhotoFormat = keyof typeof PHOTO_FORMATS;
const EXTENSIONS: Record<PhotoFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

const startsWith = (bytes: Uint8Array, at: number, sig: readonly number[]) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image format of the bytes by their signature, or null. */
export function detectPhotoFormat(bytes: Uint8Array): PhotoFormat | null {
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, 0, ascii('RIFF')) && startsWith(bytes, 8, ascii('WEBP'))) return 'webp';
  return null;
}

export interface PhotoOptions {
  db?: Queryable;
  storage?: StorageAdapter;
}

const photoError = (status: number, message: string) => new ProfileError(message, status, 'photo');

/** The body, up to `limit` bytes; past it, drained and refused with 413. */
async function readWithin(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const tooBig = photoError(413, PROFILE_MESSAGES.photoTooBig);
  const declared = Number(request.headers.get('content-length'));
  const overDeclared = Number.isFinite(declared) && declared > limit;
  if (!request.body) return new Uint8Array(0);
  const { body, total } = await readBodyChunks(request, (total) => {
    if (total > DRAIN_MAX_BYTES || (overDeclared && declared > DRAIN_MAX_BYTES)) throw tooBig;
    return total <= limit && !overDeclared;
  });
  if (total > limit || overDeclared) throw tooBig;
  return body;
}

/** The photo file of an upload request, checked (size, empty, format); throws ProfileError. */
export async function readPhotoUpload(
  request: Request,
): Promise<{ bytes: Uint8Array; format: PhotoFormat }> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;\s*boundary=/i.test(contentType)) {
    throw photoError(415, PROFILE_MESSAGES.photoRequired);
  }
  const body = await readWithin(request, PHOTO_MAX_BYTES + MULTIPART_OVERHEAD_BYTES);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw photoError(400, PROFILE_MESSAGES.photoRequired);
  }
  const file = form.get('photo');
  if (file === null || typeof file === 'string') {
    throw photoError(422, PROFILE_MESSAGES.photoRequired);
  }
  // A form sent with no file chosen has a part with no name and no bytes.
  if (file.size === 0 && file.name === '') throw photoError(422, PROFILE_MESSAGES.photoRequired);
  if (file.size === 0) throw photoError(422, PROFILE_MESSAGES.photoEmpty);
  if (file.size > PHOTO_MAX_BYTES) throw photoError(413, PROFILE_MESSAGES.photoTooBig);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const format = detectPhotoFormat(bytes);
  if (!format) throw photoError(415, PROFILE_MESSAGES.photoFormat);
  if (!(await decodesAs(bytes, format))) throw photoError(422, PROFILE_MESSAGES.photoInvalid);
  return { bytes, format };
}

/** Largest picture decoded (pixels): a 2 MB file can claim far more and exhaust memory. */
const MAX_PHOTO_PIXELS = 40_000_000;

/**
 * Whether the bytes are a whole picture of that format: every pixel is decoded (sharp, the image
 * library Astro's assets use), so a PNG signature followed by anything else is refused.
 */
async function decodesAs(bytes: Uint8Array, format: PhotoFormat): Promise<boolean> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS });
    const { format: decoded } = await image.metadata();
    if (decoded !== format) return false;
    await image.raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

async function currentPhoto(db: Queryable, userId: string) {
  const [row] = await db
    .select({
      photoId: seekerProfileExtras.photoId,
      photoKey: seekerProfileExtras.photoKey,
      photoMime: seekerProfileExtras.photoMime,
    })
    .from(seekerProfileExtras)
    .where(eq(seekerProfileExtras.userId, userId))
    .limit(1);
  return row?.photoId && row.photoKey && row.photoMime
    ? { photoId: row.photoId, photoKey: row.photoKey, photoMime: row.photoMime }
    : null;
}

/** Stores a checked photo as the user's, replacing (and deleting) the old one; its new id. */
export async function savePhoto(
  userId: string,
  photo: { bytes: Uint8Array; format: PhotoFormat },
  options: PhotoOptions = {},
): Promise<string> {
  const db = options.db ?? (await getDb());
  const storage = options.storage ?? getStorage();
  const photoId = randomUUID();
  const key = ownerKey({ userId }, 'photos', `${photoId}.${EXTENSIONS[photo.format]}`);
  const values = {
    photoId,
    photoKey: key,
    photoMime: PHOTO_FORMATS[photo.format],
    photoSize: photo.bytes.byteLength,
  };
  await storage.put(key, photo.bytes, { contentType: values.photoMime });
  let old: Awaited<ReturnType<typeof currentPhoto>>;
  try {
    old = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ photoKey: seekerProfileExtras.photoKey })
        .from(seekerProfileExtras)
        .where(eq(seekerProfileExtras.userId, userId))
        .for('update');
      const before = locked ? await currentPhoto(tx, userId) : null;
      await tx
        .insert(seekerProfileExtras)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: seekerProfileExtras.userId, set: values });
      return before;
    });
  } catch (error) {
    // No row points at the new file: don't keep it.
    await storage.delete(key).catch(() => {});
    throw error;
  }
  if (old && old.photoKey !== key) await storage.delete(old.photoKey).catch(() => {});
  return photoId;
}

/** Reads, checks and stores an uploaded photo for the user; its new id. Throws ProfileError. */
export async function receivePhoto(
  userId: string,
  request: Request,
  options: PhotoOptions = {},
): Promise<string> {
  return savePhoto(userId, await readPhotoUpload(request), options);
}

/** Removes the user's photo (row fields and file); false when there was none. */
export async function removePhoto(userId: string, options: PhotoOptions = {}): Promise<boolean> {
  const db = options.db ?? (await getDb());
  const old = await db.transaction(async (tx) => {
    const before = await currentPhoto(tx, userId);
    if (!before) return null;
    await tx
      .update(seekerProfileExtras)
      .set({ photoId: null, photoKey: null, photoMime: null, photoSize: null })
      .where(eq(seekerProfileExtras.userId, userId));
    return before;
  });
  if (!old) return false;
  await (options.storage ?? getStorage()).delete(old.photoKey).catch(() => {});
  return true;
}

/**
 * The user's photo when `photoId` is its current id (or null: the current one, whatever its
 * id); null for anything else, a missing file included.
 */
export async function readOwnPhoto(
  userId: string,
  photoId: string | null,
  options: PhotoOptions = {},
): Promise<{ bytes: Uint8Array<ArrayBuffer>; mime: string; id: string } | null> {
  const db = options.db ?? (await getDb());
  const photo = await currentPhoto(db, userId);
  if (!photo || (photoId !== null && photo.photoId !== photoId.toLowerCase())) return null;
  const bytes = await (options.storage ?? getStorage()).get(photo.photoKey);
  return bytes ? { bytes, mime: photo.photoMime, id: photo.photoId } : null;
}

/** The photo as an HTTP response: its own type, private, never sniffed or run. */
export function photoResponse(
  photo: { bytes: Uint8Array<ArrayBuffer>; mime: string },
  byId: boolean,
): Response {
  return new Response(photo.bytes, {
    status: 200,
    headers: {
      'content-type': photo.mime,
      'content-length': String(photo.bytes.byteLength),
      // A URL with the photo's id changes with every new photo, so the owner's browser may keep it.
      'cache-control': byId ? 'private, max-age=86400' : 'private, no-cache',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
}
