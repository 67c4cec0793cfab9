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
