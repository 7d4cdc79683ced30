// The replay: one board picture and one log line at a time. The slider, the four buttons and
// the keyboard (arrows, Home, End) move through the steps; each step's picture is the game's
// board after that many decisions (board/<n>.png, drawn by the server on demand and cached),
// and the next and previous pictures are fetched ahead so a step shows at once.
(function () {
  "use strict";
  var body = document.body;
  var last = parseInt(body.getAttribute("data-last"), 10);
  var lang = body.getAttribute("data-lang");
  var slider = document.getElementById("step");
  var picture = document.getElementById("picture");
  var full = document.getElementById("full");
  var counter = document.getElementById("counter");
  var template = counter.getAttribute("data-template");
  var lines = document.querySelectorAll("#lines li");
  var ahead = {};
  var current = last;

  function source(n) {
    // the step's stamp makes the address name this picture only (an undo reuses numbers)
    return "board/" + n + ".png?lang=" + encodeURIComponent(lang) +
      "&v=" + encodeURIComponent(lines[n].getAttribute("data-v"));
  }

  function fetchAhead(n) {
    if (n < 0 || n > last || ahead[n]) {
      return;
    }
    var img = new Image();
    img.src = source(n);
    ahead[n] = img;
  }

  function show(n) {
    n = Math.max(0, Math.min(last, n));
    current = n;
    slider.value = String(n);
    picture.setAttribute("src", source(n));
    full.setAttribute("href", source(n)); // a phone opens the picture alone to zoom into it
    counter.textContent = template.replace("{n}", String(n)).replace("{total}", String(last));
    for (var i = 0; i < lines.length; i++) {
      lines[i].hidden = lines[i].getAttribute("data-step") !== String(n);
    }
    if (window.history && window.history.replaceState) {
      window.history.replaceState(null, "", "#" + n);
    }
    fetchAhead(n + 1);
    fetchAhead(n - 1);
  }

  slider.addEventListener("input", function () { show(parseInt(slider.value, 10)); });
  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("prev").addEventListener("click", function () { show(current - 1); });
  document.getElementById("next").addEventListener("click", function () { show(current + 1); });
  document.getElementById("last").addEventListener("click", function () { show(last); });
  document.addEventListener("keydown", function (e) {
    if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey) {
      return; // the slider moves itself with the arrows; its input event shows the step
    }
    var to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      show(to);
    }
  });
  var hash = parseInt(window.location.hash.slice(1), 10);
  show(isNaN(hash) ? last : hash); // a step's address (…/replay#12) opens at that step
})();
