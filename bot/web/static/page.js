// The page follows its game: every few seconds it asks the small JSON endpoint for the game's
// decision count and status, and reloads when either has changed (a turn was posted). A game
// that is over or abandoned is asked no more.
(function () {
  "use strict";
  var body = document.body;
  var poll = body.getAttribute("data-poll");
  var decisions = body.getAttribute("data-decisions");
  var status = body.getAttribute("data-status");
  if (!poll || status !== "playing") {
    return;
  }
  var every = 5000;
  function check() {
    fetch(poll, { cache: "no-store", credentials: "omit" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (d) {
        if (d && (String(d.decisions) !== decisions || d.status !== status)) {
          window.location.reload();
          return;
        }
        window.setTimeout(check, every);
      })
      .catch(function () { window.setTimeout(check, every * 3); });
  }
  window.setTimeout(check, every);
})();
