// The page drawn by the server (server/firstPaint/firstPaint.ts) shows only in a tab signed in to that very session and reading
// its language; anywhere else it is hidden before it is drawn (the app removes it: FirstPaintHandOff.tsx). Inlined
// at the top of <head> (its hash is in that document's Content-Security-Policy): it runs before the body is parsed.
// The app's own script is then started by this guard: after the drawn page has been painted, or at once when hidden.
(function () {
  var root = document.documentElement;
  var session = root.getAttribute('data-first-paint');
  var same = false;
  try {
    var token = sessionStorage.getItem('access_token') || '';
    var claims = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    var language = localStorage.getItem('language') || 'en';
    same = !!session && claims.sid === session && language === root.lang;
  } catch {
    same = false;
  }
  if (!same) root.setAttribute('data-first-paint', 'off');

  // A press on the drawn page before the app takes over is kept, not lost: the last button pressed is marked busy and
  // remembered, and the app presses its own same control at the hand-off (src/views/shell/FirstPaintHandOff.tsx).
  // A link is left to the browser: it loads its page, which the server draws too, even if the app never arrives.
  if (same) {
    document.addEventListener(
      'click',
      function (event) {
        var drawn = document.getElementById('first-paint');
        var target = event.target;
        if (!drawn || !target || !target.closest || !drawn.contains(target)) return;
        var control = target.closest('a[href], button, [role="button"], [role="tab"], [role="menuitem"], summary');
        if (!control || !drawn.contains(control) || control.matches('a[href]')) return;
        event.preventDefault();
        event.stopPropagation();
        var earlier = window.firstPaintPress;
        if (earlier && earlier !== control) earlier.removeAttribute('data-pressed-early');
        window.firstPaintPress = control;
        control.setAttribute('data-pressed-early', '');
        root.setAttribute('data-first-paint-pressed', '');
      },
      true,
    );
  }

  var started = false;
  function startApp() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = document.querySelector('meta[name="app-script"]').getAttribute('content');
    document.head.appendChild(script);
  }

  // The app's code is asked for once the whole drawn page is on screen: at the browser's report of the largest
  // paint of a frame drawn after the document was parsed (the report comes once the frame is shown); where no such
  // report comes (no support, or the page's largest part was painted before the rest), a little later.
  var parsedAt = -1;
  var reportsPaints = same && typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('largest-contentful-paint') >= 0;
  if (reportsPaints) {
    new PerformanceObserver(function (list, observer) {
      var entries = list.getEntries();
      if (parsedAt < 0 || entries[entries.length - 1].startTime < parsedAt) return;
      observer.disconnect();
      setTimeout(startApp, 0);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  }
  document.addEventListener('DOMContentLoaded', function () {
    if (!same) return startApp();
    parsedAt = performance.now();
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(startApp, reportsPaints ? 100 : 0);
      });
    });
  });
})();
