/**
 * The privacy domain's pages as Astro sees them: /seeker/my-data (ask for the data, its
 * download for its owner).
 */
import type { SessionUser } from '~/server/accounts/sessions';
import { requestOrigin } from '~/server/alerts/http';
import { wakeBackgroundJob } from '~/server/background/queue';
import type { WebContext } from '~/server/http/context';
import { listDataExports, readDataExport, requestDataExport } from './export';
import { DATA_EXPORTS_JOB } from './jobs';

export interface MyDataPage {
  exports: Awaited<ReturnType<typeof listDataExports>>;
  notice: string;
  alert: string;
  /** The page's HTTP status (a refusal's 4xx). */
  status: number;
}

/**
 * /seeker/my-data for the logged-in seeker: a POST asks for an export (built now and downloaded
 * at once for a small account, else queued and mailed); GET ?download=<id> answers the ZIP to
 * its owner while it is valid, 404 otherwise.
 */
export async function runMyDataPage(
  context: WebContext,
  user: SessionUser,
): Promise<MyDataPage | Response> {
  const { t, site, lang, brand } = context.locals;
  let notice = '';
  let alert = '';
  let status = 200;
  const download = context.url.searchParams.get('download');
  if (download !== null) {
    const bytes = await readDataExport(user.id, download);
    if (bytes) {
      const day = new Date().toISOString().slice(0, 10);
      return new Response(bytes as Uint8Array<ArrayBuffer>, {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="my-data-${day}.zip"`,
          'cache-control': 'private, no-store',
        },
      });
    }
    status = 404;
    alert = t('mydata:export.gone');
  } else if (context.request.method === 'POST') {
    const result = await requestDataExport(user.id, {
      siteContext: site.context,
      lang,
      brand: brand.id,
      origin: requestOrigin(context),
    });
    if (result.outcome === 'tooMany') {
      status = 429;
      alert = t('mydata:export.tooMany');
    } else if (result.outcome === 'ready') {
      return context.redirect(`${context.url.pathname}?download=${result.exportId}`, 303);
    } else {
      wakeBackgroundJob(DATA_EXPORTS_JOB);
      notice = t('mydata:export.queued');
    }
  }
  return { exports: await listDataExports(user.id), notice, alert, status };
}
