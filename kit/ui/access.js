// The kit's accessible layer beside a board (kit/ui/access.py says what and why).
//
// One of these sits in every board's host element (class kit-access-host).
// It renders: two live regions (polite, assertive), the board's description,
// the move box (a labelled input; Enter plays), and the text view switch with
// the position as text. It also wires the host once: ipycanvas 0.14's canvas
// cancels every key (Tab included), the wheel and touch; a capturing listener
// on the host takes Tab, Shift+Tab and Esc, the wheel and touch before the
// canvas sees them, so focus moves on and the page scrolls, while every other
// key still reaches the canvas (and canvas.on_key_down in Python).

const WIRED = "kitAccessWired";

function hostOf(el) {
  return el.closest(".kit-access-host");
}

function canvasOf(host) {
  return host ? host.querySelector("canvas.kit-board-canvas") : null;
}

function isBoardCanvas(target) {
  return target instanceof HTMLCanvasElement && target.classList.contains("kit-board-canvas");
}

function wireHost(host) {
  if (host.dataset[WIRED]) return;
  host.dataset[WIRED] = "1";
  host.addEventListener("keydown", (event) => {
    if (!isBoardCanvas(event.target)) return;
    if (event.key === "Tab") {
      // Not preventDefault: the browser moves focus on (or back with Shift).
      event.stopPropagation();
    } else if (event.key === "Escape") {
      // Esc leaves the board for its move box (the next thing to use), or
      // just leaves it where the board has none.
      event.stopPropagation();
      event.preventDefault();
      const box = host.querySelector(".kit-move-box:not([hidden]) input");
      if (box) box.focus();
      else event.target.blur();
    }
  }, true);
  keepFocus(host);
  for (const type of ["wheel", "touchstart", "touchmove", "touchend", "touchcancel"]) {
    // Passive and unstopped by default: the page scrolls under the pointer or a
    // finger. A tap still clicks: without ipycanvas' preventDefault the browser
    // sends the mouse events a tap makes, and ipycanvas reads mousedown.
    host.addEventListener(type, (event) => {
      if (isBoardCanvas(event.target)) event.stopPropagation();
    }, { capture: true, passive: true });
  }
}

// A board disables its buttons while the computer moves or a hint is being
// found; the button pressed loses the focus then, and the browser puts it on
// the page's body: a keyboard user was thrown back to the page's top after
// Hint, Redo or Undo (WCAG 2.4.3). The host remembers the control that had
// the focus when it was disabled and gives the focus back to it once it is on
// again, unless the focus went somewhere else meanwhile.
function keepFocus(host) {
  let last = null;
  let parked = null;
  host.addEventListener("focusin", (event) => { last = event.target; parked = null; });
  const lost = () => !document.activeElement || document.activeElement === document.body;
  new MutationObserver((records) => {
    for (const record of records) {
      const target = record.target;
      if (target.disabled && target === last) {
        parked = target;
      } else if (!target.disabled && target === parked && target.isConnected) {
        parked = null;
        if (lost() || document.activeElement === target) target.focus({ preventScroll: true });
      }
    }
  }).observe(host, { attributes: true, attributeFilter: ["disabled"], subtree: true });
}

function element(tag, props = {}, attrs = {}) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

let serial = 0;

function render({ model, el }) {
  const id = `kit-access-${++serial}-${Math.random().toString(36).slice(2, 8)}`;
  el.classList.add("kit-access");
  const labels = () => model.get("labels");

  // Hidden: read as the board's description (aria-describedby reads hidden
  // text), not a second time in the page's reading order.
  const description = element("div", { id: `${id}-desc`, hidden: true });
  const polite = element("div", { className: "kit-sr-only kit-live-polite" },
                         { role: "status", "aria-live": "polite", "aria-atomic": "true" });
  const urgent = element("div", { className: "kit-sr-only kit-live-assertive" },
                         { role: "alert", "aria-live": "assertive", "aria-atomic": "true" });

  const box = element("div", { className: "kit-move-box" });
  const label = element("label", { htmlFor: `${id}-move` });
  const input = element("input", { id: `${id}-move`, type: "text", className: "kit-move-input" },
                        { autocomplete: "off", spellcheck: "false", autocapitalize: "off" });
  const play = element("button", { type: "button", className: "kit-move-play" });
  box.append(label, input, play);

  const toggle = element("button", { type: "button", className: "kit-text-toggle" },
                         { "aria-pressed": "false", "aria-controls": `${id}-text` });
  const text = element("pre", { id: `${id}-text`, className: "kit-position", tabIndex: 0 },
                       { role: "region" });
  // The move box and the text view are put on the page only where they are
  // asked for (an exercise's layer has neither: its answer box is its own).
  // A layer that only lends its live role to another element (the game
  // picker's status line) has no regions of its own: the words are said once.
  if (model.get("live_for")) {
    el.hidden = true;
    let waited = 0;
    const lend = () => {
      for (let up = el.parentElement; up; up = up.parentElement) {
        const target = up.querySelector(`.${model.get("live_for")}`);
        if (target) {
          target.setAttribute("role", "status");
          target.setAttribute("aria-live", "polite");
          target.setAttribute("aria-atomic", "true");
          return;
        }
      }
      if (++waited < 600) requestAnimationFrame(lend);
    };
    lend();
    return;
  }
  el.append(description, polite, urgent);

  const send = () => model.send({ event: "move", text: input.value });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      event.stopPropagation();   // Lab's notebook must not take Enter as "edit cell"
      send();
    }
  });
  play.addEventListener("click", send);
  toggle.addEventListener("click", () => {
    model.set("text_view", !model.get("text_view"));
    model.save_changes();
  });

  const applyCanvas = () => {
    const host = hostOf(el);
    // The move list is a log; not live itself: the live regions above already
    // say each move once (a polite log, rewritten whole, would read it all again).
    for (const list of host ? host.querySelectorAll(".kit-move-list") : []) {
      list.setAttribute("role", "log");
      list.setAttribute("aria-live", "off");
      list.setAttribute("aria-label", labels().moves || "");
      list.tabIndex = 0;   // it scrolls: keys must reach it
    }
    const canvas = canvasOf(host);
    if (!canvas) return;
    if (model.get("name")) {
      canvas.setAttribute("role", "application");
      canvas.setAttribute("aria-label", model.get("name"));
      canvas.setAttribute("aria-describedby", description.id);
    }
  };
  const applyLabels = () => {
    const words = labels();
    label.textContent = words.move || "";
    play.textContent = words.play || "";
    input.placeholder = model.get("placeholder");
    toggle.textContent = words.text_view || "";
    text.setAttribute("aria-label", words.position || "");
    if (model.get("move_box") && !box.isConnected) el.append(box);
    if (model.get("text_switch") && !toggle.isConnected) el.append(toggle, text);
    box.hidden = !model.get("move_box");
    toggle.hidden = !model.get("text_switch");
  };
  const applyText = () => {
    description.textContent = model.get("description");
    const on = model.get("text_view");
    toggle.setAttribute("aria-pressed", on ? "true" : "false");
    text.hidden = !on;
    text.textContent = model.get("position");
    applyCanvas();
  };
  const applyTyped = () => {
    input.value = model.get("typed");
  };
  // Said again with the same words must still be read out: empty the region,
  // then write it, a moment later (the serial changes every time).
  const announce = () => {
    const [region, other] = model.get("urgent") ? [urgent, polite] : [polite, urgent];
    other.textContent = "";
    region.textContent = "";
    const words = model.get("said");
    setTimeout(() => { region.textContent = words; }, 60);
  };
  let focused = 0;
  const focusBoard = () => {
    const want = model.get("focus_serial");
    const canvas = canvasOf(hostOf(el));
    if (want > focused && canvas) {
      focused = want;
      canvas.focus({ preventScroll: false });
    }
  };

  // An exercise's verdict or answer box takes the focus when Python asks after the
  // page showed this layer (never for a request older than the page: a lesson
  // opened again must not jump to an old verdict).
  let exerciseFocus = model.get("focus_request");
  const focusExercise = () => {
    const want = model.get("focus_request");
    if (want <= exerciseFocus) return;
    exerciseFocus = want;
    const exercise = el.closest(".kit-exercise");
    if (!exercise) return;
    if (model.get("focus_what") === "answer") {
      const input = exercise.querySelector(".kit-answer input");
      if (input) { input.focus(); input.select(); }
      return;
    }
    const verdict = exercise.querySelector(".kit-feedback");
    if (verdict) {
      // Focusable by script only: not one more Tab stop on the way.
      if (!verdict.hasAttribute("tabindex")) verdict.setAttribute("tabindex", "-1");
      verdict.focus({ preventScroll: false });
    }
  };

  applyLabels();
  applyText();
  applyTyped();
  if (model.get("said")) announce();
  model.on("change:labels change:placeholder change:move_box change:text_switch", applyLabels);
  model.on("change:description change:text_view change:position change:name", applyText);
  model.on("change:typed", applyTyped);
  model.on("change:serial", announce);
  model.on("change:focus_serial", focusBoard);
  model.on("change:focus_request", focusExercise);

  // The host and its canvas exist once the whole board is on the page.
  let tries = 0;
  const attach = () => {
    const host = hostOf(el);
    if (host && canvasOf(host)) {
      wireHost(host);
      applyCanvas();
      focusBoard();
      return;
    }
    if (++tries < 600) requestAnimationFrame(attach);
  };
  attach();
}

export default { render };
