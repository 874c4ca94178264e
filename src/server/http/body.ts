/** Reading a request body chunk by chunk, to refuse a large one without holding all of it. */

/**
 * Reads the body; after each chunk `step(total)` says whether to keep it (`true`) or only count
 * it (`false`), or throws to stop (the read is cancelled and the error rethrown). Returns the
 * kept chunks as one array and the bytes read in all.
 */
export async function readBodyChunks(
  request: Request,
  step: (total: number) => boolean,
): Promise<{ body: Uint8Array<ArrayBuffer>; total: number }> {
  if (!request.body) return { body: new Uint8Array(0), total: 0 };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    let keep: boolean;
    try {
      keep = step(total);
    } catch (error) {
      await reader.cancel().catch(() => {});
      throw error;
    }
    if (keep) chunks.push(value);
  }
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return { body, total };
}
