// Iniciativa's own small scripts. No inline scripts: the Content-Security-Policy forbids them.
document.documentElement.classList.add("js");

// htmx carries "style" over from an old element to its new twin (same id) while a swap
// settles; writing a style attribute breaks our Content-Security-Policy (style-src 'self')
// and logs an error per field. Nothing of ours animates a style: settle classes only.
if (window.htmx) htmx.config.attributesToSettle = ["class", "width", "height"];

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

// Adding combatants: a monster from the bestiary joins the enemies, a character the party,
// unless the GM chose the side after choosing who (the side is only a default).
document.addEventListener("change", (event) => {
  const record = event.target;
  if (!record.matches("form[data-form=add] select[name=record]")) return;
  const side = record.form.elements.namedItem("side");
  if (!side || side.dataset.chosen) return;
  side.value = record.value.startsWith("monster:") ? "enemies" : "party";
});
document.addEventListener("change", (event) => {
  if (event.target.matches("form[data-form=add] select[name=side]")) {
    event.target.dataset.chosen = "1";
  }
});

// The board (#board) is the only region polled; the panel (#panel) is the user's own and is
// replaced only by the user's posts, or when a polled board says that what the panel offers
// changed (the turn passed to one's combatant, someone joined): then a new panel is fetched
// and what was typed into the old one is carried over, field by field, into the same form of
// the new panel (data-form names it: "action:c12", "turn", "add", "adjust"), where that field
// and that choice still exist. One's own half-typed words are never thrown away by others.
// A form the server sent back with its errors (data-bound) shows what the user sent as its
// defaults: all of it is the user's, not only what changed since.
function typedInto(form) {
  const typed = [];
  const bound = form.hasAttribute("data-bound");
  for (const field of form.elements) {
    if (!field.name || field.type === "hidden" || field.name === "csrfmiddlewaretoken") continue;
    if (field.type === "checkbox" || field.type === "radio") {
      if (bound || field.checked !== field.defaultChecked) typed.push({ field, checked: field.checked });
    } else if (field.tagName === "SELECT") {
      const changed = [...field.options].some((option) => option.selected !== option.defaultSelected);
      if (bound || changed) typed.push({ field, values: [...field.selectedOptions].map((o) => o.value) });
    } else if (bound || field.value !== field.defaultValue) {
      typed.push({ field, value: field.value });
    }
  }
  return typed;
}
function panelSnapshot(panel) {
  const forms = {};
  panel.querySelectorAll("form[data-form]").forEach((form) => {
    forms[form.dataset.form] = typedInto(form);
  });
  const opened = [...panel.querySelectorAll("details")].map((details) => details.open);
  const focused = panel.contains(document.activeElement) ? document.activeElement : null;
  return { forms, opened, focused };
}
function carryOver(snapshot, panel) {
  for (const [name, typed] of Object.entries(snapshot.forms)) {
    const form = panel.querySelector(`form[data-form="${CSS.escape(name)}"]`);
    if (!form) continue;
    for (const entry of typed) {
      const old = entry.field;
      if (entry.checked !== undefined) {
        const same = [...form.elements].find((f) => f.name === old.name && f.value === old.value);
        if (same) same.checked = entry.checked;
      } else {
        const same = form.elements.namedItem(old.name);
        if (!same || same instanceof RadioNodeList) continue;
        if (entry.values) {
          [...same.options].forEach((o) => { o.selected = entry.values.includes(o.value); });
        } else {
          same.value = entry.value;
        }
      }
    }
    if (typed.length) {
      showKindFields(form);
      form.dispatchEvent(new Event("change", { bubbles: true })); // the odds follow the form
    }
  }
  panel.querySelectorAll("details").forEach((details, index) => {
    if (snapshot.opened[index]) details.open = true;
  });
  const was = snapshot.focused;
  if (was && was.name && was.form && was.form.dataset.form) {
    const form = panel.querySelector(`form[data-form="${CSS.escape(was.form.dataset.form)}"]`);
    const again = form && form.elements.namedItem(was.name);
    if (again && again.focus) again.focus({ preventScroll: true });
  }
}
// Whenever the panel is about to be replaced (the user's own post or choice, or a new offer),
// what was typed into its forms is noted, and put back into the new panel's same forms; the
// form that was sent is the server's to answer (fresh after success, bound with its errors).
// The note is taken as the answer is swapped in, not as it is asked for: what the user typed
// while the request was on its way is kept too. It is put back as soon as the new panel is in
// the page (afterSwap), not after htmx settles it: a click in between would send the new
// panel's empty fields (the GM's typed faces lost, the dice rolled by the server instead).
let carry = null;
const sentBy = new WeakMap(); // a panel request's xhr → the form it sent (null: a refresh)
function notePanel(panel, sent) {
  const snapshot = panelSnapshot(panel);
  if (sent) delete snapshot.forms[sent];
  carry = { from: panel, snapshot };
}
function aimsAtPanel(detail) {
  return Boolean(detail.target && detail.target.id === "panel");
}
document.addEventListener("htmx:configRequest", (event) => {
  const panel = document.getElementById("panel");
  if (!panel || !aimsAtPanel(event.detail)) return;
  if (panel.querySelector("form[data-form=add]")) event.detail.parameters.forms = "1"; // kept open
});
document.addEventListener("htmx:beforeRequest", (event) => {
  if (!aimsAtPanel(event.detail)) return;
  const elt = event.detail.elt;
  const form = elt && elt.closest ? elt.closest("form[data-form]") : null;
  const posted = form && event.detail.requestConfig.verb !== "get";
  sentBy.set(event.detail.xhr, posted ? form.dataset.form : null);
});
document.addEventListener("htmx:beforeSwap", (event) => {
  const panel = document.getElementById("panel");
  if (!panel || !aimsAtPanel(event.detail) || !event.detail.shouldSwap) return;
  notePanel(panel, sentBy.get(event.detail.xhr) || null);
});
document.addEventListener("htmx:afterSwap", () => {
  const panel = document.getElementById("panel");
  if (!carry || !panel || panel === carry.from) return;
  const { snapshot } = carry;
  carry = null;
  carryOver(snapshot, panel);
});
let panelAsked = false;
let askedAt = null; // the board's version a panel was last asked for: once per version
function refreshPanel() {
  const panel = document.getElementById("panel");
  const board = document.getElementById("board");
  if (!panel || !board || panelAsked || panel.dataset.offer === board.dataset.offer) return;
  if (panel.querySelector(".confirm-step")) return; // the GM is deciding: asked again after
  if (board.dataset.version === askedAt) return; // a newer board asks again if it must
  panelAsked = true;
  askedAt = board.dataset.version;
  // Only an actor the user chose away from the turn is carried: a default one follows the
  // turn, also when the turn moves between this request and its answer.
  const actor = panel.querySelector("form[data-form^='action:'] [name=actor]");
  const values = actor && panel.querySelector(".act-as[data-chosen]") ? { actor: actor.value } : {};
  htmx
    .ajax("GET", panel.dataset.src, { target: "#panel", swap: "outerHTML", values })
    .finally(() => {
      panelAsked = false;
      refreshPanel(); // a board that came while the panel was asked for is looked at now
    });
}
document.addEventListener("htmx:afterSettle", (event) => {
  const id = event.detail.elt.id;
  if (id === "board" || id === "panel") refreshPanel();
});

// Tamper evidence (docs/security.md): this browser remembers, per encounter, the newest log
// entry it was shown (#board's data-seen, "seq.token") and sends it with every poll. If the log
// no longer holds that entry, the server answers only a warning into #log-warning. The memory
// then stays as it was, so a reload warns again, until the player dismisses the warning; while
// it shows, polls go without the memory and bring the page as it now is.
const SEEN_PREFIX = "iniciativa-seen-";
function seenStore(board) {
  try {
    return board && board.dataset.encounter ? window.localStorage : null;
  } catch (error) {
    return null; // storage switched off: nothing is remembered, nothing is warned
  }
}
function rewriteWarned() {
  return document.querySelector("#log-warning .log-rewritten") !== null;
}
function rememberSeen(force) {
  const board = document.getElementById("board");
  const store = seenStore(board);
  if (!store || !board.dataset.seen || (rewriteWarned() && !force)) return;
  const key = SEEN_PREFIX + board.dataset.encounter;
  const before = parseInt((store.getItem(key) || "0").split(".")[0], 10) || 0;
  const now = parseInt(board.dataset.seen.split(".")[0], 10);
  if (force || now >= before) store.setItem(key, board.dataset.seen); // never back to an older entry
}
document.addEventListener("htmx:configRequest", (event) => {
  const board = event.detail.elt;
  if (board.id !== "board" || rewriteWarned()) return;
  const store = seenStore(board);
  const seen = store && store.getItem(SEEN_PREFIX + board.dataset.encounter);
  if (seen) event.detail.parameters.seen = seen;
});
// What the board shows (its newest entry and how its log was read), sent with its polls and
// with every post (whose answer brings the board): the server may then answer with a board
// whose #log keeps the page's own (hx-preserve) and whose template.log-new holds only the
// entries after that one. Answers may land out of order (a poll and a post in flight at once):
// a board asked for before the one shown, or for a board no longer shown, is not swapped in;
// the new entries are merged into the kept log by their number, each once, newest first; if
// the entry they follow is not on the page, the board is dropped and the next poll asks for
// the whole log.
let sentCount = 0;
const sentAt = new WeakMap(); // xhr → the order it was sent in
let boardFrom = 0; // the order of the request whose board is shown
let answering = 0; // the order of the request whose answer is being swapped in
let wholeNext = false;
document.addEventListener("htmx:beforeRequest", (event) => {
  sentAt.set(event.detail.xhr, ++sentCount);
});
document.addEventListener("htmx:beforeSwap", (event) => {
  answering = sentAt.get(event.detail.xhr) || 0;
});
document.addEventListener("htmx:configRequest", (event) => {
  const board = document.getElementById("board");
  const polled = event.detail.elt === board;
  if (!board || !board.dataset.seen || !board.dataset.view || rewriteWarned() || wholeNext) return;
  if (!polled && event.detail.verb === "get") return;
  event.detail.parameters.shown = board.dataset.seen;
  event.detail.parameters.view = board.dataset.view;
});
function boardArrives(order, incoming) {
  if (order < boardFrom) return false;
  const added = incoming.querySelector("template.log-new");
  if (added) {
    const log = document.getElementById("log");
    if (!log || !document.getElementById("log-" + added.dataset.after)) {
      wholeNext = true;
      return false;
    }
    const entries = [...added.content.children].filter((li) => li.matches("li.log-entry[data-seq]"));
    mergeEntries(log, entries);
    added.remove();
  }
  boardFrom = order;
  wholeNext = false;
  return true;
}
function mergeEntries(log, entries) {
  for (const entry of entries) {
    const seq = parseInt(entry.dataset.seq, 10);
    if (document.getElementById(entry.id)) continue; // shown already
    const after = [...log.querySelectorAll(":scope > li.log-entry[data-seq]")].find(
      (shown) => parseInt(shown.dataset.seq, 10) < seq,
    );
    log.insertBefore(entry, after || log.querySelector(":scope > li:not(.log-entry)"));
  }
  announceNew();
}
// A post's answer brings the board out of band.
document.addEventListener("htmx:oobBeforeSwap", (event) => {
  if (event.detail.target.id === "board" && !boardArrives(answering, event.detail.fragment))
    event.detail.shouldSwap = false;
});
// A poll's answer: the board's own extension (hx-ext="board" on #board) hears it even once a
// post's answer has replaced that board, when it no longer reaches the document; swapped into
// a board no longer shown, it would take the kept log with it.
if (window.htmx)
  htmx.defineExtension("board", {
    onEvent(name, event) {
      const detail = event.detail;
      if (name !== "htmx:beforeSwap" || detail.target.id !== "board" || !detail.shouldSwap)
        return true;
      const parsed = document.createElement("template");
      parsed.innerHTML = detail.serverResponse;
      const shown = document.body.contains(detail.target);
      if (!shown || !boardArrives(sentAt.get(detail.xhr) || 0, parsed.content))
        detail.shouldSwap = false;
      else detail.serverResponse = parsed.innerHTML; // without the entries merged already
      return true;
    },
  });
// After a poll answered "unchanged" (204) or swapped in a new #board; never after the warning.
document.addEventListener("htmx:afterRequest", (event) => {
  if (event.detail.elt.id === "board" && event.detail.xhr.status === 204) rememberSeen(false);
});
document.addEventListener("htmx:afterSettle", (event) => {
  if (event.detail.elt.id === "board") rememberSeen(false);
});
document.addEventListener("click", (event) => {
  if (!event.target.closest(".js-forget-seen")) return;
  document.getElementById("log-warning").replaceChildren();
  rememberSeen(true);
});
// A post's answer brings the board out of band: remember its newest entry as a poll would.
document.addEventListener("htmx:oobAfterSwap", (event) => {
  if (event.target.id === "board") rememberSeen(false);
});

// Server-sent events (issue R, combat/push.py). Where the page offers a stream (data-events on
// .encounter: only from an ASGI process with Redis), an event "changed" with a version newer
// than the board's asks for the board at once, by the poll's own request (#board's trigger
// "refresh": the version it shows, every check, a 204 if nothing changed), so nothing is applied
// twice. While the stream is open the timed poll runs only every 20 s, for a message pub/sub
// lost; after an error it is back to every 2 s at once. The browser reconnects a stream that
// ended by itself; one the server refused (204: none to be had now) is asked again in a minute.
// An event heard while one of this page's own posts is on its way waits for its answer: that
// answer brings the new board out of band, so the acting GM's board is not drawn twice. Other
// pages ask within a short random moment (`STREAM_SPREAD_MS`), not all at the same instant:
// the first player's board is then drawn once and the others who read the fight alike get it
// from the cache (combat.boardcache) instead of each drawing it at once.
const STREAM_SAFETY_MS = 20000;
const STREAM_SPREAD_MS = 150;
const OWN_POST_MS = 10000; // an own post never answered: its wait ends anyway
let streamOpen = false;
let boardAskedAt = 0;
let heard = 0; // the newest version an event named
const posting = new Set(); // this page's own posts on their way (their xhr)
function boardVersion() {
  const board = document.getElementById("board");
  return board ? parseInt(board.dataset.version, 10) || 0 : 0;
}
function askIfBehind() {
  const board = document.getElementById("board");
  if (board && !posting.size && heard > boardVersion()) htmx.trigger(board, "refresh");
}
document.addEventListener("htmx:beforeRequest", (event) => {
  if (event.detail.requestConfig.verb === "get") return;
  const xhr = event.detail.xhr;
  posting.add(xhr);
  setTimeout(() => posting.delete(xhr) && askIfBehind(), OWN_POST_MS);
});
document.addEventListener("htmx:afterRequest", (event) => {
  if (posting.delete(event.detail.xhr)) askIfBehind(); // after its swap: the board it brought
});
function listen(url) {
  const source = new EventSource(`${url}?version=${boardVersion()}`);
  source.addEventListener("open", () => {
    streamOpen = true;
  });
  source.addEventListener("changed", (event) => {
    heard = Math.max(heard, parseInt(event.data, 10) || 0);
    if (!posting.size) setTimeout(askIfBehind, Math.random() * STREAM_SPREAD_MS);
  });
  source.addEventListener("error", () => {
    streamOpen = false;
    if (source.readyState === EventSource.CLOSED) setTimeout(() => listen(url), 60000);
  });
}
document.addEventListener("DOMContentLoaded", () => {
  const live = document.querySelector(".encounter[data-events]");
  if (live && window.EventSource && window.htmx) listen(live.dataset.events);
});
document.addEventListener("htmx:confirm", (event) => {
  if (event.detail.elt.id !== "board") return;
  const timed = !event.detail.triggeringEvent; // htmx's own "every 2s"
  if (timed && streamOpen && Date.now() - boardAskedAt < STREAM_SAFETY_MS) event.preventDefault();
  else boardAskedAt = Date.now();
});

// The GM at the table (issue N). A click on a tracker row puts that combatant in the quick HP
// box ("−7", "+5", "=12") and the cursor there, the window left where it is unless the box is
// out of sight. Keys, outside a field: N the primary step (next turn, or the initiative a new
// round waits for: the panel marks which button), U undo, R redo, H the HP box on the
// combatant whose turn it is; Escape leaves the box.
function quickHp(key) {
  const who = document.getElementById("quick-hp-who");
  const box = document.getElementById("quick-hp");
  if (!who || !box) return false;
  if (key && [...who.options].some((option) => option.value === key)) who.value = key;
  box.focus({ preventScroll: true });
  const place = box.getBoundingClientRect();
  if (place.top < 0 || place.bottom > window.innerHeight) box.scrollIntoView({ block: "nearest" });
  return true;
}
document.addEventListener("click", (event) => {
  const row = event.target.closest("#tracker [data-key]");
  if (!row || event.target.closest("a, button, input, select, textarea")) return;
  const more = document.getElementById(`quick-also-${row.dataset.key}`);
  if ((event.shiftKey || event.ctrlKey || event.metaKey) && more) {
    more.checked = !more.checked; // one more target of the same HP (an area)
    more.closest("details").open = true;
    document.getElementById("quick-hp").focus({ preventScroll: true });
    return;
  }
  quickHp(row.dataset.key);
});
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing || event.repeat) return;
  if (event.key === "Escape" && event.target.id === "quick-hp") {
    event.target.blur();
    return;
  }
  // Typing into a field is typing; on a tick box or a button a letter is a shortcut.
  const typing = "input:not([type=checkbox]):not([type=radio]), select, textarea, [contenteditable]";
  if (event.target.closest && event.target.closest(typing)) return;
  const key = event.key.toLowerCase();
  if (key === "a" && actionKeys()) {
    event.preventDefault();
    return;
  }
  if (key === "h") {
    const current = document.querySelector("#tracker .active-turn[data-key]");
    if (quickHp(current ? current.dataset.key : "")) event.preventDefault();
    return;
  }
  if (!document.querySelector(`#panel [data-shortcut="${CSS.escape(key)}"]`)) return;
  event.preventDefault();
  if (performance.now() - panelSwapped >= 500) {
    shortcut(key);
    return;
  }
  if (pendingShortcut) return; // one press waits at a time: a second is the same impatience
  const press = { key }; // a new panel is coming in: pressed once it is ready (or in 500 ms)
  pendingShortcut = press;
  setTimeout(() => {
    if (pendingShortcut !== press) return;
    pendingShortcut = null;
    shortcut(key);
  }, 500);
});
// A panel just swapped in is not yet htmx's for its settle (~20 ms): a click then would post
// the old way and load the whole page. A shortcut pressed meanwhile waits for the settle.
let panelSwapped = -Infinity; // when a panel swap began; its settle ends the wait (or 500 ms)
let pendingShortcut = null;
function shortcut(key) {
  const button = document.querySelector(`#panel [data-shortcut="${CSS.escape(key)}"]`);
  if (!button || button.disabled) return;
  button.focus({ preventScroll: true }); // focus stays on the control that acted (issue M)
  focusWas = { region: "panel", id: button.id };
  button.click();
}
document.addEventListener("htmx:beforeSwap", (event) => {
  if (aimsAtPanel(event.detail) && event.detail.shouldSwap) panelSwapped = performance.now();
});
document.addEventListener("htmx:afterSettle", (event) => {
  if (event.detail.elt.id !== "panel") return;
  panelSwapped = -Infinity;
  const press = pendingShortcut;
  pendingShortcut = null;
  if (press) shortcut(press.key);
});

// Every player hears the fight (issue M): the one-line summary of each new log entry goes,
// oldest first, into one polite live region (#announcer) that no swap replaces; the entries the
// page opened with are not read out. Focus never falls to <body> when a region is replaced: a
// control with the same id gets it back (htmx), else the region itself.
let announced = null;
function logEntries() {
  return [...document.querySelectorAll("#log .log-entry[data-seq]")].map((entry) => ({
    seq: parseInt(entry.dataset.seq, 10),
    entry,
  }));
}
function announceNew() {
  const region = document.getElementById("announcer");
  if (!region) return;
  const entries = logEntries();
  if (announced === null) {
    announced = Math.max(0, ...entries.map((item) => item.seq));
    return;
  }
  const fresh = entries.filter((item) => item.seq > announced).sort((a, b) => a.seq - b.seq);
  for (const { seq, entry } of fresh) {
    const summary = entry.querySelector(".log-summary");
    const line = document.createElement("p");
    line.textContent = (summary ? summary.textContent : "").replace(/\s+/g, " ").trim();
    region.append(line);
    announced = Math.max(announced, seq);
  }
  while (region.children.length > 10) region.firstElementChild.remove();
}
document.addEventListener("DOMContentLoaded", announceNew);
document.addEventListener("htmx:afterSettle", (event) => {
  if (event.detail.elt.id === "board") announceNew();
});
document.addEventListener("htmx:oobAfterSwap", (event) => {
  if (event.target.id === "board") announceNew();
});
let focusWas = null; // the region ("panel", "board") that had the focus, and the control's id
function noteFocus(target) {
  if (target && (target.id === "panel" || target.id === "board")) {
    const active = document.activeElement;
    if (target.contains(active)) focusWas = { region: target.id, id: active.id };
  }
}
document.addEventListener("htmx:beforeSwap", (event) => noteFocus(event.detail.target));
document.addEventListener("htmx:oobBeforeSwap", (event) => noteFocus(event.detail.target));
document.addEventListener("htmx:afterSettle", (event) => {
  if (!focusWas || event.detail.elt.id !== focusWas.region) return;
  const region = event.detail.elt;
  const control = focusWas.id ? document.getElementById(focusWas.id) : null;
  focusWas = null;
  const lost = !document.activeElement || document.activeElement === document.body;
  if (lost) (control && region.contains(control) ? control : region).focus({ preventScroll: true });
});

// The action by keyboard (issue M): A puts the cursor on the action form's first target (its
// kind, when the chosen kind takes none); Enter on a tick box resolves, as it does in a text
// field. A GM's turn: A, Tab to the target, Space, Enter, N.
function actionKeys() {
  const form = document.querySelector(".action-panel form[data-form]");
  if (!form) return false;
  const target = [...form.querySelectorAll("input[name=targets]")].find(
    (box) => !box.closest("[hidden]"),
  );
  const first = target || form.querySelector("select[name=kind]");
  if (!first) return false;
  first.focus({ preventScroll: true });
  const place = first.getBoundingClientRect();
  if (place.top < 0 || place.bottom > window.innerHeight) first.scrollIntoView({ block: "nearest" });
  return true;
}
document.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" || event.ctrlKey || event.metaKey || event.altKey) return;
  const box = event.target;
  if (!box.matches || !box.matches(".action-panel form input[type=checkbox]")) return;
  event.preventDefault();
  box.form.requestSubmit();
});

// A player's phone buzzes when a new panel says it has become their turn (not when the page
// opens, nor again while it stays their turn), and chimes if the player switched the chime on
// (remembered in this browser; a short tone the page makes itself, no sound file).
const CHIME_KEY = "iniciativa.chime";
let chime = null; // the AudioContext, made on the player's own click (browsers ask for one)
function chimeWanted() {
  try {
    return Boolean(localStorage.getItem(CHIME_KEY));
  } catch (error) {
    return false; // storage switched off: no chime, and nothing else breaks
  }
}
function wantChime(on) {
  try {
    localStorage.setItem(CHIME_KEY, on ? "1" : "");
  } catch (error) {
    // remembered for this page only
  }
}
function readyChime() {
  // Made, or woken (a phone suspends it in the background), inside the player's own gesture.
  if (!chime && window.AudioContext) chime = new AudioContext();
  if (chime && chime.state === "suspended") chime.resume();
}
function playChime() {
  if (!chime) return;
  if (chime.state === "suspended") chime.resume();
  const tone = chime.createOscillator();
  const volume = chime.createGain();
  tone.frequency.value = 880;
  volume.gain.setValueAtTime(0.2, chime.currentTime);
  volume.gain.exponentialRampToValueAtTime(0.001, chime.currentTime + 0.4);
  tone.connect(volume).connect(chime.destination);
  tone.start();
  tone.stop(chime.currentTime + 0.4);
}
function showChime(button, on) {
  button.setAttribute("aria-pressed", on ? "true" : "false");
  button.textContent = on ? button.dataset.on : button.dataset.off;
}
document.addEventListener("click", (event) => {
  const button = event.target.closest ? event.target.closest(".js-chime") : null;
  if (!button) return;
  const on = button.getAttribute("aria-pressed") !== "true";
  wantChime(on);
  if (on) readyChime();
  showChime(button, on);
  if (on) playChime(); // heard now: the player knows what to listen for
});
let myTurn = null;
document.addEventListener("htmx:afterSettle", (event) => {
  if (event.detail.elt.id !== "panel") return;
  const now = event.detail.elt.querySelector(".your-turn") !== null;
  if (now && myTurn === false) {
    // A phone vibrates only for a page the player has touched (the browser refuses otherwise).
    const touched = !navigator.userActivation || navigator.userActivation.hasBeenActive;
    if (navigator.vibrate && touched) navigator.vibrate(200);
    if (chimeWanted()) playChime();
  }
  myTurn = now;
});
document.addEventListener("DOMContentLoaded", () => {
  myTurn = document.querySelector("#panel .your-turn") !== null;
  const button = document.querySelector(".js-chime");
  if (button && chimeWanted()) showChime(button, true);
});
// Switched on in an earlier visit: the sound is made ready (or woken) by the player's touches
// and keys on the page, which are the gestures a browser lets start a sound.
for (const gesture of ["click", "keydown", "pointerup"]) {
  document.addEventListener(gesture, () => {
    if (chimeWanted()) readyChime();
  });
}

// The table display (#room) polls on a worker's tick, kept in a background tab or a streaming
// app's browser source; without workers, on the page's own clock.
function tickRoom() {
  const room = document.getElementById("room");
  if (room) htmx.trigger(room, "tick");
}
document.addEventListener("DOMContentLoaded", () => {
  const room = document.getElementById("room");
  if (!room || !window.htmx) return;
  try {
    new Worker(room.dataset.ticker).onmessage = tickRoom;
  } catch (error) {
    setInterval(tickRoom, 2000);
  }
});

// A page that comes back with form errors puts the cursor on their summary, whose links lead to
// each field (a screen reader reads the list first).
document.addEventListener("DOMContentLoaded", () => {
  const summary = document.getElementById("error-summary");
  if (summary) summary.focus();
});
