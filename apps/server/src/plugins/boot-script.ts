// The one inline script of the web app's pages: it starts the app's modules after the skeleton's first frame.
// A page with a skeleton paints from its HTML alone; fetching and compiling ~300 KB of modules in the same moment
// only competes with that paint (and, on a slow phone, delays it). The script waits until the first frame has been
// produced (two animation frames; with a fallback for background tabs, where frames do not run), then adds the entry
// and its preloads as the HTML had them.
import { createHash } from 'node:crypto';
import { REPLAY_EARLY_CLICKS } from '@uc/shared';

/** The element holding what the script adds: `{ "entry": url, "links": [[rel, url], ...] }`. */
export const BOOT_DATA_ID = 'uc-boot';

export const BOOT_SCRIPT =
  '(function(){var d=document,b=JSON.parse(d.getElementById("uc-boot").textContent),s=0;' +
  'function go(){if(s)return;s=1;b.links.forEach(function(l){var e=d.createElement("link");e.rel=l[0];' +
  'if(l[0]==="preload")e.as="style";e.crossOrigin="";e.href=l[1];d.head.appendChild(e)});' +
  'var e=d.createElement("script");e.type="module";e.crossOrigin="";e.src=b.entry;d.head.appendChild(e)}' +
  'requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})});setTimeout(go,300);' +
  // A page drawn on the server looks ready before the app can handle it: its clicks until then are held, and the
  // app replays them once it hydrates (REPLAY_EARLY_CLICKS), instead of their being lost.
  'var r=d.getElementById("root");if(!r||!r.hasAttribute("data-first-view"))return;var q=[];' +
  'function h(e){q.push(e.target);e.preventDefault();e.stopPropagation()}d.addEventListener("click",h,true);' +
  `window.${REPLAY_EARLY_CLICKS}=function(){d.removeEventListener("click",h,true);` +
  'q.forEach(function(t){if(t.isConnected)t.dispatchEvent(new MouseEvent("click",{bubbles:true,cancelable:true}))})}})();';

/** The CSP source that allows exactly this script. */
export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
