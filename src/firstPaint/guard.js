// The page drawn by the server (server/firstPaint.ts) shows only in a tab signed in to that very session and reading
// its language; anywhere else it is hidden before it is drawn (src/firstPaint/handOff.ts). Inlined at the top of
// <head> (its hash is in that document's Content-Security-Policy), so it runs before the body is parsed.
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

  function startApp() {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = document.querySelector('meta[name="app-script"]').getAttribute('content');
    document.head.appendChild(script);
  }
  document.addEventListener('DOMContentLoaded', function () {
    if (!same) return startApp();
    // Two frames first: the drawn page is on screen before the app's code is even asked for.
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(startApp, 0);
      });
    });
  });
})();
