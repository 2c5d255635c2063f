// The one inline script of the web app's pages: it starts the app's modules after the skeleton's first frame.
// A page with a skeleton paints from its HTML alone; fetching and compiling ~300 KB of modules in the same moment
// only competes with that paint (and, on a slow phone, delays it). The script waits until the first frame has been
// produced (two animation frames; with a fallback for background tabs, where frames do not run), then adds the entry
// and its preloads as the HTML had them.
import { createHash } from 'node:crypto';
import { REPLAY_EARLY_INPUT } from '@uc/shared';

/** The element holding what the script adds: `{ "entry": url, "links": [[rel, url], ...] }`. */
export const BOOT_DATA_ID = 'uc-boot';

export const BOOT_SCRIPT =
  '(function(){var d=document,b=JSON.parse(d.getElementById("uc-boot").textContent),s=0;' +
  'function go(){if(s)return;s=1;b.links.forEach(function(l){var e=d.createElement("link");e.rel=l[0];' +
  'e.crossOrigin="";e.href=l[1];d.head.appendChild(e)});' +
  'var e=d.createElement("script");e.type="module";e.crossOrigin="";e.src=b.entry;d.head.appendChild(e)}' +
  'requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})});setTimeout(go,300);' +
  // A page drawn on the server looks ready before the app can handle it: what the member does on it until then is
  // recorded (clicks held; a checkbox or radio, or its label, toggles as usual; typing stays in its field), and the app
  // replays it once hydrated (REPLAY_EARLY_INPUT). Each replayed event first makes React hydrate what it hits (React does so for a
  // discrete event on a part not yet hydrated). A typed value or a toggle (as the member left it: React may have reset
  // the field since) is then handed to React as a change: the field set back to what React tracks, then the text
  // written past that tracking and announced by an input event, or the box clicked to the member's state.
  'var r=d.getElementById("root");if(!r||!r.hasAttribute("data-first-view"))return;var q=[];' +
  'function y(c){return !!c&&(c.type==="checkbox"||c.type==="radio")}' +
  'function h(e){var t=e.target,l=t.closest&&t.closest("label");if(y(t))return q.push({t:t,c:t.checked});' +
  'if(l&&y(l.control))return;q.push({t:t});e.preventDefault();e.stopPropagation()}' +
  'function k(e){var t=e.target;if(!("defaultValue" in t)||y(t))return;' +
  'q=q.filter(function(x){return x.t!==t||!("v" in x)});q.push({t:t,v:t.value})}' +
  // An Enter in a field would submit the drawn form natively (a click on its submit button, which the app would then
  // replay as a save the member did not ask for: in the live app Enter adds a tag or moves on); it is not replayed.
  'function n(e){var t=e.target;if(e.key==="Enter"&&t.form&&t.tagName==="INPUT")e.preventDefault()}' +
  'd.addEventListener("click",h,true);d.addEventListener("input",k,true);d.addEventListener("keydown",n,true);' +
  // Called in the hydration's commit: nothing is recorded from then on (React has the page); the events recorded are
  // dispatched in the next task, outside React's commit.
  `window.${REPLAY_EARLY_INPUT}=function(){d.removeEventListener("click",h,true);d.removeEventListener("input",k,true);` +
  'd.removeEventListener("keydown",n,true);' +
  'var p=q;q=[];setTimeout(function(){p.forEach(function(x){var t=x.t;if(!t.isConnected)return;' +
  'var i=function(){t.dispatchEvent(new Event("input",{bubbles:true}))};' +
  'if("c" in x){i();t.checked=!x.c;return t.click()}' +
  'if(!("v" in x))return t.dispatchEvent(new MouseEvent("click",{bubbles:true,cancelable:true}));' +
  'i();t.value=t.defaultValue;Object.getOwnPropertyDescriptor(Object.getPrototypeOf(t),"value").set.call(t,x.v);i()' +
  '})},0)}})();';

/** The CSP source that allows exactly this script. */
export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
