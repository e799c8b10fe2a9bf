// Registers the service worker and tells the user when a new version has
// taken over, so nobody stays on a stale build without knowing.
(function () {
  if (!("serviceWorker" in navigator)) return;
  var hadController = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    if (!hadController) { hadController = true; return; }
    if (document.getElementById("update-banner")) return;
    var bar = document.createElement("div");
    bar.id = "update-banner";
    bar.setAttribute("role", "status");
    bar.className = "update-banner";
    var ko = document.documentElement.lang === "ko";
    bar.appendChild(document.createTextNode(ko ? "Casebook이 업데이트되었습니다. " : "Casebook was updated. "));
    var a = document.createElement("a");
    a.href = location.href;
    a.textContent = ko ? "새로 고침" : "Reload";
    bar.appendChild(a);
    document.body.appendChild(bar);
  });
  // Registered once the app says its library has loaded (the
  // "casebook-ready" event), so that precaching (the review worker's wasm
  // above all) never competes with the first render; or 10 s after load, if
  // the library never loads.
  var registered = false;
  function register() {
    if (registered) return;
    registered = true;
    // The worker precaches the files of the locale the reader is in.
    var lang = /^\/ko(\/|$)/.test(location.pathname) ? "ko" : "en";
    navigator.serviceWorker.register("/sw.js?lang=" + lang).catch(function (e) {
      console.warn("service worker registration failed", e);
    });
  }
  window.addEventListener("casebook-ready", register);
  window.addEventListener("load", function () { setTimeout(register, 10000); });
})();
