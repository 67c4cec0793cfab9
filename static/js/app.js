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
