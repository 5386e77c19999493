// What Scalar's reference lacks for axe's serious and critical rules, supplied from outside: darker
// text colours (WCAG AA contrast on white), and names for its icon-only buttons and its editor.

export const referenceCss = `
.light-mode {
  --scalar-color-2: #52525b;
  --scalar-color-3: #52525b;
  --scalar-color-accent: #1d4ed8;
  --scalar-color-green: #047857;
  --scalar-color-red: #b91c1c;
  --scalar-color-orange: #b45309;
  --scalar-color-yellow: #854d0e;
  --scalar-color-blue: #1d4ed8;
  --scalar-color-purple: #7e22ce;
  --scalar-color-alert: #b45309;
  --scalar-color-danger: #b91c1c;
}
/* The request and response cards are dark even in light mode. */
.light-mode .dark-mode, .dark-mode {
  --scalar-color-2: #d4d4d8;
  --scalar-color-3: #d4d4d8;
  --scalar-color-green: #6ee7b7;
  --scalar-color-red: #fca5a5;
  --scalar-color-orange: #fdba74;
  --scalar-color-yellow: #fde047;
  --scalar-color-blue: #93c5fd;
  --scalar-color-purple: #d8b4fe;
}
`

/** Scalar draws its content in a <main> of its own, inside the page's: one main landmark per page,
 * so the viewer's becomes a named region. */
export function demoteNestedMain(root: HTMLElement): void {
  for (const main of root.querySelectorAll<HTMLElement>('main')) {
    if (main.getAttribute('role') === 'region') continue
    main.setAttribute('role', 'region')
    // Scalar names its own (and keeps that name as it re-renders); a name is given only when it has none.
    if (!main.hasAttribute('aria-label') && !main.hasAttribute('aria-labelledby'))
      main.setAttribute('aria-label', 'Operations and models')
  }
}

/** Gives a name to each button and text field Scalar leaves unnamed (icon-only copy/expand buttons). */
export function labelUnnamedControls(root: HTMLElement): void {
  for (const button of root.querySelectorAll<HTMLElement>('button, [role="button"]')) {
    if (hasName(button) || visibleText(button)) continue
    const label = button.classList.contains('code-copy')
      ? 'Copy to clipboard'
      : button.getAttribute('aria-controls')
        ? 'Show or hide details'
        : 'More'
    button.setAttribute('aria-label', label)
  }
  // A code block in a description that scrolls sideways can be reached (and scrolled) with the keyboard.
  for (const block of root.querySelectorAll<HTMLElement>('.markdown pre, .markdown pre > code')) {
    if (block.scrollWidth > block.clientWidth && !block.hasAttribute('tabindex')) block.setAttribute('tabindex', '0')
  }
  for (const field of root.querySelectorAll<HTMLElement>('[role="textbox"], .cm-content[contenteditable]')) {
    if (hasName(field)) continue
    field.setAttribute('aria-label', field.getAttribute('aria-placeholder') ?? 'Value')
  }
}

function hasName(el: HTMLElement): boolean {
  return Boolean(el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || el.getAttribute('title'))
}

/** Text a screen reader would read: rendered, and not inside aria-hidden (a field's typed value is no name). */
function visibleText(el: HTMLElement): string {
  // innerText, not textContent: only rendered text names a control (display: none text does not).
  // biome-ignore lint/performance/useDomNodeTextContent: rendered text is the point here
  const hidden = [...el.querySelectorAll<HTMLElement>('[aria-hidden="true"]')].map((h) => h.innerText).join('')
  // biome-ignore lint/performance/useDomNodeTextContent: rendered text is the point here
  return el.innerText.replace(hidden, '').trim()
}
