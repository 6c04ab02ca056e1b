/**
 * Sends the browser to `action` by POST with hidden fields, as a sign-on
 * hand-off does. Built from script (no inline handlers), so the CSP's
 * form-action list decides where it may go.
 */
export function postForm(action: string, fields: Record<string, string>): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = action;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
