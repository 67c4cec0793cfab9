// Iniciativa's own small scripts. No inline scripts: the Content-Security-Policy forbids them.
document.documentElement.classList.add("js");

document.addEventListener("change", (event) => {
  const form = event.target.closest("form[data-autosubmit]");
  if (form) form.submit();
});

document.addEventListener("click", (event) => {
  const link = event.target.closest(".js-reload");
  if (link) {
    event.preventDefault();
    window.location.reload();
  }
});

document.addEventListener("focusin", (event) => {
  if (event.target.matches(".invite-link")) event.target.select();
});

// The action panel shows only the fields of the chosen kind of action (data-kinds lists them);
// without JavaScript every field shows, and the rules ignore what the kind does not use.
function showKindFields(form) {
  const kind = form.querySelector("select[name=kind]");
  if (!kind) return;
  form.querySelectorAll("[data-kinds]").forEach((element) => {
    element.hidden = !element.dataset.kinds.split(" ").includes(kind.value);
  });
}
document.addEventListener("change", (event) => {
  if (event.target.matches(".action-panel select[name=kind]")) showKindFields(event.target.form);
});
document.addEventListener("htmx:afterSettle", () => {
  document.querySelectorAll(".action-panel form").forEach(showKindFields);
});
document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll(".action-panel form").forEach(showKindFields);
});

// Two answers for the live region can cross: a poll in flight while the GM's action is, both
// aimed at the same #live. The first swaps in a new #live; the second would swap into the old,
// detached one, and htmx 2 then loses the kept (hx-preserve) fields: the faces being typed and
// the half-filled action form vanish from the page. A detached target is never swapped into;
// the next poll brings whatever that answer had. htmx announces the swap on the target itself,
// and a detached element's events never reach the document, so each #live gets the guard.
const guarded = new WeakSet();
function refuseDetachedSwap(event) {
  if (!document.body.contains(event.detail.target)) event.detail.shouldSwap = false;
}
function guardLive() {
  const live = document.getElementById("live");
  if (live && !guarded.has(live)) {
    guarded.add(live);
    live.addEventListener("htmx:beforeSwap", refuseDetachedSwap);
  }
}
document.addEventListener("DOMContentLoaded", guardLive);
document.addEventListener("htmx:load", guardLive);

// Tamper evidence (docs/security.md): this browser remembers, per encounter, the newest log
// entry it was shown (#live's data-seen, "seq.token") and sends it with every poll. If the log
// no longer holds that entry, the server answers only a warning into #log-warning. The memory
// then stays as it was, so a reload warns again, until the player dismisses the warning; while
// it shows, polls go without the memory and bring the page as it now is.
const SEEN_PREFIX = "iniciativa-seen-";
function seenStore(live) {
  try {
    return live && live.dataset.encounter ? window.localStorage : null;
  } catch (error) {
    return null; // storage switched off: nothing is remembered, nothing is warned
  }
}
function rewriteWarned() {
  return document.querySelector("#log-warning .log-rewritten") !== null;
}
function rememberSeen(force) {
  const live = document.getElementById("live");
  const store = seenStore(live);
  if (!store || !live.dataset.seen || (rewriteWarned() && !force)) return;
  const key = SEEN_PREFIX + live.dataset.encounter;
  const before = parseInt((store.getItem(key) || "0").split(".")[0], 10) || 0;
  const now = parseInt(live.dataset.seen.split(".")[0], 10);
  if (force || now >= before) store.setItem(key, live.dataset.seen); // never back to an older entry
}
document.addEventListener("htmx:configRequest", (event) => {
  const live = event.detail.elt;
  if (live.id !== "live" || rewriteWarned()) return;
  const store = seenStore(live);
  const seen = store && store.getItem(SEEN_PREFIX + live.dataset.encounter);
  if (seen) event.detail.parameters.seen = seen;
});
// After a poll answered "unchanged" (204) or swapped in a new #live; never after the warning.
document.addEventListener("htmx:afterRequest", (event) => {
  if (event.detail.elt.id === "live" && event.detail.xhr.status === 204) rememberSeen(false);
});
document.addEventListener("htmx:afterSettle", (event) => {
  if (event.detail.elt.id === "live") rememberSeen(false);
});
document.addEventListener("click", (event) => {
  if (!event.target.closest(".js-forget-seen")) return;
  document.getElementById("log-warning").replaceChildren();
  rememberSeen(true);
});
