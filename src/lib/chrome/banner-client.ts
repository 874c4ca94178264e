/** The app banner in the browser: slide away near the page bottom, open the app, close in place. */
import { track } from '~/lib/tracking/queue';
import {
  APP_BANNER_COOKIE,
  APP_BANNER_HIDE_SECONDS,
  SLIDE_TRIGGER_PX,
  STORE_FALLBACK_MS,
  storeFor,
} from './app-banner';

/** Opens the app by its deep link; after 5 s, if the page is still visible, the store instead. */
export function openApp(banner: HTMLElement): void {
  const store = storeFor(navigator.userAgent);
  location.href = banner.dataset.deepLink ?? '';
  if (!store) return;
  const storeUrl = store === 'ios' ? banner.dataset.ios : banner.dataset.android;
  setTimeout(() => {
    if (document.visibilityState === 'visible' && storeUrl) location.href = storeUrl;
  }, STORE_FALLBACK_MS);
}

export function watchBanner(banner: HTMLElement | null, open: (b: HTMLElement) => void): void {
  if (!banner) return;
  const label = banner.dataset.label;
  const onScroll = () => {
    const bottom = document.documentElement.scrollHeight - SLIDE_TRIGGER_PX;
    banner.classList.toggle('is-away', window.innerHeight + window.scrollY >= bottom);
  };
  addEventListener('scroll', onScroll, { passive: true });
  banner.querySelector('.app-banner-open')?.addEventListener('click', (event) => {
    event.preventDefault();
    track('install_banner', { label, action: 'open' });
    open(banner);
  });
  banner.querySelector('form')?.addEventListener('submit', (event) => {
    event.preventDefault();
    document.cookie = `${APP_BANNER_COOKIE}=1; max-age=${APP_BANNER_HIDE_SECONDS}; path=/; samesite=lax`;
    track('install_banner', { label, action: 'close' });
    banner.remove();
  });
}
