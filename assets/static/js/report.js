// A client's monthly report (views/agency_brand.templ): its Print button
// opens the browser's print dialog. Without JavaScript the button stays
// hidden and the page says to use the browser's Print.
for (const button of document.querySelectorAll("button[data-print]")) {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
}
for (const hint of document.querySelectorAll("[data-print-hint]")) {
  hint.textContent = "Or use your browser's Print (Ctrl+P, or ⌘P on a Mac).";
}
