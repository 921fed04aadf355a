// krieg.js starts the board (Go compiled to WebAssembly, with wasm_exec.js)
// and runs what is around it: the door (log in, or play the computer) and,
// on a kriegd, the lobby and the card of a challenge from another player.
// The board itself is the canvas the Go program draws; it calls
// window.kriegPage.event when a game starts or ends, a challenge comes or
// goes, or the connection is lost, and offers window.krieg.login, .offline, .send
// and the game against the computer it keeps (.kept, .resumeComputer).
"use strict";

(function () {
  const script = document.currentScript;
  const $ = (id) => document.getElementById(id);
  const status = $("status");
  let config = { server: false };
  let me = "";
  let lobbyTimer = 0;
  let lobbyShown = "";
  let playing = false; // a game is on the board: the lobby stays closed after a login
  // The board's program says "ready" once it has loaded; the door shows
  // before that, and what is chosen there waits for it.
  let boardReady;
  const loaded = new Promise((resolve) => { boardReady = resolve; });

  function say(text) { status.textContent = text; }

  function show(id, on) { $(id).hidden = !on; }

  // The page's side of the Go program's events.
  window.kriegPage = {
    event(kind, text) {
      switch (kind) {
        case "ready":
          performance.mark("krieg:ready");
          say("");
          boardReady();
          if (!config.server) {
            // A static copy of the page has no door: a game kept is
            // taken up at once, else a new one begins as last chosen.
            if (window.krieg.kept()) window.krieg.resumeComputer();
            else window.krieg.offline(...computerChoice("computer"));
          } else {
            offerResume();
            offerComputerResume();
          }
          break;
        case "started":
          playing = true;
          closeLobby();
          // kriegd drops every challenge when a game begins, ours too: what
          // the lobby said of it is over.
          challenges.length = 0;
          $("lobby-note").textContent = "";
          showChallenge();
          break;
        case "challenge": {
          // text is the challenger's name, a newline, the challenge in words.
          const at = text.indexOf("\n");
          challenged(text.slice(0, at), text.slice(at + 1));
          break;
        }
        case "challenge-gone":
          challengeGone(text);
          break;
        case "ended":
          playing = false;
          break;
        case "lobby":
          openLobby();
          break;
        case "said":
          // kriegd's answer to "register": shown by the form that sent it.
          $("register-note").textContent = text;
          if (/is now registered/.test(text)) {
            // The form goes; the lobby's line keeps the news in sight.
            show("register", false);
            $("lobby-note").textContent = text;
          }
          break;
        case "lost":
          // text is the board's sentence for a person (the server's reason
          // when it gave one); signing in again starts the page afresh.
          playing = false;
          closeLobby();
          $("lost-why").textContent = text + " Sign in again to play on.";
          show("lost", true);
          break;
      }
    },
  };

  // The challenges waiting for an answer, the first on the card.
  const challenges = [];
  let challengeNews = 0; // the timer that hides a withdrawal's words

  function challenged(from, words) {
    dropChallenge(from); // renewed with new terms: the new one stands
    challenges.push({ from, words });
    showChallenge();
  }

  function dropChallenge(from) {
    const i = challenges.findIndex((c) => c.from.toLowerCase() === from.toLowerCase());
    if (i >= 0) challenges.splice(i, 1);
    return i;
  }

  // challengeGone takes a withdrawn challenge off the card and says so.
  // The server says the same of one we answered, which is off already.
  function challengeGone(from) {
    const i = dropChallenge(from);
    if (i < 0) return;
    if (i > 0 || challenges.length > 0) { showChallenge(); return; }
    clearTimeout(challengeNews);
    $("challenge-text").textContent = "The challenge from " + from + " was withdrawn.";
    show("challenge-answer", false);
    show("challenge", true);
    challengeNews = setTimeout(() => { if (!challenges.length) show("challenge", false); }, 6000);
  }

  // showChallenge shows the first challenge waiting, or hides the card.
  function showChallenge() {
    clearTimeout(challengeNews);
    const c = challenges[0];
    if (!c) { show("challenge", false); return; }
    const wasShown = !$("challenge").hidden && !$("challenge-answer").hidden;
    $("challenge-text").textContent = c.words;
    show("challenge-answer", true);
    show("challenge", true);
    // Enter (or Space) accepts and Escape declines, unless the player is
    // typing, in a field or on the board, whose keys are not taken from
    // it: the player reaches Accept with a click or Tab.
    const typing = /^(INPUT|SELECT|TEXTAREA)$/.test(document.activeElement && document.activeElement.tagName);
    if (!wasShown && !typing && !boardBusy()) $("challenge-accept").focus();
    challengeHint();
  }

  // boardBusy reports whether the board's keys are in use, as the window
  // keeps its card's keys from them: something typed on its line, or a
  // game played on the board while it has the keyboard.
  function boardBusy() {
    if (!window.krieg || !window.krieg.typing) return false;
    const t = window.krieg.typing();
    const el = document.activeElement;
    const onBoard = !el || el === document.body || el.tagName === "CANVAS";
    return t.line || (onBoard && t.game);
  }

  // challengeHint says what Enter and Escape do on the card, when they
  // are its own (Accept has the keyboard), and how many more wait.
  function challengeHint() {
    if (!challenges.length) return;
    const keys = document.activeElement === $("challenge-accept") ? "Enter accepts, Escape declines" : "";
    const more = challenges.length > 1 ? `${challenges.length - 1} more waiting` : "";
    $("challenge-more").textContent = [keys, more].filter(Boolean).join(" · ");
  }

  function answerChallenge(accept) {
    const c = challenges.shift();
    if (c) send((accept ? "accept " : "decline ") + c.from);
    showChallenge();
  }

  // The name last signed in with, which the door offers again; the
  // password is never kept.
  const nameKey = "krieg/name";

  function openDoor() {
    try { $("name").value = localStorage.getItem(nameKey) || ""; } catch (e) { /* nothing kept */ }
    show("door", true);
    $($("name").value ? "password" : "name").focus();
  }

  function rememberName(name) {
    try { localStorage.setItem(nameKey, name); } catch (e) { /* kept for this page only */ }
  }

  function setDoorBusy(busy) {
    for (const id of ["login", "guest", "computer", "resume", "resume-computer"]) $(id).disabled = busy;
  }

  // The game against the computer the board keeps in the browser's
  // storage (a reload, a closed tab): offered at the door.
  function offerComputerResume() {
    const what = window.krieg.kept();
    show("resume-computer-row", !!what);
    $("resume-computer-what").textContent = what;
    if (what && !$("door").hidden && $("resume-row").hidden) $("resume-computer").focus();
  }

  // The rules and side for the computer, chosen at the door or in the
  // lobby and remembered by the browser.
  const choiceKey = "krieg/computer-choice";

  function setUpComputerChoice() {
    const rules = [...$("rules").options].map((o) => [o.value === "w16" ? "wild16" : o.value, o.textContent]);
    const sides = [...$("computer-side").options].map((o) => [o.value, o.textContent]);
    let saved = {};
    try { saved = JSON.parse(localStorage.getItem(choiceKey) || "{}") || {}; } catch (e) { saved = {}; }
    for (const prefix of ["computer", "lobby-computer"]) {
      for (const [kind, list] of [["rules", rules], ["side", sides]]) {
        const select = $(prefix + "-" + kind);
        select.replaceChildren(...list.map(([value, text]) => new Option(text, value)));
        if (list.some(([value]) => value === saved[kind])) select.value = saved[kind];
        select.addEventListener("change", () => rememberChoice(prefix));
      }
    }
  }

  // rememberChoice keeps prefix's choice and shows it in the other place too.
  function rememberChoice(prefix) {
    const [rules, side] = computerChoice(prefix);
    for (const other of ["computer", "lobby-computer"]) {
      $(other + "-rules").value = rules;
      $(other + "-side").value = side;
    }
    try { localStorage.setItem(choiceKey, JSON.stringify({ rules, side })); } catch (e) { /* kept for this page only */ }
  }

  function computerChoice(prefix) { return [$(prefix + "-rules").value, $(prefix + "-side").value]; }

  // offerResume offers the guest's game this browser kept (closed with
  // the tab, say): the board holds the name and its token, and only the
  // name is shown.
  function offerResume() {
    const name = window.krieg.seat();
    show("resume-row", !!name);
    if (!name) return;
    $("resume").textContent = "Resume your game as " + name;
    if (!$("door").hidden) $("resume").focus();
  }

  // sentence makes the board's reason a sentence for the door.
  function sentence(e) {
    const text = String(e.message || e);
    return text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");
  }

  async function login(name, password, resume) {
    $("door-error").textContent = "";
    setDoorBusy(true);
    performance.mark("krieg:login");
    try {
      await loaded;
      const who = await (resume ? window.krieg.resume() : window.krieg.login(name, password));
      performance.mark("krieg:logged-in");
      me = who.name;
      if (name) rememberName(name);
      // A name logged in without a password may be registered from the
      // lobby; a guest name may not (kriegd refuses it).
      show("register", !resume && !password && !/^guest\d+$/i.test(me));
      $("password").value = "";
      show("door", false);
      $("me").textContent = "· " + me;
      // A game the server resumed at login has the board: the lobby
      // opens only when the player asks (the Lobby button).
      playing = playing || who.playing;
      if (!playing) openLobby();
    } catch (e) {
      $("door-error").textContent = sentence(e);
      setDoorBusy(false);
      // A refused seat is forgotten: the door offers it no more.
      if (resume) offerResume();
    }
  }

  function send(line) {
    const err = window.krieg.send(line);
    $("lobby-error").textContent = err || "";
    return !err;
  }

  function openLobby() {
    lobbyShown = "";
    // Over a game in progress the lobby stands aside, so that the board
    // stays in sight (krieg.css).
    $("lobby").classList.toggle("aside", playing);
    show("lobby", true);
    $("close-lobby").focus();
    refreshLobby();
    clearInterval(lobbyTimer);
    lobbyTimer = setInterval(refreshLobby, 2000);
  }

  function closeLobby() {
    show("lobby", false);
    clearInterval(lobbyTimer);
    lobbyTimer = 0;
  }

  async function refreshLobby() {
    let lobby;
    try {
      const r = await fetch("lobby.json", { cache: "no-store" });
      if (!r.ok) throw new Error(r.status + " " + r.statusText);
      lobby = await r.json();
    } catch (e) {
      $("lobby-error").textContent = "The lobby cannot be listed: " + (e.message || e);
      return;
    }
    // Rebuilt only when it changed, so a click is never lost to a refresh.
    const shown = JSON.stringify(lobby);
    if (shown === lobbyShown) return;
    lobbyShown = shown;
    const body = $("seeks").tBodies[0];
    body.replaceChildren();
    let mine = false;
    for (const s of lobby.seeks) {
      const row = body.insertRow();
      const terms = `${s.title}, ${s.minutes}+${s.increment}${s.rated ? ", rated" : ", unrated"}${s.colour ? ", " + s.from + " plays " + s.colour : ""}`;
      row.insertCell().textContent = s.from;
      row.insertCell().textContent = terms;
      const cell = row.insertCell();
      if (s.from.toLowerCase() === me.toLowerCase()) {
        mine = true;
        cell.textContent = "your seek";
        continue;
      }
      const play = document.createElement("button");
      play.type = "button";
      play.textContent = "Play";
      play.dataset.seek = String(s.number);
      play.addEventListener("click", () => send("play " + s.number));
      cell.append(play);
    }
    show("no-seeks", lobby.seeks.length === 0);
    show("unseek", mine);
    showPlayers(lobby.players);
    const games = lobby.games.map((g) => `${g.white} – ${g.black} (${g.title}, ${g.plies} plies)`);
    $("games").textContent = games.length ? games.join("; ") : "None.";
  }

  // showPlayers lists the players signed in, each other one not playing
  // with a Challenge button: it sends them a match on the terms chosen for
  // a seek, which they see on a card.
  function showPlayers(players) {
    const list = $("players");
    list.replaceChildren();
    for (const p of players) {
      const item = document.createElement("li");
      item.textContent = p.name + (p.registered ? ` (${p.rating})` : " (unregistered)") + (p.playing ? " (playing)" : "");
      if (!p.playing && p.name.toLowerCase() !== me.toLowerCase()) {
        const challenge = document.createElement("button");
        challenge.type = "button";
        challenge.textContent = "Challenge";
        challenge.dataset.player = p.name;
        challenge.addEventListener("click", () => challengePlayer(p.name));
        item.append(" ", challenge);
      }
      list.append(item);
    }
    show("no-players", players.length === 0);
  }

  function challengePlayer(name) {
    const rated = $("rated").checked ? "r" : "u";
    const terms = `${$("time").value} ${rated} ${$("rules").value}`;
    if (!send(`match ${name} ${terms}`)) return;
    const words = $("rules").selectedOptions[0].textContent + ", " + $("time").selectedOptions[0].textContent + (rated === "r" ? ", rated" : ", unrated");
    $("lobby-note").textContent = `You challenged ${name} (${words}): the game starts when they accept.`;
  }

  function wire() {
    $("door").addEventListener("submit", (e) => {
      e.preventDefault();
      const name = $("name").value.trim();
      if (!name) {
        $("door-error").textContent = "Type your name and password, or play as a guest.";
        return;
      }
      login(name, $("password").value);
    });
    // A guest with a name typed plays under it, unregistered (kriegd lets
    // anyone take a free name without a password); with none, the server
    // gives one. The door says which, as the guest leaves any password.
    $("guest").addEventListener("click", () => {
      const name = $("name").value.trim();
      $("password").value = "";
      login(name, "");
    });
    $("resume").addEventListener("click", () => login("", "", true));
    $("computer").addEventListener("click", () => {
      show("door", false);
      const choice = computerChoice("computer");
      loaded.then(() => window.krieg.offline(...choice));
    });
    $("resume-computer").addEventListener("click", () => {
      show("door", false);
      loaded.then(() => {
        if (window.krieg.resumeComputer()) return;
        // Nothing left to resume (another tab finished it): back to the door.
        show("resume-computer-row", false);
        show("door", true);
        $("door-error").textContent = "There is no game against the computer to resume.";
      });
    });
    // A game against the computer the browser could not keep is lost
    // with the page: the browser asks first.
    window.addEventListener("beforeunload", (e) => {
      if (window.krieg && window.krieg.unsaved && window.krieg.unsaved()) {
        e.preventDefault();
        e.returnValue = "";
      }
    });
    $("seek").addEventListener("submit", (e) => {
      e.preventDefault();
      const rated = $("rated").checked ? "r" : "u";
      if (send(`seek ${$("time").value} ${rated} ${$("rules").value}`)) refreshLobby();
    });
    $("unseek").addEventListener("click", () => { if (send("unseek")) refreshLobby(); });
    $("register").addEventListener("submit", (e) => {
      e.preventDefault();
      const pw = $("reg-password").value;
      $("reg-password").value = "";
      if (!pw) { $("register-note").textContent = "Type the password you want first."; return; }
      if (send("register " + pw)) $("register-note").textContent = "Registering…";
    });
    $("hide-lobby").addEventListener("click", closeLobby);
    $("close-lobby").addEventListener("click", closeLobby);
    $("lobby").addEventListener("keydown", (e) => { if (e.key === "Escape") closeLobby(); });
    $("lobby-computer").addEventListener("click", () => {
      // The same game as the door's computer choice; the server's session
      // stays, and the board's Lobby button comes back to it.
      if (!$("unseek").hidden) send("unseek");
      const err = window.krieg.computer(...computerChoice("lobby-computer"));
      if (err) { $("lobby-error").textContent = err; return; }
      closeLobby();
    });
    $("again").addEventListener("click", () => location.reload());
    // F5 and Ctrl+R (Cmd+R) reload the page, as anywhere else: caught on
    // their way down, before the board's canvas, which keeps every key it
    // is given from the browser. The board's piece tokens take F10.
    window.addEventListener("keydown", (e) => {
      if (e.key === "F5" || (e.ctrlKey || e.metaKey) && !e.altKey && (e.key === "r" || e.key === "R")) e.stopPropagation();
    }, true);
    $("challenge-accept").addEventListener("click", () => answerChallenge(true));
    $("challenge-decline").addEventListener("click", () => answerChallenge(false));
    $("challenge").addEventListener("focusin", challengeHint);
    $("challenge").addEventListener("focusout", () => setTimeout(challengeHint));
    $("challenge").addEventListener("keydown", (e) => {
      if (e.key !== "Escape" || !challenges.length) return;
      e.stopPropagation();
      // Escape closes the board's legend first, as it does anywhere; the
      // challenge waits.
      if (window.krieg && window.krieg.typing && window.krieg.typing().legend) window.krieg.closeLegend();
      else answerChallenge(false);
    });
  }

  // canDraw reports whether the browser gives the board WebGL 2, which it
  // draws with: without it the board stops as it starts, and the page
  // would blame the server.
  function canDraw() {
    try {
      return !!document.createElement("canvas").getContext("webgl2");
    } catch (e) {
      return false;
    }
  }

  async function start() {
    performance.mark("krieg:start");
    setUpComputerChoice();
    wire();
    if (!canDraw()) {
      say("This browser cannot draw the board: WebGL 2 is turned off or blocked here. Turn on hardware acceleration in its settings, or try another browser.");
      return;
    }
    // The board's fetch and compile start at once (index.html preloads
    // the file); the configuration and the door do not wait for them.
    const go = new Go();
    if (location.hash.includes("inittrace")) go.env = { GODEBUG: "inittrace=1" };
    const instantiated = instantiate(script.dataset.wasm, go.importObject);
    try {
      const r = await fetch("krieg.json", { cache: "no-store" });
      if (r.ok) config = await r.json();
    } catch (e) {
      // No configuration: a static copy of the page, which plays the computer.
    }
    go.argv = ["krieg-web"];
    if (config.server) {
      const url = new URL(config.socket || "ws", location.href);
      url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
      go.argv.push("--server", url.href);
      openDoor();
    }
    let result;
    try {
      result = await instantiated;
    } catch (e) {
      setDoorBusy(true);
      say("The board could not be loaded: " + (e.message || e));
      return;
    }
    performance.mark("krieg:instantiated");
    go.run(result.instance).then(() => say("The board has stopped. Reload the page to play again."));
  }

  // instantiate compiles the board as it downloads, or from its bytes when
  // the host serves .wasm without its type.
  async function instantiate(wasm, imports) {
    try {
      return await WebAssembly.instantiateStreaming(fetch(wasm), imports);
    } catch (e) {
      const bytes = await (await fetch(wasm)).arrayBuffer();
      return WebAssembly.instantiate(bytes, imports);
    }
  }

  start();
})();
