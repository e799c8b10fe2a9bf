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
    bar.appendChild(document.createTextNode("Casebook was updated. "));
    var a = document.createElement("a");
    a.href = location.href;
    a.textContent = "Reload";
    bar.appendChild(a);
    document.body.appendChild(bar);
  });
  window.addEventListener("load", function () {
    navigator.serviceWorker.register("/sw.js").catch(function (e) {
      console.warn("service worker registration failed", e);
    });
  });
})();
