// The offline page (served by the service worker when a page load fails): retry on demand, when the
// browser says it is online again, and every 5 s while the tab is visible and the browser thinks it is online (its first "online" can come before the network really works). A retry reloads the address
// the player asked for (the service worker answered that URL with this page).
(function () {
  var status = document.getElementById("status");
  var retry = function () {
    if (status) status.textContent = "Trying again…";
    window.location.reload();
  };
  document.getElementById("retry").addEventListener("click", retry);
  window.addEventListener("online", retry);
  setInterval(function () {
    if (document.visibilityState === "visible" && navigator.onLine) retry();
  }, 5000);
})();
