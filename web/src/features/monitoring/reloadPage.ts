/** The header's Refresh: a full page load (a module of its own so that tests can observe it). */
export function reloadPage(): void {
  window.location.reload();
}
