/**
 * Puts `text` on the clipboard: the Clipboard API where the page has it, else a hidden text area
 * and the copy command. Resolves false when neither worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    // Only secure contexts (https, localhost) have the Clipboard API.
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // refused (no permission, no focus): try the old way
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
