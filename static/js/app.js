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
