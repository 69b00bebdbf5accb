// Small form behaviours that need no React:
// - password fields get a Show/Hide button (hidden without JavaScript);
// - a form marked data-loading disables its submit button while the request
//   runs, and the button reads 'Loading...' (or the attribute's own text);
// - an error summary marked data-autofocus takes focus, so keyboard and
//   screen-reader users hear what to fix.
export function initForms() {
  document.querySelectorAll<HTMLButtonElement>("button[data-password-toggle]").forEach((btn) => {
    const input = document.getElementById(btn.dataset.passwordToggle || "") as HTMLInputElement | null;
    if (!input) return;
    btn.hidden = false;
    btn.addEventListener("click", () => {
      const show = input.type === "password";
      input.type = show ? "text" : "password";
      btn.textContent = show ? "Hide" : "Show";
      btn.setAttribute("aria-pressed", String(show));
      btn.setAttribute("aria-label", show ? "Hide password" : "Show password");
    });
    btn.setAttribute("aria-label", "Show password");
  });

  document.querySelectorAll<HTMLFormElement>("form[data-loading]").forEach((form) => {
    form.addEventListener("submit", (e) => {
      const submitter = (e as SubmitEvent).submitter as HTMLButtonElement | null;
      const button = submitter || form.querySelector<HTMLButtonElement>("button[type=submit]");
      if (!button || e.defaultPrevented) return;
      // Disable after the browser has read the submitter's name and value.
      setTimeout(() => {
        button.dataset.label = button.innerHTML;
        button.disabled = true;
        button.setAttribute("aria-busy", "true");
        button.textContent = form.dataset.loading || "Loading...";
      });
    });
  });
  // Coming back with the Back button shows the page as it was left: undo
  // the loading state.
  window.addEventListener("pageshow", (e) => {
    if (!e.persisted) return;
    document.querySelectorAll<HTMLButtonElement>("button[aria-busy=true]").forEach((b) => {
      b.disabled = false;
      b.removeAttribute("aria-busy");
      if (b.dataset.label) b.innerHTML = b.dataset.label;
    });
  });

  const summary = document.querySelector<HTMLElement>("[data-autofocus]");
  if (summary) summary.focus();
}
